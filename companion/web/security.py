"""Who may talk to the server: the Host check (no DNS rebinding onto 127.0.0.1), the access token of
`--lan`, and the refusal of state-changing requests sent from another site. Also the viewer's language."""
from __future__ import annotations

import re
import secrets
from typing import Any
from urllib.parse import urlencode, urlsplit

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tabletop.i18n import LANGS, N_, translator

COOKIE = "tabletop_token"
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
    """The language switch's cookie, else the browser's first language we speak, else English."""
    chosen = request.cookies.get("lang")
    if chosen in LANGS:
        return chosen
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


class Guard:
    """ASGI middleware in front of every route."""

    def __init__(self, app: ASGIApp, token: str | None = None, allowed_hosts: list[str] | None = None,
                 pairing: Any = None):
        self.app, self.token, self.pairing = app, token, pairing
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
        if self.token:
            given = request.query_params.get("token")
            if given is not None and self.matches(given):
                if request.method in SAFE_METHODS and not request.url.path.startswith("/api/"):
                    return self.remember(request)
            elif not self.carries_token(request):
                return self.refuse(request, 403, say(N_("Open the address with the access token that "
                                                        "“companion serve --lan” printed.")))
        if request.method not in SAFE_METHODS and cross_site(request):
            return self.refuse(request, 403, say(N_("Refused: the request came from another site.")))
        return None

    def carries_token(self, request: Request) -> bool:
        bearer = request.headers.get("authorization", "").removeprefix("Bearer ").strip()
        return any(self.matches(value) for value in (request.cookies.get(COOKIE, ""), bearer))

    def matches(self, given: str) -> bool:
        # bytes: compare_digest refuses non-ASCII text, and a token may be anything a visitor typed
        return bool(given) and secrets.compare_digest(given.encode(), self.token.encode())

    def remember(self, request: Request, target: str | None = None) -> Response:
        """The token's link (or a pairing code's) sets a cookie and sends the browser on to the same page
        without it (or to `target`, a path on this server)."""
        query = urlencode([(k, v) for k, v in request.query_params.multi_items() if k != "token"])
        response = RedirectResponse(local_target(target or request.url.path + (f"?{query}" if query else "")),
                                    status_code=303)
        response.set_cookie(COOKIE, self.token, httponly=True, samesite="lax", max_age=7 * 86400)
        return response

    @staticmethod
    def refuse(request: Request, status: int, message: str) -> Response:
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": message}, status_code=status)
        from .render import render
        return HTMLResponse(render("error.html", viewer_lang(request), request=request, message=message,
                                   code=status), status_code=status)
