"""24's rules, one by one, on the engine alone (values are read from the bundled data)."""

import pytest

from companion.terror24.engine import Check, Game, Placed, RuleError, Seat, npc_style
from tabletop.data.terror24 import load_terror24
from tabletop.record import replace

DATA = load_terror24()
GRID = [["bomb", "hijack"], ["shooting", "bio"], ["bomb", "bomb"], ["hijack", "hostage"],
        [None] * 3, ["bio", "shooting"], [None] * 3]
SUIT = {s.id: s for s in DATA.events.suits}


def game(styles, chief=0, npc=None, grid=None, detectives=None):
    """Players A, B, C, ... with the given styles ("sc..."); npc=(style, deck, seat) adds the NPC."""
    dets = detectives or ["scotch", "wolf", "hibachi", "lloyd", "dokaben"]
    style = {"s": "stand", "c": "coop"}
    seats = [Seat("ABCDE"[i], dets[i], style[x], list(DATA.time_cards.values)) for i, x in enumerate(styles)]
    if npc:
        npc_style_, deck, where = npc
        seats.insert(where, Seat("NPC", dets[len(styles)], style[npc_style_], list(deck), npc=True))
    return Game(DATA, seats, chief, [list(c) for c in (grid or GRID)])


def seat(g, name):
    return next(i for i, s in enumerate(g.seats) if s.name == name)


def play_round(g, bids):
    """bids: {name: [cards]} for the humans, then the NPC (if it bids) last."""
    result = None
    for name, cards in bids.items():
        result = g.bid(seat(g, name), cards)
    return result


def awards(result, g):
    return sorted((g.seats[a.seat].name, a.kind, a.suit, a.vp) for a in result.awards)


def test_rulebook_example_coop_pair_a_first_c_second():
    # Times A 4, B 2, C 5, D 3; A and B in coop: A 4+2, B 2+2, C 5, D 3 -> A first, C second.
    g = game("ccss")
    r = play_round(g, {"A": [1, 3], "B": [0, 2], "C": [1, 4], "D": [1, 2]})
    assert r.coop_count == 2
    assert [(g.seats[e.seat].name, e.time) for e in r.ranking] == [("A", 6), ("C", 5), ("B", 4), ("D", 3)]
    assert [(g.seats[p.seat].name, p.suit) for p in r.placed] == [("A", "bomb"), ("C", "hijack")]
    # A: coop main VP of its event; B (coop, not placed): the sub VP of A's event; C: stand VP.
    assert awards(r, g) == sorted([("A", "coop_main", "bomb", SUIT["bomb"].coop_main_vp),
                                   ("B", "coop_sub", "bomb", SUIT["bomb"].coop_sub_vp),
                                   ("C", "stand", "hijack", SUIT["hijack"].stand_vp)])
    assert [s.vp for s in g.seats] == [SUIT["bomb"].coop_main_vp, SUIT["bomb"].coop_sub_vp,
                                       SUIT["hijack"].stand_vp, 0]
    # Placed: cards stay out; not placed: back to hand.
    assert g.seats[0].kept == [1, 3] and sorted(g.seats[0].hand) == [0, 1, 2, 2, 4, 5, 6]
    assert g.seats[1].kept == [] and sorted(g.seats[1].hand) == sorted(DATA.time_cards.values)
    assert r.back_to_hand == {1: (0, 2), 3: (1, 2)} and r.left_out == {0: (1, 3), 2: (1, 4)}
    assert g.chief == 0 and g.round == 2


def test_coop_count_adds_to_every_coop_bidder_even_a_lone_one():
    g = game("csss")
    r = play_round(g, {"A": [1, 1], "B": [1, 2], "C": [0, 2], "D": [0, 1]})
    assert {g.seats[e.seat].name: e.time for e in r.ranking} == {"A": 3, "B": 3, "C": 2, "D": 1}


def test_coop_count_includes_the_npc():
    g = game("css", npc=("c", [4, 1, 1, 2, 2, 3, 5, 6], 3))
    r = play_round(g, {"A": [1, 1], "B": [1, 2], "C": [0, 2], "NPC": [4]})
    assert r.coop_count == 2
    assert {g.seats[e.seat].name: e.time for e in r.ranking} == {"A": 4, "B": 3, "C": 2, "NPC": 6}


