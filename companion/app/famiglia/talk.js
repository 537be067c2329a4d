// What the Famiglia table is told: setup, the board, each robot step and why, draws, the result — the
// sentences of companion/famiglia/talk.py, built the same way from the same catalog messages.

import { format } from "../lib/format.js";
import { Speech } from "../lib/speech.js";
import { helpLines } from "../lib/textwidth.js";
import { N_ } from "../lib/words.js";
import { PLAYER, ROBOT } from "./engine.js";

/** @typedef {import("./engine.js").Game} Game */
/** @typedef {import("./engine.js").Rules} Rules */
/** @typedef {import("../lib/engine.js").GameEvent} GameEvent */
/**
 * What a page offers (protocol.Choice.to_json()): the line, its label, its group; or a form to fill.
 * @typedef {{line: string, label: string, group: string,
 *            form?: {kind: string, least: number, count: number, choices: string[], shape: number[]}}} Choice
 */

/** @type {Record<string, string>} */
const COLOURS = { red: N_("red"), blue: N_("blue"), yellow: N_("yellow"), green: N_("green") };

const SETUP = [
  N_("Setup: you take start set {you} ({you_cards}), the robot takes set {robot} ({robot_cards}) "
    + "and lays it open in its area."),
  N_("Shuffle the other {deck} cards into the stack, draw {n} and lay them out left to right: "
    + "that is the Street. New cards always go to the right end."),
];

// The table's `help`: the game's commands (the table's own are the driver's).
const HELP = [
  N_("refresh N|CODE  you discarded that Street card (only while no 0 shows); type the drawn cards next"),
  N_("take N|CODE     you recruited that Street card; your turn ends and the robot plays"),
  N_("end             your turn ends without a recruit"),
  N_("CODES           when asked, the drawn cards on one line, e.g. R0 b2 G1 (R/B/Y/G + rank)"),
];

// English ordinals by their ending; a translation may say every one the same way (3番目).
/** @type {Record<string, string>} */
const ORDINALS = { st: N_("{n}st"), nd: N_("{n}nd"), rd: N_("{n}rd"), th: N_("{n}th") };

/** @param {number} n */
export function ordinalEnding(n) {
  if (n % 100 >= 10 && n % 100 <= 20) return "th";
  return ({ 1: "st", 2: "nd", 3: "rd" })[n % 10] ?? "th";
}

export class Talk {
  /**
   * @param {Rules} rules
   * @param {import("../lib/words.js").Words} words the table's language
   */
  constructor(rules, words) {
    this.rules = rules;
    this.speech = new Speech(words);
    /** @type {"ja" | "en"} */
    this.lang = words.lang === "ja" ? "ja" : "en";
    /** @type {Map<number, string>} */
    this.stepNames = new Map(rules.data.robot.steps.map((s) => [s.number, s.name[this.lang]]));
    this.why = ""; // the reason a step-5 refresh gives, said with the refresh that follows
  }

  /**
   * @param {string} message
   * @param {Record<string, unknown>} [fields]
   */
  _(message, fields) {
    return this.speech._(message, fields);
  }

  /** The commands, then the robot's program at this level (the same texts as the printed card). */
  help() {
    const robot = this.rules.data.robot;
    const lines = helpLines(this.speech.words, HELP);
    lines.push("", this._("The robot's program (level {level}):", { level: this.rules.level }));
    for (const s of robot.steps) {
      const target = s.collect_rank !== null ? this.rules.targets[s.collect_rank] : "";
      lines.push(`  ${s.number}. ${format(s.text[this.lang], { target })}`);
    }
    return [...lines, `  * ${robot.refresh_rule[this.lang]}`, `  * ${robot.refresh_action[this.lang]}`, ""];
  }

  /** @param {number[]} cards */
  codesOf(cards) {
    return cards.map((c) => this.rules.codes[c]).join(" ");
  }

  /** @param {Game} g */
  describe(g) {
    const top = g.discard.length ? this._(" (top {card})", { card: this.rules.codes[g.discard[g.discard.length - 1]] }) : "";
    const turn = g.over || g.settingUp ? "" : g.turn === ROBOT ? this._(" · the robot's turn") : this._(" · your turn");
    const first = g.first === ROBOT ? this._("robot") : this._("you");
    let line = this._("Level {level} ({first} first){turn} · pass {passno} · stack {stack} · "
      + "discard pile {pile}{top}",
    { level: this.rules.level, first, turn, passno: g.passno, stack: g.stackN, pile: g.discard.length, top });
    if (g.bottom.length) {
      line += this._(" · under the stack: {cards}", { cards: this.codesOf(g.bottom) });
    }
    return [line, ...this.board(g), ...this.nextLines(g, true)];
  }

