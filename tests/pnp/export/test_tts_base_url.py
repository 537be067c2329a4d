"""Sharing a Tabletop Simulator deck: with --base-url the saved object names each
sheet by the web address it will be uploaded to, so every player's TTS can load it; without it, this
computer's file:/// paths as before."""
import json

from click.testing import CliRunner

from pnp.cli.main import main


def invoke(*args, ok=True):
    result = CliRunner().invoke(main, [str(a) for a in args])
    if ok:
        assert result.exit_code == 0, result.output
    return result


def urls(out, lang="ja"):
    saved = json.loads((out / "famiglia" / "export" / f"tts-{lang}" / "famiglia_robot.json")
                       .read_text(encoding="utf-8"))
    [state] = saved["ObjectStates"]
    return {key: deck[key] for deck in state["CustomDeck"].values() for key in ("FaceURL", "BackURL")}, state


def test_base_url_names_every_sheet_by_its_web_address(tmp_path):
    out = tmp_path / "out"
    invoke("export", "famiglia", "--asset", "robot", "--target", "tts", "--base-url", "https://example.com/decks",
           "--out", out)
    found, state = urls(out)
    folder = out / "famiglia" / "export" / "tts-ja"
    for url in found.values():
        assert url.startswith("https://example.com/decks/") and "file:" not in url
        assert (folder / url.rsplit("/", 1)[1]).is_file()  # the file to upload under that name is there
    assert all(card["CustomDeck"][k] == state["CustomDeck"][k] for card in state["ContainedObjects"]
               for k in card["CustomDeck"])
    # Another address is another saved object: not "up to date".
    again = invoke("export", "famiglia", "--asset", "robot", "--target", "tts", "--base-url",
                   "https://cdn.example.org/x/", "--out", out).output
    assert "up to date" not in again
    assert all(u.startswith("https://cdn.example.org/x/") for u in urls(out)[0].values())
    local = invoke("export", "famiglia", "--asset", "robot", "--target", "tts", "--out", out).output
    assert "up to date" not in local and all(u.startswith("file:///") for u in urls(out)[0].values())


def test_base_url_is_refused_where_it_cannot_work(tmp_path):
    for args in (("--target", "png", "--base-url", "https://example.com/"),
                 ("--target", "tts", "--base-url", "example.com/decks"),
                 ("--target", "tts", "--base-url", "file:///tmp/decks")):
        result = invoke("export", "famiglia", "--asset", "robot", *args, "--out", tmp_path, ok=False)
        assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
        assert "--base-url" in result.output
