"""The form rule, for every game: a form (an entry whose lines are too many to list) is listed only when
some fill of it is accepted now, and it offers only choices that can be accepted — each choice offered
appears in some accepted fill. Checked over seeded random walks of the listed actions, the way a page
plays: Famiglia levels 1–4, 24 with 3–5 players, Hitman's Showdown with 2–4 teams."""
import random
from itertools import product

import pytest

from companion.kinds import KINDS
from companion.session import Session
from companion.speech import SaidError
from protocol_helpers import accepted

FACES = [str(face) for face in range(1, 7)]


def table_of(key, options, seed):
    kind = KINDS[key]
    session = Session.create(kind.game_id, kind.new_options(options, "en") | {"lang": "en"}, None, seed)
    return kind.factory(session, "en")(session)


def engine_of(table):
    return table.match if hasattr(table, "match") else table.game


def accepts(table, line):
    return accepted(engine_of(table), line) is not None


# ---- fills: lines that fill a form with a given choice in them, as a page's form would --------------

def fills(table, form, choice, rng):
    """Candidate lines filling `form` with `choice` among its items (the first accepted one will do)."""
    kind, choices, count, least = form.kind, list(form.choices), form.count, form.least

    def others(n):
        return [choice] + [rng.choice(choices) for _ in range(n - 1)]

    if kind == "cards":
        yield from drawn(table, choices, choice, count)
    elif kind == "players":
        for _ in range(20):
            rest = rng.sample([c for c in choices if c != choice], least - 1)
            yield " ".join(f"P{n}={d}" for n, d in enumerate([choice] + rest, 1))
    elif kind == "styles":
        yield " ".join([choice] * count)
        for _ in range(20):
            yield " ".join(rng.sample(others(count), count))
    elif kind in ("grid", "events"):
        pool = list(choices)
        pool.remove(choice)
        for _ in range(20):
            letters = iter([choice] + rng.sample(pool, count - 1))
            yield " ".join("".join(next(letters) for _ in range(size)) for size in form.shape or [count])
    elif kind == "adjust":
        for amount in ("+1", "+3000"):
            yield f"adjust {choice} {amount}"
            yield f"adjust {choice} {amount} fixed"
    elif kind == "faces":
        yield "roll " + " ".join([choice] * count)
    elif kind == "buy":
        yield f"buy {choice} 1"
    elif kind == "use":
        yield from uses(table, choice)
    elif kind == "reroll":
        teams = [side.team for side in table.engine.action.sides]
        yield f"reroll {choice}"
        yield from (f"reroll {team} {choice}" for team in teams)
    elif kind == "give":
        yield f"give {choice} board"
        yield from (f"give {choice} {team}" for team in table.engine.teams)
    elif kind == "notation":
        yield f"roll 1{choice}"
    else:
        raise AssertionError(f"a form of an unknown kind: {kind}")


def drawn(table, codes, code, count):
    """Famiglia's cards in draw order: the draws accepted so far, each tried one card longer, until one
    holds `code` (a partial draw is accepted, so every fill is reached this way)."""
    level = [""]
    for _ in range(count):
        longer = [f"{so_far} {c}".strip() for so_far in level for c in codes]
        level = [line for line in longer if accepts(table, line)]
        for line in level:
            if code in line.split():
                yield line
                return


TOKENS = FACES + ["?"] + [f"{a}>{b}" for a, b in product(FACES, FACES)]


def uses(table, card):
    """`use CARD [PARTNER] CHOICES…`: the choices searched as a player would, token by token, while
    the use says what it is still missing."""
    e = table.engine
    holder = next(t for t in e.teams.values() if card in t.cards)
    role = e.game.card(card).role_id
    partners = [c for c in holder.cards if c != card and e.game.card(c).role_id == role]
    for start in [[card]] + [[card, p] for p in partners]:
        found = _complete(table, start, depth=3)
        if found:
            yield found
            return


def _complete(table, tokens, depth):
    line = "use " + " ".join(tokens)
    refusal = refusal_of(table, line)
    if refusal is None:
        return line
    if depth == 0 or not refusal.message.startswith("missing:"):
        return None
    for token in TOKENS:
        found = _complete(table, tokens + [token], depth - 1)
        if found:
            return found
    return None


def refusal_of(table, line):
    trial = engine_of(table).clone()
    try:
        trial.apply(trial.parse(line))
    except SaidError as refused:
        return refused
    return None


# ---- the walks --------------------------------------------------------------------------------------

GAMES = ([("famiglia", {"level": level, "first": first}, None) for level in (1, 2, 3, 4)
          for first in ("player", "robot")]
         + [("terror24", {"npc_deck": deck}, players) for players in (3, 4, 5) for deck in ("virtual", "physical")]
         + [("showdown", {"teams": [f"T{n}={f}" for n, f in enumerate(FACTIONS[:teams], 1)]}, None)
            for teams in (2, 3, 4) for FACTIONS in [["blood_diamond", "void_clover", "red_heart", "darkness_speed"]]])


def positions(key, options, players, seed, steps=3000):
    """A game played by random picks among its listed lines (and a form filled where nothing is listed);
    yields each position on the way."""
    table, rng = table_of(key, options, seed), random.Random(seed)
    for _ in range(steps):
        if table.is_over():
            return
        yield table, rng
        choices = table.choices()
        lines = [c.line for c in choices if c.line and c.form is None]
        forms = [c.form for c in choices if c.form is not None]
        if lines and not (forms and rng.random() < 0.1):
            line = rng.choice(lines)
        else:  # now and then a form filled (a correction keeps a team in play for the later weeks)
            form = setup_form(forms[0] if not lines else rng.choice(forms), players)
            line = next(f for f in fills(table, form, rng.choice(form.choices), rng) if accepts(table, f))
        table.handle(line)


def setup_form(form, players):
    """24's players form filled with the walk's number of players."""
    if form.kind == "players" and players:
        return form.__class__(form.kind, form.count, form.choices, players, form.shape)
    return form


@pytest.mark.parametrize("key, options, players", GAMES, ids=lambda v: str(v))
def test_every_listed_form_has_an_accepted_fill_and_offers_no_refused_choice(key, options, players):
    checked = 0
    for seed in range(5):
        for table, rng in positions(key, options, players, seed):
            if rng.random() > 0.3:
                continue
            for choice in table.choices():
                if choice.form is None:
                    assert accepts(table, choice.line), choice.line
                    continue
                form = choice.form
                assert form.choices, f"{form.kind}: a form with nothing to fill it"
                for item in form.choices:
                    assert any(accepts(table, line) for line in fills(table, form, item, rng)), \
                        f"{key}: form {form.kind} offers {item!r}, which no fill makes acceptable"
                checked += 1
    assert checked
