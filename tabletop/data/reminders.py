"""Reminders: the rules players forget, each said at the moment it applies (`[[reminders]]` in a
game's cards/*.toml). `when` names the moment; the app tells it from the game's state, step by step
(companion/app/ui/reminders.js), so a game's data may name only the moments listed here for it."""
from __future__ import annotations

from ..i18n import _, listing
from ..record import Record
from .checks import require_unique
from .errors import DataError
from .text import Text, require_text

# The moments the app can tell apart, per game. Another moment is a name here and a test in reminders.js.
MOMENTS: dict[str, tuple[str, ...]] = {
    "famiglia": ("second_pass", "last_round", "robot_takes_the_best"),
    "terror24": ("events_turn_up", "styles_switch", "out_of_bids", "life_or_death"),
    "hitmans-showdown": ("week_starts", "hitman_attacks_open", "penalty_waits", "defence_begins"),
}


class Reminder(Record):
    """A rule said when it applies: `when` is the moment, `text` what to remember then."""
    id: str
    when: str
    text: Text


def check_reminders(reminders: list[Reminder] | tuple[Reminder, ...], game: str) -> None:
    """Ids given once, each moment one the app knows for this game, both languages written."""
    require_unique([r.id for r in reminders], "reminders")
    known = MOMENTS[game]
    for r in reminders:
        where = f"reminders[{r.id}]"
        if r.when not in known:
            raise DataError(_("unknown moment {when!r} (moments: {moments})").format(
                when=r.when, moments=listing(known)), where=f"{where}.when")
        require_text(r.text, f"{where}.text")
