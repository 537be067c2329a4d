"""A print shop's file (`pnp build --print-shop`): every face of a card asset on a page of its own, with
3 mm of bleed, トンボ (Japanese corner and centre trim marks), colour converted to CMYK through an output
profile, and the structure of PDF/X-4 (docs/print-assets.md says what is and is not checked). Each front
carries its die line — the piece's real outline, a chip's circle or a card's (rounded) rectangle — as
shops ask it: a stroke in a spot colour named CutContour, overprinting, on a layer of its own; or,
`--die-line separate`, in a second file page for page with the first.

ReportLab draws the pages as for home printing (sRGB colours, the same faces and fonts); pikepdf then
rewrites them: every RGB colour operator and image becomes CMYK, the marks are added in registration
colour, and the output intent, boxes, trapped key, document ID and XMP metadata are set. Doing it after
drawing keeps one drawing path for every output, and reaches whatever a face holds (a deck's pictures).
"""
from __future__ import annotations

import hashlib
import io
import uuid
import warnings
import zlib
from functools import lru_cache
from pathlib import Path
from typing import Any

from pnp.geometry import Rect, Size, pt
from pnp.sheets.pdfstamps import without_stamps

BLEED = 3.0  # mm: 塗り足し, what Japanese shops and most print-on-demand services ask
MARK_GAP = 1.0  # mm between the bleed edge and the start of a centre mark
MARK_LENGTH = 9.0  # mm: how far the marks reach out from the bleed
MARGIN = BLEED + MARK_LENGTH + 3.0  # mm from the trim to the page edge: room for the marks
MARK_WIDTH = 0.1  # mm: the usual トンボ line (0.1 mm in registration colour prints on every plate)
DIE_LINES = ("in-file", "separate", "none")
# The die line: a separation the shop's RIP takes as the cut and prints none of; its alternate (how a
# viewer or a proof shows it) is 100 % magenta. A thin stroke, the weight shops' guides name.
DIE_INK = "CutContour"
DIE_ALTERNATE = (0.0, 1.0, 0.0, 0.0)
DIE_WIDTH = 0.25  # pt
KAPPA = 0.5522847498  # a quarter circle's Bézier handles, as a fraction of its radius

PROFILE_DIR = Path(__file__).resolve().parent.parent / "profiles"
# The profile shipped: made with ArgyllCMS from the FOGRA39L characterisation data (ISO 12647-2 coated
# offset, the condition of ISO Coated v2 and of most Japanese "Japan Color"-like coated work); the data is
# distributed under the zlib licence, so the profile made from it may be shipped too (profiles/README.md).
DEFAULT_PROFILE = PROFILE_DIR / "FOGRA39L-tabletop-kit.icc"
DEFAULT_CONDITION = ("FOGRA39", "Offset printing, coated paper (ISO 12647-2:2004/Amd 1, FOGRA39L data)")
# What a shop's own profile is called in the output intent when the user gives one: the ICC registry's
# names for the usual Japanese conditions, else the file's description.
KNOWN_CONDITIONS = {"japancolor2001coated": ("JC200103", "Japan Color 2001 Coated"),
                    "japancolor2011coated": ("JC2011", "Japan Color 2011 Coated")}


class Profile:
    """An output profile: its bytes and the condition it stands for."""

    def __init__(self, path: Path | None = None):
        from PIL import ImageCms

        self.path = Path(path) if path else DEFAULT_PROFILE
        self.data = self.path.read_bytes()
        self.cms = ImageCms.ImageCmsProfile(io.BytesIO(self.data))
        if self.cms.profile.xcolor_space.strip() != "CMYK":
            raise ValueError(self.cms.profile.xcolor_space.strip())  # the space it is for, e.g. RGB
        description = ImageCms.getProfileDescription(self.cms).strip()
        key = "".join(ch for ch in description.lower() if ch.isalnum())
        if path is None:
            self.identifier, self.info = DEFAULT_CONDITION
        else:
            self.identifier, self.info = next((v for k, v in KNOWN_CONDITIONS.items() if k in key),
                                              (description or self.path.stem, description))

    @property
    def transform(self):
        from PIL import ImageCms

        return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), self.cms, "RGB", "CMYK",
                                       renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                       flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)

    @property
    def grey_to_k(self) -> list[float]:
        """For each sRGB grey level 0–255, the black-only tint printing as light: text and lines in grey
        or black stay on the K plate alone (a rich black on four plates blurs small type when they
        drift), at the tone they had."""
        from PIL import Image, ImageCms

        to_lab = ImageCms.buildTransform(self.cms, ImageCms.createProfile("LAB"), "CMYK", "LAB")
        ramp = Image.frombytes("CMYK", (256, 1), bytes(b for k in range(256) for b in (0, 0, 0, k)))
        k_lightness = list(to_lab.apply(ramp).tobytes()[0::3])  # L*, falling as k grows
        srgb_to_lab = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB"),
                                              "RGB", "LAB")
        greys = Image.frombytes("RGB", (256, 1), bytes(v for g in range(256) for v in (g, g, g)))
        wanted = list(srgb_to_lab.apply(greys).tobytes()[0::3])
        paper, darkest = k_lightness[0], k_lightness[-1]
        out = []
        for lightness in wanted:
            # sRGB's white is the paper and its black full K: scale between, then find the tint.
            target = darkest + (paper - darkest) * (lightness - wanted[0]) / max(wanted[-1] - wanted[0], 1)
            k = next((i for i, v in enumerate(k_lightness) if v <= target), 255)
            out.append(round(k / 255, 4))
        return out


