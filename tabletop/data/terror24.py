"""24 −共鳴するテロル−: typed game data (cards/terror24.toml) and its consistency checks."""
from __future__ import annotations

from pathlib import Path
from typing import Literal

from ..i18n import N_, _, translator
from ..record import Record
from .checks import require_colour, require_numbered, require_unique
from .errors import DataError
from .load import game_file, load
from .text import Lang, Text

GAME_ID = "terror24"
Style = Literal["stand", "coop"]
STYLES: tuple[Style, Style] = ("stand", "coop")


class PlayerRange(Record):
    min: int
    max: int


class Rules(Record):
    bid_cards: int
    returned_when_placed: int
    death_card: int
    npc_at_players: int
    npc_removes: list[int]
    npc_cards_per_round: int


class StyleInfo(Record):
    name: Text
    orientation: Text
    letter: str
    rule: Text


class Styles(Record):
    stand: StyleInfo
    coop: StyleInfo

    def __getitem__(self, style: Style) -> StyleInfo:
        return self.stand if style == "stand" else self.coop


class ScheduleMarks(Record):
    keep_mark: str
    switch_mark: str
    switch_rule: Text  # what the switch mark asks of the player


class Detective(Record):
    id: str
    name: Text
    schedule: str  # one mark per round
    ink: str  # the colour of this detective's cards and time-card backs

    def switches(self, marks: ScheduleMarks, round_number: int) -> bool:
        return self.schedule[round_number - 1] == marks.switch_mark


class TimeCards(Record):
    values: list[int]
    hours: int


class Suit(Record):
    id: str
    letter: str
    colour: Text
    colour_hex: str
    mark: str  # a symbol printed on the suit's cards: events told apart without colour too
    name: Text
    cards: int
    stand_vp: int
    coop_main_vp: int
    coop_sub_vp: int


class Events(Record):
    total: int
    provisional: bool
    note: Text
    suits: list[Suit]


class Column(Record):
    round: int
    places: int
    face_down: bool


class Section(Record):
    id: str
    title: Text
    ja: list[str]
    en: list[str]

    def lines(self, lang: str) -> list[str]:
        return self.ja if lang == "ja" else self.en


class Terror24(Record):
    game: str
    title: Text
    players: PlayerRange
    rules: Rules
    styles: Styles
    schedule: ScheduleMarks
    detectives: list[Detective]
    time_cards: TimeCards
    events: Events
    grid: list[Column]
    texts: list[Section]
    author: str | None = None  # the designer the rulebook credits: the PDFs' Author

    @property
    def rounds(self) -> int:
        return len(self.grid)

    def detective(self, detective_id: str) -> Detective:
        return next(d for d in self.detectives if d.id == detective_id)

    def suit(self, suit_id: str) -> Suit:
        return next(s for s in self.events.suits if s.id == suit_id)

    def suit_by_letter(self, letter: str) -> Suit | None:
        return next((s for s in self.events.suits if s.letter == letter.upper()), None)

    def provisional_warning(self, lang: Lang = "en") -> str | None:
        return provisional_warning(self, lang)

    def npc_cards(self) -> list[int]:
        cards = list(self.time_cards.values)
        for value in self.rules.npc_removes:
            cards.remove(value)
        return cards


def provisional_warning(data: Terror24, lang: Lang = "en") -> str | None:
    """The line every build or run using provisional event values must show, else None."""
    if not data.events.provisional:
        return None
    return translator(lang)(N_("warning: {note}")).format(note=data.events.note(lang))


def check(data: Terror24) -> None:
    """Everything the rules rely on that TOML types alone cannot say."""
    if data.game != GAME_ID:
        raise DataError(_("must be {game!r}").format(game=GAME_ID), where="game")
    if not 1 <= data.players.min <= data.players.max:
        raise DataError(_("min must be at least 1 and at most max"), where="players")
    require_unique([d.id for d in data.detectives], "detectives")
    require_unique([s.id for s in data.events.suits], "events.suits")
    require_unique([s.letter.upper() for s in data.events.suits], "events.suits.letter", "letter")
    require_unique([s.mark for s in data.events.suits], "events.suits.mark", "mark")
    require_unique([data.styles.stand.letter, data.styles.coop.letter], "styles.letter", "letter")
    for d in data.detectives:
        require_colour(d.ink, f"detectives[{d.id}].ink")
    for s in data.events.suits:
        require_colour(s.colour_hex, f"events.suits[{s.id}].colour_hex")
        if len(s.letter) != 1 or not s.letter.isalpha() or s.letter != s.letter.upper():
            raise DataError(_("must be one capital letter"), where=f"events.suits[{s.id}].letter")
        for field in ("cards", "stand_vp", "coop_main_vp", "coop_sub_vp"):
            if getattr(s, field) < 0:
                raise DataError(_("must not be negative"), where=f"events.suits[{s.id}].{field}")
    marks = {data.schedule.keep_mark, data.schedule.switch_mark}
    if len(marks) != 2:
        raise DataError(_("keep_mark and switch_mark must differ"), where="schedule")
    for d in data.detectives:
        if len(d.schedule) != data.rounds or not set(d.schedule) <= marks:
            raise DataError(_("must be {rounds} marks, each {marks}").format(
                rounds=data.rounds, marks=_(" or ").join(sorted(marks))), where=f"detectives[{d.id}].schedule")
    require_numbered([column.round for column in data.grid], "grid", N_("columns (rounds)"))
    for n, column in enumerate(data.grid):
        if column.places < 1:
            raise DataError(_("a round's column needs at least one place"), where=f"grid[{n}].places")
    cards = sum(s.cards for s in data.events.suits)
    if cards != data.events.total:
        raise DataError(_("the suits add up to {cards} cards, not {total}").format(
            cards=cards, total=data.events.total), where="events.suits")
    places = sum(c.places for c in data.grid)
    if places > cards:
        raise DataError(_("the grid has {places} places but there are only {cards} event cards").format(
            places=places, cards=cards), where="grid")
    values = data.time_cards.values
    if sum(values) != data.time_cards.hours:
        raise DataError(_("the values add up to {sum}, not {hours}").format(
            sum=sum(values), hours=data.time_cards.hours), where="time_cards")
    rules = data.rules
    for name in ("returned_when_placed", "death_card"):
        if getattr(rules, name) not in values:
            raise DataError(_("must be one of the time card values"), where=f"rules.{name}")
    leftover = list(values)
    for value in rules.npc_removes:
        if value not in leftover:
            raise DataError(_("{value} is not in the time card set").format(value=value), where="rules.npc_removes")
        leftover.remove(value)
    if rules.bid_cards < 1 or rules.npc_cards_per_round < 1:
        raise DataError(_("bids need at least one card"), where="rules")
    # A seat that could never bid would sit out every round from the first: surely a slip in the file.
    for name, held in (("bid_cards", len(values)), ("npc_cards_per_round", len(leftover))):
        if getattr(rules, name) > held:
            raise DataError(_("must be at most {n}, the time cards a seat holds at the start").format(n=held),
                            where=f"rules.{name}")
    if not data.players.min <= rules.npc_at_players <= data.players.max:
        raise DataError(_("must be a supported player count"), where="rules.npc_at_players")
    if len(data.detectives) < max(data.players.max, rules.npc_at_players + 1):
        raise DataError(_("not enough detectives for the largest table (NPC included)"), where="detectives")


def load_terror24(cards_dir: Path | None = None) -> Terror24:
    return load(Terror24, game_file(GAME_ID, cards_dir), check)
