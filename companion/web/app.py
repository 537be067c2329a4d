"""The Starlette application: the app (companion/app/) and the JSON API it syncs through, over one games folder."""
from __future__ import annotations

import json
import mimetypes
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route

from tabletop.i18n import N_, translator, use
from tabletop.plain_text import stray_character

from ..appexport import WORKER, app_files, built
from ..driver import normalise_line
from .errorpage import error_page
from .pairing import LIFETIME, Pairing
from .security import HEADER_DICT, Guard, viewer_lang
from .store import GameError, Store

MAX_LINE = 500
MAX_BODY = 64 * 1024  # a line or a new game's options; anything bigger is not a table's request


class BadRequest(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


async def read_limited(request: Request, lang: str) -> bytes:
    """The body, read no further than MAX_BODY: a declared or a chunked body over it is refused as soon
    as the limit is passed, and a client that leaves before sending all it announced is not a bug."""
    too_big = BadRequest(_in(lang, N_("The request is too large (at most {n} bytes)."), n=MAX_BODY))
    declared = request.headers.get("content-length")
    if declared is not None and (not (declared.isascii() and declared.isdigit()) or int(declared) > MAX_BODY):
        raise too_big
    received = bytearray()
    try:
        async for chunk in request.stream():
            received += chunk
            if len(received) > MAX_BODY:
                raise too_big
    except ClientDisconnect:
        raise BadRequest(_in(lang, N_("The request ended before its body was complete."))) from None
    return bytes(received)


def unicode_text(data: Any) -> bool:
    """False if a string anywhere in the JSON holds a lone surrogate (JSON's "\\ud800" escapes allow it)."""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def request_id(data: dict, lang: str) -> str | None:
    """The client's id for a request that makes a game (`"request"`), so sending it twice makes one."""
    asked = data.get("request")
    if asked is not None and not (isinstance(asked, str) and 1 <= len(asked) <= 64 and asked.isascii()
                                  and asked.isprintable()):
        raise BadRequest(_in(lang, N_("request must be an id of 1 to 64 ASCII characters")))
    return asked


def _in(lang: str, message: str, **values: Any) -> str:
    return translator(lang)(message).format(**values)


# The app (companion/app/) as `companion app export` writes it, at the server's root, its page telling it
# that a server keeps its games (ui/sync.js): the address of the API, relative to the app's folder, in a
# <meta> read as the page starts (no request more, and the service worker keeps the page with it for
# offline use).
API_META = '<meta name="tabletop-api" content="api/">'
_PAGE_ANCHOR = '<meta charset="utf-8">'


def served_app() -> dict[str, bytes]:
    files = app_files()
    page = files["index.html"].decode("utf-8")
    if _PAGE_ANCHOR not in page:
        raise RuntimeError(f"index.html has no {_PAGE_ANCHOR!r} to put the API's address after")
    files["index.html"] = page.replace(_PAGE_ANCHOR, f"{_PAGE_ANCHOR}\n{API_META}", 1).encode("utf-8")
    return built(files)


def qr_svg(url: str) -> str:
    """`url` as a QR code, an SVG data address for an <img> (the pages allow no other kind of source)."""
    import segno

    return segno.make(url, error="m").svg_data_uri(scale=6, border=2, dark="#000", light="#fff")


def create_app(games: Path, token: str | None = None, allowed_hosts: list[str] | None = None,
               public_url: str | None = None, ca_certificate: Path | None = None) -> Starlette:
    """`public_url`: the address other phones open (`--lan`), None when only this computer can;
    `ca_certificate`: the authority a phone trusts for `--https`, offered for download."""
    store = Store(games)
    store.tidy()
    pairing = Pairing()
    app_folder = served_app()

    def page(request: Request, status: int, message: str) -> HTMLResponse:
        return HTMLResponse(error_page(viewer_lang(request), status, message), status_code=status)

    async def threaded(request: Request, work: Callable[[str], Any]) -> Any:
        lang = viewer_lang(request)

        def run() -> Any:
            with use(lang):
                return work(lang)

        return await run_in_threadpool(run)

    async def body(request: Request, lang: str) -> dict:
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            raise BadRequest(_in(lang, N_("Send the request as JSON (Content-Type: application/json).")))
        raw = await read_limited(request, lang)
        try:
            data = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            raise BadRequest(_in(lang, N_("The request is not valid JSON."))) from None
        except RecursionError:  # brackets nested thousands deep: no table sends that
            raise BadRequest(_in(lang, N_("The request is nested too deeply."))) from None
        if not isinstance(data, dict):
            raise BadRequest(_in(lang, N_("The request must be a JSON object.")))
        if not unicode_text(data):
            raise BadRequest(_in(lang, N_("The request holds text that is not valid Unicode "
                                          "(a lone surrogate).")))
        return data

    # ---- the app -------------------------------------------------------------------------------

    async def app_file(request: Request) -> Response:
        """A file of the app, as a static host would serve it; the worker is asked for again at every
        start (a changed app is a changed worker)."""
        path = request.path_params.get("path") or "index.html"
        content = app_folder.get(path)
        if content is None:
            raise HTTPException(404)
        media = mimetypes.guess_type(path)[0] or "application/octet-stream"
        if path.endswith((".js", ".mjs")):
            media = "text/javascript"
        elif path.endswith(".webmanifest"):
            media = "application/manifest+json"
        headers = {"Cache-Control": "no-cache"} if path in (WORKER, "index.html") else {}
        return Response(content, media_type=media, headers=headers)

    async def game_link(request: Request) -> Response:
        """`/games/NAME`, the address links and the pairing code lead to: the game in the app. The name
        goes in the query, not the fragment, so a key the pairing left in the fragment comes along
        (a browser keeps it through a redirect that names none); the app moves it to its own route."""
        name = request.path_params["name"]
        await threaded(request, lambda lang: store.status(name, lang))  # an unknown or damaged game says so
        return RedirectResponse(f"/?game={quote(name, safe='')}", status_code=303)

    async def old_app(request: Request) -> Response:
        """The app's address before it took the root: bookmarks and installed icons land on the app. The
        path's leading slashes go: `/app//host` must not lead to `//host`, another site."""
        query = request.url.query
        path = request.path_params.get("path", "").lstrip("/")
        return RedirectResponse("/" + path + (f"?{query}" if query else ""), status_code=308)

    async def share(request: Request) -> Response:
        """The link (and its QR code) that opens a game on another phone: with `--lan`, through a pairing
        code that works once and for minutes; served to this computer only, no other phone can reach it."""
        name = request.path_params["name"]
        lang = viewer_lang(request)
        await threaded(request, lambda lang: store.version(name, lang))  # an unknown game is a 404
        if public_url is None:
            return JSONResponse({"url": None, "why": _in(lang, N_(
                "Only this computer can reach the server. To open the game on another phone, start it with "
                "“companion serve --lan” and open the address it prints."))})
        path = f"/games/{quote(name)}"
        url = public_url.rstrip("/") + (f"/pair/{pairing.issue()}?next={quote(path, safe='')}" if token else path)
        return JSONResponse({"url": url, "qr": qr_svg(url), "minutes": int(LIFETIME // 60) if token else None})

    async def certificate(request: Request) -> Response:
        if ca_certificate is None:
            raise HTTPException(404)
        return Response(ca_certificate.read_bytes(), media_type="application/x-x509-ca-cert",
                        headers={"Content-Disposition": 'attachment; filename="tabletop-kit-ca.crt"'})

    # ---- API -----------------------------------------------------------------------------------

    async def list_games(request: Request) -> Response:
        rows = await threaded(request, store.listing)
        return JSONResponse({"games": [row.to_json() for row in rows]})

    async def create_game(request: Request) -> Response:
        lang = viewer_lang(request)
        data = await body(request, lang)
        game, name, options = data.get("game"), data.get("name"), data.get("options", {})
        seed = options.get("seed") if isinstance(options, dict) else None
        if not isinstance(game, str) or not isinstance(name, str) or not isinstance(options, dict):
            raise BadRequest(_in(lang, N_('Send {{"game": ..., "name": ..., "options": {{...}}}}.')))
        asked = request_id(data, lang)
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise BadRequest(_in(lang, N_("seed must be a whole number")))
        options = {k: v for k, v in options.items() if k != "seed"}

        def work(lang: str) -> dict:
            store.create(game, name, options, lang, seed, request=asked)
            return store.status(name, lang)[2]
        status = await threaded(request, work)
        return JSONResponse({"name": name, "game": game, "status": status}, status_code=201)

    async def game_status(request: Request) -> Response:
        name = request.path_params["name"]
        status = await threaded(request, lambda lang: store.status(name, lang)[2])
        return JSONResponse(status)

    async def game_journal(request: Request) -> Response:
        """The game's journal; `?since=N`: only `{"name", "revision"}` while the game is still at
        revision N, so a poll is one small request, and the journal comes with the first that changed."""
        name = request.path_params["name"]
        since = request.query_params.get("since", "")

        def work(lang: str) -> dict:
            if since.isascii() and since.isdigit() and store.version(name, lang) == int(since):
                return {"revision": int(since)}
            return store.journal(name, lang)
        return JSONResponse({"name": name, **await threaded(request, work)})

    async def game_version(request: Request) -> Response:
        name = request.path_params["name"]
        return JSONResponse({"version": await threaded(request, lambda lang: store.version(name, lang))})

    async def rematch(request: Request) -> Response:
        name = request.path_params["name"]
        lang = viewer_lang(request)
        asked = request_id(await body(request, lang), lang) if request.headers.get("content-type") else None
        new = await threaded(request, lambda lang: store.rematch(name, lang, request=asked))
        return JSONResponse({"name": new}, status_code=201)

    async def post_line(request: Request) -> Response:
        name = request.path_params["name"]
        lang = viewer_lang(request)
        data = await body(request, lang)
        line, version = data.get("line"), data.get("version")
        if not isinstance(line, str) or not normalise_line(line):
            raise BadRequest(_in(lang, N_('Send {{"line": "..."}} with the line to apply.')))
        if len(line) > MAX_LINE or line.splitlines() != [line]:  # CR, LF, U+2028… all break a line
            raise BadRequest(_in(lang, N_("One line of at most {n} characters, please."), n=MAX_LINE))
        if stray_character(line):  # e.g. terminal escapes that `history` would replay
            raise BadRequest(_in(lang, N_("The line contains a control character.")))
        if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
            raise BadRequest(_in(lang, N_("version must be a whole number")))
        with_journal = data.get("journal") is True  # the app's replica: the journal as it now stands
        asked = request_id(data, lang)

        def work(lang: str) -> dict:
            outcome = store.apply(name, line, version, lang, request=asked)
            answer = {"ok": outcome.ok, "messages": outcome.messages, "status": outcome.status,
                      "conflict": outcome.conflict}
            if with_journal:
                answer["journal"] = outcome.journal
            return answer

        answer = await threaded(request, work)
        return JSONResponse({k: v for k, v in answer.items() if k != "conflict"},
                            status_code=409 if answer["conflict"] else 200)

    # ---- errors --------------------------------------------------------------------------------

    def wants_json(request: Request) -> bool:
        return request.url.path.startswith("/api/")

    async def game_error(request: Request, exc: GameError) -> Response:
        if wants_json(request):
            return JSONResponse({"error": exc.message}, status_code=exc.status)
        return page(request, exc.status, exc.message)

    async def bad_request(request: Request, exc: BadRequest) -> Response:
        return JSONResponse({"error": exc.message}, status_code=400)

    async def http_error(request: Request, exc: HTTPException) -> Response:
        lang = viewer_lang(request)
        message = {404: _in(lang, N_("There is no such page.")),
                   405: _in(lang, N_("That method is not allowed here."))}.get(exc.status_code, exc.detail)
        if wants_json(request):
            return JSONResponse({"error": message}, status_code=exc.status_code)
        return page(request, exc.status_code, message)

    async def internal_error(request: Request, exc: Exception) -> Response:
        # A bug, never user input: one line for the console, an apology for the viewer; every
        # accepted line is saved before it is answered, so nothing is lost.
        print(f"companion serve: internal error on {request.method} {request.url.path}: "
              f"{type(exc).__name__}: {exc}", file=sys.stderr)
        lang = viewer_lang(request)
        message = _in(lang, N_("Internal error ({error}); nothing was changed."), error=type(exc).__name__)
        if wants_json(request):
            return JSONResponse({"error": message}, status_code=500, headers=HEADER_DICT)
        return HTMLResponse(error_page(lang, 500, message), status_code=500, headers=HEADER_DICT)

    api = [
        Route("/games", list_games, methods=["GET"]),
        Route("/games", create_game, methods=["POST"]),
        Route("/games/{name}", game_status, methods=["GET"]),
        Route("/games/{name}/version", game_version, methods=["GET"]),
        Route("/games/{name}/journal", game_journal, methods=["GET"]),
        Route("/games/{name}/lines", post_line, methods=["POST"]),
        Route("/games/{name}/rematch", rematch, methods=["POST"]),
        Route("/games/{name}/share", share, methods=["POST"]),
    ]
    routes = [
        Route("/", app_file),
        Route("/games/{name}", game_link),
        Route("/app", old_app),
        Route("/app/{path:path}", old_app),
        Route("/ca.crt", certificate),
        Mount("/api", routes=api),  # its own 404 and 405, before the app's files take every other address
        Route("/{path:path}", app_file),
    ]
    return Starlette(
        routes=routes,
        middleware=[Middleware(Guard, token=token, allowed_hosts=allowed_hosts, pairing=pairing,
                               secure=bool(public_url and public_url.startswith("https:")))],
        exception_handlers={GameError: game_error, BadRequest: bad_request, HTTPException: http_error,
                            Exception: internal_error},
    )
