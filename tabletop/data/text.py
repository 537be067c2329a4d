"""Bilingual text, the shape every printed string takes in cards/*.toml: `{ ja = "…", en = "…" }`."""
from __future__ import annotations

from typing import Literal

from ..i18n import _
from ..record import Record
from .errors import DataError

Lang = Literal["ja", "en"]
LANGS: tuple[Lang, ...] = ("ja", "en")


class Text(Record):
    """A text in Japanese and English; call it with a language to get that one."""
    ja: str
    en: str

    def __call__(self, lang: Lang) -> str:
        return self.ja if lang == "ja" else self.en


def require_text(text: Text, where: str) -> None:
    """Refuse an empty translation: a blank line on a printed card is a data error, not a layout one."""
    for lang in LANGS:
        if not text(lang).strip():
            raise DataError(_("the {lang} text is empty").format(lang=lang), where=f"{where}.{lang}")
