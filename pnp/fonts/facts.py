"""What a build needs to know about a font file before it registers it, kept in the font cache.

Reading a 5.7 MB font with fontTools costs more than the rest of a small build, and ReportLab reads
it anyway to embed it. So fontTools opens a font once, to learn whether it is a TrueType font with a
weight axis; the answer is stored in `<font cache>/facts/` under the font's path, size and mtime,
and later runs read it from there. A record that is missing, unreadable, of another format or for
another size or mtime is simply made again (and rewritten if the cache folder is writable).
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path

from tabletop.data.errors import DataError
from tabletop.fileio import write_atomic
from tabletop.i18n import _
from tabletop.record import Record, asdict

FORMAT = 1  # bump when the facts or their meaning change


class FontFacts(Record):
    """What a build must know of a font file before registering it."""
    variable: bool  # has a wght axis: static Regular/Bold instances are made from it


def font_facts(font: Path, cache: Path) -> FontFacts:
    """The facts about `font`, from `cache` if recorded for this very file, else found and recorded.
    Raises DataError if the font cannot be read or has no TrueType outlines."""
    key = _key(font)
    record = cache / "facts" / f"{hashlib.sha1(key['path'].encode()).hexdigest()[:16]}.json"
    known = _recorded(record, key)
    if known is not None:
        return known
    facts = _examine(font)
    try:
        write_atomic(record, json.dumps({"key": key, "facts": asdict(facts)}, sort_keys=True))
    except OSError:
        pass  # a read-only cache costs the next run the same look, nothing more
    return facts


def _key(font: Path) -> dict:
    st = font.stat()
    return {"path": str(font.resolve()), "size": st.st_size, "mtime_ns": st.st_mtime_ns, "format": FORMAT}


def _recorded(record: Path, key: dict) -> FontFacts | None:
    try:
        stored = json.loads(record.read_text(encoding="utf-8"))
        if stored["key"] != key:
            return None
        facts = FontFacts(**stored["facts"])
    except (OSError, ValueError, TypeError, KeyError):
        return None
    return facts if isinstance(facts.variable, bool) else None


def _examine(font: Path) -> FontFacts:
    from fontTools.ttLib import TTFont, TTLibError

    try:
        opened = TTFont(font, lazy=True)
        if "glyf" not in opened:
            raise DataError(_("font has no TrueType outlines (CFF/.otf fonts cannot be embedded); use a .ttf"),
                            file=font)
        variable = "fvar" in opened and any(a.axisTag == "wght" for a in opened["fvar"].axes)
    except (OSError, TTLibError) as e:
        raise DataError(_("cannot read font: {reason}").format(reason=e), file=font) from None
    return FontFacts(variable=variable)
