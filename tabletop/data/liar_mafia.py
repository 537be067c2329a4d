"""LIAR MAFIA (game id `liar-mafia`): typed model of cards/liar_mafia.toml and its checks."""
from __future__ import annotations

from pathlib import Path
from typing import Literal

from ..i18n import N_, _, listing
from ..record import Record
from . import canonical_game_id
from .checks import require_colour, require_numbered, require_unique
from .errors import DataError
from .load import game_file, load
from .text import Text, require_text

GAME_ID = "liar-mafia"
Half = Literal["upright", "reversed"]
HALVES: tuple[Half, ...] = ("upright", "reversed")


class Back(Record):
    base: str
    line: str
    rays: int
    emblem: str


class Colour(Record):
    id: str
    name: Text
    ink: str
    back: Back


class Role(Record):
    id: str
    name: str


class Move(Record):
    id: str
    kind: Literal["action", "reaction"]
    role: str  # "" = not tied to a card (doubt, let it pass)
    orientation: Literal["upright", "reversed", "either"]
    who: Literal["active", "opponent", "both"]
    name: Text
    effect: Text
    detail: Text

    def on(self, half: Half) -> bool:
        return self.orientation in (half, "either")


class Step(Record):
    number: int
    who: Literal["active", "opponent", "both"]
    title: Text
    text: Text


class Summary(Record):
    card_note: Text
    victory: tuple[Text, ...]
    setup: tuple[Text, ...]
    steps: tuple[Step, ...]
    rules: tuple[Text, ...]
    chip_rules: tuple[Text, ...]


class Chips(Record):
    count: int
    label: Text
    front: str
    back: str
    ink: str


class LiarMafia(Record):
    game: str
    title: Text
    subtitle: Text
    players: str
    colours: tuple[Colour, ...]
    roles: tuple[Role, ...]
    moves: tuple[Move, ...]
    summary: Summary
    chips: Chips
    author: str | None = None  # the designer the rulebook credits: the PDFs' Author

    def moves_on(self, role: str, half: Half) -> tuple[Move, ...]:
        """What a card of `role` can do when `half` reads upright to its owner."""
        return tuple(m for m in self.moves if m.role == role and m.on(half))


def check(data: LiarMafia) -> None:
    if canonical_game_id(data.game) != GAME_ID:
        raise DataError(_("game must be {game!r}, got {value!r}").format(game=GAME_ID, value=data.game), where="game")
    for group in ("colours", "roles", "moves"):
        require_unique((item.id for item in getattr(data, group)), group)
    if len(data.colours) * len(data.roles) != 6:
        raise DataError(_("LIAR MAFIA has 6 mafia cards (2 colours × 3 roles), the data give {colours} × {roles}")
                        .format(colours=len(data.colours), roles=len(data.roles)), where="roles")
    for c in data.colours:
        where = f"colours[{c.id}]"
        for field, value in (("ink", c.ink), ("back.base", c.back.base), ("back.line", c.back.line)):
            require_colour(value, f"{where}.{field}")
        if c.back.rays < 2 or c.back.rays % 2:
            raise DataError(_("must be an even number ≥ 2: an odd ray count would make the back "
                              "look different when the card is turned round"), where=f"{where}.back.rays")
    roles = {r.id for r in data.roles}
    for m in data.moves:
        where = f"moves[{m.id}]"
        if m.role and m.role not in roles:
            raise DataError(_("unknown role {role!r} (roles: {roles})").format(
                role=m.role, roles=listing(sorted(roles))), where=f"{where}.role")
        if not m.role and m.orientation != "either":
            raise DataError(_("a move without a card works in either orientation"), where=f"{where}.orientation")
        for field in ("name", "effect", "detail"):
            require_text(getattr(m, field), f"{where}.{field}")
    for r in data.roles:
        for half in HALVES:
            if not data.moves_on(r.id, half):
                raise DataError(_("the {half} half of {role} would be blank: no move lists it").format(
                    half=half, role=r.name), where=f"roles[{r.id}]")
    require_numbered([s.number for s in data.summary.steps], "summary.steps", N_("steps"))
    chips = data.chips
    if chips.count < 1 or not chips.front or not chips.back or chips.front == chips.back:
        raise DataError(_("chips need a count ≥ 1 and two different, non-empty sides"), where="chips")
    require_colour(chips.ink, "chips.ink")


def load_liar_mafia(cards_dir: Path | None = None) -> LiarMafia:
    return load(LiarMafia, game_file(GAME_ID, cards_dir), check)
