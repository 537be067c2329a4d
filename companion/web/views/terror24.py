"""The 24 play page: the setup wizard, the bidders' number pads, the round's outcome, the standings and
the life-or-death check."""
from __future__ import annotations

from collections import Counter

from companion.terror24.moves import HIDDEN
from companion.terror24.repl import Terror24Table
from tabletop.data.terror24 import STYLES
from tabletop.i18n import _

from . import Button


def view(table: Terror24Table) -> dict:
    data, lang, game = table.data, table.lang, table.game
    shown = {
        "rounds": data.rounds,
        "suits": [{"letter": s.letter, "name": s.name(lang), "colour": s.colour_hex, "ink": ink_on(s.colour_hex),
                   "cards": s.cards} for s in data.events.suits],
        "provisional": data.events.provisional,
        "prompt": table.prompt().rstrip(" >"),
    }
    if game is None:
        return shown | {"phase": "setup", "setup": _setup(table)}
    kind, seat = game.need()
    render = table.render
    shown |= {
        "phase": kind,
        "round": min(game.round, data.rounds),
        "grid": [[_suit(table, s) for s in column] for column in game.grid],
        "seats": [_seat(table, i) for i in range(len(game.seats))],
        "last_round": render.resolution(game, game.results[-1]) if game.results else [],
        "checks": render.check_start(game)[1:] if game.check_order else [],
        "final": render.final(game)[1:] if kind == "over" else [],
    }
    if kind == "reveal":
        shown["reveal"] = {"places": len(game.grid[game.round - 1])}
    elif kind == "bid":
        shown["pads"] = [_pad(table, i, name_first=True) for i in game.bidders()
                         if i not in game.bids and not game.seats[i].npc]
    elif kind == "npc":  # only with a physical NPC deck: the virtual one turns its card by itself
        shown["pads"] = [_pad(table, seat, name_first=False)]
    elif kind == "check":
        hand = sorted(set(game.seats[seat].hand))
        shown["check"] = {"name": render.name(game, seat),
                          "buttons": [Button(str(c), str(c)) for c in hand] + [Button(_("Draw one at random"), "draw")]}
    return shown


def _suit(table: Terror24Table, suit_id: str | None) -> dict:
    if suit_id is None:
        return {"letter": HIDDEN, "name": _("face down"), "colour": "", "ink": ""}
    suit = table.data.suit(suit_id)
    return {"letter": suit.letter, "name": suit.name(table.lang), "colour": suit.colour_hex,
            "ink": ink_on(suit.colour_hex)}


def _luminance(hex_colour: str) -> float:
    channels = [int(hex_colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def ink_on(hex_colour: str) -> str:
    """Black or white, whichever reads better on a suit's colour (WCAG's contrast ratio)."""
    light = _luminance(hex_colour)
    return "#ffffff" if 1.05 / (light + 0.05) >= (light + 0.05) / 0.05 else "#111111"


def _seat(table: Terror24Table, i: int) -> dict:
    game, data, lang = table.game, table.data, table.lang
    s = game.seats[i]
    return {"name": table.render.name(game, i), "key": s.name, "npc": s.npc,
            "detective": data.detective(s.detective).name(lang), "style": table.render.style(s.style),
            "vp": s.vp, "hand": None if s.npc else _hand_in_view(game, i), "deck_left": len(s.hand) if s.npc else None,
            "in_front": sum(s.kept), "events": [_suit(table, e) for e in s.events], "chief": i == game.chief,
            "laid": i in game.bids, "dead": s.dead, "asking": game.need()[1] == i}


def _hand_in_view(game, seat: int) -> list[int]:
    """A hand as it was when the round began: while bids are laid on a phone passed round the table, a
    hand that shrank would give away the cards just laid face down."""
    return sorted([*game.seats[seat].hand, *game.bids.get(seat, ())]) if game.need()[0] == "bid" else sorted(
        game.seats[seat].hand)


def _pad(table: Terror24Table, seat: int, name_first: bool) -> dict:
    """A number pad offering only the cards in that hand (or, for the NPC, left in its deck), each as
    often as it is held; the line is 'NAME a b' for a human, the turned-up card for the NPC."""
    game, rules = table.game, table.data.rules
    s = game.seats[seat]
    held = Counter(s.hand)
    return {"name": table.render.name(game, seat), "prefix": s.name if name_first else "",
            "count": rules.npc_cards_per_round if s.npc else rules.bid_cards,
            "cards": [{"value": str(c), "left": n} for c, n in sorted(held.items())]}


def _setup(table: Terror24Table) -> dict:
    data, lang, answers = table.data, table.lang, table.answers
    step = table.setup_step()
    players = [name for name, _ in answers.get("players", [])]
    used = {d for _, d in answers.get("players", [])}
    steps = table.match.setup_steps()
    titles = {"players": _("Players"), "styles": _("Styles"), "npc": _("The NPC"), "chief": _("The chief"),
              "grid": _("The event grid")}
    return {
        "step": step,
        "progress": {"at": steps.index(step) + 1, "of": len(steps), "title": titles[step]},
        "done": table.describe()[:-1],
        "min": data.players.min, "max": data.players.max,
        "detectives": [{"id": d.id, "name": d.name(lang)} for d in data.detectives],
        "unused": [{"id": d.id, "name": d.name(lang)} for d in data.detectives if d.id not in used],
        "players": players,
        "styles": [{"letter": data.styles[s].letter, "name": data.styles[s].name(lang)} for s in STYLES],
        "chiefs": [Button(name, name) for name in players],
        "columns": [{"round": c.round, "places": c.places, "face_down": c.face_down} for c in data.grid],
    }
