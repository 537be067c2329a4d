"""The Japanese catalog holds every message the sources mark, each translated, and is up to date."""
import re
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from tabletop import catalog


@pytest.fixture(scope="module")
def sources():
    """Every message the sources mark (extracted once: it reads the whole checkout)."""
    return catalog.extract()


def test_every_message_is_translated_and_the_catalog_is_current(sources):
    problems = catalog.check(sources)
    assert not problems, "\n".join(problems)


def test_a_catalog_differing_only_in_what_babel_writes_of_itself_is_current(sources, tmp_path):
    """Another Babel release writes its own version and other dates into the header, and may lay the
    file out otherwise: none of that is a message missing, stale or untranslated."""
    real = catalog.catalogs()[0]
    po = tmp_path / real.name
    text = real.read_text(encoding="utf-8")
    text = re.sub(r'"Generated-By: Babel [^\\"]*', '"Generated-By: Babel 99.1.0', text)
    text = re.sub(r'"POT-Creation-Date: [^\\"]*', '"POT-Creation-Date: 2099-01-01 00:00+0000', text)
    assert "Babel 99.1.0" in text and "2099-01-01" in text
    po.write_text(text, encoding="utf-8")
    assert catalog.check(sources, [po]) == []


def test_a_catalog_missing_a_translated_message_fails_the_check(sources, tmp_path):
    real = catalog.catalogs()[0]
    entries = real.read_text(encoding="utf-8").split("\n\n")
    kept = [e for e in entries if 'msgid "Show this message and exit."' not in e]
    assert len(kept) == len(entries) - 1
    po = tmp_path / real.name
    po.write_text("\n\n".join(kept), encoding="utf-8")
    assert catalog.check(sources, [po]) == [f"{po}: stale: run `python -m tabletop.catalog update`"]


def _po(tmp_path, *entries: tuple[str, str, bool]) -> Path:
    lines = ['msgid ""', 'msgstr ""', '"Language: ja\\n"', '"Content-Type: text/plain; charset=utf-8\\n"', ""]
    for msgid, msgstr, fuzzy in entries:
        lines += (["#, fuzzy"] if fuzzy else []) + [f'msgid "{msgid}"', f'msgstr "{msgstr}"', ""]
    path = tmp_path / "ja.po"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def test_untranslated_fuzzy_and_broken_placeholders_are_reported(tmp_path):
    po = _po(tmp_path, ("done", "完了", False), ("missing", "", False), ("guessed", "推測", True),
             ("unknown game {game!r}", "不明なゲーム {name!r}", False))
    assert [(p.msgid, p.what.split(":")[0]) for p in catalog.problems(po)] == [
        ("missing", "not translated"), ("guessed", "fuzzy"),
        ("unknown game {game!r}", "the translation names a {placeholder} the English lacks")]


def test_a_catalog_missing_a_new_message_is_stale(tmp_path):
    po = _po(tmp_path, ("done", "完了", False))
    template = Catalog(domain=catalog.DOMAIN)
    template.add("done", locations=[("pnp/cli/main.py", 1)])
    po.write_text(catalog.updated(po, template), encoding="utf-8")
    assert not catalog.is_stale(po, template)
    template.add("a new message", locations=[("pnp/cli/main.py", 2)])
    assert catalog.is_stale(po, template)
    assert 'msgid "a new message"' in catalog.updated(po, template)


def test_the_extraction_finds_marked_messages_of_every_kind():
    """`_`, `N_` and the singular and plural of `ngettext`, in tabletop/, pnp/ and companion/."""
    template = catalog.extract()
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    files = {path for m in template for path, _ in m.locations}
    assert "Show this message and exit." in ids  # click's own words, listed with N_
    assert any(f.startswith("pnp/") for f in files) and any(f.startswith("tabletop/") for f in files)


def test_the_app_s_words_inside_a_template_string_are_extracted_too(sources):
    """The app's pages (companion/app/ui/) put words in template strings (`${_("your turn")}`); Babel's
    JavaScript reader skips those unless told, and such a word would show in English on a Japanese page."""
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in sources if m.id}
    ui = Path(catalog.__file__).resolve().parents[1] / "companion" / "app" / "ui"
    inside = {word for path in ui.glob("*.js")
              for template in re.findall(r"`[^`]*`", path.read_text("utf-8"))
              for word in re.findall(r'\b_\("((?:[^"\\]|\\.)*)"', template)}
    assert "your turn" in inside  # the famiglia Street's heading, a case of it
    assert inside - ids == set()


def test_the_japanese_of_pnp_and_the_shared_messages_uses_full_width_punctuation():
    """（）：！ in Japanese sentences (docs/translating.md); placeholders are left alone."""
    import re

    from babel.messages.pofile import read_po

    with catalog.catalogs()[0].open("rb") as f:
        po = read_po(f)
    half_width = []
    for message in po:
        if not message.id or not any(path.startswith(("pnp/", "tabletop/")) for path, _ in message.locations):
            continue
        for text in message.string if isinstance(message.string, tuple) else (message.string,):
            outside_placeholders = re.sub(r"\{[^}]*\}|%\([a-z]+\)s", "", text)
            if re.search(r"[()!]|: |:$", outside_placeholders):
                half_width.append(text)
    assert half_width == []
