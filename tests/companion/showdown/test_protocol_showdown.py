"""Hitman's Showdown on the one protocol: lines that round-trip with their actions, the legal actions
found by the rules themselves, and walks over them that end with one outcome."""
import random

import pytest

from companion.protocol import CHANCE, NOBODY, PLAYER, Mover
from companion.session import Session
from companion.showdown.moves import Adjust, Buy, Dice, Give, Reroll, Roll, Use
from companion.showdown.repl import ShowdownTable
from companion.speech import SaidError
from protocol_helpers import accepted

TEAMS = [{"name": "Ann", "faction": "blood_diamond"}, {"name": "Bob", "faction": "void_clover"},
         {"name": "Cy", "faction": "red_heart"}, {"name": "Di", "faction": "darkness_speed"}]


def match(teams, seed):
    session = Session.create("hitmans-showdown", {"teams": TEAMS[:teams], "lang": "en"}, None, seed)
    return ShowdownTable(session).match


def walk(teams, seed, steps=3000):
    m, rng = match(teams, seed), random.Random(seed)
    for _ in range(steps):
        if m.to_move().kind == NOBODY:
            return m
        yield m
        m.apply(rng.choice(m.legal_actions()))
    raise AssertionError("no end")


def test_a_new_game_waits_for_the_first_team_and_a_roll_is_chance():
    m = match(2, 5)
    assert m.to_move() == Mover(PLAYER, "Ann")
    m.apply(m.parse("attack H3"))
    assert m.to_move() == Mover(PLAYER, "Ann")  # preparing
    m.apply(m.parse("roll"))
    assert m.engine.action.stage == "after"
    m.apply(m.parse("done"))
    if m.question() is not None:  # a penalty to roll: the die is chance, its faces the listed answers
        assert m.to_move() == Mover(CHANCE, "dice")
        assert [a.line() for a in m.legal_actions()] == ["1", "2", "3", "4", "5", "6", "roll"]
    else:
        assert m.to_move() == Mover(PLAYER, "Bob")


@pytest.mark.parametrize("teams", [2, 3, 4])
def test_every_listed_action_round_trips_applies_and_a_walk_ends_with_one_outcome(teams):
    for seed in range(4):
        m = None
        for m in walk(teams, seed):
            for action in m.legal_actions():
                assert m.parse(action.line()) == action, action
        assert m.legal_actions() == []
        outcome = m.outcome()
        assert outcome.how == "showdown" and set(outcome.winners) == set(m.engine.showdown["winners"])
        assert [p.who for p in outcome.ranking if p.place == 1] == sorted(outcome.winners, key=m.engine.order.index)


def test_a_refused_action_changes_nothing():
    m = match(2, 5)
    before = m.engine.clone()
    with pytest.raises(SaidError):
        m.apply(m.parse("attack HK"))  # the advance is more than Ann holds
    assert vars(m.engine).keys() == vars(before).keys()
    assert m.engine.teams == before.teams and m.engine.action is None and m.engine.ledger == before.ledger


FORMS = (Adjust, Give, Dice, Reroll)


def fuzzed(m, rng):
    words = ["attack", "pass", "buy", "use", "roll", "ready", "double", "done", "reroll", "give", "zap"]
    cards = list(m.engine.board[:5]) + [c for t in m.engine.teams.values() for c in t.cards]
    parts = [rng.choice(words)]
    for _ in range(rng.randint(0, 2)):
        parts.append(rng.choice(cards + ["weapon", "backup", "1", "2", "6", "Bob", "2d6", "?"]))
    return " ".join(parts)


def test_a_fuzzed_line_is_accepted_exactly_when_it_is_listed_or_fills_a_form():
    rng, checked = random.Random(3), 0
    for m in walk(3, seed=2):
        legal = set(m.legal_actions())
        for _ in range(15):
            line = fuzzed(m, rng) if m.question() is None else rng.choice(["1", "6", "roll", "7", "x"])
            action = accepted(m, line)
            if action is None:
                continue
            checked += 1
            form = (isinstance(action, FORMS) or (isinstance(action, Roll) and action.faces)
                    or (isinstance(action, Buy) and action.times > 1)
                    or (isinstance(action, Use) and len(action.tokens) > 1))
            assert action in legal or form, line
    assert checked > 20


def test_applying_an_action_returns_typed_events_that_each_language_words():
    from companion.protocol import Event
    from companion.showdown import events as ev
    from companion.showdown.pool import Note
    from companion.showdown.talk import Talk

    m = match(2, 5)
    m.apply(m.parse("adjust Ann +5000 test"))
    events = m.apply(m.parse("attack HK"))  # an Underboss: an advance is paid before the attack
    assert all(isinstance(e, Event) for e in events)
    assert [type(e) for e in events] == [ev.Booked, ev.MafiaAttacked, ev.Prepared]
    booked, attacked, prepared = events
    assert (booked.team, booked.amount, booked.balance) == ("Ann", -2000, 4000)
    assert attacked == ev.MafiaAttacked("Ann", "HK", rewarded=False)
    assert prepared.notes == (Note("start", n=2),)

    en, ja = Talk(m.engine.game, "en").narrate(events), Talk(m.engine.game, "ja").narrate(events)
    assert en[0] == "Ann: −2,000 gold (advance for HK Underboss) → 4,000 gold"
    assert en[1].startswith("Ann attacks HK Underboss — ")
    assert len(ja) == len(en) and all(a != b for a, b in zip(en, ja))
    assert "アンダーボス" in ja[0] and "Underboss" not in " ".join(ja)


def test_a_first_turn_lists_every_affordable_card_on_the_board_and_pass_but_no_team_yet():
    m = match(2, 5)
    lines = [a.line() for a in m.legal_actions()]
    advance = {c for c in m.engine.board if m.engine.game.card(c).advance}
    assert advance and m.engine.teams["Ann"].money <= min(m.engine.game.card(c).advance for c in advance)
    assert lines == [f"attack {c}" for c in m.engine.board if c not in advance] + ["pass"]
    m.apply(m.parse("adjust Ann +5000 rich"))  # now every advance can be paid
    assert [a.line() for a in m.legal_actions()] == [f"attack {c}" for c in m.engine.board] + ["pass"]
