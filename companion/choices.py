"""What a page offers a player: the legal actions worded in the viewer's language, and forms for the
entries whose lines are too many to list. The engines know none of this (`protocol.py`); each game's
table (`<game>/repl.py`) words its actions as choices, and the API sends them as `"actions"`."""
from __future__ import annotations

from tabletop.record import Record


class Form(Record):
    """An entry whose lines are too many to list: `kind` names what to fill in, `choices` what it is
    made of, `least`–`count` how many, and `shape` how a line groups them (docs/web.md has each kind)."""
    kind: str
    count: int
    choices: tuple[str, ...] = ()
    least: int = 1
    shape: tuple[int, ...] = ()


class Choice(Record):
    """What a page offers: the line to send, its label in the viewer's language, the group it is shown
    in; or, with `form`, what to fill in to make the line."""
    line: str
    label: str
    group: str
    form: Form | None = None

    def to_json(self) -> dict[str, object]:
        shown: dict[str, object] = {"line": self.line, "label": self.label, "group": self.group}
        if self.form is None:
            return shown
        form = self.form
        return shown | {"form": {"kind": form.kind, "least": form.least, "count": form.count,
                                 "choices": list(form.choices), "shape": list(form.shape)}}
