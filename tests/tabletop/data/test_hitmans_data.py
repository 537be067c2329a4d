"""Hitman's Showdown data: the real file against the rulebook and rulings, and every kind of bad data."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from hitmans_broken import write_broken_copy
from tabletop.data import CARDS_DIR, TEMPLATES_DIR
from tabletop.data.errors import DataError
from tabletop.data.hitmans_checks import census_group
from tabletop.data.hitmans_load import load_game
from tabletop.data.hitmans_showdown import (
    CENSUS,
    JOKERS,
    LABELS,
    Condition,
    FaceCountAtLeast,
    HoldsRole,
    MostCards,
    TotalAtLeast,
    TotalEquals,
    normalise_card_id,
)

REAL = CARDS_DIR / "hitmans_showdown.toml"


@pytest.fixture(scope="module")
def game():
    return load_game()


def test_all_54_cards_once_each(game):
    ids = [c.id for c in game.cards]
    suits_ranks = {s + r for s in "HDCS" for r in ["A", *map(str, range(2, 11)), "J", "Q", "K"]}
    assert len(ids) == 54
    assert set(ids) == suits_ranks | {"JOKER-COLOR", "JOKER-BLACK"}
    groups = {}
    for c in game.cards:
        groups[census_group(game, c)] = groups.get(census_group(game, c), 0) + 1
    assert groups == CENSUS == {"faction": 4, "scout": 4, "familia": 23, "slum": 23}


@pytest.mark.parametrize("role, ids", [
    ("mob", "H3 H4 H5 H6 H7 D3 D4 D5 D6 D7"),
    ("soldier", "H8 H9 H10 D8 D9 D10"),
    ("capo", "HJ HQ DJ DQ"),
    ("underboss", "HK DK"),
    ("godfather", "JOKER-COLOR"),
    ("stray", "C3 C4 C5 C6 C7 S3 S4 S5 S6 S7"),
    ("dog", "C8 C9 C10 S8 S9 S10"),
    ("bird", "CJ CQ SJ SQ"),
    ("cat", "CK SK"),
    ("rat_king", "JOKER-BLACK"),
    ("scout", "H2 D2 C2 S2"),
    ("faction", "HA DA CA SA"),
])
def test_roles_sit_on_the_rulebooks_cards(game, role, ids):
    assert {v.id for v in game.cards_of_role(role)} == set(ids.split())


def test_faction_aces(game):
    names = {v.id: (v.faction_id, v.title.en, v.title.ja) for v in game.cards_of_role("faction")}
    assert names == {
        "HA": ("red_heart", "Red Heart", "レッドハート"),
        "DA": ("blood_diamond", "Blood Diamond", "ブラッドダイヤモンド"),
        "CA": ("void_clover", "Void Clover", "ヴォイドクローバー"),
        "SA": ("darkness_speed", "Darkness Speed", "ダークネススピード"),
    }
    ace = game.card("CA")
    assert ace.effect_text == game.factions["void_clover"].ability
    assert ace.flavor == game.factions["void_clover"].flavor
    assert not ace.role.stealable and not game.card("H2").role.stealable


@pytest.mark.parametrize("role, reward, advance, penalty", [
    ("mob", 1000, 0, False), ("soldier", 3500, 0, False), ("capo", 7000, 0, True),
    ("underboss", 12000, 2000, True), ("godfather", 25000, 5000, True),
    ("stray", 1000, 0, False), ("dog", 3500, 0, False), ("bird", 7000, 0, True),
    ("cat", 12000, 2000, True), ("rat_king", 25000, 5000, True),
])
def test_rewards_advances_and_penalty_marks(game, role, reward, advance, penalty):
    r = game.roles[role]
    assert (r.reward, r.advance, r.penalty) == (reward, advance, penalty)


# Faces that just pass and just fail each condition (rulings: "N以上" is ≥, a bare Slum total is exact).
@pytest.mark.parametrize("role, passing, failing", [
    ("mob", [[1, 2]], [[1, 1]]),
    ("soldier", [[6, 6, 2]], [[6, 6, 1]]),
    ("capo", [[1, 6, 6, 6, 6]], [[2, 6, 6, 6, 6], [1, 6, 6, 6, 5]]),
    ("underboss", [[6] * 9 + [1]], [[6] * 9]),
    ("godfather", [[6] * 15], [[6] * 14 + [5]]),
    ("stray", [[2, 3], [1, 6, 6], [4, 1]], [[3, 3], [2, 2], [6, 6]]),
    ("dog", [[4, 5], [5, 2, 2]], [[5, 5], [3, 6], [6, 2, 1]]),
    ("bird", [[4, 4, 4, 4], [4, 4, 4, 4, 4, 1]], [[4, 4, 4, 6, 6]]),
    ("cat", [[2, 2, 2, 2, 6, 6, 5]], [[2, 2, 2, 2, 6, 6, 4], [2, 2, 2, 6, 6, 6, 6]]),
    ("rat_king", [[1] * 6 + [6, 6, 6, 6]], [[1] * 6 + [6, 6, 6, 5], [1] * 5 + [6] * 5]),
])
def test_conditions_follow_the_rulings(game, role, passing, failing):
    cond = game.roles[role].condition
    for faces in passing:
        assert cond.holds(faces), (role, faces)
    for faces in failing:
        assert not cond.holds(faces), (role, faces)


def test_condition_structure_uses_the_agreed_kinds(game):
    cat = game.roles["cat"].condition
    assert cat == Condition(any=(type(cat.any[0])(all=(FaceCountAtLeast(face=2, count=4), TotalAtLeast(total=25))),))
    stray = game.roles["stray"].condition
    assert [a.all for a in stray.any] == [(TotalEquals(total=5),), (FaceCountAtLeast(face=1, count=1),)]
    assert {a.KIND for a in (TotalAtLeast(1), TotalEquals(1), FaceCountAtLeast(1, 1))} == {
        "total_at_least", "total_equals", "face_count_at_least"}


@pytest.mark.parametrize("role, ja, en", [
    ("capo", "1の出目が1つ以上かつ出目合計値25以上", "at least one 1 and total ≥ 25"),
    ("stray", "出目合計値ちょうど5、もしくは1の出目が1つ以上", "total exactly 5, or at least one 1"),
    ("rat_king", "1の出目が6つ以上かつ出目合計値30以上", "at least six 1s and total ≥ 30"),
    ("mob", "出目合計値3以上", "total ≥ 3"),
])
def test_condition_text(game, role, ja, en):
    cond = game.roles[role].condition
    assert (cond.text("ja"), cond.text("en")) == (ja, en)


def _table(game, name):
    return [(row.faces, row.effect, row.amount, row.dice, row.times) for row in game.penalty_tables[name].rows]


def test_penalty_tables(game):
    assert _table(game, "mafia_loss") == [
        ((1, 2), "total_minus_3", None, None, None), ((3, 4), "lose_money", None, 1, 1000),
        ((5, 6), "skip_next_turn", None, None, None)]
    assert _table(game, "hitman_loss") == [
        ((1, 2), "total_minus_3", None, None, None), ((3, 4, 5), "lose_money", 3000, None, None),
        ((6,), "no_attack_same_target", None, None, None)]
    assert _table(game, "darkness_speed_mafia_loss") == [
        ((1, 2, 3), "nothing", None, None, None), ((4, 5), "lose_money", 1000, None, None),
        ((6,), "plus_one_die", None, None, None)]
    assert game.penalty_tables["hitman_loss"].row_for(5).amount == 3000


def test_faction_twists(game):
    t = {fid: f.twists for fid, f in game.factions.items()}
    assert (t["red_heart"].extra_dice, t["red_heart"].extra_cards_lost_on_failed_defence) == (1, 1)
    assert t["blood_diamond"].reward_doublings == 2
    vc = t["void_clover"]
    assert (vc.hitman_attack_extra_dice, vc.hitman_attack_total_bonus, vc.penalty_rolls) == (1, 2, 2)
    assert t["darkness_speed"].mafia_loss_table == "darkness_speed_mafia_loss"
    assert {f.hitman_loss_table for f in t.values()} == {"hitman_loss"}
    assert {t[f].mafia_loss_table for f in ("red_heart", "blood_diamond", "void_clover")} == {"mafia_loss"}
    assert sum(f.penalty_rolls for f in t.values()) == 5


def test_rules_prices_weeks_and_showdown(game):
    assert (game.rules.starting_money, game.rules.starting_dice, game.rules.actions_per_week) == (1000, 2, 3)
    prep = {p.id: (p.price, p.price_further, p.max_per_turn, p.hitman_attack_only) for p in game.preparation}
    assert prep == {"weapon": (500, 1000, None, False), "backup_plan": (1000, None, None, False),
                    "escape_route": (3500, None, None, False), "precise_closing": (1000, None, 3, True)}
    assert game.prep("precise_closing").ops[0].value == 3
    assert [(w.week, w.actions, w.events) for w in game.weeks] == [
        (1, 3, ("game_start",)), (2, 3, ("deal_scouts",)), (3, 3, ("open_hitman_attacks",)),
        (4, 3, ("strengthen_scouts",)), (5, 3, ()), (6, 0, ("showdown",))]
    bonuses = {b.id: (b.amount, b.who) for b in game.showdown.bonuses}
    assert bonuses == {
        "topple_the_top": (15000, HoldsRole(role="godfather")),
        "rat_catcher": (15000, HoldsRole(role="rat_king")),
        "new_wind": (20000, MostCards(organisation="familia", ties="all_tied")),
        "breeder": (20000, MostCards(organisation="slum", ties="all_tied"))}
    h = game.hitman_attack
    assert (h.cards_taken, h.money_dice, h.money_times, h.ties, h.loss_table) == (1, 1, 500, "defender",
                                                                                   "hitman_loss")


def test_effect_operations(game):
    kinds = {rid: [op.KIND for op in r.effect.ops] for rid, r in game.roles.items() if r.effect}
    assert kinds["underboss"] == ["add_dice", "add_dice_of_face"]
    assert kinds["bird"] == ["opponent_dice_minus", "opponent_highest_minus", "copy_die"]
    assert game.roles["underboss"].effect.uses_per_week == 2
    assert game.roles["mob"].effect.pair.ops[0].value == 3
    scout = game.roles["scout"].effect
    assert (scout.ops_in_week(3)[0].count, scout.ops_in_week(4)[0].count) == (1, 2)
    assert scout.uses_per_week is None and scout.uses_per_turn == 1
    assert game.roles["godfather"].effect.ops[0].amount == 10000


def test_every_card_has_both_languages(game):
    for v in game.deck():
        texts = [v.title, v.class_name, v.organisation.name, v.flavor, v.effect_text]
        for t in texts:
            assert t.ja.strip() and t.en.strip(), v.id
        assert ("♡" in v.index or "◇" in v.index) == (v.suit in ("H", "D"))
    assert game.card("JOKER-COLOR").red and not game.card("JOKER-BLACK").red
    assert game.card("C10").index == "♣10" and not game.card("C10").red


def test_money_format(game):
    assert game.format_money(25000, "ja") == "25000金"
    assert game.format_money(25000, "en") == "25,000 gold"


@pytest.mark.parametrize("typed, card_id", [
    ("hk", "HK"), ("♡K", "HK"), ("♥13", "HK"), ("c1", "CA"), ("◇10", "D10"), ("♠q", "SQ"),
    ("joker-colour", "JOKER-COLOR"), ("JOKER-BLACK", "JOKER-BLACK")])
def test_normalise_card_id(typed, card_id):
    assert normalise_card_id(typed) == card_id


@pytest.mark.parametrize("typed", ["H1O", "X5", "H14", "", "JOKER"])
def test_normalise_card_id_rejects(typed):
    with pytest.raises(ValueError):
        normalise_card_id(typed)


# ---- bad data -------------------------------------------------------------------------------------

@pytest.mark.parametrize("fixture, where, words", [
    ("syntax_error", None, ["TOML syntax error"]),
    ("missing_field", "cards[HK].role", ["missing required field 'role'"]),
    ("unknown_key", "cards[SQ].colour", ["unknown key 'colour'"]),
    ("wrong_type", "roles.soldier.reward", ["whole number"]),
    ("duplicate", "cards[H3].id", ["duplicate card id 'H3'"]),
    ("unknown_role", "cards[D5].role", ["unknown role 'mobster'"]),
    ("census_53", "cards", ["53 cards", "expected 54", "missing SQ"]),
])
def test_fixture_errors_name_file_card_and_field(fixture, where, words, tmp_path):
    folder = write_broken_copy(fixture, tmp_path)
    with pytest.raises(DataError) as info:
        load_game(folder)
    e, message = info.value, str(info.value)
    assert e.file == folder / "hitmans_showdown.toml" and str(e.file) in message
    if where:
        assert e.where == where and f"[{where}]" in message
    for w in words:
        assert w in message
    if fixture == "syntax_error":
        assert e.line == _line(folder, 'id = "HK')  # the other lines: tests/tabletop/data/test_toml_lines.py


def _line(folder: Path, start: str) -> int:
    lines = (folder / "hitmans_showdown.toml").read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if line.startswith(start))


# Defects the checks (not the types) catch, made by editing a copy of the real file.
@pytest.mark.parametrize("old, new, where, words", [
    ('id = "H3"\nrole = "mob"\n', 'id = "H3"\nrole = "stray"\n', "cards[H3].role", ["belongs to 'slum'"]),
    ('role = "rat_king"\n', 'role = "godfather"\n', "cards[JOKER-BLACK].role", ["the color joker"]),
    ('id = "SQ"\n', 'id = "SX"\n', "cards[SX].id", ["not a card id"]),
    ('faction = "void_clover"', 'faction = "red_heart"', "cards[CA].faction", ["already has card HA"]),
    ('id = "H2"\nrole = "scout"\n', 'id = "H2"\nrole = "scout"\nfaction = "red_heart"\n', "cards[H2].faction",
     ["only faction cards"]),
    ("faces = [3, 4, 5]", "faces = [3, 4]", "penalty_tables.hitman_loss.rows", ["missing: [5]"]),
    ("faces = [5, 6]", "faces = [4, 5, 6]", "penalty_tables.mafia_loss.rows", ["bad: [4]"]),
    ("amount = 3000\n", "", "penalty_tables.hitman_loss.rows[1]", ["lose_money"]),
    ('mafia_loss_table = "darkness_speed_mafia_loss"', 'mafia_loss_table = "ds"',
     "factions.darkness_speed.twists.mafia_loss_table", ["unknown penalty table 'ds'"]),
    ('role = "rat_king" }', 'role = "ratking" }', "showdown.bonuses[rat_catcher].who.role", ["unknown role"]),
    ("face = 4, count = 4", "face = 7, count = 4", "roles.bird.condition.any[0].all[0].face", ["1–6"]),
    ('kind = "total_equals", total = 9', 'kind = "total_exactly", total = 9',
     "roles.dog.condition.any[0].all[0].kind", ["total_equals"]),
    ("reward = 1000\nadvance = 0\npenalty = false\nstealable = true\n"
     "condition = { any = [{ all = [{ kind = \"total_at_least\", total = 3 }] }] }\n",
     "reward = 1000\nadvance = 0\npenalty = false\nstealable = true\n", "roles.mob.condition", ["required"]),
    ("week = 5\n", "week = 7\n", "weeks[4]", ["numbered"]),
    ('en = "Rat Catcher"', 'en = " "', "showdown.bonuses[rat_catcher].name.en", ["en text is empty"]),
    ('en = "Dog, the Enforcer"', 'en = ""', "roles.dog.name.en", ["en text is empty"]),
    ('penalty_mark = { ja = "失敗時デメリットあり", en = "Penalty if you fail" }\n', "", "labels",
     ["missing: penalty_mark"]),
])
def test_check_errors(tmp_path, old, new, where, words):
    _expect_error(tmp_path, [(old, new)], where, words)


def test_every_label_the_templates_use_is_checked_for():
    """A copy of the data lacking a label is a data error, not a template crash: LABELS covers them all."""
    templates = TEMPLATES_DIR / "hitmans_showdown"
    used = {m for f in templates.glob("*.j2") for m in re.findall(r"\bL\.(\w+)", f.read_text(encoding="utf-8"))}
    used |= {f"joker_{kind}" for kind in JOKERS.values()}  # L["joker_" + card.joker]
    assert used and used <= set(LABELS)


def test_census_counts_groups(tmp_path):
    # A Slum card moved into A familiA (its suits widened to allow it): the deck is whole, the groups are not.
    edits = [('suits = ["H", "D"]\n', 'suits = ["H", "D", "C"]\n'),
             ('id = "C3"\nrole = "stray"', 'id = "C3"\nrole = "mob"')]
    _expect_error(tmp_path, edits, "cards", ["census: familia has 24 cards, expected 23"])


def _expect_error(tmp_path, edits, where, words):
    text = REAL.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    (tmp_path / "hitmans_showdown.toml").write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_game(tmp_path)
    assert info.value.where == where
    for w in words:
        assert w in str(info.value)
