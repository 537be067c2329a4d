"""The `pnp` command: `command.py` is the console script's entry, `main.py` the command group with
build, list, preview and calibrate, then a module for each larger command (export, start and
examples, watch) and `shared.py`, what they all use (the common options, the plan of jobs, the data
loaded once, the warnings said once)."""
