"""What the `pnp` commands share: the user-error wrapper (one line, exit 2), the options every
building command takes, the plan of which asset is built in which language with which options, the
data loaded once per command and a game's warnings said once."""
from __future__ import annotations

import functools
import sys
from pathlib import Path

import click
from click.core import ParameterSource

from pnp.assets.registry import GAMES, find
from pnp.base import BuildError, Options, PrintedGame
from pnp.build.make import BuildJob
from pnp.deck.read.path import is_deck_path
from pnp.sheets.backs import BACK_MODES, parse_offset
from pnp.sheets.imposition import GUIDE_STYLES
from pnp.text.content import TemplateError
from tabletop import cli_i18n
from tabletop.crash import internal_error, silence_stdout
from tabletop.data.errors import DataError
from tabletop.data.load import locate
from tabletop.fileio import describe_os_error
from tabletop.i18n import N_, _, listing, ngettext

LANGS = ("ja", "en")


def user_errors(command):
    """User errors (bad data, impossible options, unwritable files) print one line and exit 2;
    anything else is a bug: one 'internal error' line (traceback with PNP_DEBUG=1), exit 1."""
    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except (DataError, BuildError) as e:
            for error in getattr(e, "errors", [e]):  # DataErrors: several problems, a line each
                click.echo(_("error: {message}").format(
                    message=locate(error) if isinstance(error, DataError) else error), err=True)
            sys.exit(2)
        except BrokenPipeError:  # the reader went away (`pnp list | head -1`): nothing to report
            silence_stdout()
            sys.exit(1)
        except OSError as e:
            if e.filename is None:
                _internal(e)
            click.echo(_("error: {message}").format(message=describe_os_error(e)), err=True)
            sys.exit(2)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except KeyboardInterrupt:  # Ctrl-C: files are written atomically, so nothing is left half done
            click.echo(_("interrupted"), err=True)
            sys.exit(130)
        except Exception as e:  # every error: the one place bugs are reported to the user
            _internal(e)
    return wrapper


def _internal(e: BaseException) -> None:
    internal_error(e, e if isinstance(e, TemplateError) else None)


def build_options(command=None, *, one_language: bool = False):
    """The options every building command shares; `one_language`: --lang once, without `all` (what
    `pnp watch` shows), still handed on as a tuple of languages."""
    if command is None:
        return lambda command: build_options(command, one_language=one_language)
    if one_language:
        lang = cli_i18n.option("--lang", "langs", type=click.Choice(LANGS),
                               callback=lambda ctx, param, value: (value,) if value else (),
                               help=N_("Language of the printed text (default: the deck's first). "
                                       "Messages follow TABLETOP_KIT_LANG or the locale."))
    else:
        lang = cli_i18n.option("--lang", "langs", multiple=True, type=click.Choice(LANGS + ("all",)),
                               help=N_("Language of the printed text (repeat or 'all' for both; default ja). "
                                       "Messages follow TABLETOP_KIT_LANG or the locale."))
    options = [
        cli_i18n.option("--paper", default="a4", show_default=True,
                     help=N_("a4 or letter; add -landscape for landscape (a4-landscape).")),
        lang,
        cli_i18n.option("--card-size", default="poker", show_default=True,
                     help=N_("poker, ja-small, bridge, mini or WxH in mm (e.g. 63.5x88.9).")),
        cli_i18n.option("--style", type=click.Choice(["full", "overlay"]), default="full", show_default=True,
                     help=N_("full: insert of the card's size; overlay: narrower, the real card's corners show.")),
        cli_i18n.option("--guides", type=click.Choice(GUIDE_STYLES), default="lines", show_default=True,
                     help=N_("lines to the page edge (guillotine) or corner marks (scissors).")),
        cli_i18n.option("--bleed", type=click.FloatRange(0, 10), default=None,
                     help=N_("Bleed, mm. Default: a card's colour reaches past its trim as far as the "
                             "sheet allows without fewer cards on it; 0 for none.")),
        cli_i18n.option("--gutter", type=click.FloatRange(0, 30), default=None,
                     help=N_("Gap between cards, mm (with it, no bleed unless --bleed says so).")),
        cli_i18n.option("--cards", "cards_dir", type=click.Path(file_okay=False, path_type=Path),
                     help=N_("Read game data from this folder instead of the bundled cards/.")),
        cli_i18n.option("--font", type=click.Path(dir_okay=False, path_type=Path),
                     help=N_("A TrueType font (.ttf, static or variable) to set text in first; what it lacks "
                             "falls back to Noto Sans JP and the symbol fonts.")),
        cli_i18n.option("--no-flavor", "no_flavor", is_flag=True, help=N_("Leave out flavour text.")),
        cli_i18n.option("--backs", type=click.Choice(BACK_MODES), default="duplex-long", show_default=True,
                     help=N_("Backs of cards and chips: each back page after its fronts for a printer "
                             "flipping on the long or short edge, fold (fronts and backs side by side: "
                             "fold and glue), or none.")),
        cli_i18n.option("--back-offset", default="0,0", show_default=True,
                     help=N_("X,Y mm: move back pages to correct a duplex printer (`pnp calibrate`).")),
        cli_i18n.option("--chip-diameter", type=click.FloatRange(10, 60), default=25.0, show_default=True,
                     help=N_("Diameter of round chips, mm.")),
        cli_i18n.option("--draft", is_flag=True,
                     help=N_("A deck's missing or unreadable picture is drawn as a grey box (with a warning) "
                             "instead of stopping the build.")),
    ]
    for option in reversed(options):
        command = option(command)
    return command


