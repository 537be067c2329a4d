"""A scripted two-team game of Hitman's Showdown to the showdown, and `companion showdown play` run on a
script through a real pipe."""
import subprocess
import sys

TEAMS = ["--team", "Ann=blood_diamond", "--team", "Bob=Void Clover"]


# Each block is one turn; the comments carry the money by hand.
GAME = """
attack H3
roll 1 2
done
attack C3
roll 2 3
done
attack H8
double
buy weapon
roll 6 6 2
done
attack SJ
roll 1 2
done
1
5
pass
attack C4
roll 6 6
done
attack D3
roll 1 2
done
attack HK
buy weapon 2
buy escape
use D2
roll 6 6 6 6 6
done
attack D4
roll 3 4
done
pass
pass
attack Bob
buy closing
ready
buy weapon
ready
roll 5 6
roll 1 2 3
use C2 6
done
C3
4
attack Ann
ready
ready
roll 1 1 1
roll 3 3
done
1
6
attack D5
roll 1 1
done
attack Ann
attack H4
roll 2 2
done
pass
pass
attack JOKER-BLACK
attack CK
use D2
roll 2 2 2 2
done
2
attack S3
roll 4 1
done
attack H6
use H3
double
roll 3 3
done
pass
pass
pass
pass
pass
pass
pass
pass
pass
"""


def run(args, script, tmp_path):
    cmd = [sys.executable, "-c", "from companion.cli import main; main()", "showdown", "play", *args]
    return subprocess.run(cmd, input=script, capture_output=True, text=True, timeout=120,
                          env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "NO_COLOR": "1"})
