"""The page a browser is shown when the server refuses it or has no such page: its styles inside it,
since under `--lan` a refused browser would be refused a stylesheet too; the device's theme, light or
dark, both at 4.5:1 or better; the message as text, never as markup."""
from __future__ import annotations

import html

from tabletop.i18n import N_, translator

STYLE = (":root{color-scheme:light dark;--ink:#15171c;--ground:#f6f7f9;--link:#0b57d0}"
         "@media (prefers-color-scheme:dark){:root{--ink:#e8eaf0;--ground:#15171c;--link:#9ec1ff}}"
         "body{margin:0;padding:1rem;font:1rem/1.5 system-ui,sans-serif;color:var(--ink);background:var(--ground)}"
         "main{max-width:40rem;margin:auto}h1{font-size:1.25rem}"
         "a{display:inline-block;min-height:44px;line-height:44px;color:var(--link)}")


def error_page(lang: str, code: int, message: str) -> str:
    say = translator(lang)
    title = f"{code} — " + say(N_("Table companion"))
    back = say(N_("Back to the games"))
    return (f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{html.escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n"
            f"<h1>{html.escape(message)}</h1>\n"
            f'<p><a href="/">{html.escape(back)}</a></p>\n</main>\n</body>\n</html>\n')
