"""`companion`: one subcommand per game."""
import click

from .famiglia.cli import command as famiglia
from .showdown.cli import command as showdown
from .terror24.cli import command as terror24


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Table companion: robots, virtual players, dice and scorekeeping."""


for group in (famiglia, terror24, showdown):
    main.add_command(group)