  /** Setup instructions for a new game. */
  opening() {
    const r = this.rules;
    /** @type {Record<string, {id: string, cards: string[]}>} */
    const sets = {};
    for (const s of r.data.start_sets) sets[s.holder] = s;
    return SETUP.map((text) => this._(text, {
      you: sets[PLAYER].id, you_cards: sets[PLAYER].cards.join(" "), robot: sets[ROBOT].id,
      robot_cards: sets[ROBOT].cards.join(" "), deck: r.deck.reduce((a, b) => a + b, 0), n: r.streetSize,
    }));
  }

  /** @param {Game} g */
  board(g) {
    const r = this.rules;
    const held = this.sorted(g.robot);
    const targets = r.targets.map((target, rank) => this._("{rank}s {have}/{target}",
      { rank, target, have: held.filter((c) => r.rank[c] === rank).length })).join(" · ");
    const robot = this._("Robot {vp:>3} VP", { vp: g.score(ROBOT) });
    const lines = [this.streetLine(g.street), `${robot} | ${targets}`];
    for (let rank = 0; rank < r.ranks; rank++) { // the robot's area: one row per rank it holds
      const cards = held.filter((c) => r.rank[c] === rank);
      if (cards.length) {
        const label = this._("{rank}s", { rank }) + this._(" ({vp} VP)", { vp: cards.reduce((s, c) => s + r.vp[c], 0) });
        lines.push(`  ${this.speech.label(label, this.codesOf(cards))}`);
      }
    }
    const mine = this.codesOf(this.sorted(g.player));
    const you = this._("You   {vp:>3} VP", { vp: g.score(PLAYER) });
    return [...lines, `${you} | ${mine}`];
  }

  /**
   * @param {Game} g
   * @param {boolean} [brief]
   * @returns {string[]}
   */
  nextLines(g, brief = false) {
    if (g.over) {
      return brief ? [this._("The game is over."), ...this.result(g)] : this.result(g);
    }
    if (!g.pending) {
      return brief ? [this._("Your turn.")] : [];
    }
    const n = g.drawCount();
    const lines = [this._("→ Type the {n} card(s) drawn, in order: on one line (e.g. {example}), or a few at a time.",
      { n, example: this.rules.example(n).join(" ") })];
    const hidden = g.hiddenN;
    if (g.passno === 1 && n > hidden) {
      lines.push(this._("  The stack holds only {left}: draw those, shuffle the discard pile ({pile}) into a "
        + "new stack, then draw the other {rest} from it. One line for all {n}.",
      { left: hidden, pile: g.discard.length, rest: n - hidden, n }));
    } else if (g.passno === 2 && g.pending > g.stackN) {
      lines.push(this._("  Only {left} card(s) are left in the stack: draw them all; the stack then runs out.",
        { left: g.stackN }));
    }
    if (g.passno === 2 && n > hidden && g.bottom.length) {
      lines.push(this._("  The last of them are the card(s) you put under the stack, in this order: {cards}.",
        { cards: this.codesOf(g.bottom.slice(0, n - hidden)) }));
    }
    return lines;
  }

  /** @param {Game} g */
  result(g) {
    const robot = g.score(ROBOT);
    const player = g.score(PLAYER);
    const [winner, achievement] = g.result();
    const lines = [this._("Game over. Robot {robot} VP, you {player} VP.", { robot, player })];
    if (robot === player) {
      lines.push(this._("Equal VP: the single card worth most decides."));
    }
    if (winner === PLAYER) {
      lines.push(this._("You win! Achievement: {factor} × {player} − {robot} = {score}.",
        { factor: this.rules.achievementFactor, player, robot, score: achievement }));
    } else {
      lines.push(winner === ROBOT ? this._("The robot wins.") : this._("A draw."));
    }
    return lines;
  }

  /** @param {number[]} cards */
  sorted(cards) {
    const rank = this.rules.rank;
    return cards.slice().sort((a, b) => rank[a] - rank[b] || a - b);
  }

  /**
   * The name of the family a fallback card (a family's 0) belongs to; "" for none.
   * @param {number} card
   */
  familyName(card) {
    if (card < 0) return "";
    const family = this.rules.data.families[Math.floor(card / this.rules.ranks)];
    const colour = family.color in COLOURS ? this._(COLOURS[family.color]) : family.color;
    return this._("{color} ({name})", { color: colour, name: family.name[this.lang] });
  }

