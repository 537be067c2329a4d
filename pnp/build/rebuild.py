"""`pnp watch`: a deck rebuilt on every save, its pages kept as screen-sized images for the preview
page (`watchpage.py`). watchfiles (Rust's notify: inotify, FSEvents, ReadDirectoryChangesW) reports
the saves, debounced, so an editor's save-as-temp-then-rename is one rebuild; a bad save keeps the
pages of the last good build (and its PDF untouched) and shows the error line instead."""
from __future__ import annotations

import hashlib
import threading
import time
from collections.abc import Callable
from pathlib import Path

from pnp.base import BuildError, Options
from tabletop.data.errors import DataError
from tabletop.data.load import locate
from tabletop.fileio import describe_os_error, write_atomic
from tabletop.i18n import _

SCREEN_DPI = 96  # a page at 100% on a screen: an A4 page 794 px wide


class Preview:
    """What the page shows, shared between the rebuilding thread and the server's: each page's PNG
    and the build that last changed it (the page fetches only pages whose number moved), the error
    of the last save, if it broke the deck."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.build = 0  # counts rebuilds, good or bad
        self.pages: list[tuple[int, str, bytes]] = []  # (build that drew it, digest, PNG)
        self.error = ""
        self.seconds = 0.0
        self.inputs: set[Path] = set()  # the files the deck was made from, at its last reading
        self.passed_over = 0  # changes to files the deck does not read, which started no build

    def pass_over(self) -> bool:
        with self.lock:
            self.passed_over += 1
        return False

    def state(self) -> dict:
        with self.lock:
            return {"build": self.build, "error": self.error, "seconds": round(self.seconds, 3),
                    "pages": [version for version, _digest, _png in self.pages], "passed_over": self.passed_over}

    def page(self, n: int) -> bytes | None:
        with self.lock:
            return self.pages[n - 1][2] if 1 <= n <= len(self.pages) else None

    def show(self, images: list[bytes], seconds: float) -> None:
        """A good build: a page whose image is the same keeps its number, so only changed pages are
        fetched and redrawn."""
        with self.lock:
            self.build += 1
            pages = []
            for n, png in enumerate(images):
                digest = hashlib.sha1(png).hexdigest()
                same = n < len(self.pages) and self.pages[n][1] == digest
                pages.append(self.pages[n] if same else (self.build, digest, png))
            self.pages, self.error, self.seconds = pages, "", seconds

    def fail(self, message: str) -> None:
        with self.lock:
            self.build += 1
            self.error = message


def error_lines(e: Exception) -> str:
    """The lines `pnp build` would print for a user error, one per problem."""
    errors = getattr(e, "errors", [e])
    return "\n".join(_("error: {message}").format(message=locate(x) if isinstance(x, DataError) else x)
                     for x in errors)


class Rebuilder:
    """Builds the deck at `path` again and again (`watch` calls `rebuild` at every save), keeping what
    the last build made: each card's laid-out faces (`deck/draw/keptfaces.py`: a card is laid out again
    only when something it is made from changed) and each page's image (a page is drawn again only when
    a face on it, or the page itself, changed). `laid_out`: the faces the last build laid out."""

    def __init__(self, path: Path, options: Callable, out: Path, preview: Preview) -> None:
        from pnp.deck.draw.keptfaces import KeptFaces

        self.path, self.options, self.out, self.preview = path, options, out, preview
        self.kept = KeptFaces()
        self.images: dict[str, bytes] = {}  # a page's signature → its image, the last good build's pages

    @property
    def laid_out(self) -> int:
        return self.kept.laid_out

    def rebuild(self) -> None:
        """Build the deck once, write its PDF and show its pages; a user error is shown instead, the PDF
        and the pages of the last good build kept."""
        from pnp.build.make import BuildJob, build_pdf
        from pnp.deck.draw.userdeck import check_language, deck_game
        from pnp.deck.read.deckfile import load_deck

        preview = self.preview
        start = time.perf_counter()
        try:
            deck = load_deck(self.path)
            preview.inputs = {p.resolve() for p in deck.inputs()}
            game = deck_game(deck, self.kept)
            asset = next(iter(game.assets.values()))  # the cards (a tuck box, if any, comes after them)
            opts: Options = self.options(deck)
            check_language(deck, opts.lang)
            job = BuildJob(game, asset)
            built = build_pdf(job, opts)
            write_atomic(job.path(self.out, opts), built.pdf)
        except (DataError, BuildError) as e:
            preview.fail(error_lines(e))
            return
        except OSError as e:  # a file caught mid-save, an unwritable output: said, and the next save tries again
            preview.fail(_("error: {message}").format(message=describe_os_error(e)))
            return
        signatures = self._signatures(built)
        drawn = page_images(built.pdf, [n for n, sign in enumerate(signatures) if sign not in self.images])
        images = [self.images[sign] if sign in self.images else drawn[n] for n, sign in enumerate(signatures)]
        self.images = {sign: image for sign, image in zip(signatures, images) if sign is not None}
        preview.show(images, time.perf_counter() - start)

    def _signatures(self, built) -> list[str | None]:
        """Each page's signature: its place in the PDF and the sheet, and the keys of the faces placed on it
        (what its footer, guides and faces are made from); None where a page is not a sheet of faces (a
        guide page), which is then always drawn again."""
        sheets, order = built.sheets, self.kept.order
        if len(sheets) != built.pages or any(pl.face >= len(order) for s in sheets for pl in s.placements):
            return [None] * built.pages
        return [hashlib.sha1(repr((self.kept.deck, n, built.pages, sheet, [order[pl.face] for pl in sheet.placements]))
                             .encode("utf-8")).hexdigest() for n, sheet in enumerate(sheets)]


def rebuild(path: Path, options: Callable, out: Path, preview: Preview) -> None:
    """Build the deck at `path` once, write its PDF and show its pages (nothing kept for a next build)."""
    Rebuilder(path, options, out, preview).rebuild()


def page_images(pdf: bytes, pages: list[int] | None = None, dpi: float = SCREEN_DPI) -> dict[int, bytes]:
    """The PNG of each page of `pages` (numbered from 0; None: every page)."""
    import io

    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf)
    images = {}
    for n in range(len(doc)) if pages is None else pages:
        out = io.BytesIO()
        doc[n].render(scale=dpi / 72).to_pil().save(out, format="PNG", compress_level=1)  # made for a screen, now
        images[n] = out.getvalue()
    return images


# The kinds of file a deck reads: a save of one the deck does not name yet (a picture it will name, a
# template being written) is worth a build; a log or a PDF written into the folder is not, and would
# otherwise start a build that writes the log again.
DECK_SUFFIXES = {".toml", ".csv", ".xlsx", ".json", ".j2", ".jinja", ".png", ".jpg", ".jpeg", ".webp", ".ttf",
                 ".otf"}


def wanted(folder: Path, out: Path, preview: Preview) -> Callable[[object, str], bool]:
    """watchfiles' filter: a file the deck was made from, or one of a kind a deck reads, in its folder;
    never the output nor hidden files (editors' swap files, .git)."""
    out = out.resolve()

    def wanted(_change, name: str) -> bool:
        p = Path(name).resolve()
        if p.is_relative_to(out) or not p.is_relative_to(folder) or any(
                part.startswith(".") or part.endswith("~") for part in p.relative_to(folder).parts):
            return preview.pass_over()
        return p in preview.inputs or p.suffix.lower() in DECK_SUFFIXES or preview.pass_over()
    return wanted


def watch(path: Path, options: Callable, out: Path, preview: Preview, stop: threading.Event,
          on_build: Callable[[], None] = lambda: None) -> None:
    """Build now, then again after every save until `stop` is set."""
    import watchfiles

    folder = path.resolve().parent
    rebuilder = Rebuilder(path, options, out, preview)
    built = False
    # The first build waits for the watcher's first report (nothing changed yet, after 100 ms): by then it
    # is watching, so a save made while that build runs starts the next one instead of going unseen.
    for changes in watchfiles.watch(folder, watch_filter=wanted(folder, out, preview), stop_event=stop,
                                    debounce=150, step=30, rust_timeout=100, yield_on_timeout=True):
        if changes or not built:
            rebuilder.rebuild()
            on_build()
            built = True
