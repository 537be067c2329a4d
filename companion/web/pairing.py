"""Opening a game on another phone: a short-lived, single-use pairing code in the link (and its QR code)
that sets the access cookie, so the long-lived `--lan` token never appears in a page, a QR code on a
screen others can photograph, or any cache."""
from __future__ import annotations

import secrets
import threading
import time

LIFETIME = 300.0  # seconds: long enough to pass a phone round the table, short enough to be worthless later


class Pairing:
    def __init__(self, lifetime: float = LIFETIME, clock=time.monotonic):
        self.lifetime, self.clock = lifetime, clock
        self._codes: dict[str, float] = {}
        self._lock = threading.Lock()

    def issue(self) -> str:
        code = secrets.token_urlsafe(9)
        with self._lock:
            now = self.clock()
            self._codes = {c: t for c, t in self._codes.items() if t > now}  # forget the expired
            self._codes[code] = now + self.lifetime
        return code

    def redeem(self, code: str) -> bool:
        """True once for a code issued and not expired; never again."""
        with self._lock:
            expires = self._codes.pop(code, None)
        return expires is not None and expires > self.clock()
