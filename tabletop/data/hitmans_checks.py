"""Hitman's Showdown data checks beyond the types: references, tables, texts and the 54-card census."""
from __future__ import annotations

from collections import Counter
from typing import NoReturn

from ..i18n import N_, _, listing
from ..record import field_names, is_record
from .checks import require_numbered, require_unique
from .errors import DataError
from .hitmans_showdown import (
    CENSUS,
    JOKERS,
    LABELS,
    NEXT_ACTION_EFFECTS,
    RANKS,
    SUITS,
    Card,
    Condition,
    FaceCountAtLeast,
    HitmansShowdown,
    HoldsRole,
    MostCards,
    parse_card_id,
)
from .text import Text


def check(game: HitmansShowdown) -> None:
    """Everything the types cannot say: references, tables, and the 54-card census."""
    _check_texts(game, "")
    _check_labels(game)
    _check_roles(game)
    _check_factions(game)
    _check_tables(game)
    _check_cards(game)
    _check_census(game)


def _fail(message: str, where: str) -> NoReturn:
    raise DataError(message, where=where)


def _check_texts(value: object, where: str) -> None:
    """Every printed text needs both languages: a blank one is an error, named by its path."""
    if isinstance(value, Text):
        for lang in ("ja", "en"):
            if not value(lang).strip():
                _fail(_("the {lang} text is empty").format(lang=lang), f"{where}.{lang}")
    elif is_record(value):
        for name in field_names(value):
            _check_texts(getattr(value, name), f"{where}.{name}" if where else name)
    elif isinstance(value, dict):
        for key, item in value.items():
            _check_texts(item, f"{where}.{key}")
    elif isinstance(value, tuple):
        for i, item in enumerate(value):
            _check_texts(item, f"{where}[{getattr(item, 'id', i)}]")


def _check_labels(game: HitmansShowdown) -> None:
    missing = [name for name in LABELS if name not in game.labels]
    if missing:
        _fail(_("missing: {names}").format(names=listing(missing)), "labels")


def _check_condition(cond: Condition, where: str) -> None:
    if not cond.any:
        _fail(_("a condition needs at least one alternative"), f"{where}.any")
    for i, alt in enumerate(cond.any):
        if not alt.all:
            _fail(_("an alternative needs at least one atom"), f"{where}.any[{i}].all")
        for j, atom in enumerate(alt.all):
            at = f"{where}.any[{i}].all[{j}]"
            if isinstance(atom, FaceCountAtLeast):
                if not 1 <= atom.face <= 6:
                    _fail(_("face must be 1–6, got {face}").format(face=atom.face), f"{at}.face")
                if atom.count < 1:
                    _fail(_("count must be at least 1, got {count}").format(count=atom.count), f"{at}.count")
            elif atom.total < 1:
                _fail(_("total must be at least 1, got {total}").format(total=atom.total), f"{at}.total")


def _check_roles(game: HitmansShowdown) -> None:
    for rid, role in game.roles.items():
        where = f"roles.{rid}"
        if role.organisation not in game.organisations:
            _fail(_("unknown organisation {organisation!r} (known: {known})").format(
                organisation=role.organisation, known=listing(game.organisations)), f"{where}.organisation")
        mafia = role.category == "mafia"
        for name in ("reward", "advance", "condition"):
            present = getattr(role, name) is not None
            if present != mafia:
                message = _("{name!r} is required") if mafia else _("{name!r} is only for mafia roles")
                _fail(message.format(name=name), f"{where}.{name}")
        if mafia and role.condition is not None:  # a mafia role without one failed just above
            _check_condition(role.condition, f"{where}.condition")
        if role.category != "faction" and role.effect is None:
            _fail(_("missing required field {name!r}").format(name="effect"), f"{where}.effect")
        for name in ("reward", "advance"):
            if (getattr(role, name) or 0) < 0:
                _fail(_("must not be negative"), f"{where}.{name}")


def _check_factions(game: HitmansShowdown) -> None:
    for fid, faction in game.factions.items():
        for name in ("mafia_loss_table", "hitman_loss_table"):
            table = getattr(faction.twists, name)
            if table not in game.penalty_tables:
                _fail(_("unknown penalty table {table!r} (known: {known})").format(
                    table=table, known=listing(game.penalty_tables)), f"factions.{fid}.twists.{name}")
        if faction.twists.penalty_rolls < 1:
            _fail(_("must be at least 1"), f"factions.{fid}.twists.penalty_rolls")


