"""`pnp export` and `pnp preview --all` warn about provisional values whenever they touch an asset
printing them, like `pnp build`: exported, found up to date, or with its images kept."""
from click.testing import CliRunner

from pnp.cli.main import main
from tabletop.data import CARDS_DIR


def run(*args, env=None) -> str:
    result = CliRunner().invoke(main, [str(a) for a in args], env=env)
    assert result.exit_code == 0, result.output
    return result.output


def test_export_warns_when_exporting_when_up_to_date_and_when_images_are_kept(tmp_path):
    cards = tmp_path / "cards"
    cards.mkdir()
    data = cards / "terror24.toml"
    text = (CARDS_DIR / "terror24.toml").read_text(encoding="utf-8")
    data.write_text(text, encoding="utf-8")
    args = ("export", "terror24", "--target", "tts", "--lang", "en", "--cards", cards, "--out", tmp_path / "out")
    first = run(*args)
    assert "81 cards" in first and first.count("provisional") == 1  # the summary sheet is not exported
    again = run(*args)
    assert "up to date" in again and again.count("provisional") == 1
    data.write_text(text + "\n# a note that changes no card\n", encoding="utf-8")
    kept = run(*args)
    assert "images kept" in kept and kept.count("provisional") == 1
    data.write_text(text.replace("provisional = true", "provisional = false"), encoding="utf-8")
    assert "provisional" not in run(*args)


def test_export_of_a_game_without_provisional_values_does_not_warn(tmp_path):
    output = run("export", "famiglia", "--target", "tts", "--lang", "en", "--out", tmp_path)
    assert "warning" not in output


def test_contact_sheets_warn_once_per_command(tmp_path):
    output = run("preview", "terror24", "--all", "--lang", "all", "--out", tmp_path)
    assert output.count(".all.png") == 4 and output.count("provisional") == 1
    # The warning is said in the user's language, whatever the sheet's.
    assert "警告" in run("preview", "terror24", "cards", "--all", "--lang", "en", "--out", tmp_path,
                       env={"TABLETOP_KIT_LANG": "ja"})
