// 24 in the app: the setup wizard (players, styles, the NPC, the chief, the event grid), the events to
// turn up, a pad for each bid still to lay (face down: it shows ● a card, and no key changes as cards
// are tapped), the life-or-death check, the standings with the dead marked in words. A round's result
// is headed by the round's ranking, not by the last bid laid.

import { InputError } from "../lib/engine.js";
import { RuleError } from "../terror24/refusal.js";
import { newTable } from "../terror24/table.js";
import { fold, h, paragraphs } from "./dom.js";
import { clearUnfit, gatheredTaps, lineForm, tap } from "./controls.js";
import { TableTalk } from "./terror24talk.js";

/** @typedef {import("../terror24/table.js").Terror24Table} Terror24Table */
/** @typedef {import("./games.js").Ctx} Ctx */

/** @type {WeakMap<Terror24Table, TableTalk>} */
const talks = new WeakMap();

/** The page's words for a table's steps. @param {Terror24Table} table */
function talkOf(table) {
  let talk = talks.get(table);
  if (!talk) talks.set(table, talk = new TableTalk(table.match, table.words));
  return talk;
}

/**
 * @param {Terror24Table} table
 * @param {string} line
 * @returns {import("./session.js").Step}
 */
function step(table, line) {
  const m = table.match;
  const asked = m.game === null ? m.setupStep() : null;
  let events;
  try {
    events = m.apply(m.parse(line));
  } catch (e) {
    if (e instanceof RuleError) throw new InputError(e.text(table.words), /** @type {any} */ (e));
    throw e;
  }
  const told = talkOf(table).said(asked, events).filter((said) => said.trim());
  const resolved = /** @type {any} */ (events.find((e) => e.type === "Resolved"));
  if (!resolved) return { told };
  // The round's ranking leads: who took which event, in place order.
  /** @type {(message: string, fields?: Record<string, unknown>) => string} */
  const _ = (message, fields) => table.narration._(message, fields);
  const ranking = resolved.result.placed.map(/** @param {{seat: number}} p @param {number} i */ (p, i) => _("{place}. {name}", {
    place: i + 1, name: talkOf(table).name(p.seat) })).join("  ");
  const headline = _("Round {round}: {ranking}", { round: resolved.result.round, ranking: ranking || _("nobody") });
  return { told: [headline, ...told], headline: 0 };
}

/**
 * A suit as a coloured letter.
 * @param {Terror24Table} table
 * @param {string | null} suitId
 */
function suit(table, suitId) {
  if (suitId === null) return h("span", { class: "suit down" }, "?");
  const s = /** @type {import("../terror24/rules.js").Suit & {colour_hex: string}} */ (table.match.book.suit(suitId));
  const lang = table.narration.lang;
  return h("span", { class: "suit", style: `--suit: ${s.colour_hex}; --ink: ${inkOn(s.colour_hex)}`, title: s.name[lang] }, s.letter);
}

/**
 * Black or white, whichever reads better on a suit's colour (WCAG's contrast ratio).
 * @param {string} hex "#rrggbb"
 */
export function inkOn(hex) {
  const linear = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const light = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2];
  return 1.05 / (light + 0.05) >= (light + 0.05) / 0.05 ? "#ffffff" : "#111111";
}

/**
 * @param {Ctx} ctx
 * @param {Terror24Table} table
 */