def _check_tables(game: HitmansShowdown) -> None:
    for table_id, where in ((game.hitman_attack.loss_table, "hitman_attack.loss_table"),
                            (game.rules.mafia_loss_table, "rules.mafia_loss_table")):
        if table_id not in game.penalty_tables:
            _fail(_("unknown penalty table {table!r}").format(table=table_id), where)
    for tid, table in game.penalty_tables.items():
        faces = Counter(f for row in table.rows for f in row.faces)
        wrong = sorted(f for f in faces if not 1 <= f <= 6) + sorted(f for f, n in faces.items() if n > 1)
        missing = [f for f in range(1, 7) if f not in faces]
        if wrong or missing:
            _fail(_("faces 1–6 must each appear in exactly one row (bad: {wrong}, missing: {missing})").format(
                wrong=wrong, missing=missing), f"penalty_tables.{tid}.rows")
        for i, row in enumerate(table.rows):
            fixed, formula = row.amount is not None, row.dice is not None and row.times is not None
            partial = (row.dice is None) != (row.times is None)
            if partial or (row.effect == "lose_money") != (fixed or formula) or (fixed and formula):
                _fail(_("a lose_money row needs either 'amount' or both 'dice' and 'times'; other rows neither"),
                      f"penalty_tables.{tid}.rows[{i}]")
            if (row.value is not None) != (row.effect in NEXT_ACTION_EFFECTS):
                _fail(_("a {effects} row needs 'value' (what the next action gets); other rows none").format(
                    effects=_(" or ").join(NEXT_ACTION_EFFECTS)), f"penalty_tables.{tid}.rows[{i}]")
    require_numbered([w.week for w in game.weeks], "weeks", N_("weeks"))
    require_unique([p.id for p in game.preparation], "preparation")
    for b in game.showdown.bonuses:
        if isinstance(b.who, HoldsRole) and b.who.role not in game.roles:
            _fail(_("unknown role {role!r}").format(role=b.who.role), f"showdown.bonuses[{b.id}].who.role")
        if isinstance(b.who, MostCards) and b.who.organisation not in game.organisations:
            _fail(_("unknown organisation {organisation!r}").format(organisation=b.who.organisation),
                  f"showdown.bonuses[{b.id}].who.organisation")


def _check_cards(game: HitmansShowdown) -> None:
    seen: dict[str, int] = {}
    used_factions: dict[str, str] = {}
    for n, card in enumerate(game.cards, 1):
        where = f"cards[{card.id}]"
        try:
            parse_card_id(card.id)
        except ValueError as e:
            _fail(str(e), f"{where}.id")
        if card.id in seen:
            _fail(_("duplicate card id {card!r} (entries {first} and {second})").format(
                card=card.id, first=seen[card.id], second=n), f"{where}.id")
        seen[card.id] = n
        if card.role not in game.roles:
            _fail(_("unknown role {role!r} (known: {known})").format(role=card.role, known=listing(game.roles)),
                  f"{where}.role")
        _check_organisation(game, card, where)
        is_faction = game.roles[card.role].category == "faction"
        if is_faction and card.faction is None:
            _fail(_("a faction card must name its faction"), f"{where}.faction")
        if not is_faction and card.faction is not None:
            _fail(_("only faction cards name a faction"), f"{where}.faction")
        if card.faction is not None:
            if card.faction not in game.factions:
                _fail(_("unknown faction {faction!r} (known: {known})").format(
                    faction=card.faction, known=listing(game.factions)), f"{where}.faction")
            if card.faction in used_factions:
                _fail(_("faction {faction!r} already has card {card}").format(
                    faction=card.faction, card=used_factions[card.faction]), f"{where}.faction")
            used_factions[card.faction] = card.id
    for fid in game.factions:
        if fid not in used_factions:
            _fail(_("faction {faction!r} has no card").format(faction=fid), f"factions.{fid}")


def _check_organisation(game: HitmansShowdown, card: Card, where: str) -> None:
    org_id = game.roles[card.role].organisation
    org = game.organisations[org_id]
    suit, _rank, joker = parse_card_id(card.id)
    if (joker and org.joker != joker) or (suit and suit not in org.suits):
        joker_card = _(", the {joker} joker").format(joker=org.joker) if org.joker else ""
        _fail(_("role {role!r} belongs to {organisation!r}, whose cards are {allowed}").format(
            role=card.role, organisation=org_id, allowed=listing(org.suits) + joker_card), f"{where}.role")


def census_group(game: HitmansShowdown, card: Card) -> str:
    role = game.roles[card.role]
    return role.organisation if role.category == "mafia" else role.category


def _check_census(game: HitmansShowdown) -> None:
    ids = {c.id for c in game.cards}
    full = [s + r for s in SUITS for r in RANKS] + list(JOKERS)
    if len(game.cards) != len(full) or ids != set(full):
        missing = [c for c in full if c not in ids]
        note = _(": missing {cards}").format(cards=listing(missing)) if missing else ""
        _fail(_("the deck has {count} cards, expected {expected}{missing}").format(
            count=len(game.cards), expected=len(full), missing=note), "cards")
    counts = Counter(census_group(game, c) for c in game.cards)
    for group, expected in CENSUS.items():
        if counts.get(group, 0) != expected:
            names = [c.id for c in game.cards if census_group(game, c) == group]
            _fail(_("census: {group} has {count} cards, expected {expected} ({cards})").format(
                group=group, count=counts.get(group, 0), expected=expected, cards=listing(names)), "cards")
