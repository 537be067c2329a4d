"""The build's base types, which every room of pnp uses: the options of one build (`Options`), the
errors a user is told of (`BuildError`, `FitError`, `TooSmall`), a built asset (`Built`), and a game
(or a designer's deck) with the assets it prints (`PrintedGame`, `Asset`). An asset turns the loaded model,
the options and the fonts into a PDF; the built-in games' are listed by `assets/registry.py`."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, Protocol

from pnp.fonts.fontset import FontSet
from tabletop.data.errors import DataError
from tabletop.record import Record, field


class BuildError(Exception):
    """A user error that is not about the data: impossible options, e.g. a card larger than the page."""


class FitError(DataError):
    """A face's text does not fit its card, even after everything that may give way gave way."""


class TooSmall(FitError):
    """A face that does not fit a card smaller than a poker card even at its least text size: its asset
    is not made at that size (the command builds the rest and lists it; assets/cardfaces.py)."""


# How a sheet of cards marks its cuts, and how its backs are printed (pnp/sheets/imposition.py, backs.py).
Guides = Literal["lines", "corners", "none"]
BackMode = Literal["duplex-long", "duplex-short", "fold", "none"]


class Options(Record):
    """The options of one build (the command line's, a deck's own where it has them)."""
    paper: str = "a4"
    lang: str = "ja"
    card_size: str = "poker"
    style: str = "full"
    guides: Guides = "lines"
    bleed: float | None = None  # mm; None with gutter None: the safe default (assets/pieces.py sheet_spacing)
    gutter: float | None = None  # mm between pieces; None: see bleed
    flavor: bool = True
    cards_dir: Path | None = None
    font: str | None = None
    font_chain: tuple = ()  # a deck's own fonts (fonts.FontSpec), before the kit's
    backs: BackMode = "duplex-long"  # how the backs are printed (pnp/sheets/backs.py)
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm, moves everything on back pages
    chip_diameter: float = 25.0  # mm
    draft: bool = False  # a deck's missing or unreadable picture drawn as a grey box, with a warning
    # card assets as a print shop's file: a face a page, CMYK, PDF/X-4 (pnp/sheets/printshop.py)
    print_shop: bool = False
    icc_profile: str | None = None  # --print-shop's output profile; None: the FOGRA39 profile shipped
    die_line: str = "in-file"  # --print-shop's die line (pnp/sheets/printshop.py): in-file | separate | none
    cutter: str | None = None  # a cutting machine's print-then-cut sheets (pnp/sheets/cutter.py): silhouette | cricut
    corner_radius: float = 0.0  # mm: the cut path's rounded corners (pnp/sheets/cutpath.py); 0: square
    guide: bool = False  # a first page saying how to print, check and cut the rest (pnp/assets/guide.py)


class Built(Record):
    """One built asset: the PDF and what exports need of it."""
    pdf: bytes
    pages: int
    items: int  # faces placed (cards) or blocks (sheets)
    # Card assets, for exports: the imposed sheets page by page, and per card (id, name, front face
    # index, back face index or None) — the indices the sheets' placements refer to.
    sheets: tuple = ()
    cards: tuple = ()
    # Files written beside the PDF: (what ends its name, bytes), e.g. ("-p1.svg", …), a cutter's cut paths
    # and Cricut's sheet images.
    extras: tuple = ()


KIT = "tabletop-kit"


def author(model: Any) -> str:
    """Who a PDF names as its Author: the game's designer as its data gives them (`author`), a deck's
    own `author`, else the kit that made the file."""
    return getattr(model, "author", None) or KIT


class Asset(Protocol):
    """What `pnp build` makes a PDF of. Read-only members, as every asset is a frozen record."""

    @property
    def name(self) -> str: ...

    @property
    def label(self) -> dict[str, str]:  # per language, for footers and `pnp list`
        ...

    def filename(self, opts: Options) -> str: ...

    def build(self, game: PrintedGame, model: Any, opts: Options, fonts: FontSet) -> Built: ...


class PrintedGame(Record):
    """A game (or a user's deck): its data loader and the assets it prints."""
    id: str
    title: dict[str, str]
    load: Callable[[Path | None], Any]  # cards_dir → validated model (raises DataError)
    assets: dict[str, Asset] = field(default_factory=dict)
    # Lines every build of this game must show, prefixed ("warning: values are provisional…").
    warnings: Callable[[Any, Options], tuple[str, ...]] | None = None
    deck: Any = None  # a user's deck (deck/draw/userdeck.py); None for a built-in game

    def data_file(self, cards_dir: Path | None) -> Path:
        from tabletop.data.load import game_file
        return game_file(self.id, cards_dir)

    def input_files(self, cards_dir: Path | None) -> tuple[Path, ...]:
        """What the game's assets are made from: its data file, its templates and the shared ones (the
        layouts' boxes among them)."""
        from tabletop.data import TEMPLATES_DIR

        folders = (TEMPLATES_DIR / self.id.replace("-", "_"), TEMPLATES_DIR / "common", TEMPLATES_DIR / "layouts")
        return (Path(self.data_file(cards_dir)),
                *(p for folder in folders for p in sorted(folder.rglob("*")) if p.is_file()))
