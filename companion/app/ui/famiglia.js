// Famiglia in the app: the Street with its Take and Refresh buttons, the draw grid (one tap a card
// drawn), the robot's area and yours. A step is told as the table saw it — your own move included —
// headed by the card the robot takes.

import { RuleError } from "../lib/engine.js";
import { PLAYER, ROBOT } from "../famiglia/engine.js";
import { newTable } from "../famiglia/table.js";
import { InputError } from "../lib/engine.js";
import { tap } from "./controls.js";
import { h, paragraphs } from "./dom.js";

/** @typedef {import("../famiglia/table.js").FamigliaTable} FamigliaTable */
/** @typedef {import("./games.js").Ctx} Ctx */

/**
 * One line on the table: the engine's events in the narration's words. The table's own `handle`
 * says the board after every line too; History and "Just now" want only what the step did.
 * @param {FamigliaTable} table
 * @param {string} line
 * @returns {import("./session.js").Step}
 */
function step(table, line) {
  const talk = table.talk;
  let events;
  let action;
  try {
    action = table.match.parse(line);
    events = table.match.apply(action);
  } catch (e) {
    if (e instanceof RuleError) throw new InputError(e.said().text(talk.speech), e);
    throw e;
  }
  table.notes.push(talk.recap(events));
  /** @type {string[]} */
  const told = [];
  const drawn = action.type === "Draw" ? action.line().split(" ") : [];
  // a turn's start is the terminal's prompt ("— Your turn: refresh N|CODE…"): the page shows whose turn it is
  const narrated = talk.narrate(events.filter((e) => e.type !== "TurnBegan"));
  told.push(...narrated);
  const taken = events.find((e) => e.type === "Taken" && e.who === ROBOT);
  /** @type {import("./session.js").Step} */
  const result = { told, drawn };
  if (taken) {
    const card = table.rules.codes[/** @type {number} */ (taken.card)];
    const headline = told.findIndex((said) => said.includes(card) && said === talk.taken(taken)[1]);
    if (headline >= 0) result.headline = headline;
  } else if (table.game.pending && table.game.turn === ROBOT && !table.game.settingUp && told.length) {
    // the robot waits for cards: what it asks the table to do (discard, draw) leads until they are in
    result.headline = told.length - 1;
  }
  if (table.game.over) told.push(...talk.result(table.game));
  return result;
}

/**
 * A card as the table sees it: its code on its family's colour.
 * @param {FamigliaTable} table
 * @param {number} card
 * @param {string} [extra]
 */
function cardFace(table, card, extra = "") {
  const rules = table.rules;
  const family = rules.data.families[Math.floor(card / rules.ranks)];
  return h("span", { class: `fcard fam-${family.color} ${extra}`.trim() }, h("b", null, rules.codes[card]),
    h("small", null, `${rules.vp[card]} VP`));
}

/**
 * @param {Ctx} ctx
 * @param {FamigliaTable} table
 */
function board(ctx, table) {
  const g = table.game;
  const rules = table.rules;
  const _ = ctx._;
  const legal = new Set(table.match.legalActions().map((a) => a.line()));
  const yourTurn = g.turn === PLAYER && !g.pending && !g.over;
  const out = [];
  const top = g.discard.length ? ` (${_("top")} ${rules.codes[g.discard[g.discard.length - 1]]})` : "";
  out.push(h("p", { class: "meta" }, _("Level %(level)s · pass %(passno)s · stack %(stack)s · discard pile %(pile)s",
    { level: rules.level, passno: g.passno, stack: g.stackN, pile: g.discard.length }) + top,
  g.bottom.length ? ` · ${_("under the stack")}: ${g.bottom.map((c) => rules.codes[c]).join(" ")}` : ""));
  if (!table.notes.length) {
    out.push(h("details", { class: "card", open: true }, h("summary", null, _("Setup")), paragraphs(table.talk.opening())));
  }
  if (g.pending && !g.over) out.push(drawGrid(ctx, table));
  if (g.street.length || !g.pending) {
    const slots = g.street.map((card, pos) => {
      const take = `take ${pos + 1}`;
      const refresh = `refresh ${pos + 1}`;
      return h("div", { class: "slot" }, h("span", { class: "pos" }, pos + 1), cardFace(table, card),
        legal.has(take) && yourTurn ? tap(ctx, _("Take"), take, "small main") : null,
        legal.has(refresh) && yourTurn ? tap(ctx, _("Refresh"), refresh, "small quiet") : null);
    });
    out.push(h("section", { class: "card street" },
      h("h2", null, _("Street"), yourTurn ? ` · ${_("your turn")}` : ""),
      h("div", { class: "street-row" }, slots.length ? slots : h("p", { class: "note" }, _("(empty)"))),
      yourTurn && g.street.length ? refreshBlocked(table) : null,
      legal.has("end") && yourTurn ? tap(ctx, _("End my turn without a recruit"), "end", "wide quiet") : null));
  }
  const targets = rules.targets.map((target, rank) => {
    const have = g.robot.filter((c) => rules.rank[c] === rank).length;
    return h("span", { class: `target${have >= target ? " met" : ""}` }, _("%(rank)ss %(have)s/%(target)s", { rank, have, target }));
  });
  out.push(h("section", { class: "card" }, h("h2", null, _("Robot · %(vp)s VP", { vp: g.score(ROBOT) })),
    h("p", { class: "targets" }, targets), h("div", { class: "hand" }, sorted(table, g.robot).map((c) => cardFace(table, c)))));
  out.push(h("section", { class: "card" }, h("h2", null, _("You · %(vp)s VP", { vp: g.score(PLAYER) })),
    h("div", { class: "hand" }, sorted(table, g.player).map((c) => cardFace(table, c)))));
  return out;
}

