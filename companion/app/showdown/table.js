// The Hitman's Showdown table (companion/showdown/repl.py): a typed line → its action (match.js) → the
// engine's events → their words (talk.js); a refused line changes nothing and says why; the prompt, the
// table for `status`, its JSON, and what a page offers.

import { InputError } from "../lib/engine.js";
import { isWhole } from "../lib/numbers.js";
import { N_ } from "../lib/words.js";
import { displayWidth, helpLines, pad } from "../lib/textwidth.js";
import { Rulebook } from "./cards.js";
import { MAX_DICE, SIDES } from "./dice.js";
import { newGame } from "./engine.js";
import { HELP_LINES } from "./match.js";
import { Answer, Attack, Buy, Roll, Use } from "./moves.js";
import { MAX_PURCHASE } from "./rules.js";
import { RuleError } from "./state.js";
import { Talk, byCodePoints } from "./talk.js";

/**
 * @typedef {import("./match.js").Match} Match
 * @typedef {import("./rules.js").Game} Game
 * @typedef {import("./moves.js").ShowdownAction} ShowdownAction
 * @typedef {{kind: string, least: number, count: number, choices: string[], shape: number[]}} Form
 * @typedef {{line: string, label: string, group: string, form?: Form}} Choice
 */

const FACES = Array.from({ length: SIDES }, (_, i) => String(i + 1));
const RECENT = 4; // bookings shown by `status` (all of them are in `status --json`)
// A use refused only for the choices still to be typed after its cards (ops.py's ChoicesMissing).
const CHOICES_MISSING = "missing: {what} (type after the card: {sig})";

/** @type {Record<string, string>} */
const WORDS = { Pass: N_("Pass"), Ready: N_("Ready"), Double: N_("Double the reward"), Done: N_("Settle the action") };

/**
 * @param {string} line
 * @param {string} label
 * @param {string} group
 * @param {Form} [form]
 * @returns {Choice}
 */
const choice = (line, label, group, form) => (form ? { line, label, group, form } : { line, label, group });

/**
 * @param {string} kind
 * @param {number} count
 * @param {string[]} choices
 * @param {number} [least]
 * @returns {Form}
 */
const form = (kind, count, choices, least = 1) => ({ kind, least, count, choices, shape: [] });

/**
 * Whether `legal` holds an action of `type` with these fields.
 * @param {ShowdownAction[]} legal
 * @param {ShowdownAction} wanted
 */
const listed = (legal, wanted) => legal.some((a) => JSON.stringify(a) === JSON.stringify(wanted));

export class ShowdownTable {
  /**
   * @param {Match} match
   * @param {import("../lib/words.js").Words} words
   */
  constructor(match, words) {
    this.match = match;
    this.book = match.engine.rulebook;
    this.talk = new Talk(this.book, words);
    this.lang = this.talk.lang;
  }

  /** @returns {Game} */
  get engine() {
    return this.match.engine;
  }

  /**
   * @param {string} message
   * @param {Record<string, unknown>} [fields]
   */
  _(message, fields) {
    return this.talk._(message, fields);
  }

  /** The next line answers a question asked (a die, a card): it joins that line's journal entry. */
  awaitingAnswer() {
    const action = this.engine.action;
    return action !== null && action.question !== null;
  }

  isOver() {
    return this.engine.over;
  }

  outcome() {
    return this.match.outcome();
  }

  /** Nothing is said before the first prompt. */
  opening() {
    return [];
  }

  prompt() {
    const e = this.engine;
    const talk = this.talk;
    if (e.over) return this._("game over (status, history, undo, quit) >");
    const action = e.action;
    if (action === null) {
      const team = e.current;
      return this._("[week {week}] {team} ({money}): attack / pass >", { week: e.week, team: team.name, money: talk.money(team.money) });
    }
    if (action.question !== null) return `${talk.words(action.question)} >`;
    const target = action.kind === "mafia" ? talk.card(action.target) : action.target;
    const head = this._("{team} vs {target}", { team: action.attacker.team, target });
    if (action.stage === "prepare") {
      const more = action.kind === "hitman" ? "buy / use / ready" : "buy / use / roll";
      return this._("{head} · {more} >", { head, more });
    }
    if (action.stage === "defend") {
      return this._("{head} · {team} defends: buy / use / ready >", { head, team: action.sides[1].team });
    }
    if (action.stage === "roll") {
      const side = /** @type {import("./state.js").Side} */ (action.sides.find((s) => !s.pool.rolled));
      return talk.ngettext("{head} · {team} rolls {n} die >", "{head} · {team} rolls {n} dice >", side.pool.count,
        { head, team: side.team });
    }
    return this._("{head} · use / reroll / done >", { head });
  }

