"""Tabletop Simulator decks: face sheets of at most 10×7 cards whose last slot is the hidden card, no
sheet over 4096 px a side, a back image (or back sheet when backs differ) and the saved-object JSON."""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from urllib.parse import quote

from PIL import Image, ImageDraw

from pnp.export import raster
from pnp.export.regions import BuiltDeck, CardRef, ExportError
from pnp.export.targets import px
from tabletop.fileio import write_atomic
from tabletop.i18n import _
from tabletop.record import Record

MAX_COLS, MAX_ROWS = 10, 7
MAX_CARDS_PER_SHEET = MAX_COLS * MAX_ROWS - 1  # the last slot shows the hidden card
MAX_SHEET_PX = 4096
THUMBNAIL_PX = 256
PLAIN_BACK = ((43, 47, 58), (150, 156, 170))  # fill and frame of the back drawn for back-less assets
ROUNDED_RECTANGLE, CIRCLE = 0, 4  # TTS custom card shapes ("Type")


# ---- grid arithmetic (pure) ----

def sheet_counts(n: int) -> list[int]:
    """Cards per sheet: as few sheets as possible, filled evenly."""
    if n < 1:
        return []
    sheets = -(-n // MAX_CARDS_PER_SHEET)
    base, extra = divmod(n, sheets)
    return [base + 1] * extra + [base] * (sheets - extra)


def grid(n: int) -> tuple[int, int]:
    """Columns and rows of the smallest sheet holding n cards plus the hidden slot (TTS wants ≥ 2×2)."""
    if not 1 <= n <= MAX_CARDS_PER_SHEET:
        raise ValueError(f"a sheet holds 1 to {MAX_CARDS_PER_SHEET} cards, not {n}")
    rows = max(2, -(-(n + 1) // MAX_COLS))
    return max(2, -(-(n + 1) // rows)), rows


def cell_size(card_px: tuple[int, int], cols: int, rows: int, limit: int = MAX_SHEET_PX) -> tuple[int, int]:
    """A card's pixels on the sheet: its 300 dpi size, shrunk (keeping its shape) to keep the sheet ≤ limit."""
    w, h = card_px
    scale = min(1.0, limit / (cols * w), limit / (rows * h))
    return int(w * scale), int(h * scale)


def card_id(deck_id: int, slot: int) -> int:
    return deck_id * 100 + slot


# ---- the saved object (pure) ----

class TtsSheet(Record):
    deck_id: int
    cols: int
    rows: int
    cards: tuple[CardRef, ...]
    face_url: str
    back_url: str
    unique_back: bool  # the back URL is a sheet laid out like the faces
    shape: int = ROUNDED_RECTANGLE


def saved_object(name: str, sheets: list[TtsSheet]) -> dict:
    """The JSON TTS loads from its Saved Objects folder: one custom deck (or a single card)."""
    custom = {s.deck_id: {"FaceURL": s.face_url, "BackURL": s.back_url, "NumWidth": s.cols,
                          "NumHeight": s.rows, "BackIsHidden": True, "UniqueBack": s.unique_back, "Type": s.shape}
              for s in sheets}
    cards = [{**_object("Card", card.name, card.card_id, f"{name}/{card.index}"),
              "CardID": card_id(s.deck_id, slot), "CustomDeck": {str(s.deck_id): custom[s.deck_id]}}
             for s in sheets for slot, card in enumerate(s.cards)]
    if len(cards) == 1:
        state = {**cards[0], "Name": "CardCustom"}
    else:
        state = {**_object("DeckCustom", name, "", name),
                 "DeckIDs": [c["CardID"] for c in cards],
                 "CustomDeck": {str(k): v for k, v in custom.items()},
                 "ContainedObjects": cards}
    return {"SaveName": name, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "Rules": "",
            "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": [state]}


def _object(kind: str, nickname: str, description: str, key: str) -> dict:
    return {"Name": kind, "GUID": hashlib.sha1(key.encode()).hexdigest()[:6],
            "Transform": {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
                          "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0},
            "Nickname": nickname, "Description": description, "Locked": False, "Grid": True, "Snap": True,
            "Autoraise": True, "Sticky": True, "Tooltip": True, "Hands": kind == "Card", "SidewaysCard": False}


# ---- images ----

def sheet_url(path: Path, base_url: str | None) -> str:
    """Where TTS fetches an image: `base_url` + its file name for images the user hosts (every player's
    TTS can load those), else this computer's file:/// path (only this computer can)."""
    if base_url is None:
        return path.resolve().as_uri()
    return base_url.rstrip("/") + "/" + quote(path.name)


def export_tts(deck: BuiltDeck, out_dir: Path, name: str, workers: int | None = None,
               base_url: str | None = None) -> list[Path]:
    """Write the sheets, the back, a thumbnail and `<game>_<asset>.json`; returns the paths written.
    One sheet is in memory at a time, filled as its cards stream in from the rasteriser. The JSON
    points at the sheets by `base_url` + file name when given (see sheet_url)."""
    if not deck.cards:
        raise ExportError(_("{game} {asset}: no cards to export").format(game=deck.game, asset=deck.asset))
    stem = f"{deck.game}_{deck.asset}"
    card_px = (px(deck.size_mm[0]), px(deck.size_mm[1]))
    shared_back = deck.shared_back
    # Square pieces in this project are round chips: TTS cuts them as circles.
    shape = CIRCLE if abs(deck.size_mm[0] - deck.size_mm[1]) < 0.01 * deck.size_mm[0] else ROUNDED_RECTANGLE
    written: list[Path] = []

    def save(image: Image.Image, file_name: str) -> str:
        path = out_dir / file_name
        raster.save_png(path, image)
        written.append(path)
        return sheet_url(path, base_url)

    back = None  # the one back of every card, if they share one
    if shared_back is not None:
        back = _one(deck.pdf, shared_back, card_px)
    elif not deck.backs:
        back = plain_back(card_px)
    if back is not None:
        back_url = save(back, f"{stem}_back.png")
    sheets, start = [], 0
    for k, count in enumerate(sheet_counts(len(deck.cards)), 1):
        cards = deck.cards[start:start + count]
        start += count
        cols, rows = grid(count)
        cell = cell_size(card_px, cols, rows)
        if back is not None:
            hidden = back.resize(cell, Image.Resampling.LANCZOS)
        else:
            hidden = _one(deck.pdf, cards[0].back, cell) if cards[0].back else plain_back(cell)
            back_sheet = sheet_image(deck.pdf, [c.back for c in cards], cols, rows, cell, hidden, workers)
            back_url = save(back_sheet, f"{stem}_backs{k}.png")
            del back_sheet
        faces = sheet_image(deck.pdf, [c.face for c in cards], cols, rows, cell, hidden, workers)
        face_url = save(faces, f"{stem}_faces{k}.png")
        if k == 1:
            thumb = faces.crop((0, 0, *cell))
            thumb.thumbnail((THUMBNAIL_PX, THUMBNAIL_PX))
            save(thumb, f"{stem}.png")  # TTS shows <name>.png beside <name>.json as the object's thumbnail
        del faces
        sheets.append(TtsSheet(k, cols, rows, tuple(cards), face_url, back_url, back is None, shape))

    json_path = out_dir / f"{stem}.json"
    write_atomic(json_path, json.dumps(saved_object(name, sheets), ensure_ascii=False, indent=1))
    written.append(json_path)
    for old in out_dir.glob(f"{stem}_*.png"):
        if old not in written:
            old.unlink()
    return written


def _one(pdf: Path, region, size: tuple[int, int]) -> Image.Image:
    return next(raster.images(pdf, [raster.RasterJob(region, size)], 1))


def sheet_image(pdf: Path, regions: list, cols: int, rows: int, cell: tuple[int, int], hidden: Image.Image,
                workers: int | None) -> Image.Image:
    """A sheet of the regions' images row by row (a plain back where a region is None); the last
    slot gets the hidden-card image."""
    w, h = cell
    sheet = Image.new("RGB", (cols * w, rows * h), "white")
    drawn = [i for i, r in enumerate(regions) if r is not None]
    images = raster.images(pdf, [raster.RasterJob(regions[i], cell) for i in drawn], workers)
    for slot, image in zip(drawn, images):
        sheet.paste(image, ((slot % cols) * w, (slot // cols) * h))
    for slot in set(range(len(regions))) - set(drawn):
        sheet.paste(plain_back(cell), ((slot % cols) * w, (slot // cols) * h))
    last = cols * rows - 1
    sheet.paste(hidden, ((last % cols) * w, (last // cols) * h))
    return sheet


def plain_back(size: tuple[int, int]) -> Image.Image:
    """A neutral back for assets that print none (sleeve inserts go in front of a real card)."""
    fill, frame = PLAIN_BACK
    image = Image.new("RGB", size, fill)
    inset, width = max(2, size[0] // 16), max(1, size[0] // 120)
    ImageDraw.Draw(image).rounded_rectangle(
        (inset, inset, size[0] - inset, size[1] - inset), radius=inset, outline=frame, width=width)
    return image
