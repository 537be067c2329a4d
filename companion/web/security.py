"""Who may talk to the server: the Host check (no DNS rebinding onto 127.0.0.1), the access token of
`--lan`, and the refusal of state-changing requests sent from another site. Also the viewer's language."""
from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
from typing import Any
from urllib.parse import urlencode, urlsplit

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tabletop.i18n import LANGS, N_, translator

from .errorpage import error_page

# Under --lan a browser holds two credentials, both derived from the token the server printed, which
# itself is never stored in a browser: a *pass* in a cookie, which only lets navigations and the static
# files in (pages, styles, scripts: what a browser fetches before any script runs), lives PASS_LIFETIME
# and is `Secure` under --https; and a *key*, which the API asks for in an `Authorization: Bearer`
# header and the pages keep in the origin's own storage. A cookie is not kept apart by port: another
# server on the same computer that the browser visits receives it, and could at most read the pages
# for a while. The key stays with this origin (scheme, host and port), and the token's link or a
# pairing code hands it over in the address's fragment, which is never sent to a server.
COOKIE = "tabletop_pass"
PASS_LIFETIME = 12 * 3600  # seconds: an evening at the table; then the printed link or a pairing code again
KEY_FRAGMENT = "key"
# Sent with every answer: no page of another site may frame ours (a hidden Undo under a decoy button),
# no script, style or connection but this server's, and no address (with its token) in a Referer. The
# one media a page plays is the silent video it records itself to keep the screen on (a blob: address).
HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy",
     b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
     b"media-src 'self' blob:; "
     b"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]
# The same, for a response made outside the guard (a bug's answer, made by the outermost middleware).
HEADER_DICT = {name.decode(): value.decode() for name, value in HEADERS}
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
LOCAL_HOSTS = ["127.0.0.1", "localhost", "::1"]


def viewer_lang(request: Request) -> str:
    """The browser's first language we speak (the app sends its own setting), else English."""
    ranked = []
    for position, item in enumerate(request.headers.get("accept-language", "").split(",")):
        tag, _, params = item.strip().partition(";")
        try:
            weight = float(params.strip()[2:]) if params.strip().startswith("q=") else 1.0
        except ValueError:
            weight = 0.0
        code = tag.strip().split("-")[0].lower()
        if code in LANGS and weight > 0:
            ranked.append((-weight, position, code))
    return min(ranked)[2] if ranked else "en"


# RFC 3986's host and port, as browsers send them: an IP literal in brackets, or a name or an IPv4
# address (unreserved characters, sub-delimiters and percent escapes), then a port of digits. Nothing
# else: no user before an @, no second bracket.
_HOST_AND_PORT = re.compile(r"(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~%!$&'()*+,;=-]*)(?::[0-9]*)?")


def host_of(value: str) -> str:
    """'[::1]:8765' → '::1', 'localhost:8765' → 'localhost'; '' for what is no host and port at all."""
    found = _HOST_AND_PORT.fullmatch(value)
    return found.group(1).strip("[]").lower() if found else ""


def local_target(target: str) -> str:
    """`target` if it is a path on this server, else "/": never `//other.site/` (a browser reads that
    as another host) nor a backslash some browsers read as a slash."""
    if not target.startswith("/") or target.startswith("//") or "\\" in target:
        return "/"
    return target


def cross_site(request: Request) -> bool:
    """A request a page of another site made the browser send (a form post, a script's fetch)."""
    site = request.headers.get("sec-fetch-site")
    if site and site not in ("same-origin", "none"):
        return True
    origin = request.headers.get("origin")
    if origin is None:
        return False  # not a browser's cross-site request (browsers send Origin on every POST)
    try:
        return urlsplit(origin).netloc.lower() != request.headers.get("host", "").lower()
    except ValueError:  # not even a URL
        return True


