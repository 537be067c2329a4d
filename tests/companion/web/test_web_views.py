"""The play pages' view models: the buttons offered in a position are exactly the legal actions, and
every button's line is accepted by the game as the terminal would accept it."""
from companion.famiglia.engine import Rules
from companion.famiglia.match import Match
from companion.famiglia.repl import FamigliaTable
from companion.session import Session
from companion.showdown.repl import ShowdownTable
from companion.table import InputError, replay
from companion.terror24.repl import Terror24Table
from companion.web.views import famiglia, showdown, terror24
from tabletop.data.famiglia import load_famiglia
from tabletop.data.terror24 import load_terror24

FAMIGLIA = load_famiglia()
TERROR24 = load_terror24()
STREET = "R1 B2 Y3 G1 R2 B1"
SETUP_24 = ["Aki=scotch Ben=wolf Chie=hibachi", "s c s", "lloyd after Chie", "Aki", "RB YG RR BP ??? GY ???"]
TEAMS = [{"name": "Ann", "faction": "red_heart"}, {"name": "Bob", "faction": "void_clover"}]


def famiglia_session(lines, first="player"):
    return Session(game="famiglia", options={"level": 3, "first": first, "lang": "en"}, seed=1,
                   entries=[[line] for line in lines])


def famiglia_table(session):
    rules = Rules(FAMIGLIA, 3)
    return replay(session, lambda s: FamigliaTable(rules, s.options["first"], "en"))


def terror24_session(lines, deck="physical"):
    return Session(game="terror24", options={"npc_deck": deck, "lang": "en"}, seed=7,
                   entries=[[line] for line in lines])


def terror24_table(session):
    return replay(session, lambda s: Terror24Table(s, TERROR24, "en"))


def showdown_session(lines):
    return Session(game="hitmans-showdown", options={"teams": TEAMS, "lang": "en"}, seed=3,
                   entries=[[line] for line in lines])


def accepted(build, session, line):
    """Whether a fresh copy of the game accepts `line`."""
    try:
        build(session).handle(line)
    except InputError:
        return False
    return True


# ---- Famiglia --------------------------------------------------------------------------------------

def test_famiglia_new_game_asks_for_the_street_with_the_whole_census_in_the_grid():
    shown = famiglia.view(famiglia_table(famiglia_session([])))
    draw = shown["draw"]
    assert draw["count"] == 6 and draw["setup"]
    assert [[c["code"] for c in row] for row in draw["rows"]][0] == ["R0", "R1", "R2", "R3", "R4"]
    # the start sets are out of the stack: one R0 fewer than the five printed, each start set holds one
    assert draw["rows"][0][0]["left"] == 3 and draw["rows"][0][4]["left"] == 1
    assert shown["street"] == [] and shown["end"] is None and shown["setup"]


def test_famiglia_players_turn_offers_take_and_refresh_for_every_street_card():
    session = famiglia_session([STREET])
    shown = famiglia.view(famiglia_table(session))
    assert [c["code"] for c in shown["street"]] == STREET.split()
    lines = [c["take"].line for c in shown["street"]] + [c["refresh"].line for c in shown["street"]]
    assert lines == [f"take {n}" for n in range(1, 7)] + [f"refresh {n}" for n in range(1, 7)]
    assert shown["end"].line == "end"
    assert all(accepted(famiglia_table, session, line) for line in lines + ["end"])


def test_famiglia_no_refresh_button_while_a_zero_shows():
    session = famiglia_session(["R0 B2 Y3 G1 R2 B1"])
    shown = famiglia.view(famiglia_table(session))
    assert all(c["refresh"] is None for c in shown["street"])
    assert "0 is on the Street" in shown["refresh_block"]
    assert not accepted(famiglia_table, session, "refresh 2")
    assert all(accepted(famiglia_table, session, c["take"].line) for c in shown["street"])


def test_famiglia_grid_offers_exactly_the_cards_the_stack_can_still_hold():
    session = famiglia_session([STREET, "refresh 2"])  # B2 discarded: 2 cards to draw
    table = famiglia_table(session)
    draw = famiglia.view(table)["draw"]
    assert draw["count"] == 2
    for row in draw["rows"]:
        for card in row:
            trial = table.game.clone()
            try:
                trial.draw(table.rules.index[card["code"]])
                can = True
            except Exception:  # RuleError: every copy is accounted for
                can = False
            assert can == (card["left"] > 0), card["code"]
    assert not famiglia.view(table)["street"][0]["take"]  # no take while cards are owed


