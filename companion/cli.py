"""`companion`: one subcommand per game."""
import click


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Table companion: robots, virtual players, dice and scorekeeping."""
