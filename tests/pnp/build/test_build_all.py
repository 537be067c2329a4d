"""`pnp build all` makes every asset of the five games in both languages; `pnp list` names them;
back options that cannot work are user errors."""
from click.testing import CliRunner

from pnp.assets.registry import GAMES
from pnp.cli.main import main

GAME_IDS = {"hitmans-showdown", "liar-mafia", "kill-shot", "famiglia", "terror24"}


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def test_list_shows_every_game_and_asset():
    result = run("list")
    assert result.exit_code == 0
    assert set(GAMES) == GAME_IDS
    for game in GAMES.values():
        assert game.id in result.output
        for name in game.assets:
            assert f"  {name}" in result.output


def test_build_all_writes_every_asset_in_both_languages(tmp_path):
    result = run("build", "all", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    expected = {f"{g.id}/{name}-a4-{lang}.pdf" for g in GAMES.values() for name in g.assets for lang in ("ja", "en")}
    written = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.pdf")}
    assert written == expected
    assert all((tmp_path / p).read_bytes().startswith(b"%PDF") for p in expected)
    assert result.output.count("provisional") == 1  # 24's warning once, though four of its files print them


def test_back_modes_name_their_files(tmp_path):
    for mode in ("duplex-short", "fold", "none"):
        assert run("build", "liar-mafia", "--asset", "chips", "--backs", mode, "--out", tmp_path).exit_code == 0
        assert (tmp_path / "liar-mafia" / f"chips-{mode}-a4-ja.pdf").is_file()


def test_impossible_back_options_are_user_errors(tmp_path):
    too_big = run("build", "liar-mafia", "--asset", "cards", "--backs", "fold", "--card-size", "150x200",
                  "--out", tmp_path)
    assert too_big.exit_code == 2 and "fold" in too_big.output and "Traceback" not in too_big.output
    assert run("build", "liar-mafia", "--backs", "sideways", "--out", tmp_path).exit_code == 2
    far = run("build", "liar-mafia", "--back-offset", "25,0", "--out", tmp_path)
    assert far.exit_code == 2 and "20 mm" in far.output
    assert not (tmp_path / "liar-mafia" / "cards-fold-a4-ja.pdf").exists()
    for mode in ("fold", "none"):  # an offset that could only be ignored is refused
        ignored = run("build", "liar-mafia", "--backs", mode, "--back-offset", "1,0", "--out", tmp_path)
        assert ignored.exit_code == 2 and "duplex" in ignored.output


def test_the_old_id_liar_town_builds_liar_mafia(tmp_path):
    result = run("build", "liar-town", "--asset", "chips", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "liar-mafia" / "chips-a4-ja.pdf").is_file()
    assert not (tmp_path / "liar-town").exists()


def test_export_all_makes_both_languages_like_build_all(tmp_path):
    result = run("export", "all", "--target", "png", "--asset", "robot", "--out", tmp_path)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "famiglia" / "export").iterdir()) == ["png-en", "png-ja"]
    result = run("export", "all", "--target", "png", "--asset", "robot", "--lang", "en", "--out", tmp_path / "en")
    assert sorted(p.name for p in (tmp_path / "en" / "famiglia" / "export").iterdir()) == ["png-en"]


def test_a_guide_or_a_back_offset_never_takes_the_plain_files_name(tmp_path):
    """The plain PDF, the one with a guide page and the one with moved backs are three files: each
    build leaves the others as they were."""
    assert run("build", "liar-mafia", "--lang", "en", "--out", tmp_path).exit_code == 0
    folder = tmp_path / "liar-mafia"
    plain = {p.name: p.read_bytes() for p in folder.glob("*.pdf")}
    assert set(plain) == {"cards-a4-en.pdf", "chips-a4-en.pdf", "summary-a4-en.pdf"}
    assert run("build", "liar-mafia", "--lang", "en", "--guide", "--out", tmp_path).exit_code == 0
    assert run("build", "liar-mafia", "--lang", "en", "--back-offset", "1.5,-0.5", "--out", tmp_path).exit_code == 0
    names = {p.name for p in folder.glob("*.pdf")}
    assert names == set(plain) | {"cards-a4-en-guide.pdf", "chips-a4-en-guide.pdf", "summary-a4-en-guide.pdf",
                                  "cards-a4-en-offset1.5,-0.5.pdf", "chips-a4-en-offset1.5,-0.5.pdf"}
    assert {name: (folder / name).read_bytes() for name in plain} == plain  # a sheet has no backs to move


def test_a_folder_that_takes_no_file_is_named_not_the_hidden_temporary_file(tmp_path, monkeypatch):
    """The system refuses the write's first step, a hidden temporary file beside the PDF: the user is
    told which folder cannot be written, in one line."""
    import errno

    import tabletop.fileio

    def refused(dir, prefix, suffix):
        raise PermissionError(errno.EACCES, "Permission denied", f"{dir}/{prefix}x1y2z3{suffix}")

    monkeypatch.setattr(tabletop.fileio.tempfile, "mkstemp", refused)
    result = run("build", "kill-shot", "--asset", "summary", "--lang", "en", "--out", tmp_path / "out")
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert lines == [f"error: {tmp_path / 'out' / 'kill-shot'}: cannot write into this folder (permission denied)"]


def test_a_cutters_files_keep_the_plain_pdfs_name_with_a_guide(tmp_path):
    """A guide page changes no sheet of fronts: the cut files a guided build writes are the plain
    build's, by name and content, and the guide page names them so."""
    assert run("build", "kill-shot", "--asset", "reference", "--lang", "en", "--cutter", "silhouette",
               "--out", tmp_path).exit_code == 0
    folder = tmp_path / "kill-shot"
    plain = {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and p.suffix != ".pdf"}
    assert plain and all(name.startswith("reference-silhouette-a4-en-p") for name in plain)
    assert run("build", "kill-shot", "--asset", "reference", "--lang", "en", "--cutter", "silhouette", "--guide",
               "--out", tmp_path).exit_code == 0
    assert {p.name: p.read_bytes() for p in folder.iterdir() if p.is_file() and p.suffix != ".pdf"} == plain
    assert {p.name for p in folder.glob("*.pdf")} == {"reference-silhouette-a4-en.pdf",
                                                      "reference-silhouette-a4-en-guide.pdf"}
