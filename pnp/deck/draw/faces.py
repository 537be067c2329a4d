"""A deck card's face from its fields: each field as paragraph markup (escaped, line breaks kept,
icons inline, rich text where the deck says so, the index in its suit's colour), a box template's
paragraphs, and the text fitted box by box into the face's art, every box that overflows named by
its card's row and column. The fronts (userdeck.py) and the backs that print a row's fields
(backfaces.py) are made by the same functions."""
from __future__ import annotations

import html
import re
from typing import Any

import jinja2
from markupsafe import Markup

from pnp.assets.cardfaces import lay_out as fit_boxes
from pnp.assets.common import plain
from pnp.base import Options
from pnp.deck.read import templates
from pnp.deck.read.deckfile import CardRow, Deck
from pnp.deck.read.icons import expand, markups, unknown, unknown_error
from pnp.fonts.fontset import FontSet
from pnp.geometry import pt
from pnp.layout.facelayout import FaceLayout
from pnp.layout.named import BACK_STYLE, INDEX
from pnp.sheets.draw import FaceArt
from pnp.text import content, richtext
from pnp.text.content import Para, TemplateError
from pnp.text.fit import overflowing
from tabletop.data.errors import DataError, DataErrors
from tabletop.i18n import _, listing
from tabletop.record import replace

_IMG = re.compile(r"<\s*img\b", re.IGNORECASE)
_FONT_SIZE = re.compile(r"<\s*font\b[^>]*\bsize\s*=\s*[\"']?\s*([\d.]+)", re.IGNORECASE)


def escaped(text: str) -> str:
    """Data text as paragraph markup: escaped, its line breaks kept."""
    return html.escape(text, quote=False).replace("\n", "<br/>")


def _coloured(markup: str, colour: str | None) -> str:
    return f'<font color="{colour}">{markup}</font>' if colour else markup


def icon_markups(deck: Deck) -> dict[str, str]:
    """Each icon's markup (deck/read/icons.py), its picture prepared for the deck's largest text."""
    if not deck.icons:
        return {}
    largest = max([s.size for s in deck.styles.values()] + [BACK_STYLE.size])
    return markups(deck.icons, deck.folder, largest, deck.image_dpi)


# Stands in for `\:` while Markdown reads a rich field (its own escapes would take the backslash), so
# a deck's icons see it as written.
_KEPT_COLON = "\ue000"


def text_markup(deck: Deck, text: str, name: str, icons: dict[str, str]) -> str:
    """A field's text as paragraph markup: escaped, line breaks kept and icons inline; read as rich
    text (richtext.py) if the deck says so for this field."""
    if name not in deck.rich:
        return expand(escaped(text), icons)
    if deck.icons:
        text = text.replace("\\:", _KEPT_COLON)
    style = deck.styles.get(name)
    return richtext.to_markup(text, style.size if style else 9.0, lambda run: expand(
        escaped(run.replace(_KEPT_COLON, "\\:")), icons))


def field_markup(deck: Deck, card: CardRow, name: str, box: str, lang: str, icons: dict[str, str] | None = None) -> str:
    """A field as paragraph markup: data text escaped, line breaks kept, icons inline, the index in
    the suit's colour."""
    suit = deck.suit(card)
    colour = suit.color if suit and name in deck.layout.colour_fields else None
    rank = deck.text(card, "rank", lang)
    if name == INDEX:
        text = (suit.symbol if suit else "") + rank
        return _coloured(escaped(text), colour) if text else ""
    if name == "suit":
        return _coloured(escaped(suit.symbol), colour) if suit else ""
    if name == "rank" and box == "index" and len(rank) > 2:  # JOKER stands letter by letter in a corner
        return _coloured("<br/>".join(escaped(c) for c in rank), colour)
    markup = _coloured(text_markup(deck, deck.text(card, name, lang), name, icons or {}), colour)
    icon = (suit.symbol if suit else "") + rank
    if name == deck.layout.icon_field and icon:
        return f'{_coloured(escaped(icon), suit.color if suit else None)} {markup}'
    return markup


def face_content(deck: Deck, card: CardRow, lang: str, style: str, icons: dict[str, str] | None = None,
                 boxes_fields: dict[str, tuple[str, ...]] | None = None) -> content.FaceText:
    """The card's paragraphs box by box: the front's boxes, or `boxes_fields` (a face back's)."""
    boxes = {}
    front = boxes_fields is None
    for box, fields in (deck.boxes_for(style) if boxes_fields is None else boxes_fields).items():
        if front and box in deck.templates:
            boxes[box] = _from_template(deck, card, box, lang, icons or {})
            continue
        paras = [Para(m, name) for name in fields if (m := field_markup(deck, card, name, box, lang, icons))]
        boxes[box] = tuple(paras)
    return content.FaceText(boxes)


def template_context(deck: Deck, card: CardRow, lang: str) -> dict[str, Any]:
    suit = deck.suit(card)
    fields: dict[str, Any] = {name: deck.text(card, name, lang) for name in deck.fields}
    for name in deck.rich:  # a rich field comes to a template as markup: {{ body }} prints it bold and all
        fields[name] = Markup(text_markup(deck, fields[name], name, {}))
    fields[INDEX] = (suit.symbol if suit else "") + deck.text(card, "rank", lang)
    suit_info = {"symbol": suit.symbol, "color": suit.color,
                 "name": suit.name.get(lang, "") if isinstance(suit.name, dict) else suit.name or ""} if suit else None
    return {**fields, "lang": lang, "row": card.row, "copies": card.copies, "suit": suit_info}


