"""Canaries for what the kit uses of uvicorn that uvicorn does not publish (companion/web/uvicorn_internals.py):
each fails naming what a uvicorn release moved, where the symptom would otherwise be a server that no longer
starts, or one that again holds a silent connection forever. And the one published behaviour the gate
stands on besides: the scope's client is the connection's own peer."""
from __future__ import annotations

import asyncio
import http.client
import json
import socket
import threading

import pytest
import uvicorn
from uvicorn.config import HTTP_PROTOCOLS

from companion.web import gate
from companion.web import uvicorn_internals as internals


def test_the_h11_protocol_is_still_where_the_gate_takes_it_from():
    module, name = internals.HTTP_PROTOCOL
    assert HTTP_PROTOCOLS.get("h11") == f"{module}:{name}", f"uvicorn's http='h11' is now {HTTP_PROTOCOLS.get('h11')}"
    assert issubclass(internals.http_protocol(), asyncio.Protocol)


async def echo_client(scope, receive, send):
    body = json.dumps(scope["client"]).encode()
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-length", b"%d" % len(body))]})
    await send({"type": "http.response.body", "body": body})


def test_uvicorn_builds_the_gate_s_class_for_each_connection_and_the_scope_names_the_socket_s_peer():
    door = gate.Gate()
    seen = []

    async def app(scope, receive, send):
        seen.append(tuple(scope["client"]) in door.open)  # the gate finds the request's connection
        await echo_client(scope, receive, send)

    listening = socket.create_server(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(door.watch(app), http=door.protocol(), ws="none", proxy_headers=False,
                                           loop="asyncio", log_level="critical", lifespan="off"))
    runner = threading.Thread(target=server.run, kwargs={"sockets": [listening]})
    runner.start()
    conn = http.client.HTTPConnection(*listening.getsockname(), timeout=30)
    try:
        answers = []
        for _ in range(2):  # kept alive: one connection, built once
            conn.request("GET", "/")
            answers.append(json.loads(conn.getresponse().read()))
        mine = list(conn.sock.getsockname())
    except (OSError, http.client.HTTPException) as e:
        pytest.fail("uvicorn no longer builds Config(http=...)'s class with the keyword arguments H11Protocol "
                    f"takes: {e!r}")
    finally:
        conn.close()
        server.should_exit = True
        runner.join(30)
    assert answers == [mine, mine], "uvicorn's scope no longer names the socket's peer as the client"
    assert seen == [True, True], "the gate did not find the request's connection by the scope's client"
