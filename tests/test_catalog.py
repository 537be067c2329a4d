"""The Japanese catalog holds every message the sources mark, each translated, and is up to date."""
from babel.messages.catalog import Catalog

from tabletop import catalog


def test_every_message_is_translated_and_the_catalog_is_current():
    problems = catalog.check()
    assert not problems, "\n".join(problems)


def _po(tmp_path, *entries: tuple[str, str, bool]) -> "Path":
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
    template.add("done", locations=[("pnp/cli.py", 1)])
    po.write_text(catalog.updated(po, template), encoding="utf-8")
    assert not catalog.is_stale(po, template)
    template.add("a new message", locations=[("pnp/cli.py", 2)])
    assert catalog.is_stale(po, template)
    assert 'msgid "a new message"' in catalog.updated(po, template)


def test_the_extraction_finds_marked_messages_of_every_kind():
    """`_`, `N_` and the singular and plural of `ngettext`, in tabletop/, pnp/ and companion/."""
    template = catalog.extract()
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    files = {path for m in template for path, _ in m.locations}
    assert "Show this message and exit." in ids  # click's own words, listed with N_
    assert any(f.startswith("pnp/") for f in files) and any(f.startswith("tabletop/") for f in files)


def test_the_click_words_listed_are_click_s_own_message_ids():
    """A typo in tabletop/click_words.py would leave click's real message in English."""
    from pathlib import Path

    import click
    from babel.messages.extract import extract_from_dir, extract_from_file

    import tabletop.click_words

    def ids(messages):
        return {m[2] for m in messages if m[2]}  # a plural is its (singular, plural) pair

    listed = ids((None, *m) for m in extract_from_file("python", tabletop.click_words.__file__,
                                                      keywords={"N_": None, "ngettext": (1, 2)}))
    clicks = ids(extract_from_dir(Path(click.__file__).parent, [("*.py", "python")],
                                  keywords={"_": None, "ngettext": (1, 2)}))
    assert len(listed) > 50 and listed <= clicks, listed - clicks


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