  /**
   * The game's commands, laid out in this language, with the week the game's data opens attacks on a
   * team (the table's own commands are said after them).
   */
  help() {
    return helpLines(this.talk.speech.words, HELP_LINES, { week: this.engine.firstWeekWith("open_hitman_attacks") });
  }

  /** A rematch plays no line of this game again: the teams and factions are options, which it keeps anyway. */
  rematchEntries() {
    return 0;
  }

  /**
   * Apply one line whole; what the table is told. A refusal is an InputError and changes nothing.
   * @param {string} line
   * @returns {string[]}
   */
  handle(line) {
    try {
      return this.talk.narrate(this.match.apply(this.match.parse(line)));
    } catch (e) {
      if (e instanceof RuleError) throw new InputError(this.talk.refusal(e), e);
      throw e;
    }
  }

  /**
   * The legal actions as the table names them, then forms for what has too many lines to list: a form
   * is offered only when some fill of it is accepted now, with only the items that can be.
   * @returns {Choice[]}
   */
  choices() {
    const e = this.engine;
    const legal = this.match.legalActions();
    const shown = legal.map((action) => this.choice(action));
    const action = e.action;
    if (e.over || (action !== null && action.question !== null)) return shown; // a question waits
    if (action !== null) {
      if (listed(legal, new Roll())) {
        const side = /** @type {import("./state.js").Side} */ (action.sides.find((s) => !s.pool.rolled));
        shown.push(choice("", this._("The faces rolled at the table"), "roll",
          form("faces", side.pool.count, FACES, side.pool.count)));
      }
      const items = this.book.preparation.map((item) => item.id).filter((id) => listed(legal, new Buy(id)));
      if (items.length) shown.push(choice("", this._("Buy several"), "buy", form("buy", MAX_PURCHASE, items)));
      const cards = this.usable(legal);
      if (cards.length) {
        shown.push(choice("", this._("Use a card with choices (a die to set, a face)"), "use", form("use", 1, cards)));
      }
      const backed = action.stage === "after" ? action.sides.filter((s) => s.backups) : [];
      if (backed.length) {
        const faces = [...new Set(backed.flatMap((s) => s.pool.faces ?? []))].sort((a, b) => a - b).map(String);
        shown.push(choice("", this._("Reroll with a backup plan"), "reroll",
          form("reroll", Math.max(...backed.map((s) => s.pool.count)), faces)));
      }
    }
    const attacked = action !== null && action.kind === "mafia" ? action.target : null;
    const cards = this.book.deck().filter((c) => c.role.category !== "faction" && c.id !== attacked);
    return [...shown,
      choice("", this._("Correct a team's money"), "correct", form("adjust", 1, e.alive().map((t) => t.name))),
      choice("", this._("Correct who holds a card"), "correct", form("give", 1, cards.map((c) => c.id))),
      choice("", this._("Just roll dice"), "tools", form("notation", MAX_DICE, ["d6"]))];
  }

  /**
   * The held cards of the teams in the action that some `use` line is accepted for now: as they stand,
   * with choices typed after them, or with a second card of their role (a pair).
   * @param {ShowdownAction[]} legal
   */
  usable(legal) {
    const e = this.engine;
    const action = /** @type {import("./state.js").Fight} */ (e.action);
    /** @param {string} card */
    const role = (card) => this.book.card(card).role_id;
    const usable = [];
    for (const side of action.sides) {
      const held = e.teams[side.team].cards;
      for (const card of held) {
        const tries = [[card], ...held.filter((other) => other !== card && role(other) === role(card)).map((other) => [card, other])];
        if (tries.some((tokens) => listed(legal, new Use(tokens))
          || this.match.refusal(new Use(tokens))?.key === CHOICES_MISSING)) {
          usable.push(card);
        }
      }
    }
    return usable;
  }

  /**
   * @param {ShowdownAction} action
   * @returns {Choice}
   */
  choice(action) {
    const e = this.engine;
    const talk = this.talk;
    const line = action.line();
    if (action instanceof Attack) {
      const target = action.target in e.teams ? action.target : talk.card(action.target);
      return choice(line, this._("Attack {target}", { target }), "attack");
    }
    if (action instanceof Buy) {
      const item = /** @type {import("./cards.js").PrepItem} */ (this.book.preparation.find((i) => i.id === action.item));
      return choice(line, this._("Buy {item}", { item: item.name[this.lang] }), "buy");
    }
    if (action instanceof Use) return choice(line, this._("Use {card}", { card: talk.card(action.tokens[0]) }), "use");
    if (action instanceof Answer) {
      if (action.text === "roll") return choice(line, this._("Let the companion roll"), "answer");
      if (isWhole(action.text)) return choice(line, action.text, "answer");
      return choice(line, this._("Take {card}", { card: talk.card(action.text) }), "answer");
    }
    if (action instanceof Roll) return choice(line, this._("Let the companion roll"), "roll");
    return choice(line, this._(WORDS[action.type]), action.type.toLowerCase());
  }

