"""`companion serve --lan` under a flood from the network, with its real limits (docs/web.md, "Limits"):
how long a silent connection and a byte-a-second request are held, how the paired phone's requests fare
while 300 connections are thrown at the server at once, how many the server holds meanwhile, and how
much its log grows.

Runs the real command in its own process on 127.0.0.1 (optionally under a lower file limit, `--files 256`,
the soft limit macOS starts programs with). The flood comes from ten loopback addresses (127.0.0.10-19,
as ten devices), 30 connections each, all opened at once without waiting (a burst past the listen
backlog: the kernel then answers some with SYN cookies, and those the server never takes are open on
the flooder's side only). The phone polls `GET /api/games` with the token every 0.1 s on one kept-alive
connection from 127.0.0.1 throughout. Everything is local; the script stops by itself.
"""
from __future__ import annotations

import argparse
import http.client
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLOODERS = [f"127.0.0.{n}" for n in range(10, 20)]
EACH = 30
WATCH_SECONDS = 25  # longer than the request limit (10 s) and the keep-alive (5 s) together
SHOWN = 15  # of the log's lines
POLL = 0.1  # seconds between the phone's requests


def start_server(folder: Path, files: int | None) -> tuple[subprocess.Popen, int, str]:
    before = f"import resource; resource.setrlimit(resource.RLIMIT_NOFILE, ({files}, {files})); " if files else ""
    cmd = [sys.executable, "-c", before + "from companion.cli import run; run()", "serve", "--lan", "--host",
           "127.0.0.1", "--port", "0", "--games", str(folder)]
    server = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                              env={**os.environ, "LANG": "C.UTF-8"})
    for line in server.stdout:
        found = re.search(r"http://127\.0\.0\.1:(\d+)/\?token=([\w-]+)", line)
        if found:
            return server, int(found.group(1)), found.group(2)
    raise SystemExit("the server did not start: " + server.stderr.read())


def sockets_held(pid: int) -> int:
    """The server's open sockets, the listening one left out."""
    folder = Path(f"/proc/{pid}/fd")
    held = 0
    for fd in folder.iterdir():
        try:
            held += os.readlink(fd).startswith("socket:")
        except OSError:  # closed meanwhile
            pass
    return held - 1


def until_closed(sock: socket.socket, limit: float) -> float | None:
    """Seconds until the server ends `sock` (EOF or reset), None past `limit`."""
    start = time.monotonic()
    sock.settimeout(limit)
    try:
        while sock.recv(4096):
            pass
    except ConnectionResetError:
        pass
    except TimeoutError:
        return None
    return time.monotonic() - start


def slow_client(port: int) -> tuple[float | None, int]:
    """A request's head sent a byte a second: (seconds until the server cut it off, bytes sent)."""
    head = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: a byte a second\r\n\r\n"
    sock = socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.9", 0))
    sent, start = 0, time.monotonic()
    sock.settimeout(1)
    try:
        while sent < len(head) and time.monotonic() - start < 60:
            sock.send(head[sent:sent + 1])
            sent += 1
            try:
                if sock.recv(4096) == b"":
                    return time.monotonic() - start, sent
            except TimeoutError:
                pass
    except OSError:
        return time.monotonic() - start, sent
    finally:
        sock.close()
    return None, sent


class Phone:
    """The paired phone's polling, on one kept-alive connection, timed."""

    def __init__(self, port: int, token: str):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.headers = {"Authorization": f"Bearer {token}"}
        self.times: list[float] = []
        self.failures = 0
        self.reconnects = 0

    def ask(self) -> None:
        sock = self.conn.sock
        start = time.perf_counter()
        try:
            self.conn.request("GET", "/api/games", headers=self.headers)
            response = self.conn.getresponse()
            response.read()
            ok = response.status == 200
        except (OSError, http.client.HTTPException):
            self.conn.close()
            ok = False
        self.times.append((time.perf_counter() - start) * 1000)
        self.failures += not ok
        self.reconnects += sock is not None and self.conn.sock is not None and self.conn.sock is not sock

    def summary(self) -> str:
        ordered = sorted(self.times)
        p95 = ordered[int(len(ordered) * 0.95) - 1]
        return (f"{len(ordered)} requests, median {statistics.median(ordered):.1f} ms, p95 {p95:.1f} ms, "
                f"max {ordered[-1]:.1f} ms, {self.failures} failed, {self.reconnects} new connections")


def flood(port: int) -> list[socket.socket]:
    socks = []
    for address in FLOODERS:
        for _ in range(EACH):
            sock = socket.socket()
            sock.bind((address, 0))
            sock.setblocking(False)
            sock.connect_ex(("127.0.0.1", port))
            socks.append(sock)
    return socks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--files", type=int, help="the server's file limit (e.g. 256, as on macOS)")
    files = parser.parse_args().files
    with tempfile.TemporaryDirectory() as folder:
        server, port, token = start_server(Path(folder), files)
        log: list[str] = []
        reader = threading.Thread(target=lambda: log.extend(iter(server.stderr.readline, "")))
        reader.start()
        try:
            print(f"companion serve --lan on 127.0.0.1, file limit {files or 'as inherited'}")
            quiet = Phone(port, token)
            for _ in range(50):  # paced as below: a request every 0.1 s
                quiet.ask()
                time.sleep(POLL)
            print(f"  the phone, nothing else going on: {quiet.summary()}")
            silent = socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.8", 0))
            held = until_closed(silent, 60)
            print(f"  a silent connection closed after {held:.2f} s" if held else "  a silent connection: still open")
            cut, sent = slow_client(port)
            print(f"  a byte a second: cut off after {cut:.2f} s, {sent} bytes of the head sent" if cut
                  else "  a byte a second: never cut off")
            phone = Phone(port, token)
            phone.ask()
            before = sockets_held(server.pid)  # the phone's, and the event loop's own pair
            socks = flood(port)
            start = time.monotonic()
            samples: list[tuple[float, int]] = []
            while time.monotonic() - start < WATCH_SECONDS:
                phone.ask()
                samples.append((time.monotonic() - start, sockets_held(server.pid)))
                time.sleep(POLL)
            peak = max(n for _, n in samples) - before
            emptied = next((t for t, n in samples if t > 1 and n <= before), None)
            print(f"  {len(socks)} connections from {len(FLOODERS)} addresses at once; the phone meanwhile: "
                  f"{phone.summary()}")
            print(f"  flood connections the server held: at most {peak}; none "
                  + (f"{emptied:.1f} s after the flood began" if emptied is not None
                     else f"still after {WATCH_SECONDS} s"))
            ended = connecting = 0
            for sock in socks:
                try:
                    ended += sock.recv(1) == b""
                except BlockingIOError:
                    try:
                        sock.getpeername()
                    except OSError:  # its SYN still being retried: the listen queue was full
                        connecting += 1
                except OSError:
                    ended += 1
                sock.close()
            print(f"  on the flooder's side: {ended} ended by the server, {connecting} still connecting, "
                  f"{len(socks) - ended - connecting} open there only (answered with a SYN cookie, never taken)")
        finally:
            server.send_signal(signal.SIGINT)
            server.wait(timeout=30)
            reader.join(30)
        text = "".join(log)
        print(f"  the server's log: {len(log)} lines, {len(text.encode())} bytes, "
              f"{text.count('Traceback')} tracebacks")
        for line in log[:SHOWN]:
            print(f"    {line.rstrip()[:200]}")
        if len(log) > SHOWN:
            print(f"    … and {len(log) - SHOWN} lines more")


if __name__ == "__main__":
    main()
