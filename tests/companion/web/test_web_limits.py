"""`companion serve` against a device on the LAN that opens connections by the hundred and sends nothing,
or a byte a second, or stops reading its answers: the server closes each after its limit, bounds what one
address and all of them hold, answers the paired phone all the while over its kept-alive connection, and
says so in a few lines of its log. The server runs with short limits (2 s) and a low file limit, under
which 300 connections used to fill its log with tracebacks; timings are bench/limits.py's."""
import http.client
import re
import selectors
import socket
import ssl
import sys
import threading
import time

import pytest

from serving import CONNECTIONS, DEADLINE, PER_CLIENT, SECONDS, Served

# The devices are loopback addresses other than 127.0.0.1, and the server's accept queue is read from
# /proc/net/tcp: both Linux's.
pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="needs Linux's loopback range and /proc/net/tcp")

FLOODERS = [f"127.0.0.{n}" for n in range(2, 7)]  # five devices: together past the limit on all connections
SLOW = "127.0.0.9"


def queued(port):
    """Connections the kernel holds for the listening socket on `port` that the server has yet to accept."""
    for line in open("/proc/net/tcp").read().splitlines()[1:]:
        fields = line.split()
        if fields[3] == "0A" and int(fields[1].split(":")[1], 16) == port:  # LISTEN: rx_queue is that count
            return int(fields[4].split(":")[1], 16)
    raise AssertionError(f"nothing listens on {port}")


def flood(port, addresses, each, meanwhile=lambda: None):
    """`each` silent connections from every one of `addresses`, opened a round at a time, each round taken
    by the server before the next, `meanwhile` called between rounds. (A burst past the listen backlog
    makes the kernel answer with SYN cookies, and a connection whose last ACK then finds the queue full is
    open on this side only: the server never had it, so it can never close it.)"""
    socks = []
    for _ in range(each):
        socks += [socket.create_connection(("127.0.0.1", port), timeout=DEADLINE, source_address=(address, 0))
                  for address in addresses]
        deadline = time.monotonic() + DEADLINE
        while queued(port):
            assert time.monotonic() < deadline, "the server takes no connection"
            time.sleep(0.001)
        meanwhile()
    for sock in socks:
        sock.setblocking(False)
    return socks


def wait_all_closed_by_the_server(socks):
    """Until every socket reads the end (EOF, a reset, or a connection the server never took)."""
    selector = selectors.DefaultSelector()
    for sock in socks:
        selector.register(sock, selectors.EVENT_READ)
    deadline = time.monotonic() + DEADLINE
    left = len(socks)
    while left:
        assert time.monotonic() < deadline, f"{left} of {len(socks)} connections still open after {DEADLINE} s"
        for key, _ in selector.select(timeout=1):
            try:
                ended = key.fileobj.recv(1) == b""
            except BlockingIOError:
                ended = False
            except OSError:  # reset, refused
                ended = True
            if ended:
                selector.unregister(key.fileobj)
                left -= 1
    selector.close()
    for sock in socks:
        sock.close()


class SlowClient(threading.Thread):
    """A request's head sent a byte a second from its own address, until the server closes the connection."""
    HEAD = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\n\r\n"

    def __init__(self, port):
        super().__init__()
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=DEADLINE, source_address=(SLOW, 0))
        self.sent, self.stopped = 0, threading.Event()

    def run(self):
        while self.sent < len(self.HEAD) and not self.stopped.wait(1):
            try:
                self.sock.send(self.HEAD[self.sent:self.sent + 1])
            except OSError:
                return
            self.sent += 1

    def wait_closed_by_the_server(self):
        try:
            assert self.sock.recv(4096) == b""  # blocks until the server ends it (or DEADLINE passes)
        except ConnectionResetError:
            pass
        finally:
            self.stopped.set()
            self.join()
            self.sock.close()


