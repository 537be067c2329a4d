"""The games' print files (templates/<game>/print.toml): what they wire up is what `pnp` builds, and
a mistake in one is a one-line error naming the file, the line or key, and what is wrong."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.assets.registry import GAMES, PRINT_FILE
from pnp.assets.spec import read_game_spec
from pnp.assets.wiring import make_game
from pnp.base import Options
from pnp.build.make import BuildJob, build_pdf
from pnp.cli.main import main
from tabletop.data import CARDS_DIR, TEMPLATES_DIR
from tabletop.data.errors import DataError
from tabletop.data.load import locate
from tabletop.data.loaders import LOADERS

LIAR_MAFIA = TEMPLATES_DIR / "liar_mafia" / PRINT_FILE


def _edited(tmp_path: Path, old: str, new: str) -> Path:
    text = LIAR_MAFIA.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / PRINT_FILE
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def _build(path: Path, asset: str = "cards"):
    game = make_game(read_game_spec(path), path, LOADERS["liar-mafia"])
    return build_pdf(BuildJob(game, game.assets[asset]), Options(lang="en"))


def test_every_game_and_asset_comes_from_a_print_file():
    files = sorted(TEMPLATES_DIR.glob(f"*/{PRINT_FILE}"))
    specs = [read_game_spec(path) for path in files]
    assert {s.game for s in specs} == set(GAMES) == set(LOADERS)
    for spec in specs:
        assert list(GAMES[spec.game].assets) == list(spec.assets)
        assert GAMES[spec.game].title == spec.title
    assert "ライアーマフィア" in LIAR_MAFIA.read_text(encoding="utf-8")


def test_pieces_names_and_backs_follow_the_print_file(tmp_path):
    """Renaming a piece and dropping its back in the print file changes exactly that in the build."""
    path = _edited(tmp_path, 'name = "{{ w.W(\'summary\') }}{{ w.paren(t(c.name)) }}"',
                   'name = "Crib {{ t(c.name) }}"')
    path.write_text(path.read_text(encoding="utf-8").replace(
        'decor = [{ art = "frame", color = "{{ c.ink }}" }]\nback = "{{ c.id }}-summary"',
        'decor = [{ art = "frame", color = "{{ c.ink }}" }]'), encoding="utf-8")
    built = _build(path)
    summaries = [c for c in built.cards if c[0].endswith("-summary")]
    assert [c[1] for c in summaries] == ["Crib Red", "Crib Blue"]
    assert all(c[3] is None for c in summaries)
    assert all(c[3] is not None for c in built.cards if not c[0].endswith("-summary"))


def test_unknown_key_names_file_and_line(tmp_path):
    path = _edited(tmp_path, 'layout = "panel"', 'layuot = "panel"')
    with pytest.raises(DataError) as e:
        read_game_spec(path)
    line = path.read_text(encoding="utf-8").splitlines().index('layuot = "panel"') + 1
    assert e.value.file == path and e.value.line == line
    assert "unknown key 'layuot'" in str(e.value) and "assets.cards.pieces" in str(e.value)


@pytest.mark.parametrize("old, new, where, says", [
    ('each = "c in game.colours"', 'each = "c in game.colors"', "assets.cards.pieces[0].each", "colors"),
    ('each = "c in game.colours"', 'each = "game.colours"', "assets.cards.pieces[0].each", "NAME in EXPRESSION"),
    ('art = "centre-line"', 'art = "center-line"', "assets.cards.pieces[0].decor[1].art", "known: frame"),
    ('back = "{{ c.id }}"', 'back = "{{ c.id }}-back"', "assets.cards.pieces[0].back",
     "no back has key 'red-back' (piece red-boss; backs: red, blue, red-summary, blue-summary)"),
    ('layout = "panel"', 'layout = "pannel"', "assets.cards.pieces[1].layout", "cards have no layout 'pannel'"),
    ('[assets.chips]\nkind = "cards"', '[assets.chips]\nkind = "inserts"', "assets.chips.pieces[0].layout",
     "inserts have no layout 'value-chip'"),
    ('{ art = "frame", color = "{{ c.ink }}" }, { art = "centre-line"',
     '{ art = "frame", colour = "{{ c.ink }}" }, { art = "centre-line"', "assets.cards.pieces[0].decor[0].colour",
     "frame takes color, paper, not 'colour'"),
])
def test_a_broken_wire_names_the_print_file_and_key(tmp_path, old, new, where, says):
    path = _edited(tmp_path, old, new)
    with pytest.raises(DataError) as e:
        _build(path)
    assert e.value.file == path and e.value.where.startswith(where) and says in str(e.value), str(e.value)
    assert locate(e.value).line is not None  # what `pnp` prints names the line too


def test_asset_needing_a_missing_table_is_a_data_error(tmp_path):
    text = (CARDS_DIR / "famiglia.toml").read_text(encoding="utf-8")
    start = text.index("\n[sheet]")
    rest = re.search(r"\n\[(?!sheet[.\]])", text[start + 1:])
    (tmp_path / "famiglia.toml").write_text(text[:start] + (text[start + 1 + rest.start():] if rest else "\n"),
                                            encoding="utf-8")
    result = CliRunner().invoke(main, ["build", "famiglia", "--asset", "robot", "--lang", "en",
                                       "--cards", str(tmp_path), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    assert "famiglia.toml" in result.output
    assert "the robot asset (Robot reference cards) needs the [sheet] table" in result.output
    assert not (tmp_path / "out" / "famiglia").exists() or not list((tmp_path / "out" / "famiglia").glob("*.pdf"))


def test_an_edited_print_file_rebuilds_its_games_assets():
    """Each asset's build step fingerprints its game's print file, so an edit to it rebuilds the asset."""
    from pnp.build.cache import asset_inputs

    for game in GAMES.values():
        for asset in game.assets.values():
            files = asset_inputs(game, asset, Options()).files
            assert TEMPLATES_DIR / game.id.replace("-", "_") / PRINT_FILE in files, (game.id, asset.name)


def test_an_insert_without_its_template_is_refused(tmp_path):
    text = (TEMPLATES_DIR / "hitmans_showdown" / PRINT_FILE).read_text(encoding="utf-8")
    path = tmp_path / PRINT_FILE
    path.write_text(text.replace('template = "hitmans_showdown/insert.j2"\n', ""), encoding="utf-8")
    with pytest.raises(DataError) as e:
        read_game_spec(path)
    assert e.value.where == "assets.inserts.pieces[0].template" and "needs its template" in e.value.message


def test_each_loader_reads_the_game_it_is_filed_under():
    """The loaders import their game's module only when called; each loads the game of its id."""
    for game_id, load in LOADERS.items():
        assert load().game == game_id


