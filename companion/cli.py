"""`companion`: one subcommand per game."""
import click

from tabletop import cli_i18n
from tabletop.crash import internal_error, silence_stdout
from tabletop.i18n import N_

from .appcli import app
from .famiglia.cli import command as famiglia
from .games import games
from .showdown.cli import command as showdown
from .terror24.cli import command as terror24
from .web.cli import serve


# --lang, where a command has it, is the language the command speaks: its errors and help too.
@click.group(cls=cli_i18n.Group, ui_lang_option=True, context_settings={"help_option_names": ["-h", "--help"]},
             help=N_("Table companion: robots, virtual players, dice and scorekeeping.\n\n"
                     "Messages are in Japanese or English: --lang where a command has it, else TABLETOP_KIT_LANG, "
                     "else the locale (LANG)."))
def main() -> None:
    pass


for group in (famiglia, terror24, showdown, games, serve, app):
    main.add_command(group)


def run() -> None:
    """The console entry point: user errors are the commands' own (exit 2); a bug or a closed
    output ends with one line instead of a traceback."""
    try:
        main()
    except BrokenPipeError:  # the reader went away (`companion ... | head -1`)
        silence_stdout()
        raise SystemExit(1) from None
    except Exception as e:  # every error: the one place bugs are reported to the user
        internal_error(e)