class Credentials:
    """The pass and the keys a token makes, checked without keeping any: each is signed with the token."""

    def __init__(self, token: str, clock=time.time):
        self.token, self.clock = token, clock

    def _sign(self, kind: str, value: str) -> str:
        return hmac.new(self.token.encode(), f"{kind}:{value}".encode(), hashlib.sha256).hexdigest()[:32]

    def new_pass(self) -> str:
        expires = str(int(self.clock()) + PASS_LIFETIME)
        return f"{expires}.{self._sign('pass', expires)}"

    def new_key(self) -> str:
        nonce = secrets.token_hex(8)
        return f"{nonce}.{self._sign('key', nonce)}"

    def is_pass(self, value: str) -> bool:
        expires, _, signature = value.partition(".")
        return (expires.isascii() and expires.isdigit() and _equal(signature, self._sign("pass", expires))
                and int(expires) > self.clock())

    def is_key(self, value: str) -> bool:
        nonce, _, signature = value.partition(".")
        return bool(nonce) and _equal(signature, self._sign("key", nonce))

    def is_token(self, value: str) -> bool:
        return _equal(value, self.token)


def _equal(given: str, expected: str) -> bool:
    # bytes: compare_digest refuses non-ASCII text, and what is compared may be anything a visitor sent
    return bool(given) and secrets.compare_digest(given.encode(), expected.encode())


class Guard:
    """ASGI middleware in front of every route."""

    def __init__(self, app: ASGIApp, token: str | None = None, allowed_hosts: list[str] | None = None,
                 pairing: Any = None, secure: bool = False):
        self.app, self.token, self.pairing, self.secure = app, token, pairing, secure
        self.credentials = Credentials(token) if token else None
        self.hosts = None if allowed_hosts is None else {h.strip("[]").lower() for h in allowed_hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *HEADERS]}
            await send(message)

        request = Request(scope)
        response = self.check(request)
        if response is None:
            await self.app(scope, receive, send_with_headers)
        else:
            await response(scope, receive, send_with_headers)

    def check(self, request: Request) -> Response | None:
        say = translator(viewer_lang(request))
        if self.hosts is not None and host_of(request.headers.get("host", "")) not in self.hosts:
            return self.refuse(request, 400, say(N_("This server answers only to its own address.")))
        # GET only: a chat app's link preview asks with HEAD, and a pairing code is used once
        if self.token and request.url.path.startswith("/pair/") and request.method == "GET":
            code = request.url.path.removeprefix("/pair/")
            if self.pairing is not None and self.pairing.redeem(code):
                return self.remember(request, request.query_params.get("next", "/"))
            return self.refuse(request, 403, say(N_("This pairing link was used already or has expired: "
                                                    "show a new one on the other phone.")))
        if self.credentials is not None:
            given = request.query_params.get("token")
            if given is not None and self.credentials.is_token(given):
                if request.method in SAFE_METHODS and not request.url.path.startswith("/api/"):
                    return self.remember(request)
            elif not self.admits(request):
                return self.refuse(request, 403, say(N_("Open the address with the access token that "
                                                        "“companion serve --lan” printed.")))
        if request.method not in SAFE_METHODS and cross_site(request):
            return self.refuse(request, 403, say(N_("Refused: the request came from another site.")))
        return None

    def admits(self, request: Request) -> bool:
        """The token or a key (in `Authorization: Bearer`) lets anything in; the pass, a navigation or a
        static file."""
        assert self.credentials is not None
        bearer = request.headers.get("authorization", "").removeprefix("Bearer ").strip()
        if self.credentials.is_token(bearer) or self.credentials.is_key(bearer):
            return True
        navigation = request.method in SAFE_METHODS and not request.url.path.startswith("/api/")
        return navigation and self.credentials.is_pass(request.cookies.get(COOKIE, ""))

    def remember(self, request: Request, target: str | None = None) -> Response:
        """The token's link (or a pairing code's) sets the pass and sends the browser on to the same page
        without the token (or to `target`, a path on this server), with a key in the fragment."""
        assert self.credentials is not None
        query = urlencode([(k, v) for k, v in request.query_params.multi_items() if k != "token"])
        target = local_target(target or request.url.path + (f"?{query}" if query else "")).partition("#")[0]
        response = RedirectResponse(f"{target}#{KEY_FRAGMENT}={self.credentials.new_key()}", status_code=303)
        response.set_cookie(COOKIE, self.credentials.new_pass(), httponly=True, samesite="lax",
                            max_age=PASS_LIFETIME, secure=self.secure)
        return response

    @staticmethod
    def refuse(request: Request, status: int, message: str) -> Response:
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": message}, status_code=status)
        return HTMLResponse(error_page(viewer_lang(request), status, message), status_code=status)