def _from_template(deck: Deck, card: CardRow, box: str, lang: str, icons: dict[str, str]) -> tuple[Para, ...]:
    path = deck.templates[box]
    try:
        out = templates.render(path, deck.folder, template_context(deck, card, lang)).strip()
        if _IMG.search(out):  # ReportLab would read any file named; pictures go through [boxes.*.image]
            raise deck.table.error(_("{template}: {reason}").format(template=path.name, reason=_(templates.NO_IMG)),
                                   card.row)
        if "<p" not in out:  # plain text: one paragraph in the style of the box's first field
            lines = [line.strip() for line in out.splitlines() if line.strip()]
            style = deck.boxes[box][0] if deck.boxes[box] else "body"
            paras: tuple[Para, ...] = (Para("<br/>".join(lines), style),) if lines else ()
        else:
            paras = content.parse_face(f'<face><box name="{box}">{out}</box></face>').boxes[box]
    except (jinja2.TemplateError, TemplateError) as e:
        raise deck.table.error(_("{template}: {reason}").format(template=path.name, reason=e), card.row) from None
    except templates.RunError as e:
        where = _("{template}, line {line}").format(template=path.name, line=e.line) if e.line else path.name
        raise deck.table.error(_("{template}: {reason}").format(template=where, reason=e), card.row) from None
    if deck.icons:
        names = [n for p in paras for n in unknown(p.markup, deck.icons)]
        if names:
            raise deck.table.error(_("{template}: {reason}").format(
                template=path.name, reason=unknown_error(dict.fromkeys(names), deck.icons)), card.row)
        paras = tuple(replace(p, markup=expand(p.markup, icons)) for p in paras)
    for p in paras if "<p" in out else ():  # plain text takes its box's own style
        if p.style not in deck.styles:
            raise DataError(_("no style {style!r}: a paragraph's style is a field's name ({known})").format(
                style=p.style, known=listing(sorted(deck.styles))), file=path)
    for p in paras:  # a line keeps its height: a much larger run would print over its neighbours
        most = richtext.LARGEST_SPAN * deck.styles[p.style].size if p.style in deck.styles else None
        for size in _FONT_SIZE.findall(p.markup):
            if most is not None and float(size) > most:
                raise deck.table.error(_("{template}: a <font size> is at most {times:g} times its paragraph's size "
                                         "({most:g} pt), got {size}").format(
                    template=path.name, times=richtext.LARGEST_SPAN, most=most, size=size), card.row)
    return paras


class TextFitErrors(DataErrors):
    """Text that does not fit its box even at the deck's floor: a line per box, reported together for
    the whole build (the other errors stop it at once)."""


def card_art(deck: Deck, card: CardRow, layout: FaceLayout, opts: Options, fonts: FontSet,
             decor: tuple, icons: dict[str, str], boxes_fields: dict[str, tuple[str, ...]] | None = None,
             over: dict[str, tuple] | None = None) -> FaceArt:
    """The card's text fitted box by box (the front's, or a face back's `boxes_fields`); an error
    names the card's row and the box's first column, or, for text that does not fit, the column of
    the field it overflows at (every box of the card that does not fit: TextFitErrors). A box's artwork
    in `over` is drawn over the text of the boxes before it."""
    lang = opts.lang
    face = face_content(deck, card, lang, opts.style, icons, boxes_fields)
    items = list(decor)
    overflows = []
    for box, paras in face.boxes.items():
        items += (over or {}).get(box, ())
        column = _column(deck, (boxes_fields or deck.boxes_for(opts.style)).get(box, ()), lang)
        missing = fonts.missing(" ".join(p.bullet + plain(p.markup) for p in paras))
        if missing:
            message = _("no font of the deck has a glyph for {chars} (add one that does to fonts in [deck])")
            raise deck.table.error(message.format(chars=" ".join(missing)), card.row, column)
        try:
            items += fit_boxes(content.FaceText({box: paras}), layout, fonts, lang, "", deck.table.file).items
        except ValueError as e:  # ReportLab could not read a box template's markup (data text is escaped)
            if box not in deck.templates or isinstance(e, DataError):
                raise
            reason = str(e).partition("caused exception ")[2] or str(e)
            raise deck.table.error(_("{template}: its markup does not read ({reason}): close every tag it opens, "
                                     "and give colours as #rrggbb").format(
                template=deck.templates[box].name, reason=reason), card.row) from None
        except DataError as e:
            name = deck.text(card, deck.name_field, lang)
            message = _("{name}: {reason}").format(name=name, reason=e.message) if name else e.message
            overflows.append(deck.table.error(message, card.row, _overflowing_column(deck, layout, box, paras, fonts,
                                                                                   lang) or column))
    if overflows:
        raise TextFitErrors(overflows)
    return FaceArt(tuple(items))


def _overflowing_column(deck: Deck, layout: FaceLayout, box: str, paras: tuple[Para, ...], fonts: FontSet,
                        lang: str) -> str | None:
    """The column of the field a box's text overflows at (a box template's paragraph names its field)."""
    rect = layout.boxes[box][0].rect
    n = overflowing(paras, layout.styles, pt(rect.w), pt(rect.h), fonts, lang, layout.min_size)
    return _column(deck, (paras[n].style,), lang)


def _column(deck: Deck, fields: tuple[str, ...], lang: str) -> str | None:
    for name in fields:
        f = deck.fields.get(name if name != INDEX else "rank")
        if f:
            return f.columns[lang]
    return None
