"""The `pnp` console command. Python's cyclic garbage collector is held off while the command's
modules load (they make tens of thousands of objects and no garbage: with the collector off while
they load and through the build, the 54-insert job went from 0.41 to 0.35 s), and what they made is
then frozen out of later collections."""
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
