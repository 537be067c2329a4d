"""`companion famiglia` (placeholder until the game's companion lands)."""
import click


@click.group(name="famiglia")
def command() -> None:
    """famiglia companion."""
