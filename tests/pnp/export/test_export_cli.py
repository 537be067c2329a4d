"""`pnp export` and `pnp preview --all` on the real game data, as a user runs them."""
import json
import shutil
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from click.testing import CliRunner
from PIL import Image

from pnp.cli.main import main
from tabletop.data import CARDS_DIR


def invoke(*args, status=0):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == status, result.output
    return result.output


@pytest.fixture(scope="module")
def mpc(tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    invoke("export", "hitmans-showdown", "--target", "mpc", "--out", out)
    return out / "hitmans-showdown" / "export" / "mpc-ja"


def test_all_54_hitmans_showdown_faces_for_mpc(mpc):
    files = sorted(mpc.iterdir())
    assert len(files) == 54 and all(f.name.endswith("_face.png") for f in files)  # inserts have no back
    assert files[0].name == "hitmans-showdown_inserts_001_HA_face.png"
    for f in files[:3] + files[-3:]:
        with Image.open(f) as im:
            assert im.size == (822, 1122)
            assert [round(v) for v in im.info["dpi"]] == [300, 300]


@pytest.mark.parametrize("target, size", [("tgc", (825, 1125)), ("png", (744, 1039))])
def test_cards_with_backs_for_each_target(tmp_path, target, size):
    invoke("export", "liar-mafia", "--asset", "cards", "--target", target, "--out", tmp_path)
    files = sorted((tmp_path / "liar-mafia" / "export" / f"{target}-ja").iterdir())
    faces = [f for f in files if f.name.endswith("_face.png")]
    backs = [f for f in files if f.name.endswith("_back.png")]
    assert len(faces) == len(backs) == 8  # red and blue backs differ: one per card
    for f in files:
        with Image.open(f) as im:
            assert im.size == size and [round(v) for v in im.info["dpi"]] == [300, 300]
            grey, (w, h) = im.convert("L"), size
            edge = [(0, 0), (w // 2, 0), (w - 1, 0), (w - 1, h // 2), (w - 1, h - 1), (w // 2, h - 1), (0, h - 1),
                    (0, h // 2)]
            assert max(grey.getpixel(xy) for xy in edge) < 200, f.name  # the coloured frame runs to every edge


def test_round_chips_are_refused_by_print_services_but_not_by_png(tmp_path):
    output = invoke("export", "liar-mafia", "--asset", "chips", "--target", "mpc", "--out", tmp_path, status=2)
    assert "poker" in output and "Traceback" not in output
    invoke("export", "liar-mafia", "--asset", "chips", "--target", "png", "--out", tmp_path)


def test_a_whole_game_export_skips_what_the_service_cannot_take_and_says_so_again(tmp_path):
    args = ("export", "liar-mafia", "--target", "tgc", "--card-size", "bridge", "--out", tmp_path)
    first = invoke(*args, status=2)  # nothing at all exported: a user error
    assert first.count("skipped: target tgc takes poker-size cards") == 2 and "nothing could be exported" in first
    again = invoke(*args, status=2)
    assert again.count("skipped: not exportable as tgc") == 2 and "up to date" not in again
    assert not (tmp_path / "liar-mafia" / "export").exists()


def test_tts_deck_of_hitmans_showdown(tmp_path):
    invoke("export", "hitmans-showdown", "--target", "tts", "--lang", "en", "--out", tmp_path)
    folder = tmp_path / "hitmans-showdown" / "export" / "tts-en"
    [state] = json.loads((folder / "hitmans-showdown_inserts.json").read_text(encoding="utf-8"))["ObjectStates"]
    custom = state["CustomDeck"]["1"]
    assert (custom["NumWidth"], custom["NumHeight"]) == (10, 6)
    assert len(state["ContainedObjects"]) == 54 and state["DeckIDs"] == list(range(100, 154))
    assert state["ContainedObjects"][0]["Nickname"].startswith("♡A ")
    with Image.open(Path(unquote(urlparse(custom["FaceURL"]).path))) as sheet:
        assert sheet.width <= 4096 and sheet.height <= 4096
        cw, ch = sheet.width // 10, sheet.height // 6
        hidden = sheet.crop((9 * cw, 5 * ch, 10 * cw, 6 * ch))
        with Image.open(Path(unquote(urlparse(custom["BackURL"]).path))) as back:
            assert hidden.size == (cw, ch) and back.size[0] >= cw
            assert hidden.getpixel((cw // 2, 2)) == back.resize((cw, ch)).getpixel((cw // 2, 2))


def test_a_summary_sheet_is_not_cards(tmp_path):
    output = invoke("export", "hitmans-showdown", "--asset", "summary", "--target", "png", "--out", tmp_path,
                    status=2)
    assert "not cards" in output


def test_preview_all_writes_a_contact_sheet_per_asset(tmp_path):
    output = invoke("preview", "liar-mafia", "--all", "--out", tmp_path)
    paths = [Path(line) for line in output.split()]
    assert {p.name for p in paths} == {"cards-a4-ja.all.png", "chips-a4-ja.all.png", "summary-a4-ja.all.png"}
    assert all(p.is_file() for p in paths)


def test_export_is_redone_only_for_what_changed_and_force_redoes_all(tmp_path):
    cards = tmp_path / "cards"
    shutil.copytree(CARDS_DIR, cards)
    args = ("export", "liar-mafia", "--target", "png", "--cards", cards, "--out", tmp_path)
    invoke(*args)
    folder = tmp_path / "liar-mafia" / "export" / "png-ja"

    def mtimes():
        return {p.name: p.stat().st_mtime_ns for p in folder.iterdir()}

    before = mtimes()
    output = invoke(*args)
    assert output.count("up to date") == 2 and "summary" not in output  # a sheet has no cards to export
    assert mtimes() == before

    data = cards / "liar_mafia.toml"
    data.write_text(data.read_text(encoding="utf-8").replace('name = "HITMAN"', 'name = "HITMAN X"'),
                    encoding="utf-8")
    output = invoke(*args)
    assert "cards (ja): 16 images" in output and "chips (ja): no card changed, images kept" in output
    edited = mtimes()
    changed = {name for name in edited if edited[name] != before[name]}
    assert edited.keys() == before.keys() and "liar-mafia_cards_002_red-hitman_face.png" in changed
    assert not any(name.startswith("liar-mafia_chips") for name in changed)
    assert invoke(*args).count("up to date") == 2  # the kept images are recorded as up to date

    (folder / "liar-mafia_cards_001_red-boss_face.png").unlink()  # a deleted image is noticed
    assert "cards (ja): 16 images" in invoke(*args)
    invoke(*args, "--force")
    assert all(t != edited[name] for name, t in mtimes().items())
    assert not list(folder.glob(".*"))  # the folder holds only what is uploaded


def test_a_tts_deck_is_made_again_when_its_folder_moves(tmp_path):
    first, moved = tmp_path / "first", tmp_path / "moved"
    args = ("export", "famiglia", "--target", "tts")
    invoke(*args, "--out", first)
    shutil.copytree(first, moved)  # stamps and images come along, with their mtimes
    assert "up to date" not in invoke(*args, "--out", moved)
    saved = (moved / "famiglia" / "export" / "tts-ja" / "famiglia_robot.json").read_text(encoding="utf-8")
    [state] = json.loads(saved)["ObjectStates"]
    assert Path(unquote(urlparse(state["CustomDeck"]["1"]["FaceURL"]).path)).parent.parent.parent.parent == moved


def test_a_piped_export_says_at_once_what_it_is_doing(tmp_path):
    """Piped, no bar shows the work, and the first asset may take minutes: one line before it starts,
    counting only the card assets (a sheet is not exported), then a line per asset."""
    said = invoke("export", "liar-mafia", "--target", "png", "--lang", "en", "--out", tmp_path).splitlines()
    assert said[0] == "Exporting 2 assets as png: a line as each is done."
    assert [line.split(":")[0] for line in said[1:]] == ["liar-mafia cards (en)", "liar-mafia chips (en)"]
