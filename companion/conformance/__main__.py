"""python -m companion.conformance GAME [--games N] [--fuzz N]: the trace on stdout."""
import sys

from . import main

sys.exit(main())
