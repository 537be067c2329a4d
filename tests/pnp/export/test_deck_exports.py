"""`pnp export` and `pnp preview` on a user's deck, as on a built-in game: images per card under
output/<deck id>/, a Tabletop Simulator deck, page previews and contact sheets."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cli.main import main
from repo_paths import ROOT

EXAMPLES = ROOT / "examples"
PROTOTYPE = EXAMPLES / "prototype" / "prototype.xlsx"
NIGHT_MARKET = EXAMPLES / "night-market" / "night_market.csv"


def invoke(*args, status=0):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == status, result.output
    return result.output


@pytest.mark.parametrize("target, size", [("mpc", (822, 1122)), ("tgc", (825, 1125)), ("png", (744, 1039))])
def test_prototype_cards_and_their_shared_back(tmp_path, target, size):
    invoke("export", PROTOTYPE, "--target", target, "--lang", "en", "--out", tmp_path)
    folder = tmp_path / "prototype" / "export" / f"{target}-en"
    files = sorted(p.name for p in folder.iterdir())
    faces = [f for f in files if f.endswith("_face.png")]
    assert len(faces) == 12 and len(files) == 13  # one shared back for the whole deck
    assert faces[:4] == [f"prototype_cards_00{n}_row{r}_face.png"
                         for n, r in ((1, "2-1"), (2, "2-2"), (3, "2-3"), (4, "3-1"))]
    for name in (faces[0], next(f for f in files if f not in faces)):
        with Image.open(folder / name) as im:
            assert im.size == size


def test_night_market_inserts_for_tts(tmp_path):
    invoke("export", NIGHT_MARKET, "--target", "tts", "--lang", "ja", "--out", tmp_path)
    folder = tmp_path / "night-market" / "export" / "tts-ja"
    saved = json.loads(next(folder.glob("*.json")).read_text(encoding="utf-8"))
    cards = saved["ObjectStates"][0]["ContainedObjects"]
    assert len(cards) == 54 and cards[0]["Nickname"] == "親分"


def test_export_is_incremental(tmp_path):
    invoke("export", PROTOTYPE, "--target", "png", "--lang", "ja", "--out", tmp_path)
    again = invoke("export", PROTOTYPE, "--target", "png", "--lang", "ja", "--out", tmp_path)
    assert "up to date" in again


def test_preview_a_page_of_each_language(tmp_path):
    output = invoke("preview", NIGHT_MARKET, "--page", "5", "--dpi", "40", "--out", tmp_path)
    paths = [Path(line) for line in output.splitlines() if line.endswith(".png")]
    assert [p.name for p in paths] == ["inserts-overlay-a4-ja.p5.png", "inserts-overlay-a4-en.p5.png"]
    with Image.open(paths[0]) as im:
        assert im.size == (round(210 / 25.4 * 40), round(297 / 25.4 * 40))
    refused = invoke("preview", NIGHT_MARKET, "--page", "6", "--out", tmp_path, status=2)
    assert "page 6 does not exist (the PDF has 5 pages)" in refused


def test_contact_sheet_of_a_deck(tmp_path):
    output = invoke("preview", PROTOTYPE, "--all", "--lang", "en", "--out", tmp_path)
    sheet = Path(output.strip().splitlines()[-1])
    assert sheet.name == "cards-a4-en.all.png" and sheet.parent == tmp_path / "prototype"
    with Image.open(sheet) as im:
        assert im.width > 500
