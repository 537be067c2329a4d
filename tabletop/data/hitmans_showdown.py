"""Hitman's Showdown data: typed models of cards/hitmans_showdown.toml (checked beyond the types by
hitmans_checks.py, read by hitmans_load.py).

`hitmans_load.load_game(cards_dir=None)` returns a validated `HitmansShowdown`; `game.card("HK")` resolves one
physical card to everything its insert shows (`CardView`). Success conditions are data
(`Condition` → `Alternative` → atoms) that can test a list of dice faces and describe themselves in
Japanese and English. See docs/data-format.md for the file format.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cached_property
from typing import ClassVar, Literal

from ..i18n import _
from ..record import Record
from .text import Lang, Text

GAME_ID = "hitmans-showdown"

SUITS = ("H", "D", "C", "S")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKERS: dict[str, Literal["color", "black"]] = {"JOKER-COLOR": "color", "JOKER-BLACK": "black"}
SUIT_SYMBOLS = {"H": "♡", "D": "◇", "C": "♣", "S": "♠"}
# The words the print-outs and the companion look up in [labels]; a copy of the data must have them all.
LABELS = ("reward", "advance", "condition", "penalty_mark", "effect", "ability", "cannot_be_taken", "joker_color",
          "joker_black", "price", "week", "preparation", "penalties", "weeks", "showdown", "factions",
          "mafia_cards", "turn", "penalty_rolls", "no_penalty_roll")
# The deck: 54 cards, split into these census groups (a mafia card counts for its organisation).
CENSUS = {"faction": 4, "scout": 4, "familia": 23, "slum": 23}
_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


# ---- success conditions -------------------------------------------------------------------------

class TotalAtLeast(Record):
    """Success when the dice add up to at least `total`."""
    KIND: ClassVar[str] = "total_at_least"
    total: int

    def holds(self, faces: Sequence[int]) -> bool:
        return sum(faces) >= self.total

    def text(self, lang: Lang) -> str:
        return f"出目合計値{self.total}以上" if lang == "ja" else f"total ≥ {self.total}"


class TotalEquals(Record):
    """Success when the dice add up to exactly `total`."""
    KIND: ClassVar[str] = "total_equals"
    total: int

    def holds(self, faces: Sequence[int]) -> bool:
        return sum(faces) == self.total

    def text(self, lang: Lang) -> str:
        return f"出目合計値ちょうど{self.total}" if lang == "ja" else f"total exactly {self.total}"


class FaceCountAtLeast(Record):
    """Success when at least `count` dice show `face`."""
    KIND: ClassVar[str] = "face_count_at_least"
    face: int
    count: int

    def holds(self, faces: Sequence[int]) -> bool:
        return list(faces).count(self.face) >= self.count

    def text(self, lang: Lang) -> str:
        if lang == "ja":
            return f"{self.face}の出目が{self.count}つ以上"
        words = _NUMBER_WORDS[self.count] if self.count < len(_NUMBER_WORDS) else str(self.count)
        plural = "s" if self.count != 1 else ""
        return f"at least {words} {self.face}{plural}"


Atom = TotalAtLeast | TotalEquals | FaceCountAtLeast


class Alternative(Record):
    """One way to succeed: every atom in `all` holds."""
    all: tuple[Atom, ...]

    def holds(self, faces: Sequence[int]) -> bool:
        return all(atom.holds(faces) for atom in self.all)

    def text(self, lang: Lang) -> str:
        return (" and " if lang == "en" else "かつ").join(atom.text(lang) for atom in self.all)


class Condition(Record):
    """Met when any one alternative is met; an alternative is met when all its atoms are."""
    any: tuple[Alternative, ...]

    def holds(self, faces: Sequence[int]) -> bool:
        return any(alt.holds(faces) for alt in self.any)

    def text(self, lang: Lang) -> str:
        return (", or " if lang == "en" else "、もしくは").join(alt.text(lang) for alt in self.any)


# ---- effect operations (card use effects and preparation items) -----------------------------------

class AddDice(Record):
    """Roll `count` more dice."""
    KIND: ClassVar[str] = "add_dice"
    count: int


class AddTotal(Record):
    """Add `value` to your total."""
    KIND: ClassVar[str] = "add_total"
    value: int


class SetDie(Record):
    """Set `count` of your dice to faces of your choice."""
    KIND: ClassVar[str] = "set_die"
    count: int


class AddDiceOfFace(Record):
    """Add `count` dice, each showing a face of your choice."""
    KIND: ClassVar[str] = "add_dice_of_face"
    count: int


class CopyDie(Record):
    """Pick one of your dice; add `count` dice showing its face."""
    KIND: ClassVar[str] = "copy_die"
    count: int


class OpponentTotalMinus(Record):
    """The opponent's total loses `value`."""
    KIND: ClassVar[str] = "opponent_total_minus"
    value: int