  /** The game as `status --json` shows it (the same JSON as the Python's). */
  status() {
    const e = this.engine;
    const talk = this.talk;
    const action = e.action;
    return {
      week: e.week,
      turn: e.over ? null : e.current.name,
      over: e.over,
      teams: e.order.map((n) => e.teams[n]).map((t) => ({
        name: t.name, faction: t.faction, money: t.money, cards: [...t.cards], out: t.out, acted: t.acted,
        doublings_used: t.doublingsUsed,
        pending: { total: t.nextTotal, dice: t.nextDice, skip_next_turn: t.skip, barred: [...t.barred].sort(byCodePoints) },
      })),
      used_this_week: Object.fromEntries(e.uses),
      board: [...e.board],
      action: action === null ? null : {
        kind: action.kind,
        target: action.target,
        stage: action.stage,
        question: action.question === null ? null : talk.words(action.question),
        sides: action.sides.map((s) => ({
          team: s.team, dice: s.pool.count, faces: s.pool.faces, bonus: s.pool.bonus, total: s.pool.total,
          backups: s.backups, escape: s.escape, used: s.used,
        })),
      },
      ledger: e.ledger.map((b) => ({ week: b.week, team: b.team, amount: b.amount, balance: b.balance, reason: talk.words(b.reason) })),
      showdown: e.showdown,
    };
  }

  /** What `status` says: the week, each team's row, the latest money, the action, the showdown. */
  describe() {
    const e = this.engine;
    const talk = this.talk;
    const lines = [this._("week {week}", { week: e.week }) + (e.over ? "" : this._(" — {team} to act", { team: e.current.name }))];
    const teams = e.order.map((n) => e.teams[n]);
    /** @param {import("./state.js").Team} t */
    const faction = (t) => e.faction(t).name[this.lang];
    // columns wide enough for the longest name (a Japanese character takes two)
    const widths = [Math.max(10, ...teams.map((t) => displayWidth(t.name) + 1)),
      Math.max(18, ...teams.map((t) => displayWidth(faction(t)) + 1))];
    for (const t of teams) {
      const pending = talk.pending(t);
      const state = t.out ? this._("OUT") : this._("{n}/{of} actions", { n: t.acted, of: e.weekData().actions });
      const cards = t.cards.map((c) => `${c}${e.uses.get(c) ? "*" : ""}`).join(" ") || this._("no cards");
      const cells = [pad(t.name, widths[0]), pad(faction(t), widths[1]), pad(talk.money(t.money), 14, true)];
      const note = pending.length ? `  [${pending.join(this._("; "))}]` : "";
      lines.push(`  ${cells.join(" ")}  ${state}  ${cards}${note}`);
    }
    lines.push(this._("  board: {n} mafia cards", { n: e.board.length }) + (e.uses.size ? this._("  (* used this week)") : ""));
    const recent = e.ledger.slice(e.order.length).slice(-RECENT); // the first bookings are the starting money
    if (recent.length) {
      lines.push(this._("  latest money:"));
      for (const b of recent) {
        lines.push(`    ${b.team} ${b.amount >= 0 ? "+" : "−"}${talk.money(Math.abs(b.amount))} ${talk.words(b.reason)}`);
      }
    }
    if (e.action) lines.push(`  ${rstripAny(this.prompt(), " >")}`);
    if (e.showdown) {
      for (const award of e.showdown.bonuses) {
        const bonus = /** @type {import("./cards.js").Bonus} */ (this.book.data.showdown.bonuses.find((b) => b.id === award.bonus));
        lines.push(this._("  {bonus}: {team} +{amount}", { bonus: bonus.name[this.lang], team: award.team, amount: talk.money(award.amount) }));
      }
      lines.push(talk.verdict(e.showdown.winners));
    }
    return lines;
  }
}

/**
 * Python's `text.rstrip(chars)`: every trailing character that is one of `chars`.
 * @param {string} text
 * @param {string} chars
 */
function rstripAny(text, chars) {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1])) end--;
  return text.slice(0, end);
}

/**
 * A table for a game file's options (`teams`: [{name, faction}] in turn order; `rules`: the rulings'
 * version) and seed.
 * @param {import("./cards.js").ShowdownData | Rulebook} data
 * @param {{teams: {name: string, faction: string}[], rules?: number}} options
 * @param {import("../lib/words.js").Words} words
 * @param {number} seed
 */
export function newTable(data, options, words, seed) {
  return new ShowdownTable(newGame(data instanceof Rulebook ? data : new Rulebook(data), options, seed), words);
}