function setup(ctx, table) {
  const _ = ctx._;
  const m = table.match;
  const data = m.book.data;
  const lang = table.narration.lang;
  const stepName = /** @type {string} */ (m.setupStep());
  const steps = m.setupSteps();
  /** @type {Record<string, string>} */
  const titles = { players: _("Players"), styles: _("Styles"), npc: _("The NPC"), chief: _("The chief"), grid: _("The event grid") };
  const at = steps.indexOf(/** @type {any} */ (stepName)) + 1;
  const parts = [
    h("p", { class: "step-of" }, _("Step %(at)s of %(of)s: %(title)s", { at, of: steps.length, title: titles[stepName] })),
    h("progress", { value: at, max: steps.length, "aria-hidden": "true" }),
    // the answers so far in the app's sentences (the terminal's status says "npc: Lloyd, after Chie")
    ...paragraphs(talkOf(table).answered(Object.keys(m.answers)), { class: "note" }),
  ];
  const names = (m.answers.players ?? []).map(/** @param {[string, string]} p */ ([name]) => name);
  if (stepName === "players") {
    const rows = Array.from({ length: data.players.max }, (_unused, n) => h("div", { class: "row" },
      h("input", { name: "name", "aria-label": _("Name"), placeholder: `${_("Name")} ${n + 1}`, autocomplete: "off", maxlength: 20 }),
      h("select", { name: "detective", "aria-label": _("Detective") }, data.detectives.map(
        /** @param {{id: string, name: Record<string, string>}} d @param {number} i */
        (d, i) => h("option", { value: d.id, selected: i === n }, d.name[lang])))));
    parts.push(h("h2", null, _("Players, clockwise (%(lo)s–%(hi)s)", { lo: data.players.min, hi: data.players.max })),
      lineForm(ctx, rows, _("Next"), (form) => {
        const fields = new FormData(form);
        const given = fields.getAll("name").map((n) => String(n).trim());
        const detectives = fields.getAll("detective");
        const players = given.map((name, i) => (name ? `${name}=${detectives[i]}` : "")).filter(Boolean);
        return players.length >= data.players.min ? players.join(" ") : null;
      }, _("Write at least %(lo)s names, one a row.", { lo: data.players.min })));
  } else if (stepName === "styles") {
    const rows = names.map(/** @param {string} name */ (name) => h("div", { class: "row" }, h("span", { class: "who" }, name),
      h("select", { name: "style", "aria-label": name }, m.book.styles.map((s) => h("option",
        { value: data.styles[s].letter }, data.styles[s].name[lang])))));
    parts.push(h("h2", null, _("Each player's style")), lineForm(ctx, rows, _("Next"),
      (form) => new FormData(form).getAll("style").join(" ")));
  } else if (stepName === "npc" || stepName === "chief") {
    const choices = table.choices();
    if (stepName === "npc") {
      const picks = h("select", { name: "npc", "aria-label": _("The NPC's detective and seat") },
        choices.map(/** @param {{line: string, label: string}} c */ (c) => h("option", { value: c.line }, c.label)));
      parts.push(h("h2", null, _("The NPC's detective and seat")), lineForm(ctx, [picks], _("Next"),
        (form) => String(new FormData(form).get("npc"))));
    } else {
      parts.push(h("h2", null, _("Who is the chief?")), h("div", { class: "buttons" },
        choices.map(/** @param {{line: string, label: string}} c */ (c) => tap(ctx, c.label, c.line))));
    }
  } else if (stepName === "grid") {
    const columns = data.grid.map(/** @param {{round: number, places: number, face_down: boolean}} c */ (c) => h("div", { class: "column" },
      h("small", null, c.round), Array.from({ length: c.places }, (_unused, place) => (c.face_down ? h("span", { class: "suit down" }, "?")
        : eventSelect(ctx, table, `c${c.round}`, _("Round %(round)s, place %(place)s", { round: c.round, place: place + 1 }))))));
    parts.push(h("h2", null, _("The event grid, column by column, top to bottom")),
      lineForm(ctx, [h("div", { class: "grid-row setup-grid" }, columns)], _("Start the game"), (form) => {
        const fields = new FormData(form);
        const line = data.grid.map(/** @param {{round: number, places: number, face_down: boolean}} c */ (c) => (c.face_down
          ? "?".repeat(c.places) : fields.getAll(`c${c.round}`).join("")));
        return line.some((column) => column.includes("-")) ? null : line.join(" ");
      }, _("Tap a suit, then the places where its cards lie.")));
  }
  return h("section", { class: "card wizard" }, parts);
}