class OpponentHighestMinus(Record):
    """The opponent's highest die loses `value` pips, never going below `floor`."""
    KIND: ClassVar[str] = "opponent_highest_minus"
    value: int
    floor: int


class OpponentDiceMinus(Record):
    """The opponent rolls `count` fewer dice."""
    KIND: ClassVar[str] = "opponent_dice_minus"
    count: int


class Reroll(Record):
    """Reroll any of your dice, chosen by you."""
    KIND: ClassVar[str] = "reroll"


class CancelPenalty(Record):
    """Cancel the penalty a failed check would bring."""
    KIND: ClassVar[str] = "cancel_penalty"


class LoseMoneyWhenTaken(Record):
    """Passive: the holder loses `amount` when this card is taken from them."""
    KIND: ClassVar[str] = "lose_money_when_taken"
    amount: int


Op = (AddDice | AddTotal | SetDie | AddDiceOfFace | CopyDie | OpponentTotalMinus | OpponentHighestMinus
      | OpponentDiceMinus | Reroll | CancelPenalty | LoseMoneyWhenTaken)


class Pair(Record):
    """What two cards of the same role do when used at once (replaces their single effects)."""
    ops: tuple[Op, ...]


class Upgrade(Record):
    """From `week` on, `ops` replace the effect's ops."""
    week: int
    ops: tuple[Op, ...]


class Effect(Record):
    """What a card (or a faction's ability) does: its text, when it may be used, its operations and limits."""
    text: Text
    when: Literal["any", "attacking", "always"]
    ops: tuple[Op, ...]
    uses_per_week: int | None = None  # None: no weekly limit
    uses_per_turn: int | None = None
    pair: Pair | None = None
    upgrade: Upgrade | None = None

    def ops_in_week(self, week: int) -> tuple[Op, ...]:
        return self.upgrade.ops if self.upgrade and week >= self.upgrade.week else self.ops


# ---- cards, roles, factions -----------------------------------------------------------------------

class Organisation(Record):
    """A crime organisation: its name, the suits its cards wear and its joker."""
    name: Text
    suits: tuple[Literal["H", "D", "C", "S"], ...]
    joker: Literal["color", "black"] | None = None
    flavor: Text | None = None


class Role(Record):
    """What a card is in the game: its organisation, category, texts, reward, condition and effect."""
    organisation: str
    category: Literal["faction", "scout", "mafia"]
    name: Text
    flavor: Text
    stealable: bool
    penalty: bool
    reward: int | None = None
    advance: int | None = None
    condition: Condition | None = None
    effect: Effect | None = None


class Twists(Record):
    """How a hitman faction bends the rules for its team."""
    extra_dice: int                         # on every roll the team makes
    hitman_attack_extra_dice: int           # only when attacking a hitman team
    hitman_attack_total_bonus: int
    extra_cards_lost_on_failed_defence: int
    reward_doublings: int                   # per game
    penalty_rolls: int                      # rolls on the applicable table; all results apply
    mafia_loss_table: str
    hitman_loss_table: str


class Faction(Record):
    """A hitman faction a team plays: its ability and its twists."""
    name: Text
    ability: Text
    flavor: Text
    twists: Twists


class Card(Record):
    """One card of the 54: its id (suit and rank, or a joker) and the role (and faction) it plays."""
    id: str
    role: str
    faction: str | None = None


# ---- game tables ----------------------------------------------------------------------------------

PenaltyEffect = Literal["total_minus_3", "lose_money", "skip_next_turn", "no_attack_same_target",
                        "nothing", "plus_one_die"]
# The effects that change the team's next action, and what their row's `value` is added to.
NEXT_ACTION_EFFECTS = {"total_minus_3": "total", "plus_one_die": "dice"}


class PenaltyRow(Record):
    """One row of a penalty table: the die faces it covers and what happens."""
    faces: tuple[int, ...]
    effect: PenaltyEffect
    text: Text
    amount: int | None = None  # lose_money: a fixed amount …
    dice: int | None = None    # … or `dice` d6 × `times`
    times: int | None = None
    value: int | None = None   # total_minus_3: added to the next action's total; plus_one_die: dice added


class PenaltyTable(Record):
    """A penalty table rolled on a d6."""
    name: Text
    rows: tuple[PenaltyRow, ...]

    def row_for(self, face: int) -> PenaltyRow:
        for row in self.rows:
            if face in row.faces:
                return row
        raise ValueError(f"no row for face {face}")


