"""The 24 game in words for the table, and as plain data for `status --json`."""
from __future__ import annotations

from tabletop.data.terror24 import Style, Terror24

from .engine import Check, Game, RoundResult
from .words import say


class Render:
    def __init__(self, data: Terror24, lang: str):
        self.data, self.lang = data, lang

    def say(self, key: str, **values) -> str:
        return say(self.lang, key, **values)

    def style(self, style: Style) -> str:
        return self.data.styles[style].name(self.lang)

    def event(self, suit_id: str | None) -> str:
        if suit_id is None:
            return "?"
        suit = self.data.suit(suit_id)
        return f"{suit.letter} {suit.name(self.lang)}({suit.colour(self.lang)})"

    def name(self, game: Game, seat: int) -> str:
        s = game.seats[seat]
        return f"{s.name}({self.data.detective(s.detective).name(self.lang)})" if s.npc else s.name

    def seat_label(self, game: Game, seat: int) -> str:
        s = game.seats[seat]
        chief = f" [{self.say('chief')}]" if seat == game.chief else ""
        detective = "" if s.npc else f" {self.data.detective(s.detective).name(self.lang)}"
        return f"{self.name(game, seat)}{detective} {self.style(s.style)}{chief}"

    @staticmethod
    def cards(cards) -> str:
        return " ".join(map(str, cards))

    # ----- a round -----
    def round_start(self, game: Game) -> list[str]:
        """The round's header, and who sits out of it (so nobody waits to be asked)."""
        lines = ["", self.say("round_header", round=game.round)]
        out = [i for i in range(len(game.seats)) if i not in game.bidders()]
        if out:
            lines.append(self.say("sits_out_now", names=", ".join(self.name(game, i) for i in out)))
        return lines

    def resolution(self, game: Game, result: RoundResult) -> list[str]:
        who = lambda seat: self.name(game, seat)  # noqa: E731
        lines = [self.say("coop_count", n=result.coop_count)]
        times = []
        for e in result.ranking:
            coop = f" {self.say('coop_plus', n=result.coop_count)}" if e.style == "coop" else ""
            times.append(f"{who(e.seat)} {'+'.join(map(str, e.cards))}{coop} = {e.time}")
        lines.append(f"{self.say('times')}: " + " · ".join(times))
        column = game.grid[result.round - 1]
        for place, suit in enumerate(column, 1):
            if place <= len(result.placed):
                seat, _ = result.placed[place - 1]
                lines.append("  " + self.say("place", place=place, name=who(seat), event=self.event(suit)))
            else:
                lines.append("  " + self.say("unclaimed", place=place))
        placers = dict((place, seat) for place, (seat, _) in enumerate(result.placed, 1))
        for a in result.awards:
            lines.append(f"  VP {who(a.seat)} +{a.vp}: {self._reason(game, a, placers, result.round)}")
        for key, cards in (("back", result.back_to_hand), ("left_out", result.left_out)):
            human = [f"{who(s)} {self.cards(c)}" for s, c in cards.items() if not game.seats[s].npc]
            if human:
                lines.append(f"{self.say(key)}: " + " · ".join(human))
        for seat, cards in result.left_out.items():
            if game.seats[seat].npc:
                lines.append(self.say("npc_kept", name=who(seat), cards=self.cards(cards)))
        if result.npc_to_bottom:
            npc = next(i for i, s in enumerate(game.seats) if s.npc)
            lines.append(self.say("npc_bottom", name=who(npc), cards=self.cards(result.npc_to_bottom)))
        if result.sitting_out:
            lines.append(f"{self.say('sitting_out')}: " + ", ".join(who(s) for s in result.sitting_out))
        lines.append(self.say("new_chief", name=who(result.chief)))
        for seat, style in result.switches:
            lines.append(self.say("switch", name=who(seat), style=self.style(style)))
        if not result.switches:
            lines.append(self.say("no_switch"))
        lines.append(self.standings(game))
        return lines

    def _reason(self, game: Game, award, placers: dict[int, int], round_number: int) -> str:
        suit = self.data.suit(award.suit)
        event = suit.name(self.lang)
        if award.kind == "colour":
            return self.say("vp_colour", colour=suit.colour(self.lang), round=round_number)
        if award.kind == "coop_sub":
            return self.say("vp_coop_sub", placer=self.name(game, placers[award.place]), event=event)
        return self.say(f"vp_{award.kind}", event=event)

    def standings(self, game: Game) -> str:
        scores = " · ".join(f"{self.name(game, i)} {s.vp}" for i, s in enumerate(game.seats))
        flag = f"  {self.say('provisional')}" if self.data.events.provisional else ""
        return f"{self.say('standings')}: {scores}{flag}"

    # ----- the end -----
    def check_start(self, game: Game) -> list[str]:
        order = " → ".join(f"{self.name(game, i)} ({game.seats[i].time_in_front})" for i in game.check_order)
        return ["", self.say("check_order", order=order)] + self.checks(game, game.checks)

    def checks(self, game: Game, checks: list[Check]) -> list[str]:
        lines = []
        death = self.data.rules.death_card
        for c in checks:
            name = self.name(game, c.seat)
            if c.card is None:
                lines.append(self.say("check_auto_dead" if c.dead else "check_auto_alive", name=name, card=death))
            else:
                fate = self.say("dies" if c.dead else "survives")
                lines.append(self.say("check_drawn", name=name, card=c.card, fate=fate))
            if c.dead and len(game.checks) < len(game.check_order):
                lines.append(self.say("stop"))
        return lines

    def final(self, game: Game) -> list[str]:
        winners = game.winners()
        names = ", ".join(self.name(game, i) for i in winners)
        if not winners:
            verdict = self.say("nobody")
        else:
            verdict = self.say("winner" if len(winners) == 1 else "draw_game", names=names)
        lines = ["", self.say("game_over")]
        for i, s in enumerate(game.seats):
            fate = f" · {self.say('dead')}" if s.dead else ""
            lines.append(f"  {self.name(game, i)}: {s.vp} VP, {self.say('in_front')} {s.time_in_front}{fate}")
        if any(s.npc for s in game.seats):
            lines.append(self.say("npc_cannot_win"))
        return lines + [verdict]

    # ----- status -----
    def table(self, game: Game) -> list[str]:
        columns = " ".join("".join(self.data.suit(s).letter if s else "?" for s in col) for col in game.grid)
        lines = [f"{self.say('round')} {min(game.round, self.data.rounds)}/{self.data.rounds} · "
                 f"{self.say('events')}: {columns}"]
        survived = {c.seat for c in game.checks if not c.dead}
        for i, s in enumerate(game.seats):
            pile = self.say("deck") if s.npc else self.say("hand")
            held = f"{len(s.hand)}" if s.npc else self.cards(sorted(s.hand))
            events = "".join(self.data.suit(e).letter for e in s.events) or "-"
            lines.append(f"  {self.seat_label(game, i)}: {s.vp} VP · {self.say('events')} {events} · "
                         f"{pile} {held} · {self.say('in_front')} {s.time_in_front}"
                         + (f" · {self.say('laid_now')} {self.cards(game.bids[i])}" if i in game.bids else "")
                         + (f" · {self.say('dead')}" if s.dead else "")
                         + (f" · {self.say('survives')}" if i in survived else ""))
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
