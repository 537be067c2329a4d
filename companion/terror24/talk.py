"""The 24 game in words for the table, and as plain data for `status --json`."""
from __future__ import annotations

from functools import partial

from tabletop.data.terror24 import Style, Terror24
from tabletop.i18n import N_

from ..speech import Speech
from .engine import Check, Game, RoundResult


class Render:
    def __init__(self, data: Terror24, lang: str):
        self.data, self.lang = data, lang
        self.speech = Speech(lang)
        self._ = self.speech._

    def style(self, style: Style) -> str:
        return self.data.styles[style].name(self.lang)

    def event(self, suit_id: str | None) -> str:
        if suit_id is None:
            return "?"
        suit = self.data.suit(suit_id)
        return self._("{letter} {event}({colour})", letter=suit.letter, event=suit.name(self.lang),
                      colour=suit.colour(self.lang))

    def name(self, game: Game, seat: int) -> str:
        s = game.seats[seat]
        return self._("{name}({detective})", name=s.name, detective=self.data.detective(s.detective).name(self.lang)) \
            if s.npc else s.name

    def seat_label(self, game: Game, seat: int) -> str:
        s = game.seats[seat]
        chief = self._(" [chief]") if seat == game.chief else ""
        detective = "" if s.npc else f" {self.data.detective(s.detective).name(self.lang)}"
        return f"{self.name(game, seat)}{detective} {self.style(s.style)}{chief}"

    @staticmethod
    def cards(cards) -> str:
        return " ".join(map(str, cards))

    # ----- a round -----
    def round_start(self, game: Game) -> list[str]:
        """The round's header, and who sits out of it (so nobody waits to be asked)."""
        lines = ["", self._("── round {round} ──", round=game.round)]
        out = [i for i in range(len(game.seats)) if i not in game.bidders()]
        if out:
            lines.append(self.sitting_out(game, out, N_("sitting out this round (one card left): {names}"),
                                          N_("sitting out this round (fewer than {n} cards in hand): {names}")))
        return lines

    def sitting_out(self, game: Game, seats: list[int], one_left: str, fewer: str) -> str:
        """Who sits out: with the bundled rules each holds just the 0 (one card left); with bigger bids in
        edited data a seat may sit out holding more."""
        names = self.speech.listing(self.name(game, i) for i in seats)
        if all(len(game.seats[i].hand) == 1 for i in seats):
            return self._(one_left, names=names)
        return self._(fewer, n=self.data.rules.bid_cards, names=names)

    def resolution(self, game: Game, result: RoundResult) -> list[str]:
        who = partial(self.name, game)
        lines = [self._("coop bidders: {n}", n=result.coop_count)]
        times = []
        for e in result.ranking:
            coop = " " + self._("+{n} coop", n=result.coop_count) if e.style == "coop" else ""
            times.append(f"{who(e.seat)} {'+'.join(map(str, e.cards))}{coop} = {e.time}")
        lines.append(self._("times: {times}", times=" · ".join(times)))
        column = game.grid[result.round - 1]
        for place, suit in enumerate(column, 1):
            if place <= len(result.placed):
                seat = result.placed[place - 1].seat
                lines.append("  " + self._("{place}. {name} → {event}", place=place, name=who(seat),
                                           event=self.event(suit)))
            else:
                lines.append("  " + self._("{place}. nobody (event unclaimed)", place=place))
        placers = {place: placed.seat for place, placed in enumerate(result.placed, 1)}
        for a in result.awards:
            reason = self._reason(game, a, placers, result.round)
            lines.append("  " + self.speech.label(f"VP {who(a.seat)} +{a.vp}", reason))
        for said, cards in ((N_("back to hand: {cards}"), result.back_to_hand),
                            (N_("stay out in front: {cards}"), result.left_out)):
            human = [f"{who(s)} {self.cards(c)}" for s, c in cards.items() if not game.seats[s].npc]
            if human:
                lines.append(self._(said, cards=" · ".join(human)))
        for seat, cards in result.left_out.items():
            if game.seats[seat].npc:
                lines.append(self._("{name}: {cards} stays out with the event", name=who(seat),
                                    cards=self.cards(cards)))
        if result.npc_to_bottom:
            npc = next(i for i, s in enumerate(game.seats) if s.npc)
            lines.append(self._("{name}: {cards} to the bottom of its deck", name=who(npc),
                                cards=self.cards(result.npc_to_bottom)))
        if result.sitting_out:
            lines.append(self.sitting_out(game, result.sitting_out, N_("sitting out (one card left): {names}"),
                                          N_("sitting out (fewer than {n} cards in hand): {names}")))
        lines.append(self._("new chief: {name}", name=who(result.chief)))
        for switch in result.switches:
            lines.append(self._("style switch: {name} → {style}", name=who(switch.seat),
                                style=self.style(switch.style)))
        if not result.switches:
            lines.append(self._("no style switches"))
        lines.append(self.standings(game))
        return lines

    def _reason(self, game: Game, award, placers: dict[int, int], round_number: int) -> str:
        suit = self.data.suit(award.suit)
        event = suit.name(self.lang)
        if award.kind == "colour":
            return self._("same-colour bonus ({colour}, round {round})", colour=suit.colour(self.lang),
                          round=round_number)
        if award.kind == "coop_sub":
            return self._("coop sub VP for {placer}'s {event}", placer=self.name(game, placers[award.place]),
                          event=event)
        if award.kind == "coop_main":
            return self._("coop main VP for {event}", event=event)
        return self._("stand VP for {event}", event=event)

    def standings(self, game: Game) -> str:
        scores = " · ".join(f"{self.name(game, i)} {s.vp}" for i, s in enumerate(game.seats))
        flag = "  " + self._("(provisional event values)") if self.data.events.provisional else ""
        return self._("standings: {scores}", scores=scores) + flag

    # ----- the end -----
    def check_start(self, game: Game) -> list[str]:
        order = " → ".join(self._("{name} ({time})", name=self.name(game, i), time=game.seats[i].time_in_front)
                           for i in game.check_order)
        return ["", self._("life-or-death order: {order}", order=order)] + self.checks(game, game.checks)

    def checks(self, game: Game, checks: list[Check]) -> list[str]:
        lines = []
        death = self.data.rules.death_card
        for c in checks:
            name = self.name(game, c.seat)
            if c.card is None:
                lines.append(self._("{name} holds only the {card}: dies", name=name, card=death) if c.dead
                             else self._("{name} holds no {card}: survives", name=name, card=death))
            else:
                fate = self._("dies") if c.dead else self._("survives")
                lines.append(self._("{name} draws {card}: {fate}", name=name, card=c.card, fate=fate))
            if c.dead and len(game.checks) < len(game.check_order):
                lines.append(self._("the check stops at the first death; the others survive"))
        return lines

    def final(self, game: Game) -> list[str]:
        winners = game.winners()
        names = self.speech.listing(self.name(game, i) for i in winners)
        if not winners:
            verdict = self._("no surviving player: nobody wins")
        else:
            verdict = (self._("winner: {names}", names=names) if len(winners) == 1
                       else self._("draw between {names}", names=names))
        lines = ["", self._("game over")]
        for i, s in enumerate(game.seats):
            fate = " · " + self._("dead") if s.dead else ""
            lines.append("  " + self._("{name}: {vp} VP, in front {time}", name=self.name(game, i), vp=s.vp,
                                       time=s.time_in_front) + fate)
        if any(s.npc for s in game.seats):
            lines.append(self._("(the NPC cannot win)"))
        return lines + [verdict]

    # ----- status -----
    def table(self, game: Game) -> list[str]:
        columns = " ".join("".join(self.data.suit(s).letter if s else "?" for s in col) for col in game.grid)
        lines = [self._("round {round}/{rounds} · events: {columns}", round=min(game.round, self.data.rounds),
                        rounds=self.data.rounds, columns=columns)]
        survived = {c.seat for c in game.checks if not c.dead}
        for i, s in enumerate(game.seats):
            held = (self._("deck {cards}", cards=len(s.hand)) if s.npc
                    else self._("hand {cards}", cards=self.cards(sorted(s.hand))))
            events = "".join(self.data.suit(e).letter for e in s.events) or "-"
            lines.append("  " + self._("{seat}: {vp} VP · events {events} · {held} · in front {time}",
                                       seat=self.seat_label(game, i), vp=s.vp, events=events, held=held,
                                       time=s.time_in_front)
                         + (" · " + self._("laid {cards}", cards=self.cards(game.bids[i])) if i in game.bids else "")
                         + (" · " + self._("dead") if s.dead else "")
                         + (" · " + self._("survives") if i in survived else ""))
        return lines + [self.standings(game)]

    def state(self, game: Game, physical: bool) -> dict:
        kind, seat = game.need()
        return {
            "phase": kind,
            "asking": game.seats[seat].name if seat is not None else None,
            "round": min(game.round, self.data.rounds),
            "chief": game.seats[game.chief].name,
            "npc_deck": "physical" if physical else "virtual",
            "grid": [[s for s in col] for col in game.grid],
            "seats": [{
                "name": s.name, "npc": s.npc, "detective": s.detective, "style": s.style, "vp": s.vp,
                "hand": sorted(s.hand) if not s.npc else None,
                "deck_left": sorted(s.hand) if s.npc else None,  # its contents, never its order
                "in_front": s.kept, "events": s.events, "dead": s.dead,
            } for s in game.seats],
            "rounds_played": len(game.results),
            "winners": [game.seats[i].name for i in game.winners()] if kind == "over" else None,
        }
