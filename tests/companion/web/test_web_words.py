"""No page or sheet speaks command syntax: the play pages of every recorded game, at several points and
in both languages, History and Help included (Help's closed "typed commands" part is the one place for
the terminal's words), hold no `buy / use`-style command list, no `|`, no `NAME=`, no "type '…'"."""
import json
import re
from html.parser import HTMLParser

import pytest

from repo_paths import JOURNALS
from web_helpers import client

COMMANDS = r"(?:buy|use|roll|ready|attack|pass|done|reroll|take|refresh|end|adjust|give|undo|redo)"
SYNTAX = re.compile(rf"\||NAME=|type '|'help'|'roll'|\b{COMMANDS}\s*/\s*\w|\w\s*/\s*{COMMANDS}\b| >$")
VOID = {"br", "img", "input", "meta", "link", "progress", "hr", "source"}


class ShownText(HTMLParser):
    """The text a player can see: no scripts, nothing `hidden`, not the terminal's part of Help."""

    def __init__(self):
        super().__init__()
        self.lines, self.hiding = [], []

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            return
        attrs = dict(attrs)
        self.hiding.append(tag in ("script", "style") or "hidden" in attrs
                           or (tag == "details" and "terminal" in (attrs.get("class") or "")))

    def handle_endtag(self, tag):
        if tag not in VOID and self.hiding:
            self.hiding.pop()

    def handle_data(self, data):
        if not any(self.hiding) and data.strip():
            self.lines.append(data.strip())


def syntax_on(html: str) -> list[str]:
    parser = ShownText()
    parser.feed(html)
    return [line for line in parser.lines if SYNTAX.search(line)]


@pytest.mark.parametrize("fixture", sorted(p.stem for p in JOURNALS.glob("*.json")))
def test_no_page_shows_command_syntax_at_any_point_of_a_recorded_game(tmp_path, fixture):
    game = json.loads((JOURNALS / f"{fixture}.json").read_text(encoding="utf-8"))["file"]
    entries = game["entries"]
    c = client(tmp_path)
    found = set()
    for count in sorted({*range(0, len(entries) + 1, max(1, len(entries) // 4)), len(entries)}):
        (tmp_path / "g.game.json").write_text(json.dumps({**game, "entries": entries[:count]}), encoding="utf-8")
        for lang in ("en", "ja"):
            c.cookies.set("lang", lang)
            found |= {(count, lang, line) for line in syntax_on(c.get("/games/g").text)}
    assert sorted(found) == []


def test_the_scan_finds_command_syntax_where_there_is_some():
    assert syntax_on("<p>Ann prepares (buy / use), then ready</p><p>roll 5d6 | done</p>") == [
        "Ann prepares (buy / use), then ready", "roll 5d6 | done"]
    assert syntax_on('<details class="terminal"><p>attack CARD|TEAM</p></details><p hidden>NAME=</p>') == []