/**
 * One place of the grid: which event lies there ("—" until chosen, so nothing is entered by default).
 * @param {Ctx} ctx
 * @param {Terror24Table} table
 * @param {string} name
 * @param {string} label
 */
function eventSelect(ctx, table, name, label) {
  const lang = table.narration.lang;
  const suits = table.match.book.data.events.suits;
  return h("select", { name, "aria-label": label, class: "event-pick" }, h("option", { value: "-" }, "—"),
    suits.map(/** @param {{letter: string, name: Record<string, string>}} s */ (s) => h("option", { value: s.letter }, `${s.letter} ${s.name[lang]}`)));
}

/**
 * A bid laid face down: ● for each card tapped; the keys never change while it is entered, so an
 * onlooker learns nothing from the pad. A key tapped more often than the hand holds that card does
 * nothing. A bid half laid survives a redraw (another phone's bid coming in) while it still fits.
 * @param {Ctx} ctx
 * @param {Terror24Table} table
 * @param {number} seat
 */
function pad(ctx, table, seat) {
  const _ = ctx._;
  const game = /** @type {import("../terror24/rules.js").Game} */ (table.match.game);
  const s = game.seats[seat];
  const count = s.npc ? game.book.rules.npc_cards_per_round : game.book.rules.bid_cards;
  const tapped = gatheredTaps(ctx, s.name); // kept through another phone's step
  const shown = h("output", { class: "chosen" }, "—");
  const show = () => { shown.textContent = tapped.length ? "●".repeat(tapped.length) : "—"; };
  show();
  const held = [...new Set(s.hand)].sort((a, b) => a - b);
  const keys = held.map((card) => h("button", { type: "button", class: "key num", onclick: () => {
    if (tapped.filter((c) => c === card).length >= s.hand.filter((c) => c === card).length) return;
    tapped.push(card);
    show();
    if (tapped.length === count) {
      const line = s.npc ? tapped.join(" ") : [s.name, ...tapped].join(" ");
      tapped.length = 0;
      show();
      ctx.play(line);
    }
  } }, card));
  const clear = h("button", { type: "button", class: "num quiet", onclick: () => { tapped.length = 0; show(); } }, _("Clear"));
  return h("section", { class: "card composer", "data-seat": s.name },
    h("h2", null, talkOf(table).name(seat), " ", h("small", null, _("lays %(n)s", { n: count }), " · ", shown)),
    h("div", { class: "pad" }, keys, clear));
}

/**
 * @param {Ctx} ctx
 * @param {Terror24Table} table
 */
function board(ctx, table) {
  const _ = ctx._;
  const m = table.match;
  if (m.game === null) return [setup(ctx, table)];
  const game = m.game;
  const [kind, seat] = game.need();
  const out = [];
  const cleared = clearUnfit(ctx, (name, taps) => halfBidFits(game, name, taps), (_name, taps) => "●".repeat(taps.length));
  if (cleared) out.push(cleared);
  out.push(h("p", { class: "meta" }, _("Round %(round)s of %(rounds)s", { round: Math.min(game.round, m.book.rounds), rounds: m.book.rounds }),
    m.book.data.events.provisional ? ` · ${_("provisional event values")}` : ""));
  out.push(h("div", { class: "grid-row" }, game.grid.map((column, i) => h("div", { class: `column${i + 1 === game.round ? " now" : ""}` },
    h("small", null, i + 1), column.map((s) => suit(table, s))))));
  // Whose cards are asked for is each pad's heading, the round the line above: the terminal's prompt
  // would say both again ("round 3 · Ben's 2 cards") and push the pad under the table's tools. The events
  // to turn up and the check say it in their own headings.
  if (kind === "reveal") {
    const places = game.grid[game.round - 1].length;
    const picks = Array.from({ length: places }, (_unused, i) => {
      const place = _("Place %(place)s", { place: i + 1 });
      return h("label", { class: "event-place" }, place, " ", eventSelect(ctx, table, "event", place));
    });
    out.push(h("section", { class: "card" }, h("h2", null, _("Turn up the face-down events, top to bottom")),
      lineForm(ctx, [h("div", { class: "row" }, picks)], _("Turn them up"), (form) => {
        const letters = new FormData(form).getAll("event");
        return letters.includes("-") ? null : letters.join("");
      }, _("Choose the event turned up at each place."))));
  } else if (kind === "bid") {
    for (const s of game.bidders.filter((b) => !game.bids.has(b) && !game.seats[b].npc)) out.push(pad(ctx, table, s));
  } else if (kind === "npc") {
    out.push(pad(ctx, table, /** @type {number} */ (seat)));
  } else if (kind === "check") {
    const s = /** @type {number} */ (seat);
    const hand = [...new Set(game.seats[s].hand)].sort((a, b) => a - b);
    out.push(h("section", { class: "card" }, h("h2", null, _("Life or death: %(name)s draws a card", { name: talkOf(table).name(s) })),
      h("div", { class: "pad" }, hand.map((c) => tap(ctx, String(c), String(c), "num"))),
      tap(ctx, _("Draw one at random"), "draw", "main wide")));
  }
  out.push(standings(ctx, table));
  if (kind !== "over") out.push(corrections(ctx, table));
  return out;
}

