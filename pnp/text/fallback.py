"""Font fallback inside a paragraph: each character is set in the first face of the chain
(`fonts.FontSet.faces`) that draws it, in the same style (bold, italic) where that face has it.

ReportLab parses a paragraph into runs of one font ("frags"); this splits a run wherever its
characters need another face, so measuring (widths per frag), kinsoku line breaking and drawing
all see each character in the font that draws it. An italic run in a face without an italic gets
that face slanted (`oblique.py`). An inline picture (a deck's icon) is sized to its run's text. The
chain rides on the paragraph style (`fontFaces`, set by text.paragraph_style), so each deck's
paragraphs use its own chain.
"""
from __future__ import annotations

from pnp.fonts.fontset import ChainFont
from pnp.fonts.oblique import oblique
from pnp.text.kinsoku import KinsokuParagraph


class FallbackParagraph(KinsokuParagraph):
    def __init__(self, text, style=None, bulletText=None, frags=None, *args, **kwargs):
        super().__init__(text, style, bulletText, frags, *args, **kwargs)
        faces = getattr(style, "fontFaces", None)
        if faces and frags is None:  # given frags (a split paragraph's half) are split already
            self.frags = split_runs(self.frags, faces)
            scale_spans(self.frags, style)
            size_icons(self.frags)


def scale_spans(frags: list, style) -> None:
    """A run with a size of its own (`<font size>`, a deck's rich text span) shrunk as much as the
    paragraph's text, when it is fitted smaller than its full size."""
    scale = getattr(style, "fontScale", 1.0)
    if scale == 1.0:
        return
    for frag in frags:
        if frag.fontSize != style.fontSize and not hasattr(frag, "cbDefn"):
            frag.fontSize *= scale


def size_icons(frags: list) -> None:
    """An inline picture (a deck's icon, `deck/read/icons.py`) as high as its run's text, on its baseline.
    Set here, from the run's font size, so a paragraph shrunk to fit shrinks its icons with it and
    line breaking measures each as one character its own width. Drawn from its file's name, so
    ReportLab embeds a picture once however many paragraphs show it."""
    for frag in frags:
        defn = getattr(frag, "cbDefn", None)
        if defn is not None and getattr(defn, "kind", "") == "img" and isinstance(defn.src, str):
            w, h = defn.image.getSize()
            defn.height = frag.fontSize
            defn.width = frag.fontSize * w / h
            defn.valign = "baseline"
            defn.image = defn.src


def text_width(text: str, style) -> float:
    """The width (pt) of plain `text` set in a paragraph of `style`, each character in the face of the
    chain that draws it (a bullet's width, to hang the text after it)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    faces = getattr(style, "fontFaces", None)
    if not faces:
        return stringWidth(text, style.fontName, style.fontSize)
    own = _own_face(style.fontName, faces)
    bold = style.fontName == own.bold and own.has_bold
    return sum(stringWidth(c, face_name(_face_for(c, own, faces), bold, False), style.fontSize) for c in text)


def split_runs(frags: list, faces: tuple[ChainFont, ...]) -> list:
    out = []
    for frag in frags:
        text = getattr(frag, "text", "")
        if not text or hasattr(frag, "cbDefn") or hasattr(frag, "lineBreak"):
            out.append(frag)
            continue
        own = _own_face(frag.fontName, faces)
        bold, italic = bool(getattr(frag, "bold", 0)), bool(getattr(frag, "italic", 0))
        if all(ord(c) in own.chars for c in text):  # the common case: nothing to split
            name = face_name(own, bold, italic)
            out.append(frag if name == frag.fontName else frag.clone(fontName=name))
            continue
        runs: list[list] = []  # [font name, text]
        for char in text:
            name = face_name(_face_for(char, own, faces), bold, italic)
            if runs and runs[-1][0] == name:
                runs[-1][1] += char
            else:
                runs.append([name, char])
        out += [frag.clone(fontName=name, text=part) for name, part in runs]
    return out


def _own_face(font: str, faces: tuple[ChainFont, ...]) -> ChainFont:
    """The face a run's font belongs to (its style's, or a slanted copy's)."""
    for face in faces:
        if font in (face.regular, face.bold, face.italic, face.bold_italic) or font.startswith(
                (face.regular + "-", face.bold + "-")):
            return face
    return faces[0]


def _face_for(char: str, own: ChainFont, faces: tuple[ChainFont, ...]) -> ChainFont:
    """The run's own face if it draws `char`, else the first face of the chain that does (a Latin
    font's text keeps its 全角スペース a kanji wide); if none does, the run's own face for a space,
    the first face for anything else (the glyph check names such characters)."""
    code = ord(char)
    if code in own.chars:
        return own
    return next((f for f in faces if code in f.chars), own if char.isspace() else faces[0])


def face_name(face: ChainFont, bold: bool, italic: bool) -> str:
    """The ReportLab font of `face` for the style; bold where the face has no bold is its regular
    (docs/decks.md says so), italic where it has no italic its upright face slanted."""
    upright = face.bold if bold and face.has_bold else face.regular
    if not italic:
        return upright
    own = face.bold_italic if bold else face.italic
    if own:
        return own
    return oblique(upright, face.files[1] if upright == face.bold and face.has_bold else face.files[0])
