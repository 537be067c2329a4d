"""Each card's face as its own data makes it: the layout its cell chooses (`[layouts.NAME]`), the
boxes its conditions hide, the looks its cells or restyles give (deck/read/rules.py). What several cards
share — a layout's boxes, its pictures prepared, a set of box looks — is worked out once."""
from __future__ import annotations

from pnp.base import Options
from pnp.deck.draw.boxes import deck_geometry, layered
from pnp.deck.draw.pictures import image_areas, image_reaches, image_warnings, pictures, prepared_pictures
from pnp.deck.read import cardconditions
from pnp.deck.read.deckfile import CardRow, Deck, cell_text
from pnp.deck.read.rules import CardLook
from pnp.geometry import Size
from pnp.layout import values
from pnp.layout.facelayout import FaceLayout
from pnp.layout.keys import BoxOptions
from tabletop.record import replace

SIZE_KEYS = ("border_width", "size")


def _value(key: str, value):
    return float(value) if key in SIZE_KEYS else value


def own_cards(deck: Deck) -> Deck:
    """`[layout]`'s deck with only the cards it prints (a layout of [layouts] holds only its own)."""
    if not deck.variants:
        return deck
    return replace(deck, cards=tuple(card for card in deck.cards if card.layout is None))


def picture_warnings(deck: Deck, size: Size, opts: Options) -> tuple[str, ...]:
    """The pictures' warnings (deckpictures.image_warnings) of every layout of the deck."""
    decks = (own_cards(deck), *deck.variants.values())
    return tuple(dict.fromkeys(line for d in decks for line in image_warnings(d, size, opts)))


class CardFace:
    """What one card's face is drawn from: its deck (as its layout prints it, its hidden boxes gone),
    the text's boxes and looks, and its artwork under the text."""

    def __init__(self, deck: Deck, layout: FaceLayout, decor: tuple, over: dict[str, tuple]):
        self.deck, self.layout, self.decor = deck, layout, decor
        self.over = over  # box → its artwork, drawn over the text of the boxes before it (`over_text`)


class CardLooks:
    """Faces card by card for one build (one size, style and language)."""

    def __init__(self, deck: Deck, size: Size, opts: Options, face_layout):
        self.size, self.opts, self.face_layout = size, opts, face_layout
        self._kits: dict[str, tuple] = {}
        self._dressings: dict[tuple, dict] = {}
        self.root = deck

    def face_size(self) -> Size:
        """The size of the pieces (an overlay insert is narrower than its card; the layouts of a deck
        are all of one size)."""
        return self._kit(self.root, "")[0].size

    def _kit(self, deck: Deck, key: str) -> tuple:
        """A layout's text boxes, picture areas, prepared pictures and box looks (once per layout)."""
        if key not in self._kits:
            deck = own_cards(deck)
            layout = self.face_layout(deck, self.size, self.opts)
            areas, reaches = image_areas(deck, self.size, self.opts), image_reaches(deck, self.size, self.opts)
            prepared = prepared_pictures(deck, areas, self.opts, reaches) if deck.images else {}
            dressing = deck_geometry(deck, self.size, self.opts.style)[1]
            self._kits[key] = (layout, areas, reaches, prepared, dressing)
        return self._kits[key]

    def face(self, card: CardRow) -> CardFace:
        deck = self.root.variant(card)
        card = next((c for c in deck.cards if c.row == card.row), card) if deck is not self.root else card
        layout, areas, reaches, prepared, dressing = self._kit(deck, card.layout or "")
        look = self._look(deck, card)
        if look.boxes:
            dressing = self._dressing(deck, card.layout or "", look)
        if look.fields:
            styles = dict(layout.styles)
            for name, keys in look.fields:
                if name in styles:
                    styles[name] = replace(styles[name], **{k: _value(k, v) for k, v in keys})
            layout = replace(layout, styles=styles)
        shown = pictures(deck, card, areas, prepared, reaches)
        if look.hidden:
            dressing = {box: parts for box, parts in dressing.items() if box not in look.hidden}
            shown = {box: art for box, art in shown.items() if box not in look.hidden}
            boxes = {box: names for box, names in deck.boxes_for(self.opts.style).items() if box not in look.hidden}
            deck = replace(deck, boxes=boxes, options=replace(deck.options, style=self.opts.style))
        suit = deck.suit(card)
        # A frame from a card's cell is the look's; the deck's own is a plain colour by now (a dynamic one
        # was taken out of the options when the deck was read).
        frame = deck.options.frame if isinstance(deck.options.frame, str) else None
        decor = deck.layout.decor(self.size, suit.color if suit else (look.frame or frame))
        above = {box for box, spec in deck.places.items() if spec.over_text}
        over = {box: layered({box: dressing[box]}, shown) for box in above if box in dressing}
        under = {box: parts for box, parts in dressing.items() if box not in above}
        return CardFace(deck, layout, decor + layered(under, shown), over)

    def _look(self, deck: Deck, card: CardRow) -> CardLook:
        try:
            return deck.rules.look(card.cells, self.opts.lang, card.row, card.copies, cell_text)
        except (cardconditions.Failed, values.Unchosen) as e:  # checked when the deck was read
            raise deck.table.error(str(e), card.row) from None

    def _dressing(self, deck: Deck, key: str, look: CardLook) -> dict:
        """The box looks with the card's own changes (many cards share one set of changes)."""
        if (key, look.boxes) not in self._dressings:
            places = dict(deck.places)
            for box, keys in look.boxes:
                places[box] = replace(places.get(box, BoxOptions()), **{k: _value(k, v) for k, v in keys})
            self._dressings[key, look.boxes] = deck_geometry(replace(deck, places=places), self.size,
                                                             self.opts.style)[1]
        return self._dressings[key, look.boxes]