def phone(port, token):
    """The paired phone: one kept-alive connection, the token in each request."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=DEADLINE)
    headers = {"Authorization": f"Bearer {token}"} if token else {}

    def ask(path="/api/games"):
        conn.request("GET", path, headers=headers)
        response = conn.getresponse()
        response.read()
        return response.status

    return conn, ask


def test_a_flood_of_silent_and_slow_connections_is_cut_off_while_the_paired_phone_plays_on(tmp_path):
    served = Served(tmp_path, "--lan", "--host", "127.0.0.1")
    token = re.search(r"token=([\w-]+)", served.url).group(1)
    try:
        conn, ask = phone(served.port, token)
        assert ask() == 200
        kept = conn.sock
        asked = [time.monotonic()]

        def poll():  # as a play page does, every 0.3 s, from before the flood on (a busy machine floods slowly)
            if time.monotonic() - asked[0] >= 0.3:
                assert ask() == 200
                asked[0] = time.monotonic()

        silent = flood(served.port, FLOODERS, 300 // len(FLOODERS), meanwhile=poll)
        slow = SlowClient(served.port)
        slow.start()
        # polling as a play page does, past the limit, while the flood is held open: the same connection answers
        polled_until = time.monotonic() + 2.5 * SECONDS
        while time.monotonic() < polled_until:
            assert ask() == 200
            time.sleep(0.3)
        assert conn.sock is kept  # never closed under it (http.client would have opened another)
        wait_all_closed_by_the_server(silent)
        slow.wait_closed_by_the_server()
        assert 0 < slow.sent < len(SlowClient.HEAD)  # cut off mid-head, not answered
        assert ask() == 200 and conn.sock is kept
        conn.close()
    finally:
        log = served.stop()
    assert not any("Traceback" in line for line in log), "".join(log)
    # once per device at most (the first line about each), and once for all of them
    assert len(log) <= len(FLOODERS) + 2, "".join(log)
    assert all(line.startswith("WARNING:") for line in log), "".join(log)
    assert any(f"{SLOW}: no whole request within {SECONDS} s" in line for line in log), "".join(log)
    assert any(f"more than {CONNECTIONS} connections at once" in line for line in log), "".join(log)


def test_over_https_silent_connections_are_closed_too_and_one_address_holds_few(tmp_path):
    served = Served(tmp_path, "--https")
    try:
        silent = flood(served.port, FLOODERS[:1], 3 * PER_CLIENT)
        trusted = ssl.create_default_context(cafile=str(tmp_path / ".local/share/tabletop-kit/tls/ca.crt"))
        conn = http.client.HTTPSConnection("127.0.0.1", served.port, timeout=DEADLINE, context=trusted)
        conn.request("GET", "/api/games")
        assert conn.getresponse().status == 200
        wait_all_closed_by_the_server(silent)
        conn.close()
    finally:
        log = served.stop()
    assert len(log) == 1 and f"{FLOODERS[0]}: more than {PER_CLIENT} connections at once" in log[0], "".join(log)


def in_one_flight(port, context, request):
    """An HTTPS request whose first bytes go out in one write with the handshake's last (the client's
    Finished), as TLS 1.3 clients may send them, so the server reads both at once; the answer's head."""
    incoming, outgoing = ssl.MemoryBIO(), ssl.MemoryBIO()
    tls = context.wrap_bio(incoming, outgoing, server_hostname="127.0.0.1")
    with socket.create_connection(("127.0.0.1", port), timeout=DEADLINE) as sock:
        def more():
            sock.sendall(outgoing.read())
            data = sock.recv(1 << 16)
            assert data, "the server closed the connection"
            incoming.write(data)

        while True:
            try:
                tls.do_handshake()
                break
            except ssl.SSLWantReadError:
                more()
        tls.write(request)
        sock.sendall(outgoing.read())
        answer = b""
        while b"\r\n\r\n" not in answer:
            try:
                answer += tls.read(1 << 16)
            except ssl.SSLWantReadError:
                more()
    return answer


def test_over_https_a_request_sent_with_the_handshake_s_last_bytes_is_answered(tmp_path):
    served = Served(tmp_path, "--https")
    try:
        trusted = ssl.create_default_context(cafile=str(tmp_path / ".local/share/tabletop-kit/tls/ca.crt"))
        trusted.minimum_version = ssl.TLSVersion.TLSv1_3
        answer = in_one_flight(served.port, trusted, b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    finally:
        log = served.stop()
    assert answer.startswith(b"HTTP/1.1 200 ") and log == [], (answer, log)


def test_a_client_that_stops_reading_its_answers_is_cut_off(tmp_path):
    served = Served(tmp_path)
    reader = socket.socket()
    reader.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    reader.connect(("127.0.0.1", served.port))
    try:
        asked = b"GET /icons/icon-512.png HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" * 400  # 11 MB of answers
        reader.sendall(asked)
        served.wait_for_log(f"127.0.0.1: took none of its answer for {SECONDS} s")
        received = b""
        reader.settimeout(DEADLINE)
        try:
            while chunk := reader.recv(1 << 16):  # what was on its way, then the end
                received += chunk
        except ConnectionResetError:
            pass
        assert received.count(b"HTTP/1.1 200") < 400
    finally:
        reader.close()
        log = served.stop()
    assert len(log) == 1, "".join(log)