def test_all_coop_example_main_and_sub_vp():
    # 1st A, 2nd B, 3rd C, all coop: A main(1st)+sub(2nd), B sub(1st)+main(2nd), C sub(1st)+sub(2nd).
    g = game("ccc", npc=("s", [1, 1, 2, 2, 3, 4, 5, 6], 3))
    r = play_round(g, {"A": [5, 6], "B": [3, 4], "C": [1, 2], "NPC": [1]})
    b, h = SUIT["bomb"], SUIT["hijack"]
    assert awards(r, g) == sorted([
        ("A", "coop_main", "bomb", b.coop_main_vp), ("A", "coop_sub", "hijack", h.coop_sub_vp),
        ("B", "coop_sub", "bomb", b.coop_sub_vp), ("B", "coop_main", "hijack", h.coop_main_vp),
        ("C", "coop_sub", "bomb", b.coop_sub_vp), ("C", "coop_sub", "hijack", h.coop_sub_vp)])
    assert g.seats[3].vp == 0  # the NPC in stand got nothing from the coop events


@pytest.mark.parametrize("chief, order", [(0, ["A", "B", "NPC"]), (1, ["B", "NPC", "A"]),
                                          (2, ["NPC", "A", "B"]), (3, ["A", "B", "NPC"])])
def test_ties_go_to_the_nearest_seat_clockwise_from_the_chief_npc_included(chief, order):
    # Seats: A B NPC C; A, B and the NPC all reach 5; the nearer to the chief (clockwise) ranks higher.
    g = game("sss", npc=("s", [5, 1, 1, 2, 2, 3, 4, 6], 2))
    g.chief = chief  # the NPC can be chief after taking a first place
    r = play_round(g, {"A": [2, 3], "B": [1, 4], "C": [0, 1], "NPC": [5]})
    assert [g.seats[e.seat].name for e in r.ranking if e.time == 5] == order
    assert g.chief == r.ranking[0].seat


def test_rounds_five_and_seven_reveal_first_then_three_places():
    g = game("sss", npc=("c", [1, 1, 2, 2, 3, 4, 5, 6], 3))
    g.round = 5
    assert g.need() == ("reveal", None)
    with pytest.raises(RuleError):
        g.bid(0, [0, 1])
    with pytest.raises(RuleError, match="3 events"):
        g.reveal(["shooting", "bio"])
    g.reveal(["shooting", "bio", "hostage"])
    r = play_round(g, {"A": [5, 6], "B": [3, 4], "C": [2, 2], "NPC": [1]})
    assert [p.suit for p in r.placed] == ["shooting", "bio", "hostage"]
    assert [g.seats[p.seat].name for p in r.placed] == ["A", "B", "C"]
    assert g.round == 6 and g.need() == ("bid", g.chief)


def test_reveal_refuses_more_events_of_a_suit_than_exist():
    g = game("sss", npc=("c", [1, 1, 2, 2, 3, 4, 5, 6], 3))
    g.round = 5
    with pytest.raises(RuleError, match="Hostage"):
        g.reveal(["hostage", "hostage", "bio"])  # one hostage is in column 4 already


def test_same_colour_bonus_is_the_round_number_and_only_for_the_receiver():
    g = game("ccs", npc=("s", [1, 1, 2, 2, 3, 4, 5, 6], 3))
    play_round(g, {"A": [5, 6], "B": [0, 1], "C": [0, 1], "NPC": [1]})  # A takes a bomb in round 1
    g.round = 3  # column 3 is bomb, bomb
    r = play_round(g, {"A": [3, 4], "B": [2, 2], "C": [0, 1], "NPC": [1]})
    bonus = [(g.seats[a.seat].name, a.vp) for a in r.awards if a.kind == "colour"]
    assert bonus == [("A", 3)]  # B also receives a bomb, but holds none yet; sub VP never carries a bonus


@pytest.mark.parametrize("table", [dict(styles="sccs"), dict(styles="scc", npc=("s", [1, 1, 2, 2, 3, 4, 5, 6], 1))])
def test_styles_switch_in_the_end_phase_of_marked_rounds(table):
    g = game(**table)  # scotch, wolf, hibachi, lloyd (the NPC in the 3-player game)
    seen = []
    for r in range(1, 8):
        if g.need()[0] == "reveal":
            g.reveal(["shooting", "bio", "hijack"] if r == 5 else ["hijack", "bio", "hostage"])
        styles_before = [s.style for s in g.seats]
        play_round(g, {s.name: s.hand[:1] if s.npc else sorted(s.hand)[:2]
                       for s in sorted(g.seats, key=lambda s: s.npc)})  # the NPC turns its card last
        seen.append([a != b for a, b in zip(styles_before, [s.style for s in g.seats])])
    for i, s in enumerate(g.seats):
        marks = DATA.detective(s.detective).schedule
        assert [row[i] for row in seen] == [m == DATA.schedule.switch_mark for m in marks]


