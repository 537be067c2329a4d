"""`companion serve`'s limits, kept where connections are accepted: how long the server waits on a client,
and how many connections one address, and all of them, may hold open (docs/web.md, "Limits").

Why here: uvicorn bounds neither the time a request may take to arrive nor the connections held open (its
`limit_concurrency` answers 503 to everybody, the paired phones too), and an ASGI middleware runs only once
a request's head has been read, so a connection that sends nothing, or a byte a second, never reaches one.
So the gate is the asyncio protocol uvicorn builds for each accepted connection (`Config(http=...)`), with
uvicorn's own inside (companion/web/uvicorn_internals.py): it counts and times the connection from its first
moment, makes the TLS handshake itself (asyncio's `start_tls`) so that a handshake is timed and counted
too, and hands every byte on unchanged. What the bytes alone do not tell it, when a request is with the
application and when its answer has gone, `watch` (the application's outermost layer) tells it, finding
the connection by the client's address and port, which uvicorn puts in the scope from the same socket.

Another server would not spare this: the well-kept ASGI servers bound each read at most (hypercorn's
`read_timeout`, which a byte a second never trips), not a whole request, nor the connections per address.
"""
from __future__ import annotations

import asyncio
import logging
import ssl
from dataclasses import dataclass
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tabletop.i18n import _

from .floodlog import Throttle, with_unsaid
from .uvicorn_internals import http_protocol


@dataclass(frozen=True)
class Limits:
    # From the moment a request may come (the connection made, the last answer sent) to the whole of it
    # arrived: the TLS handshake, the head and the body. A phone's request is a few hundred bytes.
    request_seconds: float = 10
    # A client that takes no byte of the answer being sent to it for this long (it stopped reading).
    answer_seconds: float = 10
    # uvicorn's own: a connection silent this long after an answer is closed (browsers reopen at once).
    keep_alive_seconds: int = 5
    # Connections open at once: one address (a browser opens 6 at most), and all of them (fewer where the
    # process may open few files, `capacity`). Past either, the longest idle one is closed.
    per_client: int = 16
    connections: int = 128
    # A flood is logged once per client, then at most one line per this window.
    log_seconds: float = 60


LIMITS = Limits()  # what `companion serve` takes when it starts; a test sets shorter ones before
# The server's log, so the lines have its handler and format.
log = logging.getLogger("uvicorn.error.limits")