@lru_cache(maxsize=4)
def load_profile(path: str | None) -> Profile:
    return Profile(Path(path) if path else None)


def card_pages(faces: list[int], size: Size) -> list:
    """One page per face: the face's trim MARGIN mm in from every edge, with BLEED mm of bleed."""
    from pnp.sheets.draw import SheetArt
    from pnp.sheets.imposition import Placement, Sheet

    page = Size(size.w + 2 * MARGIN, size.h + 2 * MARGIN)
    trim = Rect(MARGIN, MARGIN, size.w, size.h)
    return [SheetArt(Sheet(page, (Placement(face, trim),), BLEED, "none"), [], None) for face in faces]


def marks(trim: Rect) -> list[tuple[float, float, float, float]]:
    """トンボ around a trim box (mm, from the page's bottom-left): at each corner two lines each way, one
    on the trim line and one on the bleed line, starting at the bleed box and running out (the bleed
    pair meets in an L at the bleed corner); at the middle of each side a centre mark, a line across the
    side with a short crossbar. Nothing is drawn inside the bleed box."""
    b = trim.outset(BLEED)
    L = MARK_LENGTH
    lines = []
    for x_trim, x_bleed, sx in ((trim.x, b.x, -1), (trim.x1, b.x1, 1)):
        for y_trim, y_bleed, sy in ((trim.y, b.y, -1), (trim.y1, b.y1, 1)):
            lines += [(x_trim, y_bleed, x_trim, y_bleed + sy * L),  # the trim's x, beyond the bleed
                      (x_bleed, y_bleed, x_bleed, y_bleed + sy * L),  # the bleed's x, from the bleed corner
                      (x_bleed, y_trim, x_bleed + sx * L, y_trim),  # the trim's y
                      (x_bleed, y_bleed, x_bleed + sx * L, y_bleed)]  # the bleed's y, from the bleed corner
    cx, cy = trim.x + trim.w / 2, trim.y + trim.h / 2
    bar = 5.0  # mm each side of the centre line
    for y0, sy in ((b.y, -1), (b.y1, 1)):
        start, end = y0 + sy * MARK_GAP, y0 + sy * (MARK_GAP + L)
        lines += [(cx, start, cx, end), (cx - bar, (start + end) / 2, cx + bar, (start + end) / 2)]
    for x0, sx in ((b.x, -1), (b.x1, 1)):
        start, end = x0 + sx * MARK_GAP, x0 + sx * (MARK_GAP + L)
        lines += [(start, cy, end, cy), ((start + end) / 2, cy - bar, (start + end) / 2, cy + bar)]
    return lines


def die_path(trim: Rect, radius: float) -> list[tuple[str, tuple[float, ...]]]:
    """A piece's outline on its trim as PDF path operators in mm (y up): a rectangle, or its corners
    rounded by quarter circles of `radius` (at half a square's side, a circle), each a Bézier curve."""
    r = min(max(radius, 0.0), trim.w / 2, trim.h / 2)
    if r <= 0:
        return [("m", (trim.x, trim.y)), ("l", (trim.x1, trim.y)), ("l", (trim.x1, trim.y1)),
                ("l", (trim.x, trim.y1)), ("h", ())]
    k = r * (1 - KAPPA)  # from the corner to a handle
    x0, y0, x1, y1 = trim.x, trim.y, trim.x1, trim.y1
    return [("m", (x0 + r, y0)), ("l", (x1 - r, y0)), ("c", (x1 - k, y0, x1, y0 + k, x1, y0 + r)),
            ("l", (x1, y1 - r)), ("c", (x1, y1 - k, x1 - k, y1, x1 - r, y1)),
            ("l", (x0 + r, y1)), ("c", (x0 + k, y1, x0, y1 - k, x0, y1 - r)),
            ("l", (x0, y0 + r)), ("c", (x0, y0 + k, x0 + k, y0, x0 + r, y0)), ("h", ())]