def test_a_broken_print_file_is_reported_by_the_command_not_at_import(tmp_path, monkeypatch):
    """The registry reads the print files on first use, inside a command: one line, exit 2."""
    from pnp.assets import registry

    folder = tmp_path / "liar_mafia"
    folder.mkdir()
    (folder / PRINT_FILE).write_text(LIAR_MAFIA.read_text(encoding="utf-8").replace(
        'layout = "panel"', 'layuot = "panel"', 1), encoding="utf-8")
    broken = registry.Registry(tmp_path)  # nothing read yet
    monkeypatch.setattr(registry, "GAMES", broken)
    monkeypatch.setattr("pnp.cli.main.GAMES", broken)
    result = CliRunner().invoke(main, ["list"])
    assert result.exit_code == 2
    assert re.match(r"error: .*print\.toml, line \d+ .*unknown key 'layuot'", result.output), result.output
    assert len(result.output.strip().splitlines()) == 1


def test_naming_a_game_reads_its_own_print_file_only(tmp_path):
    """`pnp build hitmans-showdown` is not stopped by another game's broken print file; `pnp list`
    (every game) still reports it."""
    from pnp.assets import registry

    for game in ("hitmans_showdown", "liar_mafia"):
        (tmp_path / game).mkdir()
        (tmp_path / game / PRINT_FILE).write_text((TEMPLATES_DIR / game / PRINT_FILE).read_text(encoding="utf-8"),
                                                  encoding="utf-8")
    broken = tmp_path / "liar_mafia" / PRINT_FILE
    broken.write_text(broken.read_text(encoding="utf-8").replace('layout = "panel"', 'layuot = "panel"', 1),
                      encoding="utf-8")
    games = registry.Registry(tmp_path)
    assert games["hitmans-showdown"].id == "hitmans-showdown" and "hitmans-showdown" in games
    with pytest.raises(DataError, match="layuot"):
        list(games)
