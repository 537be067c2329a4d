"""`companion serve` as a separate process, as a user runs it: started on a free port and stopped with
Ctrl-C; and with the short limits the tests of the server's limits run it under."""
import re
import signal
import subprocess
import sys
import threading
import time

SECONDS = 2
PER_CLIENT, CONNECTIONS = 8, 32
FILES = 256  # the server's file limit: 300 connections would pass it, were they all held
SHORT = (f"import resource; resource.setrlimit(resource.RLIMIT_NOFILE, ({FILES}, {FILES})); "
         "from companion.web import gate; "
         f"gate.LIMITS = gate.Limits(request_seconds={SECONDS}, answer_seconds={SECONDS}, per_client={PER_CLIENT}, "
         f"connections={CONNECTIONS}, log_seconds=600); ")
DEADLINE = 60  # generous: the machine may be busy; every wait below ends as soon as its condition holds


def start(home, *args, before="", **env):
    """`companion serve ARGS` on a free port; `before` is Python run first in its process (shorter limits)."""
    cmd = [sys.executable, "-c", before + "from companion.cli import run; run()", "serve", "--port", "0", *args]
    server = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env={"PATH": "/usr/bin:/bin", "HOME": str(home), "LANG": "C.UTF-8", **env})
    url, printed = address(server)
    if not url:
        server.kill()  # then its stderr ends, and can be read whole
        raise AssertionError("".join(printed) + server.stderr.read())
    return server, url, printed


def address(server: subprocess.Popen) -> tuple[str | None, list[str]]:
    """The address a starting `companion serve` prints on its "Open …" line (none if it stopped before it), and
    the lines it printed up to there. With `--port 0` the port is the one the system gave as the server bound
    it: no other server, of this run's other workers or anyone else's, can take it first."""
    printed = []
    for line in server.stdout:
        printed.append(line)
        if line.startswith("Open "):
            break
    url = re.search(r"https?://\S+", "".join(printed))
    return (url.group(0) if url else None), printed


def stop(server):
    server.send_signal(signal.SIGINT)
    out, err = server.communicate(timeout=30)
    return server.returncode, out, err


class Served:
    """A `companion serve` with short limits, its log (stderr) read as it comes."""

    def __init__(self, home, *args):
        self.process, self.url, _ = start(home, *args, "--games", str(home / "games"), before=SHORT)
        self.port = int(re.search(r":(\d+)/", self.url).group(1))
        self.log: list[str] = []
        self.reader = threading.Thread(target=lambda: self.log.extend(iter(self.process.stderr.readline, "")))
        self.reader.start()

    def wait_for_log(self, text):
        deadline = time.monotonic() + DEADLINE
        while not any(text in line for line in self.log):
            assert time.monotonic() < deadline, f"no {text!r} in the log: {self.log}"
            time.sleep(0.05)

    def stop(self) -> list[str]:
        self.process.send_signal(signal.SIGINT)
        self.process.wait(30)
        self.reader.join(30)
        self.process.stdout.close()
        return self.log
