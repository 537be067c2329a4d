"""24 on the one protocol: setup answers, bids, the NPC's cards and the checks as actions that round-trip
with their lines, listed exactly when the rules allow them, over seeded random walks."""
import random

import pytest

from companion.protocol import CHANCE, NOBODY, PLAYER, Event, Mover, RuleError
from companion.terror24.match import NPC, Match
from companion.terror24.moves import Adjust, Bid, Chief, NpcSeat
from protocol_helpers import accepted
from tabletop.data.terror24 import load_terror24

DATA = load_terror24()
DETECTIVES = [d.id for d in DATA.detectives]
SETUPS = {3: ["A=scotch B=wolf C=hibachi", "s c s"], 4: ["A=scotch B=wolf C=hibachi D=lloyd", "s c s c"],
          5: ["A=scotch B=wolf C=hibachi D=lloyd E=dokaben", "s c s c c"]}


def started(players, physical=False, seed=1):
    m = Match(DATA, seed, physical)
    for line in SETUPS[players]:
        m.apply(m.parse(line))
    if m.setup_step() == "npc":
        m.apply(m.parse("random"))
    m.apply(m.parse("A"))
    m.apply(m.parse("RB YG RR BP GY"))
    return m


def grid_fill(m, rng):
    letters = m.events_left()
    return "".join(rng.sample(letters, len(m.game.grid[m.game.round - 1])))


def walk(players, physical, seed, steps=500):
    m, rng = started(players, physical, seed), random.Random(seed)
    for _ in range(steps):
        if m.to_move().kind == NOBODY:
            return m
        yield m
        actions = m.legal_actions()
        m.apply(rng.choice(actions) if actions else m.parse(grid_fill(m, rng)))
    raise AssertionError("no end")


def test_setup_asks_the_table_and_lists_the_npcs_seats_and_the_chief():
    m = Match(DATA, 1, False)
    assert m.to_move() == Mover(PLAYER, "table") and m.legal_actions() == []  # players: a form
    m.apply(m.parse("A=scotch B=wolf C=hibachi"))
    m.apply(m.parse("scs"))
    unused = [d for d in DETECTIVES if d not in ("scotch", "wolf", "hibachi")]
    assert m.legal_actions() == [NpcSeat(d, after) for d in unused for after in "ABC"]
    assert m.parse("random") in m.legal_actions()
    m.apply(m.parse(f"{unused[0]} after B"))
    assert m.legal_actions() == [Chief("A"), Chief("B"), Chief("C")]


def test_a_physical_npc_deck_is_a_chance_move_listing_each_card_it_still_holds():
    m = started(3, physical=True)
    for line in [a.line() for a in m.legal_actions() if a.name == "A"][:1] + ["B 0 1", "C 0 1"]:
        m.apply(m.parse(line))
    assert m.to_move() == Mover(CHANCE, "card")
    npc = next(s for s in m.game.seats if s.npc)
    assert m.legal_actions() == [Bid(NPC, (card,)) for card in sorted(set(npc.hand))]


def test_bids_may_come_in_any_order_and_each_is_listed_under_its_bidders_name():
    m = started(4)
    assert m.parse("C 3 5") == Bid("C", (3, 5)) and Bid("C", (3, 5)) in m.legal_actions()
    assert {a.name for a in m.legal_actions()} == {"A", "B", "C", "D"}
    m.apply(Bid("C", (3, 5)))
    assert {a.name for a in m.legal_actions()} == {"A", "B", "D"}
    with pytest.raises(RuleError):
        m.apply(Bid("C", (1, 2)))  # C has bid: refused, and nothing changed
    assert m.game.bids == {2: (3, 5)}


@pytest.mark.parametrize("players, physical", [(3, False), (3, True), (4, False), (5, False)])
def test_every_listed_action_round_trips_applies_and_a_walk_ends_with_one_outcome(players, physical):
    for seed in range(4):
        m = None
        for m in walk(players, physical, seed):
            for action in m.legal_actions():
                assert m.parse(action.line()) == action, action
            sample = random.Random(seed).sample(m.legal_actions(), min(3, len(m.legal_actions())))
            for action in sample:
                assert all(isinstance(e, Event) for e in m.clone().apply(action))
        assert m.to_move() == Mover(NOBODY) and m.legal_actions() == []
        outcome = m.outcome()
        assert outcome.winners == tuple(m.game.seats[i].name for i in m.game.winners())
        assert [p.who for p in outcome.ranking if p.place == 1] == list(outcome.winners) or not outcome.winners


def fuzzed(m, rng):
    names = [s.name for s in m.game.seats] + ["Zed"]
    parts = [rng.choice(names + ["", "", "adjust"])] + [str(rng.randint(0, 9)) for _ in range(rng.choice((1, 2, 2, 3)))]
    return " ".join(p for p in parts if p) or "0"


@pytest.mark.parametrize("players, physical", [(3, True), (4, False)])
def test_a_fuzzed_line_is_accepted_exactly_when_it_is_listed_or_a_correction(players, physical):
    rng, checked = random.Random(players), 0
    for m in walk(players, physical, seed=7):
        legal = set(m.legal_actions())
        for _ in range(40):
            line = fuzzed(m, rng)
            action = accepted(m, line)
            if action is None:
                continue
            checked += 1
            if isinstance(action, Bid):  # two cards laid are the same bid in either order ("5 2" is "2 5")
                action = Bid(action.name, tuple(sorted(action.cards)))
            assert action in legal or isinstance(action, Adjust), line
    assert checked > 40  # of some 1,200 lines; most name cards not in hand


def test_names_with_spaces_are_players_chiefs_seats_bidders_and_corrected_scores():
    m = Match(DATA, 3, False)
    for line in ("Ann Marie=scotch  Ben=wolf Chie Lee=hibachi", "s c s", "random after Ann Marie", "ann marie",
                 "RB YG RR BP GY"):
        m.apply(m.parse(line))
    assert [s.name for s in m.game.seats if not s.npc] == ["Ann Marie", "Ben", "Chie Lee"]
    assert m.game.seats[m.game.chief].name == "Ann Marie"
    bids = [a for a in m.legal_actions() if isinstance(a, Bid) and a.name == "Chie Lee"]
    assert bids and all(m.parse(a.line()) == a for a in bids)  # "Chie Lee 0 1" round-trips
    m.apply(bids[0])
    assert m.parse("adjust Chie Lee +2") == Adjust("Chie Lee", 2)
    for line in ("Ann=scotch Ben", "Ann Marie scotch", "=scotch Ben=wolf Chie=hibachi"):
        with pytest.raises(RuleError, match="NAME=DETECTIVE"):
            Match(DATA, 3, False).parse(line)
