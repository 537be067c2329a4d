"""Incremental build stamps: fresh only while inputs, options, code and outputs are unchanged."""
import os

import pytest

from pnp.build import cache as buildcache
from pnp.build.cache import BuildStep, Inputs


@pytest.fixture
def job(tmp_path):
    data, template, font = tmp_path / "game.toml", tmp_path / "face.j2", tmp_path / "font.ttf"
    data.write_text("a = 1\n")
    template.write_text("<face/>")
    font.write_bytes(b"\0" * 64)
    out = tmp_path / "out" / "inserts.pdf"

    def step(**options):
        return BuildStep([out], Inputs(files=(data, template), fonts=(font,), options=options or {"lang": "ja"}))

    def build(s):
        out.parent.mkdir(exist_ok=True)
        out.write_bytes(b"%PDF")
        s.done()

    return step, build, data, font, out


def test_fresh_after_a_build_and_stale_before(job):
    step, build, *_ = job
    assert not step().fresh()
    build(step())
    assert step().fresh()


def test_a_changed_data_file_option_or_font_makes_it_stale(job):
    step, build, data, font, _ = job
    build(step())
    data.write_text("a = 2\n")
    assert not step().fresh()
    build(step())
    assert not step(lang="en").fresh()
    st = font.stat()
    os.utime(font, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    assert not step().fresh()


def test_same_bytes_rewritten_stay_fresh(job):
    step, build, data, *_ = job
    build(step())
    data.write_text("a = 1\n")  # an editor saving without changes
    assert step().fresh()


def test_a_deleted_or_edited_output_is_rebuilt(job):
    step, build, _, _, out = job
    build(step())
    out.write_bytes(b"%PDF-edited")
    assert not step().fresh()
    build(step())
    out.unlink()
    assert not step().fresh()


def test_a_corrupt_stamp_is_not_trusted(job):
    step, build, *_ = job
    build(step())
    step().stamp.write_text("{not json")
    assert not step().fresh()


def test_code_version_changes_with_any_source(tmp_path):
    (tmp_path / "a.py").write_text("x = 1\n")
    before = buildcache.code_version.__wrapped__(tmp_path)
    (tmp_path / "a.py").write_text("x = 2\n")
    assert buildcache.code_version.__wrapped__(tmp_path) != before


def test_pdfs_differing_only_in_their_creation_stamps_have_the_same_content():
    def pdf(when, ident, body=b"BT (HITMAN) Tj ET"):
        return (b"%PDF-1.4\n" + body + b"\n/CreationDate (D:" + when + b"+00'00') /ModDate (D:" + when
                + b"+00'00')\ntrailer << /ID \n[<" + ident * 2 + b"><" + ident * 2 + b">] >>")
    a = pdf(b"20260101000000", b"0123456789abcdef")
    assert buildcache.same_content(a, pdf(b"20261231235959", b"fedcba9876543210"))
    assert not buildcache.same_content(a, pdf(b"20260101000000", b"0123456789abcdef", b"BT (HITMEN) Tj ET"))
    assert buildcache.content_digest(a) == buildcache.content_digest(pdf(b"20261231235959", b"fedcba9876543210"))
    assert buildcache.content_digest(a) != buildcache.content_digest(
        pdf(b"20260101000000", b"0123456789abcdef", b"BT (HITMEN) Tj ET"))


def test_a_step_named_by_its_stamp_checks_the_outputs_it_recorded(tmp_path):
    inputs = Inputs(options={"target": "png"})
    stamp = tmp_path / ".pnp-build" / "deck.json"
    assert not BuildStep([], inputs, stamp).fresh()
    images = [tmp_path / "a.png", tmp_path / "b.png"]
    for image in images:
        image.write_bytes(b"png")
    BuildStep([], inputs, stamp).done(images)
    assert BuildStep([], inputs, stamp).fresh()
    images[1].write_bytes(b"edited")
    assert not BuildStep([], inputs, stamp).fresh()
    assert BuildStep([], inputs, stamp).recorded_outputs() == images
    assert BuildStep([], Inputs(options={"target": "mpc"}), stamp).recorded_outputs() == []  # other inputs


def test_an_assets_inputs_are_its_data_templates_font_and_options(tmp_path):
    from pnp.assets.registry import find
    from pnp.base import Options
    from pnp.fonts.fontset import bundled_font
    from tabletop.data import TEMPLATES_DIR

    game = find("liar-mafia")
    inputs = buildcache.asset_inputs(game, game.assets["cards"], Options(cards_dir=tmp_path))
    assert tmp_path / "liar_mafia.toml" in inputs.files  # the data file the user points to
    assert {TEMPLATES_DIR / "liar_mafia" / "mafia_card.j2", TEMPLATES_DIR / "common" / "footer.j2"} <= set(inputs.files)
    assert inputs.fonts == (bundled_font(), bundled_font("Noto Sans Symbols 2"), bundled_font("STIX Two Math"))
    assert inputs.options["asset"] == "cards" and inputs.options["lang"] == "ja"
    font = tmp_path / "mine.ttf"
    other = buildcache.asset_inputs(game, game.assets["cards"], Options(lang="en", font=str(font)))
    assert other.fonts == (font, *inputs.fonts) and buildcache.fingerprint(other) != buildcache.fingerprint(inputs)


def test_code_version_covers_the_data_room_too(tmp_path):
    """A model's display logic lives in tabletop/ (e.g. a card's span): editing it must rebuild too."""
    assert {p.name for p in buildcache._CODE} == {"pnp", "tabletop"} and all(p.is_dir() for p in buildcache._CODE)
    pnp_dir, data_dir = tmp_path / "pnp", tmp_path / "tabletop"
    for folder in (pnp_dir, data_dir):
        folder.mkdir()
        (folder / "a.py").write_text("x = 1\n")
    before = buildcache.code_version.__wrapped__(pnp_dir, data_dir)
    (data_dir / "a.py").write_text("x = 2\n")
    assert buildcache.code_version.__wrapped__(pnp_dir, data_dir) != before


def test_the_kits_own_files_in_another_folder_are_the_same_inputs(tmp_path, monkeypatch):
    """An installed wheel and an editable install of the same checkout hold the same data and templates
    in other folders (site-packages/tabletop/data/… and the checkout's cards/, templates/): a build made
    under one is up to date under the other."""
    import shutil

    import tabletop.data
    from tabletop.data import CARDS_DIR, TEMPLATES_DIR

    files = (CARDS_DIR / "liar_mafia.toml", TEMPLATES_DIR / "liar_mafia" / "print.toml")
    here = buildcache.fingerprint(Inputs(files=files))
    shutil.copytree(CARDS_DIR, tmp_path / "data" / "cards")
    shutil.copytree(TEMPLATES_DIR, tmp_path / "data" / "templates")
    monkeypatch.setattr(tabletop.data, "CARDS_DIR", tmp_path / "data" / "cards")
    monkeypatch.setattr(tabletop.data, "TEMPLATES_DIR", tmp_path / "data" / "templates")
    moved = (tmp_path / "data" / "cards" / "liar_mafia.toml",
             tmp_path / "data" / "templates" / "liar_mafia" / "print.toml")
    assert buildcache.fingerprint(Inputs(files=moved)) == here
    (tmp_path / "data" / "cards" / "liar_mafia.toml").write_text("changed = 1\n")
    assert buildcache.fingerprint(Inputs(files=moved)) != here  # content still counts
    user = tmp_path / "mine" / "liar_mafia.toml"  # a user's own copy (--cards) is named by its path
    user.parent.mkdir()
    shutil.copy(CARDS_DIR / "liar_mafia.toml", user)
    assert buildcache.fingerprint(Inputs(files=(user, moved[1]))) != here


def test_the_example_decks_scripts_are_not_the_kits_code(tmp_path):
    """A wheel carries the example decks (with their drawing scripts) inside pnp/, a checkout at its top:
    the code version of the two is the same."""
    code = tmp_path / "pnp"
    code.mkdir()
    (code / "build.py").write_text("x = 1\n")
    plain = buildcache.code_version(code)
    (code / "example_decks" / "bestiary").mkdir(parents=True)
    (code / "example_decks" / "bestiary" / "make_art.py").write_text("print('art')\n")
    assert buildcache.code_version.__wrapped__(code) == plain
    (code / "build.py").write_text("x = 2\n")
    assert buildcache.code_version.__wrapped__(code) != plain
