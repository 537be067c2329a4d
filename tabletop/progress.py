"""A progress bar for work that takes a while: click's, on stderr, shown only at a terminal and only
once the work has run for a second (a quick or up-to-date run shows none), kept below the lines the
command prints. Piped or redirected, it draws nothing, so logs and scripts read the same as before;
a command whose first line may be minutes away gives `piped`, one line said then at the start instead."""
from __future__ import annotations

import shutil
import sys
import time
from typing import Any, TextIO

import click

from .text_width import display_width

DELAY = 1.0  # seconds of work before a bar is worth showing
BAR = 20  # the bar's width in columns, leaving the line room for what is under way


class Progress:
    def __init__(self, total: int, label: str, out: TextIO | None = None, delay: float | None = None,
                 piped: str | None = None):
        self.total, self.label = total, label
        self.delay = DELAY if delay is None else delay
        self.out = out or sys.stderr
        self.live = self.out.isatty()
        if piped and not self.live:
            click.echo(piped, file=self.out)
        self.start = time.monotonic()
        self.done, self.item = 0, ""
        self.bar: Any = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: Any) -> None:
        self._clear()

    def begin(self, item: str) -> None:
        """Say which item is under way (the bar shows it beside the count)."""
        self.item = item
        self._show()

    def advance(self, n: int = 1) -> None:
        self.done += n
        if self.bar is not None:
            self.bar.update(n)
        else:
            self._show()

    def echo(self, message: str, err: bool = False) -> None:
        """A line of the command's own output, printed above the bar."""
        self._clear()
        click.echo(message, err=err)
        self._show()

    def _show(self) -> None:
        if self.bar is None and self.live and time.monotonic() - self.start >= self.delay:
            self.bar = click.progressbar(length=self.total, label=self.label, file=self.out, show_pos=True,
                                         show_eta=False, item_show_func=lambda _: self._fitted(), width=BAR)
            self.bar.update(self.done)
        if self.bar is not None:
            self.bar.render_progress()

    def _fitted(self) -> str:
        """The item, cut short to what the terminal's line leaves it: a line that wraps is drawn again
        below itself at every tick. Measured in columns, a Japanese character taking two."""
        columns = shutil.get_terminal_size().columns
        room = columns - 1 - display_width(self.label) - len(f"  [{'-' * BAR}]  {self.total}/{self.total}  ")
        if display_width(self.item) <= room:
            return self.item
        kept = ""
        for char in self.item:
            if display_width(kept + char) > room - 1:
                break
            kept += char
        return kept + "…" if room > 0 else ""

    def _clear(self) -> None:
        if self.bar is not None:
            self.out.write("\r\x1b[K")
            self.out.flush()
            self.bar = None  # drawn again as a new bar: click redraws only a line that changed, and this one is gone
