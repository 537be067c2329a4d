"""Where a value lies in a TOML file, for error messages: `cards[HK].condition` → its line.

tomllib gives no positions, so the text is scanned line by line, following `[table]` and
`[[array]]` headers, `key = ...` lines and the one-element-per-line arrays the data files use.
Best effort: a path the scan cannot follow gets the line of its deepest known ancestor, or None.
"""
from __future__ import annotations

import re
from typing import Any

Path = tuple[str | int, ...]

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\[\]]+?)\s*\]\]?\s*(?:#.*)?$")
_BARE_OR_QUOTED = r'(?:[A-Za-z0-9_-]+|"[^"]*"|\'[^\']*\')'
_KEY = re.compile(rf"^\s*({_BARE_OR_QUOTED}(?:\s*\.\s*{_BARE_OR_QUOTED})*)\s*=\s*(.*)$")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'')
_WHERE_PART = re.compile(r"([^.\[\]]+)|\[([^\]]*)\]")


def line_of(text: str, raw: dict[str, Any], where: str) -> int | None:
    """The line of `where` (as DataError names it) in `text`, whose parsed form is `raw`."""
    target = resolve(raw, where)
    positions = scan(text)
    for n in range(len(target), 0, -1):
        if target[:n] in positions:
            return positions[target[:n]]
    return None


def resolve(raw: Any, where: str) -> Path:
    """`cards[HK].reward` → ("cards", 37, "reward"): list items named by id become indices (the
    last entry with that id, so a duplicate points at the second one). Stops where `raw` does."""
    path: list[str | int] = []
    node = raw
    for key, item in _WHERE_PART.findall(where):
        if key:
            path.append(key)
            node = node.get(key) if isinstance(node, dict) else None
            continue
        if not isinstance(node, list):
            break
        ids = [i for i, v in enumerate(node) if isinstance(v, dict) and v.get("id") == item]
        if ids:
            index = ids[-1]
        elif item.isdigit() and int(item) < len(node):
            index = int(item)
        else:
            break
        path.append(index)
        node = node[index]
    return tuple(path)


def scan(text: str) -> dict[Path, int]:
    """Every header, key and array element the scan recognises → its first line (1-based)."""
    positions: dict[Path, int] = {}
    arrays: dict[Path, int] = {}  # [[array]] path → entries seen so far
    table: Path = ()
    open_array: tuple[Path, int, int] | None = None  # (key path, elements seen, bracket depth)
    in_string = False  # inside a multi-line """string"""
    for number, line in enumerate(text.splitlines(), 1):
        triple = (line.count('"""') + line.count("'''")) % 2 == 1
        if in_string:
            in_string = not triple
            continue
        in_string = triple
        code = _STRING.sub('""', line).split("#", 1)[0]
        if open_array:
            key, seen, depth = open_array
            if depth == 1 and code.strip() and not code.strip().startswith("]"):
                positions.setdefault(key + (seen,), number)
                seen += 1
            depth += code.count("[") - code.count("]")
            open_array = (key, seen, depth) if depth > 0 else None
            continue
        header = _HEADER.match(line)
        if header:
            keys = _split_key(header.group(2))
            if header.group(1) == "[[":
                base = _concrete(keys[:-1], arrays) + (keys[-1],)
                arrays[base] = arrays.get(base, 0) + 1
                positions.setdefault(base, number)
                table = base + (arrays[base] - 1,)
            else:
                table = _concrete(keys, arrays)
            for n in range(1, len(table) + 1):  # [a.b] also defines a, if nothing did before
                positions.setdefault(table[:n], number)
            continue
        match = _KEY.match(line)
        if match:
            keys = _split_key(match.group(1))
            for n in range(1, len(keys) + 1):
                positions.setdefault(table + tuple(keys[:n]), number)
            value = _STRING.sub('""', match.group(2)).split("#", 1)[0].strip()
            depth = value.count("[") - value.count("]")
            if value.startswith("[") and depth > 0:
                open_array = (table + tuple(keys), 0, depth)
    return positions


def _split_key(text: str) -> list[str]:
    return [part.strip().strip("\"'") for part in re.findall(_BARE_OR_QUOTED, text)]


def _concrete(keys: list[str], arrays: dict[Path, int]) -> Path:
    """A dotted header's path, each [[array]] on the way standing for its latest entry."""
    path: Path = ()
    for key in keys:
        path += (key,)
        if path in arrays:
            path += (arrays[path] - 1,)
    return path
