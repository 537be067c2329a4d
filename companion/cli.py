"""`companion`: one subcommand per game."""
import click

from tabletop.crash import internal_error, silence_stdout

from .famiglia.cli import command as famiglia
from .showdown.cli import command as showdown
from .terror24.cli import command as terror24
from .web.cli import serve


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Table companion: robots, virtual players, dice and scorekeeping."""


for group in (famiglia, terror24, showdown, serve):
    main.add_command(group)


def run() -> None:
    """The console entry point: user errors are the commands' own (exit 2); a bug or a closed
    output ends with one line instead of a traceback."""
    try:
        main()
    except BrokenPipeError:  # the reader went away (`companion ... | head -1`)
        silence_stdout()
        raise SystemExit(1) from None
    except Exception as e:  # noqa: BLE001 — the one place bugs are reported to the user
        internal_error(e)