/**
 * Why the Street offers no Refresh now (a 0 on it, the stack empty, the second pass's one refresh
 * used), in the rules' own words; null while a refresh is allowed.
 * @param {FamigliaTable} table
 */
function refreshBlocked(table) {
  if (table.game.refreshBlock() === null) return null;
  try {
    table.match.clone().apply(table.match.parse("refresh 1"));
  } catch (e) {
    if (e instanceof RuleError) return h("p", { class: "note", "data-no-refresh": true }, e.said().text(table.talk.speech));
    throw e;
  }
  return null;
}

/**
 * @param {FamigliaTable} table
 * @param {number[]} cards
 */
function sorted(table, cards) {
  const rank = table.rules.rank;
  return cards.slice().sort((a, b) => rank[a] - rank[b] || a - b);
}

/**
 * The cards still owed: a tap is one card drawn (its own line, joining the step's entry).
 * @param {Ctx} ctx
 * @param {FamigliaTable} table
 */
function drawGrid(ctx, table) {
  const g = table.game;
  const rules = table.rules;
  const _ = ctx._;
  const may = new Set(table.match.legalActions().map((a) => a.line()));
  const [left, known] = g.owed();
  // every card still owed is known (put under the stack, in order): one tap lays them all
  const line = known.map((c) => rules.codes[c]).join(" ");
  const allKnown = known.length && known.length === g.drawCount()
    ? tap(ctx, _("Drawn: {cards}", { cards: line }), line, "main wide") : null;
  const keys = rules.codes.map((code, card) => {
    const family = rules.data.families[Math.floor(card / rules.ranks)];
    const can = may.has(code);
    return h("button", { type: "button", class: `key fcard fam-${family.color}`, "data-line": code, disabled: !can,
      onclick: () => ctx.play(code) }, h("b", null, code), h("small", null, `×${can ? left[card] : 0}`));
  });
  return h("section", { class: "card draw" },
    h("h2", null, g.settingUp ? _("Lay out the Street: tap the cards in draw order") : _("Tap the cards drawn, in order")),
    h("p", null, _("Still owed:"), " ", h("b", { class: "owed" }, g.drawCount())),
    paragraphs(table.talk.nextLines(g).slice(1), { class: "note" }),
    allKnown,
    h("div", { class: "grid5" }, keys),
    ctx.takeBack ? h("button", { type: "button", class: "wide quiet", "data-take-back": true, onclick: ctx.takeBack.run },
      `⌫ ${ctx.takeBack.label}`) : null);
}

/**
 * @param {Ctx} ctx
 * @param {any} data
 */
function options(ctx, data) {
  const _ = ctx._;
  const levels = data.levels.map(/** @param {{level: number}} l */ (l) => h("option",
    { value: l.level, selected: l.level === data.rulebook_level }, l.level));
  return {
    fields: [
      h("label", null, _("Robot level"), " ", h("select", { name: "level" }, levels)),
      h("fieldset", null, h("legend", null, _("Who starts")),
        h("label", { class: "choice" }, h("input", { type: "radio", name: "first", value: "player", checked: true }), " ", _("You")),
        h("label", { class: "choice" }, h("input", { type: "radio", name: "first", value: "robot" }), " ", _("The robot (harder)"))),
    ],
    /** @param {HTMLFormElement} form */
    read(form) {
      const fields = new FormData(form);
      return { level: Number(fields.get("level")), first: String(fields.get("first")) };
    },
  };
}

/** @param {Ctx} ctx */
function help(ctx) {
  const _ = ctx._;
  return [
    _("Play your turn at the table, then tap it here: Take or Refresh under a Street card, or End my turn without a recruit."),
    _("When cards are drawn from the stack — for the Street, for you or for the robot — tap each one in the grid in the order it was drawn. The grid offers only the cards that can still come up."),
    _("The robot plays by itself as soon as its cards are in: the card it takes leads the page, with every step it followed, so you can move its cards at the table."),
  ];
}

/**
 * The end of the game: the ranking and the achievement.
 * @param {Ctx} ctx
 * @param {FamigliaTable} table
 */
function ending(ctx, table) {
  const _ = ctx._;
  const outcome = table.outcome();
  if (!outcome) return null;
  /** @type {Record<string, string>} */
  const names = { player: _("You"), robot: _("Robot") };
  return {
    rows: outcome.ranking.map(/** @param {{place: number, who: string, score: number}} p */ (p) => ({
      place: p.place, who: names[p.who] ?? p.who, score: _("{n} VP", { n: p.score }), won: outcome.winners.includes(p.who), mark: "" })),
    how: _("The most VP wins."),
    figures: "achievement" in outcome.figures
      ? [_("Achievement (2 × your VP − the robot's VP): {n}", { n: outcome.figures.achievement })] : [],
  };
}

/** @type {import("./games.js").GameUI} */
export const ui = {
  id: "famiglia",
  newTable: (data, options, words) => newTable(data, options, words),
  step,
  drawnLine: (table, cards) => table.talk._("Drawn: {cards}", { cards: cards.join(" ") }),
  options,
  board,
  help,
  ending,
  rematch: (saved) => ({ options: saved.options, entries: [] }),
};
