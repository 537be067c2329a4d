"""Keep the message catalogs in step with the sources: `python -m tabletop.catalog update|check`.

`update` extracts every message marked in the sources (Babel, `babel.cfg`, keywords `_`, `N_`,
`ngettext`) and merges it into each `.po`: new messages arrive untranslated, changed ones fuzzy,
removed ones go. `check` says what `update` would change and which messages still need a
translation, and fails if anything does. The template is extracted in memory each time, so no
`.pot` is kept in the repository: the `.po` files are the only catalog files in git.
"""
from __future__ import annotations

import io
import string
import sys
from collections.abc import Sequence
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

from .fileio import write_atomic
from .i18n import DOMAIN, LOCALE_DIR
from .record import Record

ROOT = LOCALE_DIR.parent.parent
MAPPING = ROOT / "babel.cfg"
KEYWORDS = {"_": None, "N_": None, "gettext": None, "ngettext": (1, 2)}  # gettext: Jinja2 {% trans %}
COMMENT_TAG = "TRANSLATORS:"  # a `# TRANSLATORS: …` comment above a message reaches the translator


def catalogs() -> list[Path]:
    return sorted(LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def extract(root: Path = ROOT) -> Catalog:
    """Every message the sources mark, with the files (not lines: they move too often) it is in."""
    with MAPPING.open(encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f, str(MAPPING))
    template = Catalog(project="tabletop-kit", version="0.1.0", domain=DOMAIN, charset="utf-8", msgid_bugs_address="")
    for path, line, message, comments, context in extract_from_dir(
            root, method_map, options_map, KEYWORDS, (COMMENT_TAG,), strip_comment_tags=True,
            directory_filter=_source_folder):
        template.add(message, None, [(path, line)], auto_comments=comments, context=context)
    return template


def _source_folder(path: str) -> bool:
    # Babel walks the whole checkout before matching babel.cfg: skip what holds no sources.
    name = Path(path).name
    return not name.startswith((".", "_")) and name not in {"output", "build", "dist"}


def updated(po: Path, template: Catalog) -> str:
    """The text `po` would have after merging `template` into it."""
    with po.open("rb") as f:
        catalog = read_po(f)
    catalog.update(template)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, ignore_obsolete=True, include_lineno=False)
    return buffer.getvalue().decode("utf-8")


# One message as _messages compares it: context, words, translations, fuzzy, files, notes of both kinds.
_Message = tuple[str, str, str, bool, list[str], list[str], list[str]]


def _messages(po_text: bytes) -> list[_Message]:
    """What a catalog says, message by message: the words, their translations, whether they are fuzzy,
    the files they come from and the translators' notes. Not the header (Babel writes its own version
    and the dates there) nor how the file is laid out, which differ between Babel releases."""
    return sorted((m.context or "", repr(m.id), repr(m.string), m.fuzzy, sorted({path for path, _ in m.locations}),
                   list(m.auto_comments), list(m.user_comments))
                  for m in read_po(io.BytesIO(po_text)) if m.id)


def is_stale(po: Path, template: Catalog) -> bool:
    """Whether merging the sources' messages would change what `po` says."""
    return _messages(updated(po, template).encode("utf-8")) != _messages(po.read_bytes())


def update(template: Catalog | None = None) -> list[Path]:
    """Merge the sources' messages into every `.po`; only a catalog whose messages changed is written."""
    template = template or extract()
    changed = []
    for po in catalogs():
        if is_stale(po, template):
            write_atomic(po, updated(po, template))
            changed.append(po)
    return changed


class Problem(Record):
    po: Path
    msgid: str
    what: str

    def __str__(self) -> str:
        return f"{_shown(self.po)}: {self.msgid!r}: {self.what}"


def problems(po: Path) -> list[Problem]:
    """Messages of `po` a user would see in English or broken: untranslated, fuzzy, or whose
    translation names a `{placeholder}` the English does not fill in (the line would fail to show)."""
    with po.open("rb") as f:
        catalog = read_po(f)
    found = []
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
        strs = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
        translated = [s for s in strs if s]
        if message.fuzzy:
            found.append(Problem(po, ids[0], "fuzzy: check the translation, then remove the fuzzy flag"))
        elif len(translated) < len(strs):
            found.append(Problem(po, ids[0], "not translated"))
        elif any(not _fits(s, ids) for s in translated):
            found.append(Problem(po, ids[0], "the translation names a {placeholder} the English lacks"))
    return found


def _fits(translation: str, english: Sequence[str]) -> bool:
    """Only placeholders the code fills in: those of the English (of either form, for a message with
    a plural, since the code fills in both). A translation may leave one out where the sentence
    reads better without it."""
    return _fields(translation) <= set().union(*map(_fields, english))


def _fields(text: str) -> set[str]:
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:  # not a format string (a lone brace): nothing to compare
        return set()


def check(template: Catalog | None = None, pos: list[Path] | None = None) -> list[str]:
    """Everything wrong with the catalogs (`pos`, default all of them), one line each; empty when they
    are complete and current."""
    template = template or extract()
    pos = catalogs() if pos is None else pos
    lines = [f"{_shown(po)}: stale: run `python -m tabletop.catalog update`" for po in pos if is_stale(po, template)]
    return lines + [str(p) for po in pos for p in problems(po)]


def _shown(po: Path) -> Path:
    return po.relative_to(ROOT) if po.is_relative_to(ROOT) else po


def main(argv: list[str]) -> int:
    if argv == ["update"]:
        for po in update():
            print(f"updated {po.relative_to(ROOT)}")
        return 0
    if argv == ["check"]:
        lines = check()
        print("\n".join(lines) or "catalogs complete and up to date")
        return 1 if lines else 0
    print("usage: python -m tabletop.catalog update|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