def test_famiglia_robot_turn_is_shown_as_numbered_steps_and_the_card_it_takes():
    # the player takes R1; the robot (level 3, collecting 0s first) finds no 0 and refreshes, then draws
    session = famiglia_session([STREET, "take 1"])
    table = famiglia_table(session)
    turn = famiglia.view(table)["robot_turn"]
    assert turn["waiting"] and turn["card"] is None and "discard the leftmost card" in turn["steps"][-1]
    owed = table.game.draw_count()
    session.entries[-1].append(" ".join(["Y0"] * owed))
    shown = famiglia.view(famiglia_table(session))
    turn = shown["robot_turn"]
    assert turn["card"]["code"] == "Y0" and not turn["waiting"]
    assert turn["steps"][-1].startswith("Robot takes Y0")
    assert shown["turn"] == "player" and [c["code"] for c in shown["robot"]["cards"]].count("Y0") == 2


# ---- 24 ----------------------------------------------------------------------------------------------

def test_terror24_wizard_walks_the_setup_questions_in_order():
    steps = []
    for n in range(len(SETUP_24)):
        shown = terror24.view(terror24_table(terror24_session(SETUP_24[:n])))
        steps.append(shown["setup"]["step"])
    assert steps == ["players", "styles", "npc", "chief", "grid"]
    chiefs = terror24.view(terror24_table(terror24_session(SETUP_24[:3])))["setup"]["chiefs"]
    assert [b.line for b in chiefs] == ["Aki", "Ben", "Chie"]
    assert all(accepted(terror24_table, terror24_session(SETUP_24[:3]), b.line) for b in chiefs)
    unused = terror24.view(terror24_table(terror24_session(SETUP_24[:2])))["setup"]["unused"]
    assert [d["id"] for d in unused] == ["lloyd", "dokaben"]


def test_terror24_pads_offer_only_the_cards_in_each_hand():
    session = terror24_session(SETUP_24 + ["Aki 3 5"])
    shown = terror24.view(terror24_table(session))
    assert shown["phase"] == "bid"
    pads = {p["prefix"]: p for p in shown["pads"]}
    assert set(pads) == {"Ben", "Chie"}  # Aki has laid already
    hand = terror24_table(session).game.seats[1].hand
    assert {k["value"]: k["left"] for k in pads["Ben"]["cards"]} == {str(c): hand.count(c) for c in set(hand)}
    assert pads["Ben"]["count"] == 2
    assert accepted(terror24_table, session, "Ben 1 2")
    assert not accepted(terror24_table, session, "Aki 1 2")


def test_terror24_physical_npc_gets_a_pad_of_its_deck_and_the_round_outcome_follows():
    session = terror24_session(SETUP_24 + ["3 5", "1 2", "0 6"])
    shown = terror24.view(terror24_table(session))
    assert shown["phase"] == "npc" and len(shown["pads"]) == 1 and shown["pads"][0]["prefix"] == ""
    key = shown["pads"][0]["cards"][0]["value"]
    session.entries.append([key])
    shown = terror24.view(terror24_table(session))
    text = "\n".join(shown["last_round"])
    assert "new chief" in text and "VP" in text and "standings" in text
    assert shown["round"] == 2 and shown["phase"] == "bid"


def test_terror24_virtual_npc_needs_no_pad():
    session = terror24_session(SETUP_24 + ["3 5", "1 2", "0 6"], deck="virtual")
    shown = terror24.view(terror24_table(session))
    assert shown["round"] == 2 and len(shown["last_round"]) > 3


# ---- Hitman's Showdown ------------------------------------------------------------------------------

def test_showdown_turn_offers_attacks_on_the_board_and_pass_and_each_is_accepted():
    session = showdown_session([])
    table = replay(session, ShowdownTable)
    shown = showdown.view(table)
    lines = [b.line for group in shown["attacks"] for b in group["buttons"]] + [b.line for b in shown["turn_buttons"]]
    assert lines[-1] == "pass"
    assert all(group["condition"] for group in shown["attacks"])
    advance = {c for c in table.engine.board if (table.game.card(c).advance or 0) >= 1000}  # Ann holds 1,000
    assert advance and {line.split()[1] for line in lines[:-1]} == set(table.engine.board) - advance
    assert not any(line == "attack Bob" for line in lines)  # hitman attacks open later
    for line in lines:
        assert accepted(lambda s: replay(s, ShowdownTable), session, line), line


def test_showdown_attack_offers_buys_dice_and_after_the_roll_the_check_and_done():
    session = showdown_session(["attack SQ"])
    shown = showdown.view(replay(session, ShowdownTable))
    action = shown["action"]
    assert action["stage"] == "prepare" and action["dice"]["count"] >= 1
    buys = [b.line for b in action["buttons"] if b.line.startswith("buy")]
    assert "buy weapon" in buys and "buy precise_closing" not in buys  # hitman attacks only
    assert all(accepted(lambda s: replay(s, ShowdownTable), session, line) for line in buys)
    faces = " ".join(["6"] * action["dice"]["count"])
    session.entries.append([f"roll {faces}"])
    action = showdown.view(replay(session, ShowdownTable))["action"]
    assert action["stage"] == "after" and action["standing"] and action["dice"] is None
    assert [b.line for b in action["then"]] == ["done"]  # going on comes after the buys, uses and dice
    assert action["verdict"] == {"success": False, "word": "Failure"}  # six 6s are not four 4s