def _die_stream(trim: Rect, radius: float) -> bytes:
    """The die line drawn on its layer, in the CutContour separation at full tint, overprinting."""
    ops = ["/OC /CutContourLayer BDC q /CutContourOverprint gs /CutContour CS 1 SCN",
           f"{DIE_WIDTH:.2f} w 0 J 0 j [] 0 d"]
    for op, mm in die_path(trim, radius):
        ops.append(" ".join(f"{pt(v):.3f}" for v in mm) + (" " if mm else "") + op)
    ops.append("S Q EMC")
    return "\n".join(ops).encode()


def _die_resources(pdf):
    """The die line's colour space, overprint state and layer, made once per file."""
    import pikepdf

    tint = pdf.make_indirect(pikepdf.Dictionary(
        FunctionType=2, Domain=pikepdf.Array([0, 1]), N=1, C0=pikepdf.Array([0, 0, 0, 0]),
        C1=pikepdf.Array(list(DIE_ALTERNATE))))
    space = pdf.make_indirect(pikepdf.Array([pikepdf.Name.Separation, pikepdf.Name("/" + DIE_INK),
                                             pikepdf.Name.DeviceCMYK, tint]))
    state = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.ExtGState, OP=True, op=True, OPM=1))
    layer = pdf.make_indirect(pikepdf.Dictionary(Type=pikepdf.Name.OCG, Name=pikepdf.String(DIE_INK)))
    pdf.Root.OCProperties = pikepdf.Dictionary(
        OCGs=pikepdf.Array([layer]),
        D=pikepdf.Dictionary(Name=pikepdf.String("Default"), Order=pikepdf.Array([layer]),
                             ON=pikepdf.Array([layer]), OFF=pikepdf.Array()))
    return space, state, layer


def _add_die_line(pdf, page, trim: Rect, radius: float, resources) -> None:
    import pikepdf

    space, state, layer = resources
    res = page.obj.Resources
    for key, name, value in (("/ColorSpace", "/CutContour", space), ("/ExtGState", "/CutContourOverprint", state),
                             ("/Properties", "/CutContourLayer", layer)):
        if key not in res:
            res[key] = pikepdf.Dictionary()
        res[key][name] = value
    page.contents_add(pdf.make_stream(_die_stream(trim, radius)), prepend=False)


def _marks_stream(trim: Rect) -> bytes:
    ops = [f"q {pt(MARK_WIDTH):.3f} w 0 J [] 0 d 1 1 1 1 K"]  # registration: 100% on every plate
    ops += [f"{pt(x0):.3f} {pt(y0):.3f} m {pt(x1):.3f} {pt(y1):.3f} l S" for x0, y0, x1, y1 in marks(trim)]
    ops.append("Q")
    return "\n".join(ops).encode()


class _Converter:
    """RGB to CMYK for colour operators and images, each distinct colour converted once."""

    def __init__(self, profile: Profile):
        self.profile = profile
        self._transform = profile.transform
        self._grey = profile.grey_to_k
        self._cache: dict[tuple[float, float, float], list[float]] = {}

    def colour(self, r: float, g: float, b: float) -> list[float]:
        key = (r, g, b)
        if key not in self._cache:
            rgb = tuple(max(0, min(255, round(v * 255))) for v in key)
            if rgb[0] == rgb[1] == rgb[2]:
                cmyk = [0.0, 0.0, 0.0, self._grey[rgb[0]]]
            else:
                from PIL import Image

                pixel = self._transform.apply(Image.new("RGB", (1, 1), rgb)).getpixel((0, 0))
                assert isinstance(pixel, tuple)  # a CMYK pixel: its four inks
                cmyk = [round(v / 255, 4) for v in pixel]
            self._cache[key] = cmyk
        return self._cache[key]

    def image(self, pil_image):
        from PIL import ImageCms

        return ImageCms.applyTransform(pil_image.convert("RGB"), self._transform)