/**
 * Whether the cards half laid on `name`'s pad can still make that seat's bid: it is still to lay, holds
 * them, and has more to lay.
 * @param {import("../terror24/rules.js").Game} game
 * @param {string} name
 * @param {number[]} taps
 */
function halfBidFits(game, name, taps) {
  const [kind, need] = game.need();
  const seat = game.seats.findIndex((s) => s.name === name);
  const s = game.seats[seat];
  if (!s) return false;
  const laying = kind === "npc" ? seat === need : kind === "bid" && game.bidders.includes(seat) && !game.bids.has(seat) && !s.npc;
  const count = s.npc ? game.book.rules.npc_cards_per_round : game.book.rules.bid_cards;
  return laying && taps.length < count && taps.every((card) => taps.filter((c) => c === card).length
    <= s.hand.filter((c) => c === card).length);
}

/**
 * A player's VP put right by hand (`adjust NAME +N`), folded away under "Corrections".
 * @param {Ctx} ctx
 * @param {Terror24Table} table
 */
function corrections(ctx, table) {
  const _ = ctx._;
  return fold({ class: "card corrections" }, _("Corrections"), () => {
    const game = /** @type {import("../terror24/rules.js").Game} */ (table.match.game);
    const fields = [
      h("h2", null, _("A player's VP")),
      h("label", null, _("Player"), " ", h("select", { name: "who" },
        game.seats.filter((s) => !s.npc).map((s) => h("option", { value: s.name }, s.name)))),
      h("div", { class: "row" },
        h("select", { name: "sign", "aria-label": _("Add or take away") }, h("option", { value: "+" }, "+"), h("option", { value: "-" }, "−")),
        h("input", { name: "vp", type: "number", required: true, min: 1, step: 1, inputmode: "numeric", "aria-label": "VP", placeholder: "VP" })),
    ];
    return lineForm(ctx, fields, _("Correct the VP"), (form) => {
      const given = new FormData(form);
      const vp = String(given.get("vp")).trim();
      return /^[1-9][0-9]*$/.test(vp) ? `adjust ${given.get("who")} ${given.get("sign")}${vp}` : null;
    }, "");
  });
}

/**
 * Each seat: name, chief, detective and style, VP, events won, hand, and whether it is dead — in words,
 * not only faded.
 * @param {Ctx} ctx
 * @param {Terror24Table} table
 */