def capacity(connections: int) -> tuple[int, int]:
    """(connections held at most, the listen backlog), within half the process's file limit: asyncio
    accepts up to a backlog of sockets at a time and closes a refused one a few loop turns later, so up to
    four backlogs are open besides the connections held. The other half is for the games' files."""
    try:
        import resource

        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    except (ImportError, OSError, ValueError):  # no such limit on this system
        soft = -1
    if soft < 0:
        return connections, connections
    held = max(1, min(connections, soft // 4))
    return held, max(1, min(connections, (soft // 2 - held) // 4))


class Connection(asyncio.Protocol):
    """One accepted connection: uvicorn's protocol inside, the gate's two clocks around it."""

    def __init__(self, gate: Gate, inner: asyncio.Protocol):
        self.gate, self.inner = gate, inner
        self.loop = asyncio.get_running_loop()
        self.transport: Any = None
        self.key: tuple[str, int] = ("", id(self))  # the client's address and port
        self.handed = False  # uvicorn's protocol has the connection
        self.closed = False
        self.waiting = True  # for a request (or the rest of its body): the request's clock runs
        self.heard = False  # some of that request came
        self.served = 0  # requests answered
        self.ready_at = self.loop.time()
        self.clock: asyncio.TimerHandle | None = None  # the request's
        self.stall: asyncio.TimerHandle | None = None  # the answer's, while the client takes none of it
        self.handshake: asyncio.Task | None = None
        self.early: list[bytes] = []  # what TLS passed on before start_tls returned, for uvicorn's protocol

    @property
    def client(self) -> str:
        return self.key[0]

    # ---- asyncio's side: every call handed on to uvicorn's protocol once it has the connection ----

    def connection_made(self, transport: Any) -> None:
        self.transport = transport
        peer = transport.get_extra_info("peername")
        if isinstance(peer, (tuple, list)) and len(peer) >= 2:
            self.key = (str(peer[0]), int(peer[1]))
        self.ready()
        if not self.gate.admit(self):
            return
        if self.gate.tls is None:
            self.hand_over(transport)
        else:
            # No byte of the client's hello may come here, where TLS cannot have it back: reading waits
            # for start_tls, which puts TLS in between and then reads.
            transport.pause_reading()
            self.handshake = self.loop.create_task(self.start_tls())

    async def start_tls(self) -> None:
        try:
            transport = await self.loop.start_tls(self.transport, self, self.gate.tls, server_side=True)
        except OSError:  # the client left, spoke no TLS, or its time ran out
            transport = None
        if transport is None or self.closed:  # None: it left as the handshake ended
            self.close()
        else:
            self.hand_over(transport)

    def hand_over(self, transport: Any) -> None:
        self.transport, self.handed = transport, True
        self.inner.connection_made(transport)
        for data in self.early:
            self.inner.data_received(data)
        self.early = []

    def data_received(self, data: bytes) -> None:
        self.heard = self.heard or self.waiting
        if self.handed:
            self.inner.data_received(data)
        else:  # a TLS 1.3 client's request may come with its last handshake bytes, before start_tls returns
            self.early.append(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.handed else None

    def connection_lost(self, exc: Exception | None) -> None:
        self.stop()
        if self.handed:
            self.handed = False
            self.inner.connection_lost(exc)

    def pause_writing(self) -> None:
        if self.stall is None and not self.closed:
            self.stall = self.loop.call_later(self.gate.limits.answer_seconds, self.stalled)
        if self.handed:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.stall is not None:
            self.stall.cancel()
            self.stall = None
        if self.handed:
            self.inner.resume_writing()

    # ---- the request's clock, told by `Gate.watch` ----

    def ready(self) -> None:
        """Nothing under way: the next request may come, and must have come whole in request_seconds."""
        self.waiting, self.heard, self.ready_at = True, False, self.loop.time()
        self.wind()

    def at_work(self) -> None:
        """The application has the request: the server works, the client waits, the clock stops."""
        self.waiting = False
        if self.clock is not None:
            self.clock.cancel()
            self.clock = None

    def awaiting_body(self) -> None:
        """The application waits for more of the body: the request's clock runs on where it was."""
        self.waiting = self.heard = True
        self.wind()

    def answered(self) -> None:
        self.served += 1
        self.ready()

    def wind(self) -> None:
        if self.clock is not None:
            self.clock.cancel()
        if not self.closed:
            self.clock = self.loop.call_at(self.ready_at + self.gate.limits.request_seconds, self.late)

    def late(self) -> None:
        if self.heard:  # a silent connection is a browser's spare, closed without a word
            self.gate.report(self.client, _("{client}: no whole request within {seconds:g} s; its connection is "
                                            "closed").format(client=self.client,
                                                             seconds=self.gate.limits.request_seconds))
        self.close()

    def stalled(self) -> None:
        self.gate.report(self.client, _("{client}: took none of its answer for {seconds:g} s; its connection is "
                                        "closed").format(client=self.client, seconds=self.gate.limits.answer_seconds))
        self.close()

    def close(self) -> None:
        """Drop the connection now, without waiting on the client for a goodbye: its place is free at once."""
        self.stop()
        self.transport.abort()

    def stop(self) -> None:
        self.closed = True
        for timer in (self.clock, self.stall):
            if timer is not None:
                timer.cancel()
        self.clock = self.stall = None
        self.gate.release(self)


class Gate:
    """The connections open and the limits they are held to; `protocol()` and `watch(app)` go to uvicorn."""

    def __init__(self, limits: Limits | None = None, tls: ssl.SSLContext | None = None):
        self.limits, self.tls = limits or LIMITS, tls
        self.most, self.backlog = capacity(self.limits.connections)
        self.open: dict[tuple[str, int], Connection] = {}
        self.throttle = Throttle(self.limits.log_seconds)

    def protocol(self) -> type[asyncio.Protocol]:
        """The class for `uvicorn.Config(http=...)`, built for each accepted connection with uvicorn's
        arguments, which go unread to uvicorn's own protocol inside."""
        gate, inner = self, http_protocol()

        class GatedConnection(Connection):
            def __init__(self, **uvicorn_arguments: Any):
                super().__init__(gate, inner(**uvicorn_arguments))

        return GatedConnection

    def admit(self, new: Connection) -> bool:
        """Count a new connection in; past a limit, close the longest idle one (the new one itself only when
        every other is in the middle of a request). False if it was the new one."""
        self.open[new.key] = new
        mine = [c for c in self.open.values() if c.client == new.client]
        if len(mine) > self.limits.per_client:
            self.report(new.client, _("{client}: more than {n} connections at once; the longest idle one is "
                                      "closed for each new one").format(client=new.client, n=self.limits.per_client))
            self.make_room(mine, new)
        if not new.closed and len(self.open) > self.most:
            self.report("", _("more than {n} connections at once; the longest idle one is closed for each new "
                              "one").format(n=self.most))
            self.make_room(list(self.open.values()), new)
        return not new.closed

    @staticmethod
    def make_room(connections: list[Connection], new: Connection) -> None:
        # Those that never sent a whole request go first (a flood of silent connections), so a phone that
        # polls keeps its connection; then the one idle longest.
        idle = [c for c in connections if c.waiting and c is not new]
        (min(idle, key=lambda c: (c.served > 0, c.ready_at)) if idle else new).close()

    def release(self, connection: Connection) -> None:
        if self.open.get(connection.key) is connection:
            del self.open[connection.key]

    def report(self, key: str, line: str) -> None:
        unsaid = self.throttle(key)
        if unsaid is not None:
            log.warning(with_unsaid(line, unsaid))

    def watch(self, app: ASGIApp) -> ASGIApp:
        """`app`, telling each request's connection when the application has the request, when it waits for
        more of the body, and when the answer has gone: the request's clock runs only while the server waits."""

        async def watched(scope: Scope, receive: Receive, send: Send) -> None:
            client = scope.get("client") if scope["type"] == "http" else None
            connection = self.open.get(tuple(client)) if client else None
            if connection is None:
                await app(scope, receive, send)
                return
            owed = True  # the body, until a message brings its end
            answered = False

            async def receive_body() -> Message:
                nonlocal owed
                if not owed:  # e.g. a file answer listening for a disconnect: not a wait for the request
                    return await receive()
                connection.awaiting_body()
                try:
                    message = await receive()
                finally:
                    connection.at_work()
                owed = message["type"] == "http.request" and message.get("more_body", False)
                return message

            async def send_answer(message: Message) -> None:
                nonlocal answered
                await send(message)
                if message["type"] == "http.response.body" and not message.get("more_body", False):
                    answered = True
                    connection.answered()

            connection.at_work()
            try:
                await app(scope, receive_body, send_answer)
            finally:
                if not answered:  # the application failed; uvicorn answers 500 and closes
                    connection.ready()

        return watched
