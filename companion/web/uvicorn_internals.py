"""The one place the kit reaches into uvicorn's unpublished parts, where uvicorn offers no public way to do
the job; `tests/companion/web/test_uvicorn_internals.py` has a canary for each, which fails naming what moved when a
uvicorn release changes it (the symptom would otherwise be a server that no longer starts, or one that
holds a silent connection forever again).

- **uvicorn's HTTP/1.1 protocol** (`http_protocol`): `companion serve`'s limits (companion/web/gate.py)
  must see a connection from the moment it is accepted, before uvicorn has read a byte of it, and
  uvicorn's only hook there is `Config(http=...)`, the asyncio protocol class it builds for each accepted
  connection. The gate's class wraps uvicorn's own, `uvicorn.protocols.http.h11_impl.H11Protocol` (what
  `http="h11"` names; the pure-Python one, always installed with uvicorn), built with the keyword
  arguments uvicorn's server passes to `Config(http=...)`'s class, which the gate hands on unread.
"""
from __future__ import annotations

import asyncio

HTTP_PROTOCOL = ("uvicorn.protocols.http.h11_impl", "H11Protocol")


def http_protocol() -> type[asyncio.Protocol]:
    """uvicorn's HTTP/1.1 protocol class (built with the keyword arguments uvicorn gives `Config(http=...)`)."""
    import importlib

    module, name = HTTP_PROTOCOL
    return getattr(importlib.import_module(module), name)
