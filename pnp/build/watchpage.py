"""The preview page of `pnp watch`, served by the standard library's http.server on 127.0.0.1 only:
`/` the page, `/state` what it shows (JSON), `/page/N.png` page N. The page asks for `/state` a few
times a second and fetches again only the pages whose build number moved; a broken save shows its
error line above the last good pages."""
from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from pnp.build.rebuild import Preview

HOST = "127.0.0.1"  # the deck's files are the user's own: nobody else on the network sees them

PAGE = """<!doctype html>
<html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ margin: 0; background: #50555c; font: 14px system-ui, sans-serif; }}
#error {{ position: sticky; top: 0; background: #b00020; color: #fff; padding: 8px 12px; white-space: pre-wrap;
          font-family: ui-monospace, monospace; }}
#error:empty {{ display: none; }}
#status {{ color: #eee; padding: 6px 12px; }}
img {{ display: block; margin: 12px auto; background: #fff; box-shadow: 0 2px 8px #0008; max-width: 100%; }}
</style></head>
<body><div id="error" role="alert"></div><div id="status"></div><div id="pages"></div>
<script>
const shown = [];
async function poll() {{
  try {{
    const state = await (await fetch("/state", {{cache: "no-store"}})).json();
    document.getElementById("error").textContent = state.error;
    document.getElementById("status").textContent = {built}.replace("{{n}}", state.build)
      .replace("{{s}}", state.seconds);
    const pages = document.getElementById("pages");
    state.pages.forEach((version, i) => {{
      if (shown[i] === version) return;  // unchanged: not fetched, not redrawn
      let img = pages.children[i];
      if (!img) {{ img = document.createElement("img"); img.alt = "p" + (i + 1); pages.appendChild(img); }}
      img.src = "/page/" + (i + 1) + ".png?v=" + version;
      shown[i] = version;
    }});
    while (pages.children.length > state.pages.length) {{ pages.lastChild.remove(); shown.pop(); }}
  }} catch (e) {{
    document.getElementById("status").textContent = {gone};
  }}
  setTimeout(poll, 250);
}}
poll();
</script></body></html>
"""


def make_server(preview: Preview, port: int, title: str, lang: str, words: dict[str, str]) -> ThreadingHTTPServer:
    page = PAGE.format(lang=lang, title=title, built=json.dumps(words["built"]),
                       gone=json.dumps(words["gone"])).encode()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # http.server calls it by this name
            path = self.path.split("?", 1)[0]
            if path == "/":
                self._send(200, "text/html; charset=utf-8", page)
            elif path == "/state":
                self._send(200, "application/json", json.dumps(preview.state(), ensure_ascii=False).encode())
            elif path.startswith("/page/") and path.endswith(".png") and path[6:-4].isdigit():
                png = preview.page(int(path[6:-4]))
                self._send(200, "image/png", png) if png else self._send(404, "text/plain", b"no such page")
            else:
                self._send(404, "text/plain", b"not found")

        def _send(self, status: int, kind: str, body: bytes) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args) -> None:  # the terminal shows builds, not every poll
            pass

    server = ThreadingHTTPServer((HOST, port), Handler)
    server.daemon_threads = True
    return server


def serve_in_background(server: ThreadingHTTPServer) -> threading.Thread:
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return thread
