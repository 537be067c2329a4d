"""`companion showdown` (placeholder until the game's companion lands)."""
import click


@click.group(name="showdown")
def command() -> None:
    """showdown companion."""