  // ---- choices ------------------------------------------------------------------------------------

  /**
   * A legal action in `g` as the table names it, and the group it is shown in (Choice.to_json()).
   * @param {Game} g
   * @param {import("../lib/engine.js").Action} action
   * @returns {Choice}
   */
  choice(g, action) {
    const codes = this.rules.codes;
    const pos = /** @type {number} */ (action.pos);
    if (action.type === "Take") {
      return { line: action.line(), label: this._("Take {card} (position {pos})", { card: codes[g.street[pos]], pos: pos + 1 }), group: "take" };
    }
    if (action.type === "Refresh") {
      return { line: action.line(), label: this._("Refresh {card} (position {pos})", { card: codes[g.street[pos]], pos: pos + 1 }), group: "refresh" };
    }
    if (action.type === "End") {
      return { line: action.line(), label: this._("End my turn without a recruit"), group: "end" };
    }
    return { line: action.line(), label: this._("Drawn: {cards}", { cards: action.line() }), group: "draw" };
  }

  /**
   * Every legal action as a choice; while several cards are owed, the form for them all.
   * @param {import("./match.js").Match} match
   * @returns {Choice[]}
   */
  choices(match) {
    const g = match.game;
    const listed = match.legalActions().map((action) => this.choice(g, action));
    if (match.toMove().kind === "chance" && g.drawCount() > 1) {
      const [owed] = g.owed();
      const choices = owed.map((n, c) => (n ? this.rules.codes[c] : "")).filter((code) => code);
      listed.push({
        line: "", label: this._("The {n} cards drawn, in order", { n: g.drawCount() }), group: "draw",
        form: { kind: "cards", least: 1, count: g.drawCount(), choices, shape: [] },
      });
    }
    return listed;
  }

  /** @param {number[]} cards */
  streetLine(cards) {
    const street = cards.map((c, i) => `${i + 1}:${this.rules.codes[c]}`).join("  ") || "-";
    return this._("Street: {cards}", { cards: street });
  }

  /**
   * @param {GameEvent[]} events
   * @returns {string[]}
   */
  narrate(events) {
    /** @type {string[]} */
    const lines = [];
    /** @type {GameEvent[]} */
    let enough = []; // steps skipped in a row are said in one line
    // The Street right after a draw is shown when the robot acts on it next, so that its choice ("3rd
    // from left") can be checked against a Street the user has seen.
    const robotActs = events.map((e, i) => ((e.type === "Taken" || e.type === "Refreshed") && e.who === ROBOT ? i : -1))
      .filter((i) => i >= 0);
    events.forEach((e, i) => {
      if (e.type === "Drawn") {
        if (robotActs.length && i < robotActs[robotActs.length - 1]) {
          lines.push(this.streetLine(/** @type {number[]} */ (e.street)));
        }
        return;
      }
      if (e.type === "Enough") {
        enough.push(e);
        return;
      }
      if (enough.length) {
        lines.push(this.enough(enough));
        enough = [];
      }
      lines.push(...this.event(e));
    });
    return lines;
  }

  /**
   * One short line for `history`: what the robot did and how the stack fared.
   * @param {GameEvent[]} events
   */
  recap(events) {
    const codes = this.rules.codes;
    /** @type {string[]} */
    const said = [];
    for (const e of events) {
      if (e.type === "Taken" && e.who === ROBOT) {
        said.push(this._("robot takes {card} (step {step})", { card: codes[/** @type {number} */ (e.card)], step: e.step }));
      } else if (e.type === "Refreshed" && e.who === ROBOT) {
        said.push(this._("robot discards {card}", { card: codes[/** @type {number} */ (e.card)] }));
      } else if (e.type === "Reshuffled") {
        said.push(this._("discard pile reshuffled"));
      } else if (e.type === "StackOut") {
        said.push(this._("stack out again"));
      } else if (e.type === "GameOver") {
        said.push(this._("game over"));
      }
    }
    return said.join(this._("; "));
  }

  /** @param {GameEvent[]} skipped */
  enough(skipped) {
    const first = skipped[0].step;
    const last = skipped[skipped.length - 1].step;
    const steps = first === last ? this._("step {a}", { a: first }) : this._("steps {a}–{b}", { a: first, b: last });
    const counts = this.speech.listing(skipped.map((e) => this._("{rank}s {have}/{target}",
      { rank: e.rank, have: e.have, target: e.target })));
    return this._("{steps}: the robot has enough ({counts}): on to the next step.", { steps, counts });
  }

