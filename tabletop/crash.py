"""How both commands end when something unexpected happens: one line, never a traceback dump."""
from __future__ import annotations

import os
import sys

import click

from .i18n import _

DEBUG_ENV = "PNP_DEBUG"  # set to 1 to see the traceback of an internal error (pnp and companion)


def silence_stdout() -> None:
    """Point stdout at /dev/null so flushing it at exit does not fail a second time."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def internal_error(e: BaseException, detail: object | None = None) -> None:
    """Report a bug in one line (the traceback with PNP_DEBUG=1) and exit 1."""
    if os.environ.get(DEBUG_ENV):
        import traceback

        traceback.print_exception(e)
    detail = f"{type(e).__name__}: {e}" if detail is None else detail
    # The detail is for whoever fixes the bug, so it stays as the code wrote it.
    click.echo(_("internal error: {detail} (set {variable}=1 for details)").format(detail=detail, variable=DEBUG_ENV),
               err=True)
    sys.exit(1)
