"""24 components read back: the census of faces and backs, the backs that must not give cards away,
the stand/coop reading of detective cards, and the provisional-values warning."""
from collections import Counter

import pytest
from click.testing import CliRunner

from cardcheck import build, chars_in, open_pdf, read
from pnp.assets.registry import find
from pnp.cli.main import main
from tabletop.data import CARDS_DIR
from tabletop.data.terror24 import load_terror24

GAME = find("terror24")


@pytest.fixture(scope="module")
def built():
    return build(GAME, "cards", lang="en")[0]


def kinds(built):
    return Counter(card_id.split("-")[0] for card_id, *_ in built.cards)


def test_census(built):
    assert kinds(built) == {"detective": 5, "time": 45, "event": 24, "score": 5, "summary": 2}


def test_backs_hide_what_must_stay_hidden(built):
    model = load_terror24()
    backs = {card_id: back for card_id, _, _, back in built.cards}
    events = {b for c, b in backs.items() if c.startswith("event")}
    assert len(events) == 1 and None not in events  # face-down events look alike
    for d in model.detectives:
        mine = {b for c, b in backs.items() if c.startswith(f"time-{d.id}-")}
        assert len(mine) == 1 and None not in mine  # a hand of time cards shows only whose it is
    assert len({b for c, b in backs.items() if c.startswith("time")}) == 5
    assert all(b is None for c, b in backs.items() if c.split("-")[0] in ("detective", "score", "summary"))
    placed_backs = sum(len(s.placements) for s in built.sheets[1::2])
    assert placed_backs == 45 + 24


def test_time_card_values(built):
    model = load_terror24()
    values = Counter()
    time_faces = {front for card_id, _, front, _ in built.cards if card_id.startswith("time-")}
    with open_pdf(built.pdf) as pdf:
        for sheet, page in zip(built.sheets, pdf.pages):
            for p in sheet.placements:
                if p.face not in time_faces:
                    continue  # (an event card's mark is large too)
                big = [c for c in chars_in(page, p.trim, page.height) if c["size"] > 30]
                if big:
                    values[int("".join(c["text"] for c in big))] += 1
    assert values == Counter({v: n * 5 for v, n in Counter(model.time_cards.values).items()})


def test_detective_reads_stand_upright_and_coop_sideways(built):
    model = load_terror24()
    with open_pdf(built.pdf) as pdf:
        page, sheet = pdf.pages[0], built.sheets[0]
        for p, d in zip(sheet.placements, model.detectives):
            chars = chars_in(page, p.trim, page.height)
            upright = read([c for c in chars if c["matrix"][0] > 0.5], False)
            # Turned a quarter anticlockwise: lines run upwards, the first line leftmost.
            turned = [c for c in chars if abs(c["matrix"][0]) < 0.5]
            assert turned and all(c["matrix"][1] > 0.5 for c in turned)
            sideways = "".join(c["text"] for c in sorted(turned, key=lambda c: (round(c["matrix"][4]), c["matrix"][5])))
            assert d.name.en in upright and "Stand(upright)" in upright
            assert "Coop (sideways)".replace(" ", "") in sideways.replace(" ", "")
            assert d.schedule.count("×") == upright.count("×turn")
            assert f"{model.schedule.switch_mark}:{model.schedule.switch_rule.en}".replace(" ", "") in upright


def test_a_detective_added_to_the_data_gets_cards_in_its_own_ink(tmp_path):
    text = (CARDS_DIR / "terror24.toml").read_text(encoding="utf-8")
    extra = ('[[detectives]]\nid = "extra"\nname = { ja = "エキストラ", en = "Extra" }\n'
             'schedule = "〇×〇×〇×〇"\nink = "#123456"\n\n')
    (tmp_path / "terror24.toml").write_text(text.replace("[[detectives]]\n", extra + "[[detectives]]\n", 1),
                                            encoding="utf-8")
    built = build(GAME, "cards", lang="en", cards_dir=tmp_path)[0]
    ids = [card_id for card_id, *_ in built.cards]
    assert "detective-extra" in ids and "score-extra" in ids and "time-extra-1" in ids


def test_build_warns_while_event_values_are_provisional(tmp_path):
    result = CliRunner().invoke(main, ["build", "terror24", "--lang", "en", "--out", str(tmp_path / "a")])
    assert result.exit_code == 0
    assert result.output.count("provisional") == 1  # once per command, though both assets print them
    again = CliRunner().invoke(main, ["build", "terror24", "--lang", "all", "--out", str(tmp_path / "a")])
    assert again.output.count("(up to date)") == 2
    assert again.output.count("provisional") == 1  # the files found up to date still print those values
    cards = tmp_path / "cards"
    cards.mkdir()
    text = (CARDS_DIR / "terror24.toml").read_text(encoding="utf-8")
    (cards / "terror24.toml").write_text(text.replace("provisional = true", "provisional = false"), encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "terror24", "--lang", "en", "--cards", str(cards),
                                       "--out", str(tmp_path / "b")])
    assert result.exit_code == 0 and "provisional" not in result.output


def test_preview_warns_while_event_values_are_provisional(tmp_path):
    result = CliRunner().invoke(main, ["preview", "terror24", "summary", "--lang", "en", "--dpi", "30",
                                       "--out", str(tmp_path)])
    assert result.exit_code == 0 and result.output.count("provisional") == 1


def event_texts(built):
    """The text of every event face, by suit id."""
    faces = {front: card_id for card_id, _, front, _ in built.cards}
    found = {}
    with open_pdf(built.pdf) as pdf:
        for sheet, page in zip(built.sheets[::2], pdf.pages[::2]):
            events = [(faces[p.face], p) for p in sheet.placements if faces.get(p.face, "").startswith("event-")]
            for card_id, p in events:  # pages without events are never parsed
                found.setdefault(card_id.split("-")[1], []).append(read(chars_in(page, p.trim, page.height), False))
    return found


def test_event_cards_print_suit_colour_name_and_values_from_data(built, tmp_path):
    model = load_terror24()
    found = event_texts(built)
    for s in model.events.suits:
        assert len(found[s.id]) == s.cards
        for text in found[s.id]:
            assert s.colour.en in text and s.name.en.replace(" ", "") in text
            assert f"StandVP{s.stand_vp}" in text and f"{s.coop_main_vp}/{s.coop_sub_vp}" in text
            assert text.endswith("※provisional")
    # The values come from the data: a copy with other values and no provisional flag prints those.
    cards = tmp_path / "cards"
    cards.mkdir()
    text = (CARDS_DIR / "terror24.toml").read_text(encoding="utf-8")
    text = text.replace("provisional = true", "provisional = false").replace("stand_vp = 6", "stand_vp = 9")
    (cards / "terror24.toml").write_text(text, encoding="utf-8")
    mine = event_texts(build(GAME, "cards", lang="en", cards_dir=cards)[0])
    assert all("StandVP9" in t and "provisional" not in t for t in mine["hostage"])