class PrepItem(Record):
    """Something a team can buy in preparation: its price and what it does."""
    id: str
    name: Text
    text: Text
    price: int
    hitman_attack_only: bool
    ops: tuple[Op, ...]
    price_further: int | None = None  # each further purchase in the same turn
    max_per_turn: int | None = None


class Rules(Record):
    """The game's numbers: players, starting money and dice, actions, elimination."""
    players_min: int
    players_max: int
    starting_money: int
    starting_dice: int
    actions_per_week: int
    eliminated_at: int
    mafia_loss_table: str  # a lost mafia attack's table unless the faction names its own
    # 前準備金: "paid" by the attacker as the attack starts (docs/rulings.md), or "received" from the bank
    advance: Literal["paid", "received"] = "paid"


class Section(Record):
    """A titled passage of the rules (summary sheet)."""
    id: str
    title: Text
    text: Text


class TurnAction(Record):
    """An action a team may take on its turn, as the rules list it (the engine's moves are
    companion.protocol.Action)."""
    id: str
    name: Text
    text: Text


class HitmanAttack(Record):
    """What a won attack on a hitman team takes: cards and money dice."""
    cards_taken: int
    money_dice: int
    money_times: int
    ties: Literal["defender", "attacker"]
    loss_table: str


WeekEvent = Literal["game_start", "deal_scouts", "open_hitman_attacks", "strengthen_scouts", "showdown"]


class Week(Record):
    """One week of the schedule: its actions and events."""
    week: int
    actions: int
    events: tuple[WeekEvent, ...]
    text: Text


class HoldsRole(Record):
    """A showdown bonus for whoever holds the card of `role`."""
    KIND: ClassVar[str] = "holds_role"
    role: str


class MostCards(Record):
    """A showdown bonus for whoever holds most cards of `organisation`."""
    KIND: ClassVar[str] = "most_cards"
    organisation: str
    ties: Literal["all_tied", "nobody"]


class Bonus(Record):
    """A bonus paid at the showdown."""
    id: str
    name: Text
    text: Text
    amount: int
    who: HoldsRole | MostCards


class Showdown(Record):
    """How the game ends: the bonuses and the final tie rule."""
    final_tie: Literal["shared"]
    text: Text
    bonuses: tuple[Bonus, ...]


class CardView(Record):
    """One physical card with everything its insert shows, resolved from its role (and faction)."""
    id: str
    suit: str | None           # H D C S; None for a joker
    rank: str | None           # A 2 … 10 J Q K; None for a joker
    joker: Literal["color", "black"] | None
    role_id: str
    role: Role
    organisation: Organisation
    faction_id: str | None
    faction: Faction | None
    title: Text
    flavor: Text
    effect_text: Text | None   # the faction ability on an ace, else the role's use effect

    @property
    def index(self) -> str:
        """Corner index: "♡K", "♣10", or "JOKER"."""
        return "JOKER" if self.suit is None else f"{SUIT_SYMBOLS[self.suit]}{self.rank}"

    @property
    def red(self) -> bool:
        return self.joker == "color" if self.joker else self.suit in ("H", "D")

    @property
    def class_name(self) -> Text:
        return self.role.name

    @property
    def reward(self) -> int | None:
        return self.role.reward

    @property
    def advance(self) -> int | None:
        return self.role.advance

    @property
    def condition(self) -> Condition | None:
        return self.role.condition

    @property
    def penalty(self) -> bool:
        return self.role.penalty

    @property
    def effect(self) -> Effect | None:
        return self.role.effect


def card_span(cards: Sequence[CardView], joker_marks: dict[str, str]) -> str:
    """"♡◇ 3–7", "♣♠ K", "★JOKER ☆JOKER" — a group of cards, compactly (a run of 3+ ranks as a range)."""
    jokers = [c.joker for c in cards if c.joker]
    if len(jokers) == len(cards):
        return " ".join(joker_marks[joker] + "JOKER" for joker in jokers)
    suits = "".join(SUIT_SYMBOLS[s] for s in SUITS if any(c.suit == s for c in cards))
    ranks = [r for r in RANKS if any(c.rank == r for c in cards)]
    positions = [RANKS.index(r) for r in ranks]
    if len(ranks) > 2 and positions == list(range(positions[0], positions[-1] + 1)):
        return f"{suits} {ranks[0]}–{ranks[-1]}"
    return f"{suits} {','.join(ranks)}"