def _convert_content(pdf, stream_owner, converter: _Converter) -> None:
    """Rewrite one content stream (a page's or a form's): rg/RG become k/K, an RGB colour space set by
    cs/CS becomes DeviceCMYK with its sc/scn operands converted."""
    import pikepdf

    instructions = pikepdf.parse_content_stream(stream_owner)
    out, changed = [], False
    rgb_space = {"fill": False, "stroke": False}
    for instruction in instructions:
        operands, op = instruction.operands, instruction.operator
        name = str(op)
        if name in ("rg", "RG") and len(operands) == 3:
            cmyk = converter.colour(*(float(v) for v in operands))
            out.append(pikepdf.ContentStreamInstruction(cmyk, pikepdf.Operator("k" if name == "rg" else "K")))
            changed = True
            continue
        if name in ("cs", "CS"):
            which = "fill" if name == "cs" else "stroke"
            rgb_space[which] = str(operands[0]) == "/DeviceRGB"
            if rgb_space[which]:
                out.append(pikepdf.ContentStreamInstruction([pikepdf.Name.DeviceCMYK], op))
                changed = True
                continue
        if name in ("sc", "scn", "SC", "SCN") and rgb_space["fill" if name.islower() else "stroke"] \
                and len(operands) == 3:
            out.append(pikepdf.ContentStreamInstruction(converter.colour(*(float(v) for v in operands)), op))
            changed = True
            continue
        out.append(pikepdf.ContentStreamInstruction(operands, op))
    if changed:
        data = pikepdf.unparse_content_stream(out)
        if isinstance(stream_owner, pikepdf.Page):
            stream_owner.obj.Contents = pdf.make_stream(data)
        else:
            stream_owner.write(data)


def _convert_resources(pdf, resources, converter: _Converter, seen: set) -> None:
    """Images to CMYK and forms' content streams, recursively, each object once."""
    import pikepdf

    for _, xobject in (resources.get("/XObject") or {}).items():
        if xobject.objgen in seen:
            continue
        seen.add(xobject.objgen)
        if xobject.Subtype == "/Image":
            _convert_image(xobject, converter)
        elif xobject.Subtype == "/Form":
            _convert_content(pdf, xobject, converter)
            if "/Group" in xobject and xobject.Group.get("/CS") == pikepdf.Name.DeviceRGB:
                xobject.Group.CS = pikepdf.Name.DeviceCMYK
            if "/Resources" in xobject:
                _convert_resources(pdf, xobject.Resources, converter, seen)


def _convert_image(xobject, converter: _Converter) -> None:
    import pikepdf

    space = xobject.get("/ColorSpace")
    if space is None or space in (pikepdf.Name.DeviceGray, pikepdf.Name.DeviceCMYK) or xobject.get("/ImageMask"):
        return  # masks and soft masks (grey) and what is CMYK already stay
    image = pikepdf.PdfImage(xobject).as_pil_image()
    cmyk = converter.image(image)
    xobject.write(zlib.compress(cmyk.tobytes(), 6), filter=pikepdf.Name.FlateDecode)
    xobject.ColorSpace = pikepdf.Name.DeviceCMYK
    xobject.BitsPerComponent = 8
    for key in ("/DecodeParms", "/Decode"):
        if key in xobject:
            del xobject[key]


