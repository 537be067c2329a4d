"""`pnp`: build, list, preview and export print-and-play assets."""
import click


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Print-and-play generator."""
