"""Japanese line breaking checked on what the kit lays out: the kinsoku rule on a paragraph's lines, and the
lines of every Japanese paragraph laid out while a block runs."""
from contextlib import contextmanager

import pytest

from pnp.text import fit as text
from pnp.text.kinsoku import NO_LINE_END, NO_LINE_START, KinsokuParagraph, line_texts


def assert_kinsoku(lines: list[str], where) -> None:
    for before, after in zip(lines, lines[1:]):
        assert after[:1] not in NO_LINE_START or not after, (where, before, after)
        assert before[-1:] not in NO_LINE_END or not before, (where, before, after)


@contextmanager
def recorded_lines():
    """Inside the block, the lines of every Japanese paragraph laid out are appended to the list
    it yields (the fitting caches are cleared so nothing is skipped)."""
    recorded = []
    original = KinsokuParagraph.breakLinesCJK

    def recording(self, widths):
        result = original(self, widths)
        recorded.append(line_texts(result.lines))
        return result

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(KinsokuParagraph, "breakLinesCJK", recording)
        text._fit.cache_clear()
        text._wrapped.cache_clear()
        yield recorded
