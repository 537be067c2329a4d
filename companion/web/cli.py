"""`companion serve`: the games folder on a local web server, for a phone beside the cards."""
from __future__ import annotations

import ipaddress
import secrets
import socket
import sys
import threading
import webbrowser
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from tabletop import cli_i18n
from tabletop.i18n import N_, _, current

from ..launch import default_game_file

if TYPE_CHECKING:
    import ssl


def default_games_folder() -> Path:
    """Where `companion <game> play` saves by default, so every game started there is listed."""
    return default_game_file("famiglia").parent


def lan_address() -> str:
    """This machine's address on the local network (the route to a public address; nothing is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere, only picks the interface
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def is_loopback(host: str) -> bool:
    try:
        return host == "localhost" or ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def bind(host: str, port: int) -> socket.socket:
    """The listening socket, opened before the server starts so a busy port is a plain user error."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)  # so asyncio sets TCP_NODELAY
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as e:
        sock.close()
        raise click.UsageError(_("cannot listen on {host}:{port} ({why})").format(
            host=host, port=port, why=e.strerror or e)) from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def print_qr(url: str) -> None:
    import segno

    segno.make(url, error="m").terminal(out=sys.stdout, compact=True, border=2)


def server_config(app: Any, tls: ssl.SSLContext | None) -> Any:
    """uvicorn's settings: the application behind the gate, which holds every connection to the limits
    (companion/web/gate.py, docs/web.md "Limits") and makes the TLS handshakes."""
    import uvicorn

    from . import gate
    from .floodlog import quieten

    limits = gate.LIMITS
    door = gate.Gate(limits, tls)
    # ws="none": no upgrade takes a connection out of the gate's sight (the app polls, docs/web.md);
    # proxy_headers=False: no proxy stands in front, so the scope's client is the socket's own peer, which
    # is how the gate knows a request's connection; loop="asyncio": the loop whose accepting the gate's
    # file budget counts on, whether or not uvloop happens to be installed.
    config = uvicorn.Config(door.watch(app), http=door.protocol(), ws="none", proxy_headers=False, loop="asyncio",
                            backlog=door.backlog, timeout_keep_alive=limits.keep_alive_seconds,
                            log_level="warning", lifespan="off")
    quieten(limits.log_seconds)  # after the Config, which sets up uvicorn's logging
    return config


@click.command(cls=cli_i18n.Command,
               help=N_("Serve the saved games to a browser: every game playable by tapping, also from a phone."))
@cli_i18n.option("--host", help=N_("Address to listen on (default 127.0.0.1; with --lan every interface)."))
@cli_i18n.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help=N_("Port to listen on (0: any free port)."))
@cli_i18n.option("--games", "games_dir", type=click.Path(file_okay=False, path_type=Path),
              help=N_("Folder of the game files (default: the one `companion <game> play` saves to)."))
@cli_i18n.option("--lan", is_flag=True, help=N_("Listen on the local network; the printed address and QR code "
                                             "carry an access token that every other request needs."))
@cli_i18n.option("--https", "https", is_flag=True,
              help=N_("Serve over HTTPS with this computer's own certificate authority (made on first use), "
                      "which each phone trusts once: then the app installs and keeps the screen on over the LAN."))
@cli_i18n.option("--open", "open_browser", is_flag=True, help=N_("Open the address in the browser."))
def serve(host: str | None, port: int, games_dir: Path | None, lan: bool, https: bool, open_browser: bool) -> None:
    import uvicorn

    from .app import create_app
    from .security import LOCAL_HOSTS

    folder = games_dir or default_games_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise click.UsageError(_("{folder}: {reason}").format(folder=folder, reason=e.strerror or e)) from None
    host = host or ("0.0.0.0" if lan else "127.0.0.1")
    if not lan and not is_loopback(host):
        raise click.UsageError(_("--host {host} would let the network in: add --lan, which gives the "
                                 "address an access token").format(host=host))
    token = secrets.token_urlsafe(16) if lan else None
    sock = bind(host, port)
    port = sock.getsockname()[1]
    shown = lan_address() if lan and host in ("0.0.0.0", "::") else host
    scheme = "https" if https else "http"
    base = f"{scheme}://{f'[{shown}]' if ':' in shown else shown}:{port}/"
    url = base + (f"?token={token}" if token else "")
    tls = ca = None
    if https:
        from .tls import TLSError, server_certificate, server_context

        tls_folder = default_games_folder() / "tls"
        try:
            cert, key, new_authority = server_certificate(
                tls_folder, list(dict.fromkeys([shown, *([host] if host not in ("0.0.0.0", "::") else []),
                                                "localhost", "127.0.0.1", "::1"])))
            tls = server_context(cert, key)
        except OSError as e:  # ssl.SSLError among them
            raise click.UsageError(_("{folder}: {reason}").format(folder=tls_folder, reason=e.strerror or e)) from None
        except TLSError as e:  # phones trust the authority: its files are never remade unasked
            raise click.UsageError(e.text(current())) from None
        if new_authority is not None:
            click.echo(_("Made a new certificate authority ({why}): each phone trusts it once again "
                         "(docs/web.md says how).").format(why=new_authority.text(current())))
        ca = tls_folder / "ca.crt"
    app = create_app(folder, token=token, allowed_hosts=None if lan else [*LOCAL_HOSTS, host],
                     public_url=base if lan else None, ca_certificate=ca)

    click.echo(_("Serving the games in {folder}").format(folder=folder))
    click.echo(_("Open {url}  (Ctrl-C stops the server; every game is saved after each line)").format(url=url))
    if lan:
        print_qr(url)
    if https:
        click.echo(_("Each phone trusts this computer's certificate once: {ca} (a phone downloads it from "
                     "{url}; docs/web.md says how).").format(ca=ca, url=base + "ca.crt"))
    if open_browser:
        threading.Timer(0.5, webbrowser.open, args=(url,)).start()
    server = uvicorn.Server(server_config(app, tls))
    try:
        server.run(sockets=[sock])  # finishes the requests under way on Ctrl-C, then re-raises it
    except KeyboardInterrupt:
        pass
    click.echo(_("Stopped; every game is saved."))
