"""Finding cards, factions and preparation items from what players type, in either language."""
from __future__ import annotations

import re

from tabletop.data.hitmans_showdown import CardView, HitmansShowdown, PrepItem, normalise_card_id
from tabletop.i18n import N_

from ..protocol import RuleError


class NotFound(RuleError):
    """Nothing (or too much) matches; the message lists what would."""


def _key(text: str) -> str:
    return re.sub(r"[\s_\-、,.・]", "", text).casefold()


def find_cards(game: HitmansShowdown, text: str) -> list[CardView]:
    """A card by id ("SQ", "♡K", "joker-black") → [it]; a role by name ("Mob", "モブ") → all its cards."""
    try:
        return [game.card(text)]  # an id as the companion writes it (every line it lists)
    except KeyError:
        pass
    try:
        return [game.card(normalise_card_id(text))]
    except (ValueError, KeyError):
        pass
    want = _key(text)
    for role_id, role in game.roles.items():
        names = {_key(role_id), _key(role.name.ja), _key(role.name.en)}
        names |= {_key(part) for part in re.split(r"[、,]", role.name.ja + "," + role.name.en)}
        if want in names:
            return list(game.cards_of_role(role_id))
    for card in game.deck():
        faction, fid = card.faction, card.faction_id
        if faction and fid and want in {_key(fid), _key(faction.name.ja), _key(faction.name.en)}:
            return [card]
    raise NotFound(N_("no card called {text!r} (type an id like SQ, ♡K, H10, JOKER-COLOR, or a name like Mob)"),
                   text=text)


def find_card(game: HitmansShowdown, text: str) -> CardView:
    cards = find_cards(game, text)
    if len(cards) > 1:
        raise NotFound(N_("{text!r} is {n} cards ({ids}): name one"),
                       text=text, n=len(cards), ids=" ".join(c.id for c in cards))
    return cards[0]


def find_faction(game: HitmansShowdown, text: str) -> str:
    want = _key(text)
    for fid, faction in game.factions.items():
        card = next(c for c in game.deck() if c.faction_id == fid)
        if want in {_key(fid), _key(faction.name.ja), _key(faction.name.en), _key(card.id),
                    _key(card.index)}:
            return fid
    # joined as the reader's language joins
    known = tuple(f"{fid} ({f.name.en} / {f.name.ja})" for fid, f in game.factions.items())
    raise NotFound(N_("no faction {text!r}; factions: {known}"), text=text, known=known)


def item_doing(game: HitmansShowdown, kind: str) -> PrepItem:
    """The preparation item whose effect is `kind` (e.g. the one that cancels a penalty)."""
    return next(i for i in game.preparation if any(op.KIND == kind for op in i.ops))


def find_item(game: HitmansShowdown, text: str) -> PrepItem:
    exact = next((item for item in game.preparation if item.id == text), None)
    if exact is not None:  # an id as the companion writes it
        return exact
    want = _key(text)
    for item in game.preparation:
        if want in {_key(item.id), _key(item.name.ja), _key(item.name.en), *map(_key, item.id.split("_"))}:
            return item
    known = tuple(i.id for i in game.preparation)
    raise NotFound(N_("no preparation item {text!r}; items: {known}"), text=text, known=known)