def test_a_player_with_one_card_left_sits_out():
    g = game("sss", npc=("s", [1, 1, 2, 2, 3, 4, 5, 6], 3))
    g.seats[1].hand = [0]
    g._bidders = g._eligible()  # the hand changed outside a round
    assert 1 not in g.bidders()
    with pytest.raises(RuleError, match="sits out"):
        g.bid(1, [0])
    r = play_round(g, {"A": [1, 2], "C": [0, 1], "NPC": [1]})
    assert r.sitting_out == [1] and g.seats[1].hand == [0]


def test_npc_card_goes_to_the_bottom_when_not_placed_and_stays_out_when_placed():
    g = game("sss", npc=("c", [1, 6, 1, 2, 2, 3, 4, 5], 3))
    r = play_round(g, {"A": [5, 6], "B": [3, 4], "C": [0, 1], "NPC": [1]})
    assert r.npc_to_bottom == (1,) and g.seats[3].hand == [6, 1, 2, 2, 3, 4, 5, 1]
    r = play_round(g, {"A": [3, 4], "B": [0, 1], "C": [0, 1], "NPC": [6]})
    assert Placed(3, "bio") in r.placed and r.npc_to_bottom == () and g.seats[3].kept == [6]
    assert g.seats[3].hand == [1, 2, 2, 3, 4, 5, 1]


def test_npc_card_must_be_in_its_deck_and_comes_after_the_players():
    g = game("sss", npc=("c", [1, 1, 2, 2, 3, 4, 5, 6], 3))
    with pytest.raises(RuleError, match="after every player"):
        g.bid(3, [1])
    play_round(g, {"A": [5, 6], "B": [3, 4], "C": [0, 1]})
    with pytest.raises(RuleError, match="cannot lay 0: the deck holds"):
        g.bid(3, [0])


def test_bids_are_checked_against_the_hand():
    g = game("ssss")
    with pytest.raises(RuleError, match="exactly 2"):
        g.bid(0, [1])
    with pytest.raises(RuleError, match="cannot lay 6 6"):
        g.bid(0, [6, 6])
    g.bid(0, [6, 5])
    with pytest.raises(RuleError, match="already bid"):
        g.bid(0, [1, 1])


def test_npc_style_is_the_minority():
    assert npc_style(["stand", "stand", "coop"]) == "coop"
    assert npc_style(["coop", "stand", "coop"]) == "stand"
    assert npc_style(["coop", "coop", "coop"]) == "stand"
    assert npc_style(["stand", "stand", "stand"]) == "coop"


def end_game(g, kept, hands, chief):
    """Jump to the last round with given cards in front / in hand, and play it without placing anyone new."""
    g.round, g.chief = 7, chief
    for s, k, h in zip(g.seats, kept, hands):
        s.kept, s.hand = list(k), list(h)
    g._bidders = g._eligible()
    g.reveal(["hijack", "bomb", "bio"])
    for i in g.bidders():
        g.bid(i, sorted(g.seats[i].hand)[-2:] if not g.seats[i].npc else g.seats[i].hand[:1])


def test_life_or_death_order_by_time_in_front_and_stop_at_first_death():
    g = game("ssss")
    end_game(g, kept=[[6], [5, 5], [3, 2], [4, 5]], hands=[[0, 1, 1, 2], [0, 2, 4, 6], [0, 1], [0, 3, 5, 6]],
             chief=0)
    # Round 7: D 5+6, B 4+6, A 1+2 are placed; D takes the chief. In front: A 9, B 20, C 5, D 20:
    # B and D tie and D, the chief, ranks first.
    assert [g.seats[i].time_in_front for i in range(4)] == [9, 20, 5, 20]
    assert [g.seats[i].name for i in g.check_order] == ["D", "B", "A", "C"]
    assert g.need() == ("check", 3)
    with pytest.raises(RuleError, match="no 5"):
        g.check(5)  # not in hand
    assert not g.check(3).dead
    assert g.check(0).dead  # B dies; A and C are never checked
    assert g.is_over() and [c.seat for c in g.checks] == [3, 1]
    assert [s.dead for s in g.seats] == [False, True, False, False]


