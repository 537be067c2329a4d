"""`pnp build` does no work for assets whose inputs did not change, and after a data edit rewrites
only the files of the assets that show the edited card."""
import shutil

from click.testing import CliRunner

from pnp.cli.main import main
from tabletop.data import CARDS_DIR


def invoke(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def snapshot(out):
    return {p.relative_to(out).as_posix(): p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()}


def test_no_op_then_one_card_edit_then_force(tmp_path):
    cards, out = tmp_path / "cards", tmp_path / "out"
    shutil.copytree(CARDS_DIR, cards)
    build = ("build", "all", "--lang", "all", "--cards", cards, "--out", out)
    invoke(*build)
    first = snapshot(out)
    pdfs = {name for name in first if name.endswith(".pdf")}
    assert {"liar-mafia/cards-a4-ja.pdf", "liar-mafia/chips-a4-en.pdf", "hitmans-showdown/inserts-a4-ja.pdf"} <= pdfs

    output = invoke(*build)
    assert snapshot(out) == first  # nothing rewritten, not even a stamp
    assert output.count("(up to date)") == len(pdfs)

    data = cards / "liar_mafia.toml"
    text = data.read_text(encoding="utf-8")
    assert text.count('name = "HITMAN"') == 1
    data.write_text(text.replace('name = "HITMAN"', 'name = "HITMAN X"'), encoding="utf-8")
    invoke(*build)
    after = snapshot(out)
    changed = {name for name in pdfs if after[name] != first[name]}
    assert {"liar-mafia/cards-a4-ja.pdf", "liar-mafia/cards-a4-en.pdf"} <= changed
    assert not any(name.startswith("liar-mafia/chips") for name in changed)  # no chip shows the card
    assert all(name.startswith("liar-mafia/") for name in changed)  # other games: not even looked at

    invoke(*build, "--force")
    forced = snapshot(out)
    assert all(forced[name] != after[name] for name in pdfs)


def test_a_deleted_output_is_rebuilt(tmp_path):
    out = tmp_path / "out"
    build = ("build", "hitmans-showdown", "--asset", "summary", "--out", out)
    invoke(*build)
    (out / "hitmans-showdown" / "summary-a4-ja.pdf").unlink()
    assert "(up to date)" not in invoke(*build)
    assert (out / "hitmans-showdown" / "summary-a4-ja.pdf").is_file()