class HitmansShowdown(Record, dict=True):  # dict: room for the cached card views
    """The whole game as `cards/hitmans_showdown.toml` gives it."""
    game: str
    title: Text
    money: Text
    rules: Rules
    labels: dict[str, Text]
    summary: tuple[Section, ...]
    actions: tuple[TurnAction, ...]
    hitman_attack: HitmanAttack
    preparation: tuple[PrepItem, ...]
    penalty_tables: dict[str, PenaltyTable]
    weeks: tuple[Week, ...]
    showdown: Showdown
    factions: dict[str, Faction]
    organisations: dict[str, Organisation]
    roles: dict[str, Role]
    cards: tuple[Card, ...]
    author: str | None = None  # the designer the rulebook credits: the PDFs' Author

    @cached_property
    def _views(self) -> dict[str, CardView]:
        return {c.id: _view(self, c) for c in self.cards}

    def card(self, card_id: str) -> CardView:
        """The card with this id (see `normalise_card_id` for user input). KeyError if unknown."""
        return self._views[card_id]

    def deck(self) -> tuple[CardView, ...]:
        """All cards, in file order."""
        return tuple(self._views.values())

    def cards_of_role(self, role_id: str) -> tuple[CardView, ...]:
        return tuple(v for v in self._views.values() if v.role_id == role_id)

    def mafia_by_role(self) -> tuple[tuple[CardView, ...], ...]:
        """The mafia cards grouped by role, roles in the order their first card comes in the deck."""
        groups: dict[str, list[CardView]] = {}
        for card in self.deck():
            if card.role.category == "mafia":
                groups.setdefault(card.role_id, []).append(card)
        return tuple(tuple(cards) for cards in groups.values())

    def card_span(self, cards: Sequence[CardView], joker_marks: dict[str, str]) -> str:
        return card_span(cards, joker_marks)

    def prep(self, item_id: str) -> PrepItem:
        return next(p for p in self.preparation if p.id == item_id)

    def format_money(self, amount: int, lang: Lang) -> str:
        return Money(amount, self.money).text(lang)

    def amount(self, amount: int) -> Money:
        """An amount to be written in whichever language reads it."""
        return Money(amount, self.money)


class Money(Record):
    """An amount in the game's currency; `unit` is the data's pattern, e.g. `{amount} gold`."""
    amount: int
    unit: Text

    def text(self, lang: Lang) -> str:
        number = f"{self.amount:,}" if lang == "en" else str(self.amount)
        return self.unit(lang).replace("{amount}", number)


def _view(game: HitmansShowdown, card: Card) -> CardView:
    suit, rank, joker = parse_card_id(card.id)
    role = game.roles[card.role]
    faction = game.factions[card.faction] if card.faction else None
    return CardView(
        id=card.id, suit=suit, rank=rank, joker=joker, role_id=card.role, role=role,
        organisation=game.organisations[role.organisation], faction_id=card.faction, faction=faction,
        title=faction.name if faction else role.name,
        flavor=faction.flavor if faction else role.flavor,
        effect_text=faction.ability if faction else (role.effect.text if role.effect else None))


# ---- card ids ---------------------------------------------------------------------------------------

_ID = re.compile(r"^([HDCS])(A|[2-9]|10|J|Q|K)$")


def parse_card_id(card_id: str) -> tuple[str | None, str | None, Literal["color", "black"] | None]:
    """"HK" → ("H", "K", None); "JOKER-COLOR" → (None, None, "color"). ValueError if malformed."""
    if card_id in JOKERS:
        return None, None, JOKERS[card_id]
    m = _ID.match(card_id)
    if not m:
        raise ValueError(_("not a card id: {card!r} (expected e.g. HK, D10, SA, JOKER-COLOR)").format(card=card_id))
    return m.group(1), m.group(2), None


_SUIT_INPUT = {"♡": "H", "♥": "H", "◇": "D", "♦": "D", "♢": "D", "♣": "C", "♧": "C", "♠": "S", "♤": "S"}
_RANK_INPUT = {"1": "A", "11": "J", "12": "Q", "13": "K"}
_JOKER_INPUT = {"JOKER-COLOR": "JOKER-COLOR", "JOKER-COLOUR": "JOKER-COLOR", "JOKER-RED": "JOKER-COLOR",
                "JOKER-BLACK": "JOKER-BLACK"}


def normalise_card_id(text: str) -> str:
    """A card as a user types it ("hk", "♡K", "♥13", "c1", "joker-colour") → its id. ValueError if not."""
    raw = text.strip().upper().replace(" ", "")
    if raw in _JOKER_INPUT:
        return _JOKER_INPUT[raw]
    suit = _SUIT_INPUT.get(raw[:1], raw[:1])
    rank = _RANK_INPUT.get(raw[1:], raw[1:])
    parse_card_id(suit + rank)
    return suit + rank