def test_a_hand_of_only_the_zero_dies_without_a_draw():
    g = game("ssss")
    end_game(g, kept=[[6], [6, 6, 6, 6], [3, 2], [4, 5]], hands=[[0, 1, 1, 2], [0], [0, 1], [0, 3, 5, 6]],
             chief=0)
    assert g.check_order[0] == 1  # B: 24 in front, sat out with only the 0
    assert g.checks == [Check(1, None, True)] and g.is_over()
    assert g.winners() == [2]  # C took the round's bio event; B is dead


def test_the_npc_never_wins_and_makes_no_check():
    g = game("sss", npc=("s", [6, 1, 1, 2, 2, 3, 4, 5], 3))
    end_game(g, kept=[[1], [1], [1], [5]], hands=[[0, 1, 1], [0, 1, 1], [0, 2, 2], [6, 1]], chief=0)
    g.seats[3].vp = 99
    assert 3 not in g.check_order and g.is_over()  # C (5 in front) held only the 0 and died
    assert g.seats[3].vp > g.seats[0].vp and g.winners() == [0]


def test_winner_ties_go_to_time_in_front_then_draw():
    g = game("ssss")
    end_game(g, kept=[[], [], [], []], hands=[[0, 1], [0, 2], [0, 1], [0, 3]], chief=0)
    for s in g.seats:
        s.vp = 10
    g.seats[0].kept, g.seats[2].kept = [4], [4]
    assert g.winners() == [0, 2]  # a draw
    g.seats[2].kept = [5]
    assert g.winners() == [2]


def test_setup_is_validated():
    with pytest.raises(RuleError, match="3–5 players"):
        game("ss")
    with pytest.raises(RuleError, match="virtual player"):
        game("sss")
    with pytest.raises(RuleError, match="face down"):
        game("ssss", grid=[["bomb", "hijack"]] * 4 + [["bio"] * 3] + [["bomb", "hijack"]] + [[None] * 3])
    with pytest.raises(RuleError, match="only 2 Hostage"):
        game("ssss", grid=[["hostage", "hostage"], ["hostage", "bomb"]] + GRID[2:])


def test_rounds_nobody_can_bid_in_pass_with_their_end_phase():
    # Only reachable with edited data: here every bid is the whole 9-card hand.
    data = replace(DATA, rules=replace(DATA.rules, bid_cards=9))
    seats = [Seat(n, d, "stand", list(DATA.time_cards.values))
             for n, d in zip("ABCD", ["scotch", "wolf", "hibachi", "lloyd"])]
    g = Game(data, seats, 0, [list(c) for c in GRID])
    for i in range(4):
        g.bid(i, list(DATA.time_cards.values))
    assert g.round == 2 and g.bidders() == [2, 3]  # A and B were placed and keep only the 0
    g.bid(2, list(DATA.time_cards.values))
    g.bid(3, list(DATA.time_cards.values))
    assert g.round == 5 and g.need() == ("reveal", None)  # rounds 3 and 4 passed; round 5 must be turned up
    g.reveal(["shooting", "bio", "hostage"])
    assert g.round == 7 and len(g.results) == 6 and g.results[-1].placed == []
    g.reveal(["hijack", "bomb", "bio"])
    assert g.is_over() and g.checks[0].card is None and g.checks[0].dead


def test_five_players_play_without_an_npc_and_ties_wrap_around_from_the_chief():
    with pytest.raises(RuleError, match="virtual player joins exactly when 3 play"):
        game("ssss", npc=("s", [1, 1, 2, 2, 3, 4, 5, 6], 4))
    g = game("sscss", chief=3)
    assert g.bidders() == [3, 4, 0, 1, 2] and g.need() == ("bid", 3)
    # E (stand 2+3) and C (coop 1+3 +1) tie at 5; from chief D clockwise E comes before C.
    r = play_round(g, {"D": [0, 1], "E": [2, 3], "A": [0, 2], "B": [1, 1], "C": [1, 3]})
    assert [(g.seats[e.seat].name, e.time) for e in r.ranking[:2]] == [("E", 5), ("C", 5)]
    assert g.chief == 4 and g.round == 2
