"""The server's log under a flood: the first of a kind of event is said at once, the next ones at most once
per window, each with how many went unsaid before it. A device that opens connections by the hundred,
or sends the same broken request a thousand times, so writes a few lines, not a line (or a traceback)
each: a log that grows by megabytes a second hides what matters and fills the disk.

`Throttle` counts by a key (the gate's: a client's address); `QuietLog` is a logging filter for the
libraries' loggers that speak per request or per connection (uvicorn's, keyed by their message) and,
where asked, turns a record into one line (asyncio's, which adds a traceback pointing into asyncio
itself: an `accept()` out of file descriptors says nothing more in forty lines than in one).
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable, Hashable

from tabletop.i18n import _

MOST_KEYS = 1024  # what one window remembers; past it, the keys whose window has ended are forgotten


class Throttle:
    """Whether an event of `key` is said now: the first is, then at most one per `seconds`."""

    def __init__(self, seconds: float, clock: Callable[[], float] = time.monotonic):
        self.seconds, self.clock = seconds, clock
        self.said: dict[Hashable, tuple[float, int]] = {}  # key → (when last said, how many unsaid since)

    def __call__(self, key: Hashable) -> int | None:
        """None to keep quiet; else how many events of `key` went unsaid since the last one said."""
        now = self.clock()
        last = self.said.get(key)
        if last is not None and now - last[0] < self.seconds:
            self.said[key] = (last[0], last[1] + 1)
            return None
        if last is None and len(self.said) >= MOST_KEYS:
            self.said = {k: v for k, v in self.said.items() if now - v[0] < self.seconds}
            if len(self.said) >= MOST_KEYS:  # that many keys in one window: a flood of its own, said no more
                return None
        self.said[key] = (now, 0)
        return last[1] if last is not None else 0


def with_unsaid(line: str, unsaid: int) -> str:
    return line if not unsaid else _("{line} ({count} more like it not logged since)").format(line=line, count=unsaid)


class QuietLog(logging.Filter):
    """A logging filter: each message (its first line) said at most once per `seconds`, with how many
    went unsaid; `one_line` also drops the traceback and the lines under the first, keeping the error's own
    words."""

    def __init__(self, seconds: float, one_line: bool = False):
        super().__init__()
        self.throttle, self.one_line = Throttle(seconds), one_line

    def filter(self, record: logging.LogRecord) -> bool:
        first = str(record.msg).partition("\n")[0]
        unsaid = self.throttle(first)
        if unsaid is None:
            return False
        if self.one_line or unsaid:
            text = record.getMessage()
            line = text.partition("\n")[0] if self.one_line else text
            if self.one_line and record.exc_info and record.exc_info[1] is not None:
                line = f"{line.rstrip()}: {record.exc_info[1]}"
            record.msg, record.args = with_unsaid(line, unsaid), ()
            if self.one_line:
                record.exc_info = record.exc_text = record.stack_info = None
        return True


def quieten(seconds: float) -> None:
    """The filters on the loggers that speak for a client's doings: uvicorn's (an invalid request, an
    upgrade it does not serve) and asyncio's (the event loop's own errors, as one line)."""
    for name, one_line in (("uvicorn.error", False), ("asyncio", True)):
        logger = logging.getLogger(name)
        if not any(isinstance(f, QuietLog) for f in logger.filters):  # a second server in one process
            logger.addFilter(QuietLog(seconds, one_line))