def test_showdown_penalty_question_offers_faces_and_a_virtual_roll():
    session = showdown_session(["attack SQ"])
    count = showdown.view(replay(session, ShowdownTable))["action"]["dice"]["count"]
    session.entries += [["roll " + " ".join(["1"] * count)], ["done"]]
    table = replay(session, ShowdownTable)
    action = showdown.view(table)["action"]  # SQ carries a penalty: the failed attack asks for its roll
    assert action["question"] and action["answer_faces"]
    lines = [b.line for b in action["buttons"]]
    assert lines == ["1", "2", "3", "4", "5", "6", "roll"]
    assert all(accepted(lambda s: replay(s, ShowdownTable), session, line) for line in lines)


def test_showdown_hitman_attack_walks_prepare_defend_roll_and_the_theft_question():
    table = replay(showdown_session([]), ShowdownTable)
    lines = []
    while table.engine.week < table.engine.first_week_with("open_hitman_attacks"):
        assert "attack Bob" not in [b.line for b in showdown.view(table)["turn_buttons"]]
        table.handle("pass")
        lines.append("pass")
    assert [b.line for b in showdown.view(table)["turn_buttons"]] == ["attack Bob", "pass"]
    stages = []
    for line in ["attack Bob", "ready", "ready", "roll 6 6 6", "roll 1 1", "done"]:
        action = showdown.view(table)["action"]
        offered = [b.line for b in action["buttons"] + action["then"]] if action else ["attack Bob"]
        assert line in offered or line.startswith("roll") and action["dice"], (line, offered)
        table.handle(line)
        action = showdown.view(table)["action"]
        stages.append((action["stage"], action["dice"]["team"] if action["dice"] else None))
    assert stages == [("prepare", None), ("defend", None), ("roll", "Ann"), ("roll", "Bob"), ("after", None),
                      ("settle", None)]
    question = showdown.view(table)["action"]
    assert "money taken" in question["question"] and question["answer_faces"]
    table.handle("3")
    assert showdown.view(table)["action"] is None


def test_famiglia_second_pass_draw_of_known_cards_is_one_button_in_their_order():
    from famiglia_helpers import position

    table = FamigliaTable(Rules(FAMIGLIA, 3), "player", "en")
    table.match = Match(position(["R2", "B1", "Y3"], passno=2, bottom=["G1", "G2", "R3"], stack=[], turn="player"))
    table.handle("refresh 1")  # R2 goes under the stack; its 2 cards are the first two put there
    draw = famiglia.view(table)["draw"]
    assert draw["count"] == 2 and draw["known"].line == "G1 G2"
    assert {c["code"]: c["left"] for row in draw["rows"] for c in row if c["left"]} == {"G1": 1, "G2": 1}
    table.handle(draw["known"].line)
    assert [table.rules.codes[c] for c in table.game.street] == ["B1", "Y3", "G1", "G2"]


def test_terror24_four_player_game_played_from_the_view_alone_reaches_the_check():
    session = terror24_session(["A=scotch B=wolf C=hibachi D=lloyd", "s s c c", "A", "RB YG RR BP ??? GY ???"],
                               deck="virtual")
    table = terror24_table(session)
    checks = 0
    while not table.is_over():
        shown = terror24.view(table)
        if shown["phase"] == "reveal":
            line = "YGR" if shown["round"] == 5 else "BRP"
        elif shown["phase"] == "bid":
            pad = shown["pads"][0]
            lowest = [k["value"] for k in pad["cards"] for _ in range(k["left"])][:pad["count"]]
            line = " ".join([pad["prefix"], *lowest])
        else:
            assert shown["phase"] == "check"
            seat = table.game.need()[1]
            lines = [b.line for b in shown["check"]["buttons"]]
            assert lines == [str(c) for c in sorted(set(table.game.seats[seat].hand))] + ["draw"]
            line, checks = lines[-1], checks + 1
        table.handle(line)
    assert checks and terror24.view(table)["final"]


def test_showdown_theft_offers_the_cards_the_loser_can_lose():
    table = replay(showdown_session([]), ShowdownTable)
    while table.engine.week < table.engine.first_week_with("open_hitman_attacks"):
        table.handle("pass")
    for line in ["give SQ Bob", "attack Bob", "ready", "ready", "roll 6 6 6", "roll 1 1", "done"]:
        table.handle(line)
    action = showdown.view(table)["action"]
    assert not action["answer_faces"] and [b.line for b in action["buttons"]] == ["SQ"]
    table.handle("SQ")
    assert showdown.view(table)["action"]["answer_faces"]  # then the money taken is rolled
