"""`companion terror24` (placeholder until the game's companion lands)."""
import click


@click.group(name="terror24")
def command() -> None:
    """terror24 companion."""