  /** @param {unknown} number */
  step(number) {
    return this._("step {number} ({name})", { number, name: this.stepNames.get(/** @type {number} */ (number)) });
  }

  /** @param {unknown} why */
  whyNoRefresh(why) {
    if (why === "zero") return this._("a 0 is on the Street");
    if (why === "empty") return this._("the stack is empty");
    if (why === "once") return this._("second pass: this turn's one refresh is used");
    throw new Error(`no such reason: ${why}`);
  }

  /**
   * Why the robot refreshes at `step`: the rank it looks for is missing, or a better card waits.
   * @param {unknown} step
   */
  wanted(step) {
    const collect = this.rules.steps[/** @type {number} */ (step) - 1][1];
    return collect !== null ? this._("no {rank} on the Street", { rank: collect }) : this.why;
  }

  /**
   * @param {GameEvent} e
   * @returns {string[]}
   */
  event(e) {
    const r = this.rules;
    const codes = r.codes;
    const card = /** @type {number} */ (e.card);
    switch (e.type) {
      case "TurnBegan":
        return [e.who === ROBOT ? this._("— Robot's turn (level {level}) —", { level: r.level })
          : this._("— Your turn: refresh N|CODE, take N|CODE or end —")];
      case "Refreshed": {
        const where = e.to_bottom ? this._("UNDER the stack") : this._("to the discard pile");
        if (e.who === PLAYER) {
          return [this._("You discard {card} (position {pos}) {where}; draw {n} onto the right end.",
            { card: codes[card], pos: /** @type {number} */ (e.pos) + 1, where, n: r.rank[card] })];
        }
        return [this._("{step}: {why} → discard the leftmost card, {card}, {where}; draw {n} onto the right end.",
          { step: this.step(e.step), why: this.wanted(e.step), card: codes[card], where, n: r.rank[card] })];
      }
      case "NoRefresh":
        return [this._("{step}: {what}, but no refresh is allowed ({why}).",
          { step: this.step(e.step), what: this.wanted(e.step), why: this.whyNoRefresh(e.why) })];
      case "NextStep":
        return [this._("{step}: nothing to take here: on to the next step.", { step: this.step(e.step) })];
      case "BetterInStack":
        this.why = this._("the stack still holds a card worth {stack} VP, more than the Street's best ({best})",
          { stack: e.stack_best, best: e.street_best });
        return [];
      case "NoneBetter":
        return [this._("{step}: nothing left in the stack beats the Street's best ({best} VP).",
          { step: this.step(e.step), best: e.best })];
      case "Taken":
        return this.taken(e);
      case "Passed":
        return [this._("Your turn ends without a recruit.")];
      case "Nothing":
        return [this._("{step}: the Street is empty: the robot takes nothing.", { step: this.step(e.step) })];
      case "Reshuffled":
        return [this._("The stack is used up: shuffle the discard pile ({n} cards) into a new stack. Second "
          + "pass: one refresh a turn, and refreshed cards go under the stack.", { n: e.cards })];
      case "StackOut":
        return [this._("The stack has run out for the second time: the game ends when this round is complete.")];
      case "NewStreet":
        return [this._("The Street is empty: lay out {n} new card(s).", { n: e.cards })];
      default:
        return []; // GameOver: the result follows the board
    }
  }

  /** @param {GameEvent} e */
  taken(e) {
    const r = this.rules;
    const card = /** @type {number} */ (e.card);
    const pos = /** @type {number} */ (e.pos);
    if (e.who === PLAYER) {
      return [this._("You recruit {card} (position {pos}).", { card: r.codes[card], pos: pos + 1 })];
    }
    const step = r.steps[/** @type {number} */ (e.step) - 1];
    const collect = step[1];
    const family = this.familyName(step[3]);
    /** @type {Record<string, () => string>} */
    const reasons = {
      collect: () => this._("the leftmost {rank}", { rank: collect }),
      family_zero: () => this._("no {rank} to take: a {family} 0 instead", { rank: collect, family }),
      zero: () => this._("no {rank} and no {family} 0: the leftmost 0", { rank: collect, family }),
      best: () => this._("the card worth most (leftmost on ties)"),
      best_lower: () => this._("no {rank} to take: the lower-rank card worth most (leftmost on ties)", { rank: collect }),
    };
    return [this._("{step}: {why}.", { step: this.step(e.step), why: reasons[/** @type {string} */ (e.why)]() }),
      this._("Robot takes {card} ({ordinal} from left).", {
        card: r.codes[card],
        ordinal: this._(ORDINALS[ordinalEnding(pos + 1)], { n: pos + 1 }),
      })];
  }
}
