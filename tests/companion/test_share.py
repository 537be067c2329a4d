"""A game handed over between devices: each game's id in its header, the link that carries its file,
`companion <game> share` and `companion <game> play --import` — the same game recognised on both
sides, a name already taken, journals that went two ways, and every refusal in one line with nothing
written."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from companion import share
from companion.cli import main
from companion.session import Session, SessionError
from repo_paths import ROOT

FIXTURE = json.loads((ROOT / "tests" / "fixtures" / "journals" / "famiglia-level1-robot-first.json")
                     .read_text(encoding="utf-8"))
LINES = [line for entry in FIXTURE["file"]["entries"] for line in entry]


def run(*args: str, lines: list[str] = ()) -> tuple[int, str]:
    done = CliRunner().invoke(main, list(args), input="".join(f"{line}\n" for line in lines))
    return done.exit_code, done.output


def played(path: Path, lines: list[str]) -> dict:
    """A Famiglia game at `path` with `lines` played (a new one if nothing is there)."""
    start = ["--resume"] if path.exists() else ["--level", "1", "--first", "robot"]
    code, out = run("famiglia", "play", "--game", str(path), "--lang", "en", *start, lines=lines)
    assert code == 0, out
    return json.loads(path.read_text(encoding="utf-8"))


def link_of(path: Path, *more: str) -> str:
    code, out = run("famiglia", "share", "--game", str(path), "--lang", "en", "--app-url",
                    "https://games.example/app/", *more)
    assert code == 0, out
    return out.splitlines()[0]


# --- the id -------------------------------------------------------------------------------------------

def test_a_new_game_has_an_id_kept_by_every_save_and_read_back_byte_for_byte(tmp_path):
    saved = played(tmp_path / "g.game.json", LINES[:5])
    assert len(saved["id"]) == 16 and int(saved["id"], 16) >= 0
    assert list(saved)[:4] == ["format", "version", "game", "id"]
    again = played(tmp_path / "g.game.json", LINES[5:9])
    assert again["id"] == saved["id"]
    text = (tmp_path / "g.game.json").read_text(encoding="utf-8")
    assert Session.open(tmp_path / "g.game.json", "famiglia").to_json() + "\n" == text
    assert Session.create("famiglia", {}, None).game_id != Session.create("famiglia", {}, None).game_id


def test_a_file_from_before_ids_opens_and_is_written_back_without_one(tmp_path):
    old = {key: value for key, value in FIXTURE["file"].items() if key != "id"}
    path = tmp_path / "old.game.json"
    path.write_text(json.dumps(old, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    session = Session.open(path, "famiglia")
    assert session.game_id is None
    assert session.to_json() + "\n" == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("bad", ["", "has space", 12, "x" * 65])
def test_a_damaged_id_is_refused(tmp_path, bad):
    path = tmp_path / "g.game.json"
    path.write_text(json.dumps({**FIXTURE["file"], "id": bad}), encoding="utf-8")
    with pytest.raises(SessionError, match="damaged"):
        Session.open(path, "famiglia")


# --- the link -----------------------------------------------------------------------------------------

def test_a_link_carries_the_file_byte_for_byte_in_its_fragment():
    text = json.dumps(FIXTURE["file"], ensure_ascii=False, indent=1) + "\nゆき"
    link = share.make_link("https://games.example/app/", text, "famiglia 2")
    base, _, fragment = link.partition("#")
    data = fragment.split("&")[0].removeprefix("import=")
    assert base == "https://games.example/app/" and fragment.startswith("import=") and "=" not in data
    assert share.read_link(link) == (text, "famiglia 2")
    assert share.read_link("#" + fragment) == (text, "famiglia 2")


@pytest.mark.parametrize("cut", [lambda f: f[:-30], lambda f: f.replace("import=", "import=%%"),
                                 lambda f: f.replace("import=", "import=A"), lambda f: "import=&name=f"])
def test_a_damaged_link_is_refused(cut):
    link = share.make_link("https://g.example/", json.dumps(FIXTURE["file"]), "f")
    base, _, fragment = link.partition("#")
    with pytest.raises(share.ShareError):
        share.read_link(f"{base}#{cut(fragment.removesuffix('&name=f'))}")


def test_a_link_that_unpacks_too_big_is_refused_before_it_is_unpacked_whole():
    link = share.make_link("https://g.example/", " " * (share.MAX_GAME + 10), "f")
    assert len(link) < 5000
    with pytest.raises(share.ShareError) as caught:
        share.read_link(link)
    assert "too big" in caught.value.text("en")


def test_journals_are_compared_line_by_line():
    a = [["take 1"], ["R1", "G1"]]
    assert share.compare(a, a) == share.SAME
    assert share.compare(a, a + [["end"]]) == share.AHEAD
    assert share.compare(a, [["take 1"], ["R1"]]) == share.BEHIND  # a step still being answered
    assert share.compare(a, [["take 2"]]) == share.DIVERGED


# --- share and play --import ----------------------------------------------------------------------------

def test_a_game_shared_by_link_is_continued_elsewhere_with_the_same_cards_and_id(tmp_path):
    here = played(tmp_path / "here.game.json", LINES[:20])
    link = link_of(tmp_path / "here.game.json")
    assert link.startswith("https://games.example/app/#import=") and link.endswith("&name=here")
    code, out = run("famiglia", "play", "--import", link, "--game", str(tmp_path / "there.game.json"),
                    "--lang", "en", lines=LINES[20:])
    assert code == 0, out
    there = json.loads((tmp_path / "there.game.json").read_text(encoding="utf-8"))
    assert there["id"] == here["id"] and there["seed"] == here["seed"]
    assert there["entries"] == FIXTURE["file"]["entries"]  # the rest of the game played on the same table
    assert "The robot wins" in out or "You win" in out


def test_share_prints_a_qr_code_for_a_short_link_and_offers_the_file_past_the_limit(tmp_path, monkeypatch):
    played(tmp_path / "g.game.json", LINES[:10])
    monkeypatch.setenv("COLUMNS", "200")
    code, out = run("famiglia", "share", "--game", str(tmp_path / "g.game.json"), "--lang", "en")
    assert code == 0 and out.startswith(share.DEFAULT_APP_URL + "#import=")
    assert "█" in out or "▀" in out
    rows = out.splitlines()[1:]
    assert len({len(row) for row in rows}) == 1 and len(rows[0]) <= 200  # a square of whole rows
    monkeypatch.setenv("COLUMNS", "60")  # too narrow: a wrapped code would not scan
    code, out = run("famiglia", "share", "--game", str(tmp_path / "g.game.json"), "--lang", "en")
    assert "█" not in out and "columns wide" in out
    monkeypatch.setenv(share.APP_URL_VARIABLE, "https://env.example/x/")
    monkeypatch.setattr("companion.handover.QR_LIMIT", 100)
    code, out = run("famiglia", "share", "--game", str(tmp_path / "g.game.json"), "--lang", "en")
    assert out.startswith("https://env.example/x/#import=") and "█" not in out and "▀" not in out
    assert "--file" in out.splitlines()[1]


def test_share_to_a_file_writes_the_same_bytes_and_import_takes_it(tmp_path):
    played(tmp_path / "g.game.json", LINES[:10])
    code, out = run("famiglia", "share", "--game", str(tmp_path / "g.game.json"), "--file", str(tmp_path / "out.json"))
    assert code == 0, out
    assert (tmp_path / "out.json").read_bytes() == (tmp_path / "g.game.json").read_bytes()
    code, out = run("famiglia", "play", "--import", str(tmp_path / "out.json"), "--game", str(tmp_path / "t.game.json"),
                    "--lang", "en", lines=["quit"])
    assert code == 0, out
    assert (tmp_path / "t.game.json").read_bytes() == (tmp_path / "g.game.json").read_bytes()


def test_a_file_from_before_ids_gets_one_when_first_shared(tmp_path):
    path = tmp_path / "old.game.json"
    old = {key: value for key, value in FIXTURE["file"].items() if key != "id"}
    path.write_text(json.dumps(old, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    text, _ = share.read_link(link_of(path))
    kept = json.loads(path.read_text(encoding="utf-8"))
    assert kept["id"] == json.loads(text)["id"] and kept["entries"] == old["entries"]
    assert link_of(path) == link_of(path)  # the id stays once given


def test_the_same_game_arriving_further_along_brings_it_up_to_date(tmp_path):
    played(tmp_path / "a.game.json", LINES[:10])
    (tmp_path / "b.game.json").write_bytes((tmp_path / "a.game.json").read_bytes())
    ahead = played(tmp_path / "a.game.json", LINES[10:20])
    code, out = run("famiglia", "play", "--import", link_of(tmp_path / "a.game.json"), "--game",
                    str(tmp_path / "b.game.json"), "--lang", "en", lines=["quit"])
    assert code == 0 and "brought up to date" in out
    assert json.loads((tmp_path / "b.game.json").read_text(encoding="utf-8"))["entries"] == ahead["entries"]
    assert not (tmp_path / "b-2.game.json").exists()


def test_the_same_game_arriving_behind_is_not_taken_back(tmp_path):
    played(tmp_path / "a.game.json", LINES[:10])
    link = link_of(tmp_path / "a.game.json")
    before = played(tmp_path / "a.game.json", LINES[10:20])
    code, out = run("famiglia", "play", "--import", link, "--game", str(tmp_path / "a.game.json"), "--lang", "en",
                    lines=["quit"])
    assert code == 0 and "already has every step" in out
    assert json.loads((tmp_path / "a.game.json").read_text(encoding="utf-8"))["entries"] == before["entries"]


def test_journals_that_went_two_ways_are_both_kept(tmp_path):
    played(tmp_path / "a.game.json", LINES[:10])
    (tmp_path / "b.game.json").write_bytes((tmp_path / "a.game.json").read_bytes())
    mine = played(tmp_path / "a.game.json", ["undo", "take 2", "Y3 R3"])  # other cards than "Y3 R4"
    theirs = played(tmp_path / "b.game.json", LINES[10:14])
    code, out = run("famiglia", "play", "--import", link_of(tmp_path / "b.game.json"), "--game",
                    str(tmp_path / "a.game.json"), "--lang", "en", lines=["quit"])
    assert code == 0 and "both are kept" in out and "a-2.game.json" in out
    assert json.loads((tmp_path / "a.game.json").read_text(encoding="utf-8"))["entries"] == mine["entries"]
    assert json.loads((tmp_path / "a-2.game.json").read_text(encoding="utf-8"))["entries"] == theirs["entries"]


def test_another_game_where_it_lands_keeps_its_place_and_the_one_sent_takes_the_next_free_name(tmp_path):
    played(tmp_path / "sent.game.json", LINES[:6])
    other = played(tmp_path / "famiglia.game.json", LINES[:3])
    (tmp_path / "famiglia-2.game.json").write_text("taken", encoding="utf-8")
    code, out = run("famiglia", "play", "--import", link_of(tmp_path / "sent.game.json"), "--game",
                    str(tmp_path / "famiglia.game.json"), "--lang", "ja", lines=["quit"])
    assert code == 0, out
    assert json.loads((tmp_path / "famiglia.game.json").read_text(encoding="utf-8")) == other
    assert (tmp_path / "famiglia-3.game.json").read_bytes() == (tmp_path / "sent.game.json").read_bytes()
    assert "famiglia-3.game.json" in out


def refused(tmp_path: Path, game: str, source: str, lang: str = "en") -> str:
    target = tmp_path / "target.game.json"
    code, out = run(game, "play", "--import", source, "--game", str(target), "--lang", lang, lines=["quit"])
    assert code == 2, out
    assert not target.exists()  # nothing written
    assert len(out.strip().splitlines()) == 1 and "Traceback" not in out
    return out


def test_refusals_are_one_line_exit_2_and_nothing_is_written(tmp_path, monkeypatch):
    played(tmp_path / "g.game.json", LINES[:10])
    link = link_of(tmp_path / "g.game.json")
    assert "damaged" in refused(tmp_path, "famiglia", link[:-30])
    assert "'famiglia' game, not 'terror24'" in refused(tmp_path, "terror24", link)
    assert "neither a game file nor a link" in refused(tmp_path, "famiglia", str(tmp_path / "nothing"))
    monkeypatch.setattr("companion.handover.MAX_GAME", 100)
    assert "too big" in refused(tmp_path, "famiglia", str(tmp_path / "g.game.json"))


def test_a_journal_the_engine_refuses_is_not_imported(tmp_path):
    bad = {**FIXTURE["file"], "entries": [["R1 G1 G0 B0 B4 B3"], ["take 99"]]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    out = refused(tmp_path, "famiglia", str(path))
    assert "line 2" in out and "take 99" in out
    japanese = refused(tmp_path, "famiglia", str(path), lang="ja")
    assert "take 99" in japanese and "line 2" not in japanese


def test_import_and_new_together_are_refused(tmp_path):
    played(tmp_path / "g.game.json", LINES[:4])
    code, out = run("famiglia", "play", "--new", "--import", str(tmp_path / "g.game.json"), "--game",
                    str(tmp_path / "t.game.json"), "--lang", "en")
    assert code == 2 and "--import" in out and not (tmp_path / "t.game.json").exists()
