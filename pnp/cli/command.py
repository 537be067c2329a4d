"""The `pnp` console command. Python's cyclic garbage collector is held off while the command's
modules load (they make tens of thousands of objects and no garbage, which each collection would
scan again; bench/build_speed.py times a build), and what they made is then frozen out of later
collections."""
from __future__ import annotations

import gc


def main() -> None:
    gc.disable()
    try:
        from pnp.cli.main import main as command
    finally:
        gc.freeze()
        gc.enable()
    command()
