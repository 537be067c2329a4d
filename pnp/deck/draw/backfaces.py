"""A deck's backs drawn card by card (which back each card has: `deck/read/backchoice.py`): a plain back — its
colour, maybe a picture covering it, and its text rendered from the card's row — or a face of the
row's own fields laid out like a front (two-sided cards). Backs that come out the same are drawn
once: 500 cards of three tiers have three back faces, however the sheets place them."""
from __future__ import annotations

from functools import partial
from typing import Any

import jinja2

from pnp.assets.cardfaces import lay_out as fit_boxes
from pnp.base import Options
from pnp.deck.draw import faces
from pnp.deck.draw.keptfaces import KeptFaces
from pnp.deck.read import imagefiles, templates
from pnp.deck.read.backchoice import DEFAULT
from pnp.deck.read.deckfile import CardRow, Deck
from pnp.deck.read.icons import expand
from pnp.fonts.fontset import FontSet
from pnp.geometry import Rect, Size
from pnp.layout.keys import BACK, BackLayout, LayoutOptions
from pnp.layout.named import BACK_STYLE, LAYOUTS, back_layout
from pnp.sheets.draw import FaceArt, ImageArt
from pnp.sheets.images import edge_colour, parse_align
from pnp.text import content
from pnp.text.content import Para
from tabletop.data.errors import DataError
from tabletop.i18n import _
from tabletop.record import replace


def _where(key: str) -> str:
    return "back" if key == DEFAULT else f"backs.{key}"


class BackFaces:
    """The back faces of one build, made as cards ask for them and appended to the build's faces."""

    def __init__(self, deck: Deck, size: Size, opts: Options, fonts: FontSet, icons: dict[str, str],
                 kept: KeptFaces | None = None):
        self.deck, self.size, self.opts, self.fonts, self.icons = deck, size, opts, fonts, icons
        self.kept = kept or KeptFaces()  # faces of the deck's last build (pnp watch), kept where unchanged
        self.made: dict[Any, int] = {}
        self.pictures = self._pictures()

    def _pictures(self) -> dict[str, imagefiles.PreparedImage]:
        """Each back's picture, prepared at the card's size (a missing one is an error naming its key)."""
        deck = self.deck
        requests = {key: imagefiles.Request(deck.folder / back.image, (self.size.w, self.size.h), "fill",
                                            parse_align("center"))
                    for key, back in deck.backs.backs.items() if back.image}
        prepared = imagefiles.prepare_all(requests.values(), deck.image_dpi)
        for key, request in requests.items():
            if prepared[request].problem and not self.opts.draft:
                raise DataError(_("picture {path!r}: {problem}").format(path=deck.backs.backs[key].image,
                                                                        problem=prepared[request].problem),
                                file=deck.file, where=f"{_where(key)}.image")
        return {key: prepared[request] for key, request in requests.items()}

    def index(self, card: CardRow, key: str, arts: list[FaceArt]) -> int:
        """The index in `arts` of the card's back (`key`), drawn and appended the first time it is needed."""
        back = self.deck.backs.backs[key]
        if back.layout:
            boxes = self.deck.backs.boxes(key, back.layout)
            face = faces.face_content(self.deck, card, self.opts.lang, self.opts.style, self.icons, boxes)
            ident = (key, repr(face.boxes))
            make = partial(self._face, card, key, back.layout, boxes)
        else:
            text = self._text(card, key)
            ident = (key, text)
            make = partial(self._plain, key, text)
        if ident not in self.made:
            self.made[ident] = len(arts)
            arts.append(self.kept.back(ident, make))
        return self.made[ident]

    def _text(self, card: CardRow, key: str) -> str:
        back, lang = self.deck.backs.backs[key], self.opts.lang
        source = back.text.get(lang, "") if isinstance(back.text, dict) else back.text
        context = faces.template_context(self.deck, card, lang)
        # Rich fields come to a back's text as they are typed: the text is escaped as a whole below.
        context.update({name: self.deck.text(card, name, lang) for name in self.deck.rich})
        where = _where(key) + ".text" + (f".{lang}" if isinstance(back.text, dict) else "")
        try:
            return templates.render_text(source, self.deck.folder, context).strip()
        except (templates.RunError, jinja2.TemplateError) as e:
            raise self.deck.table.error(_("{where}: {reason}").format(where=where, reason=e), card.row) from None
        except DataError as e:
            if e.file is None:  # the back's text names the template itself: the deck file's key says where
                e.file, e.where = self.deck.file, where
            raise

    def _colour(self, key: str) -> str:
        """The back's colour: its own; or, around a picture, the picture's edge colour, which then
        fills the bleed; else the kit's."""
        back = self.deck.backs.backs[key]
        done = self.pictures.get(key)
        if back.color:
            return back.color
        return edge_colour(done.file) if done and done.file else BACK

    def _plain(self, key: str, text: str) -> FaceArt:
        deck, size, lang = self.deck, self.size, self.opts.lang
        back = deck.backs.backs[key]
        chip = deck.layout.kind == "chips"
        colour = self._colour(key)
        ink = back.ink or (colour if chip else BACK_STYLE.color)
        layout = replace(back_layout(size), styles={"back": replace(
            BACK_STYLE, color=ink, size=8 if chip else BACK_STYLE.size)})
        assert deck.layout.back_decor is not None  # a deck whose layout has no back has none (backchoice.py)
        decor = deck.layout.back_decor(size, colour)
        if key in self.pictures:
            done = self.pictures[key]
            placed = done.placement.rect if done.placement else Rect(0, 0, size.w, size.h)
            decor += (ImageArt(Rect(0, 0, size.w, size.h), placed, done.file),)
        if not text:
            return FaceArt(decor)
        where = f"{_where(key)}.text"
        try:
            fitted = fit_boxes(content.FaceText({"body": (Para(expand(faces.escaped(text), self.icons),
                                                           "back"),)}), layout, self.fonts, lang, where, deck.file)
        except DataError as e:
            raise DataError(e.message, file=deck.file, where=where) from None
        return FaceArt(decor + fitted.items)

    def _face(self, card: CardRow, key: str, layout_name: BackLayout, boxes: dict[str, tuple[str, ...]]) -> FaceArt:
        """A face of the card's own fields in the back's layout, framed in the back's colour."""
        deck = self.deck
        named = LAYOUTS[layout_name]
        layout = replace(named.geometry(self.size, LayoutOptions(name=layout_name)), styles=deck.styles,
                         min_size=deck.min_text_size)
        decor = named.decor(self.size, self._colour(key))
        return faces.card_art(deck, card, layout, self.opts, self.fonts, decor, self.icons, boxes)