guide_option = cli_i18n.option(
    "--guide", is_flag=True,
    help=N_("Put a first page in each PDF saying what it holds, which pages to print one-sided and which "
            "two-sided, how to check the scale and how to cut (and fold); the pages after it are unchanged."))


def options_from(langs, paper, card_size, style, guides, bleed, gutter, cards_dir, font, no_flavor, backs,
             back_offset, chip_diameter, draft):
    chosen = LANGS if "all" in langs else tuple(dict.fromkeys(langs or ("ja",)))
    try:
        offset = parse_offset(back_offset)
    except ValueError as e:
        raise BuildError(str(e)) from None
    if offset != (0.0, 0.0) and not backs.startswith("duplex"):
        raise BuildError(_("--back-offset moves duplex back pages; with --backs {backs} it would do nothing")
                         .format(backs=backs))
    return [Options(paper=paper, lang=lang, card_size=card_size, style=style, guides=guides, bleed=bleed,
                    gutter=gutter, flavor=not no_flavor, cards_dir=cards_dir, backs=backs,
                    back_offset=offset, chip_diameter=chip_diameter, draft=draft,
                    font=str(font) if font else None) for lang in chosen]


def announce_fonts(opts: Options) -> None:
    """The first run's font preparation, before any PDF is built, so no PDF's time includes it."""
    from pnp.fonts.firstrun import prepare_fonts

    prepare_fonts(opts.font, opts.font_chain)


def game_named(name: str) -> PrintedGame:
    """A built-in game by id, or a user's deck by the path of its file (its notes said once)."""
    if not is_deck_path(name):
        return find(name)
    from pnp.deck.draw.userdeck import deck_game
    from pnp.deck.read.deckfile import load_deck

    deck = load_deck(Path(name))
    for note in deck.notes:
        click.echo(note, err=True)
    return deck_game(deck)


def jobs_for(games: tuple[str, ...], assets: tuple[str, ...]) -> list[BuildJob]:
    # A game named twice (kill_shot kill-shot) is built once.
    selected = list(GAMES.values()) if "all" in games else list({g.id: g for g in map(game_named, games)}.values())
    jobs = []
    for game in selected:
        for name in assets or game.assets:
            if name not in game.assets:
                if "all" in games:
                    continue
                raise BuildError(_("{game} has no asset {asset!r} (it has: {assets})")
                                 .format(game=game.id, asset=name, assets=listing(game.assets)))
            jobs.append(BuildJob(game, game.assets[name]))
    if not jobs:
        raise BuildError(ngettext("no game has the asset {assets}", "no game has the assets {assets}",
                                  len(assets)).format(assets=listing(assets)))
    return jobs


def plan_jobs(jobs: list[BuildJob], langs: tuple[str, ...], kw: dict) -> list[tuple[BuildJob, Options]]:
    """Each job in each language, with a deck's own card size, style and backs unless the command
    line gave them. Without --lang a deck is built in each language it has."""
    decks_only = all(job.game.deck is not None for job in jobs)
    ctx = click.get_current_context()
    explicit = {name for name in ctx.params if ctx.get_parameter_source(name) == ParameterSource.COMMANDLINE}
    plan = []
    for opts in options_from(langs or (("all",) if decks_only else ()), **kw):
        for job in jobs:
            if job.game.deck is not None:
                from pnp.deck.draw.userdeck import check_language, deck_options

                if opts.lang not in job.game.deck.languages and (not langs or "all" in langs):
                    continue  # `all` languages of a deck are those it has
                check_language(job.game.deck, opts.lang)
                plan.append((job, deck_options(job.game.deck, opts, explicit)))
            else:
                plan.append((job, opts))
    return plan


def all_langs(games: tuple[str, ...], langs: tuple[str, ...]) -> tuple[str, ...]:
    """`all` games are made in both languages unless --lang says otherwise (build and export agree)."""
    return ("all",) if "all" in games and not langs else langs


def load_once(game, opts: Options, models: dict[str, object]):
    """The game's data, loaded once per command (`models` holds what is loaded so far)."""
    if game.id not in models:
        models[game.id] = game.load(opts.cards_dir)
    return models[game.id]


def warn_once(game, model, opts: Options, echo=click.echo) -> None:
    """Print the game's warnings for a file built or found up to date; `model()` loads its data. Each
    warning once per command: `build all` touches 24 four times, and said four times it read as four problems."""
    said = click.get_current_context().meta.setdefault("pnp.warned", set())
    for warning in game.warnings(model(), opts) if game.warnings else ():
        if warning not in said:
            said.add(warning)
            echo(warning, err=True)
