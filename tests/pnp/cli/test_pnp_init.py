"""Your own deck in one step: `pnp init DATA` writes a starter deck file from a
spreadsheet that builds as it is; `pnp examples` copies the example decks out of the package so the
README's example commands work from any folder."""
import re
import shutil
import tomllib

import pdfplumber
import pytest
from click.testing import CliRunner

from pnp.cli.main import main
from pnp.cli.start import examples_dir
from pnp.deck.read.spreadsheet import read_table
from repo_paths import ROOT


def run(*args, ok=True):
    result = CliRunner().invoke(main, [str(a) for a in args])
    if ok:
        assert result.exit_code == 0, result.output
    return result


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize("data, languages", [("night-market/night_market.csv", ["ja", "en"]),
                                             ("prototype/prototype.xlsx", ["ja", "en"])])
def test_init_on_each_examples_data_builds_every_rows_title(tmp_path, monkeypatch, data, languages):
    source = examples_dir() / data
    copy = tmp_path / source.name
    shutil.copy(source, copy)  # the data alone, without the example's own deck file
    monkeypatch.chdir(tmp_path)
    said = run("init", copy.name).output
    assert f"pnp build {copy.name}" in said
    deck = tomllib.loads(copy.with_suffix(".toml").read_text(encoding="utf-8"))
    assert deck["deck"]["languages"] == languages
    table = read_table(copy)
    for column in table.columns:  # every column is listed in the comment
        assert f"'{column}'" in copy.with_suffix(".toml").read_text(encoding="utf-8")
    run("build", copy.name, "--out", tmp_path / "out")
    for lang in languages:
        title = deck["fields"]["title"]
        column = title[lang] if isinstance(title, dict) else title
        copies = deck["deck"].get("copies")
        expected = {str(row.cells[column]) for row in table.rows if not copies or str(row.cells[copies]) != "0"}
        [pdf] = (tmp_path / "out").rglob(f"*-{lang}.pdf")
        with pdfplumber.open(pdf) as doc:
            text = squeezed("".join(page.extract_text() or "" for page in doc.pages))
        missing = [t for t in expected if squeezed(t) not in text]
        assert missing == [], f"{lang}: {missing}"


@pytest.mark.parametrize("header, rows, languages, title, body", [
    ("カード名,効果,枚数", ["炎の剣,攻撃力+2,2", "氷の盾,ダメージを1減らす,1"], ["ja"], "カード名", "効果"),
    ("Name,Rules,Qty", ["Fire sword,+2 attack,2", "Ice shield,Prevent 1 damage,1"], ["en"], "Name", "Rules"),
    # no name the kit knows: the first text column is the title, the longest the body
    ("id,what,says", ["1,Sword,Gain two coins when played", "2,Shield,Lose one coin at the end"], ["en"],
     "what", "says"),
    ("名前,Name,効果,Effect", ["剣,Sword,攻撃,Attack"], ["ja", "en"], {"ja": "名前", "en": "Name"},
     {"ja": "効果", "en": "Effect"}),
])
def test_init_guesses_title_body_and_languages(tmp_path, header, rows, languages, title, body):
    data = tmp_path / "deck.csv"
    data.write_text("\n".join([header, *rows]) + "\n", encoding="utf-8")
    run("init", data)
    deck = tomllib.loads((tmp_path / "deck.toml").read_text(encoding="utf-8"))
    assert deck["deck"]["languages"] == languages
    assert deck["fields"]["title"] == title and deck["fields"]["body"] == body
    run("build", data, "--out", tmp_path / "out")


def test_init_never_overwrites_a_deck_file_without_force(tmp_path):
    data = tmp_path / "deck.csv"
    data.write_text("title,body\nA,B\n", encoding="utf-8")
    (tmp_path / "deck.toml").write_text("# mine\n", encoding="utf-8")
    refused = run("init", data, ok=False)
    assert refused.exit_code == 2 and "--force" in refused.output and len(refused.output.strip().splitlines()) == 1
    assert (tmp_path / "deck.toml").read_text(encoding="utf-8") == "# mine\n"
    run("init", data, "--force")
    assert "[deck]" in (tmp_path / "deck.toml").read_text(encoding="utf-8")
    for bad in (tmp_path / "none.csv", tmp_path / "deck.toml"):
        result = run("init", bad, ok=False)
        assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1


def readme_example_commands() -> list[list[str]]:
    commands = []
    for readme in ("README.md", "README.ja.md"):
        for line in (ROOT / readme).read_text(encoding="utf-8").splitlines():
            words = line.split("#")[0].split()
            if len(words) > 2 and words[0] == "pnp" and words[2].startswith("examples/"):
                commands.append(words[1:])
    return commands


def test_examples_then_the_readmes_example_commands_work_from_another_folder(tmp_path, monkeypatch):
    commands = readme_example_commands()
    assert len(commands) >= 6  # three in each README
    work = tmp_path / "anywhere"
    work.mkdir()
    monkeypatch.chdir(work)
    said = run("examples").output
    assert "examples/prototype/prototype.xlsx" in said
    assert sorted(p.relative_to(work / "examples").as_posix() for p in (work / "examples").rglob("*") if p.is_file()) \
        == sorted(p.relative_to(ROOT / "examples").as_posix() for p in (ROOT / "examples").rglob("*") if p.is_file())
    for command in dict.fromkeys(map(tuple, commands)):
        run(*command, "--out", work / "output")
    assert (work / "output" / "night-market").is_dir() and (work / "output" / "prototype" / "export").is_dir()
    again = run("examples")  # the same files again: nothing to lose, nothing copied, the commands said
    assert "already in examples" in again.output and "examples/prototype/prototype.xlsx" in again.output
    edited = work / "examples" / "night-market" / "night_market.toml"
    edited.write_text(edited.read_text(encoding="utf-8") + "# mine\n", encoding="utf-8")
    refused = run("examples", ok=False)  # a copy would overwrite an edit: refused, naming it, with the cure
    assert refused.exit_code == 2 and "--force" in refused.output and "night_market.toml" in refused.output
    assert edited.read_text(encoding="utf-8").endswith("# mine\n")


def test_examples_in_the_kits_own_checkout_says_they_are_there(monkeypatch):
    """In the checkout's root, ./examples is the kit's own copy: nothing to copy, and no refusal."""
    monkeypatch.chdir(ROOT)
    before = {p: p.stat().st_mtime_ns for p in (ROOT / "examples").rglob("*") if p.is_file()}
    said = run("examples").output
    assert "already in examples" in said and "pnp build examples/night-market/night_market.csv" in said
    assert {p: p.stat().st_mtime_ns for p in (ROOT / "examples").rglob("*") if p.is_file()} == before