def finish(pdf_bytes: bytes, trims: list[Rect], profile: Profile, title: str, lang: str,
           dies: list[float | None] | None = None) -> bytes:
    """The drawn pages (one face each, trims in mm) made into the print shop's file; `dies` gives each
    page's die line, the corner radius of its outline (None: no die line on that page)."""
    import pikepdf

    converter = _Converter(profile)
    pdf = pikepdf.open(io.BytesIO(pdf_bytes))
    seen: set = set()
    dies = dies or [None] * len(trims)
    die_resources = _die_resources(pdf) if any(r is not None for r in dies) else None
    for page, trim, radius in zip(pdf.pages, trims, dies):
        _convert_content(pdf, page, converter)
        _convert_resources(pdf, page.Resources, converter, seen)
        if "/Group" in page.obj and page.obj.Group.get("/CS") == pikepdf.Name.DeviceRGB:
            page.obj.Group.CS = pikepdf.Name.DeviceCMYK
        page.contents_add(pdf.make_stream(_marks_stream(trim)), prepend=False)
        if radius is not None:
            _add_die_line(pdf, page, trim, radius, die_resources)
        bleed = trim.outset(BLEED)
        page.obj.TrimBox = pikepdf.Array([pt(trim.x), pt(trim.y), pt(trim.x1), pt(trim.y1)])
        page.obj.BleedBox = pikepdf.Array([pt(bleed.x), pt(bleed.y), pt(bleed.x1), pt(bleed.y1)])
        for box in ("/CropBox", "/ArtBox"):
            if box in page.obj:
                del page.obj[box]
    icc = pdf.make_stream(profile.data)
    icc.N = 4
    pdf.Root.OutputIntents = pikepdf.Array([pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
        OutputConditionIdentifier=pikepdf.String(profile.identifier), Info=pikepdf.String(profile.info),
        RegistryName=pikepdf.String("http://www.color.org"), DestOutputProfile=icc)])
    # A document ID that follows the content (the same build gives the same file, as the build cache
    # expects), and the XMP the standard asks: PDF/X version, dates, IDs, title, trapped.
    digest = hashlib.sha256(without_stamps(pdf_bytes) + profile.data).digest()
    document_id = f"uuid:{uuid.UUID(bytes=digest[:16], version=4)}"
    with pdf.open_metadata(set_pikepdf_as_editor=False) as meta:
        with warnings.catch_warnings():  # ReportLab's /Trapped, which XMP gets as pdf:Trapped below
            warnings.simplefilter("ignore", UserWarning)
            meta.load_from_docinfo(pdf.docinfo)
        meta["pdfxid:GTS_PDFXVersion"] = "PDF/X-4"
        meta["pdf:Trapped"] = "False"
        meta["dc:title"] = title
        meta["xmpMM:DocumentID"] = document_id
        meta["xmpMM:InstanceID"] = document_id
        meta["xmpMM:VersionID"] = "1"
        meta["xmpMM:RenditionClass"] = "default"
        meta["pdf:Producer"] = str(pdf.docinfo.get("/Producer", "ReportLab, pikepdf"))
        meta["xmp:CreatorTool"] = "tabletop-kit pnp"
        if lang:
            meta["dc:language"] = [lang]
    pdf.docinfo.Trapped = pikepdf.Name("/False")  # no trapping done: the shop may trap
    pdf.docinfo.GTS_PDFXVersion = pikepdf.String("PDF/X-4")
    out = io.BytesIO()
    pdf.save(out, force_version="1.6", deterministic_id=True)
    return out.getvalue()


def build(asset: Any, game: Any, model: Any, opts: Any, fonts: Any, profile_path: str | None = None):
    """A card asset as a print shop's file: each card's front, then (where the asset has backs) each
    card's back in the same order — page n + N is the back of page n, a blank page where a card has
    no back of its own (a shop pairs the pages by that count) — one face a page. Each front carries
    its die line, or (`--die-line separate`) the die lines go in a second file beside it."""
    from pnp.base import BuildError, Built, author
    from pnp.sheets import draw
    from pnp.sheets.cutter import check_radius

    pieces, arts, cards = asset.lay_out(model, opts, fonts, game.data_file(opts.cards_dir))
    try:
        check_radius(opts.corner_radius, pieces.size)
    except ValueError as e:
        raise BuildError(str(e)) from None
    blank = len(arts)  # a face with nothing on it
    arts = [*arts, draw.FaceArt()]
    faces = [c.front for c in cards]
    if any(c.back is not None for c in cards):
        faces += [blank if c.back is None else c.back for c in cards]
    pages = card_pages(faces, pieces.size)
    title = f"{game.title[opts.lang]} · {asset.label[opts.lang]}" if opts.lang != "ja" else \
        f"{game.title[opts.lang]}・{asset.label[opts.lang]}"
    drawn = draw.card_sheets(pages, arts, fonts, draw.DocInfo(title, lang=opts.lang, author=author(model)))
    trims = [p.sheet.placements[0].trim for p in pages]
    radius = asset.cut_radius(opts, pieces.size)
    dies = [radius if n < len(cards) else None for n in range(len(pages))]  # the fronts: the die cuts from them
    profile = load_profile(profile_path)
    data = finish(drawn, trims, profile, title, opts.lang, dies if opts.die_line == "in-file" else None)
    extras: tuple[tuple[str, bytes], ...] = ()
    if opts.die_line == "separate":
        die_title = f"{title} — {DIE_INK}"
        outline = draw.card_sheets(card_pages([blank] * len(pages), pieces.size), arts, fonts,
                                     draw.DocInfo(die_title, lang=opts.lang, author=author(model)))
        extras = (("-dieline.pdf", finish(outline, trims, profile, die_title, opts.lang, dies)),)
    refs = tuple((p.id, p.name or p.id, c.front, c.back) for p, c in zip(pieces.pieces, cards))
    return Built(data, len(pages), len(cards), tuple(p.sheet for p in pages), refs, extras)