function standings(ctx, table) {
  const _ = ctx._;
  const game = /** @type {import("../terror24/rules.js").Game} */ (table.match.game);
  const lang = table.narration.lang;
  const bidding = game.need()[0] === "bid";
  const rows = game.seats.map((s, i) => {
    // while bids are laid, a hand shows as the round began: one that shrank would give the bid away
    const hand = bidding ? [...s.hand, ...(game.bids.get(i) ?? [])].sort((a, b) => a - b) : s.hand.slice().sort((a, b) => a - b);
    const detective = s.npc ? "" : `${table.match.book.detective(s.detective).name[lang]} · `;
    return h("tr", { class: s.dead ? "dead" : "" },
      h("th", { scope: "row" }, talkOf(table).name(i), i === game.chief ? [" ", h("span", { class: "badge" }, _("chief"))] : null,
        s.dead ? [" ", h("b", { class: "badge dead-badge" }, _("dead"))] : null,
        h("small", null, detective + table.narration.style(s.style))),
      h("td", { class: "vp" }, s.vp, h("small", null, "VP")),
      h("td", null, s.events.map((e) => suit(table, e)), h("small", null,
        s.npc ? _("deck %(n)s", { n: s.hand.length }) : `${_("hand")} ${hand.join(" ")}`,
        ` · ${_("in front %(n)s", { n: s.kept.reduce((a, b) => a + b, 0) })}`, game.bids.has(i) ? ` · ${_("laid")}` : "")));
  });
  return h("section", { class: "card" }, h("h2", null, _("Standings")), h("table", { class: "standings" }, rows));
}

/**
 * @param {Ctx} ctx
 * @param {any} _data
 */
function options(ctx, _data) {
  const _ = ctx._;
  return {
    fields: [
      h("fieldset", null, h("legend", null, _("The NPC's deck")),
        h("label", { class: "choice" }, h("input", { type: "radio", name: "npc_deck", value: "virtual", checked: true }), " ",
          _("Virtual: the companion turns its cards")),
        h("label", { class: "choice" }, h("input", { type: "radio", name: "npc_deck", value: "physical" }), " ",
          _("Physical: you turn the real cards and tap each one"))),
      h("p", { class: "note" }, _("Players, detectives, styles, the chief and the event grid are asked next, on the game's page.")),
    ],
    /** @param {HTMLFormElement} form */
    read(form) {
      return { npc_deck: String(new FormData(form).get("npc_deck")) };
    },
  };
}

/** @param {Ctx} ctx */
function help(ctx) {
  const _ = ctx._;
  return [
    _("Answer the setup questions in the order the rulebook asks them: the players and their detectives, their styles, the NPC, the chief and the face-up events."),
    _("Each round, every bidder taps the cards they lay on their own pad, the phone passed round the table: the pad shows only ● for each card, so the bid stays face down until the round is resolved."),
    _("The round's ranking then leads the page, with every bid, award and style switch. After the last round the life-or-death check is played card by card; the dead are marked in the standings and in the final ranking."),
  ];
}

/**
 * @param {Ctx} ctx
 * @param {Terror24Table} table
 */
function ending(ctx, table) {
  const _ = ctx._;
  const outcome = table.outcome();
  const game = table.match.game;
  if (!outcome || !game) return null;
  return {
    rows: outcome.ranking.map(/** @param {{place: number, who: string, score: number}} p */ (p) => {
      const seat = game.seats.find((s) => s.name === p.who);
      return { place: p.place, who: p.who, score: _("{n} VP", { n: p.score }), won: outcome.winners.includes(p.who),
        mark: seat?.dead ? _("dead") : "" };
    }),
    how: _("Those who survived the life-or-death check rank first, by VP."),
    figures: [],
  };
}

/** @type {import("./games.js").GameUI} */
export const ui = {
  id: "terror24",
  newTable: (data, options, words, seed) => newTable(data, options, words, seed),
  step,
  options,
  board,
  help,
  ending,
  // the same seats, styles and NPC (the first three answers); a new chief and event grid
  rematch: (saved, table) => ({ options: saved.options,
    entries: saved.entries.slice(0, table.match.setupSteps().indexOf("chief")) }),
};
