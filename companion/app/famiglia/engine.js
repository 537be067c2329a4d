// Famiglia solo: the table's state and the robot's program, as pure rules — line for line the Python's
// companion/famiglia/engine.py (read its docstring for the model: cards are ints, the stack a multiset
// of unknown cards above a list of known ones put under it in the second pass).
//
// The protocol — whose move, the legal actions, a line → its action, applying one, the outcome — is
// match.js's Match, in front of these rules. The robot never waits for a decision, only for draws:
// whenever `pending` > 0 the game waits for that many drawn cards.

import { RuleError } from "../lib/engine.js";
import { Said } from "../lib/speech.js";
import { N_ } from "../lib/words.js";

export const ROBOT = "robot";
export const PLAYER = "player";
/** @type {Record<string, string>} */
const OTHER = { robot: PLAYER, player: ROBOT };

/** @type {Record<string, string>} */
const NO_REFRESH = {
  zero: N_("no refresh while a 0 is on the Street"),
  empty: N_("no refresh: the stack is empty"),
  once: N_("second pass: only one refresh a turn"),
};
export const OVER = N_("the game is over (undo to go back, quit to leave)");
export const DRAW_FIRST = N_("first type the {n} drawn card(s)");
export const NO_DRAW = N_("no card is to be drawn now");

/**
 * The game's data as companion/appfiles.py writes data/famiglia.json.
 * @typedef {{ja: string, en: string}} Text
 * @typedef {{code: string, color: string, name: Text, copies: number[], vp: number[]}} Family
 * @typedef {{number: number, name: Text, text: Text, fallback: string, collect_rank: number | null,
 *            fallback_family: string | null}} Step
 * @typedef {{street_size: number, rulebook_level: number, achievement_factor: number, families: Family[],
 *            start_sets: {id: string, holder: string, cards: string[]}[],
 *            levels: {level: number, targets: number[]}[],
 *            robot: {refresh_rule: Text, refresh_action: Text, steps: Step[]}}} FamigliaData
 */

/** The game data of one level, flattened into plain lists indexed by card. */
export class Rules {
  /**
   * @param {FamigliaData} data
   * @param {number} level
   */
  constructor(data, level) {
    const ranks = data.families[0].vp.length;
    const found = data.levels.find((l) => l.level === level);
    if (!found) {
      throw new Error(`no level ${level} in the game data`);
    }
    this.data = data;
    this.level = level;
    this.ranks = ranks;
    this.codes = data.families.flatMap((f) => f.vp.map((_, rank) => `${f.code}${rank}`));
    /** @type {Map<string, number>} */
    this.index = new Map(this.codes.map((code, i) => [code, i]));
    this.rank = this.codes.map((_, i) => i % ranks);
    this.vp = data.families.flatMap((f) => f.vp);
    this.copies = data.families.flatMap((f) => f.copies);
    this.streetSize = data.street_size;
    this.achievementFactor = data.achievement_factor;
    this.targets = found.targets.slice();
    /** @type {Map<string, number>} */
    const family = new Map(data.families.map((f, i) => [f.code, i]));
    /** @type {[number, number | null, string, number][]} number, rank collected, fallback, its family's 0 */
    this.steps = data.robot.steps.map((s) => [s.number, s.collect_rank, s.fallback,
      s.fallback_family ? /** @type {number} */ (family.get(s.fallback_family)) * ranks : -1]);
    /** @type {Record<string, number[]>} */
    this.start = {};
    for (const set of data.start_sets) {
      this.start[set.holder] = set.cards.map((c) => /** @type {number} */ (this.index.get(c)));
    }
    this.deck = this.copies.slice();
    for (const cards of Object.values(this.start)) {
      for (const c of cards) {
        this.deck[c] -= 1;
      }
    }
    this.byVp = this.codes.map((_, i) => i).sort((a, b) => this.vp[b] - this.vp[a] || a - b);
  }

  /**
   * @param {string} code
   * @returns {number | undefined}
   */
  card(code) {
    return this.index.get(code.toUpperCase());
  }

  /**
   * A few card codes, spread over the families and ranks, to show the format.
   * @param {number} n
   */
  example(n) {
    const out = [];
    for (let i = 0; i < Math.min(n, 3); i++) {
      out.push(this.codes[(i * (this.ranks + 2)) % this.codes.length]);
    }
    return out;
  }
}

// ---- actions: JSON fields and a line ----------------------------------------------------------------

/** @param {number} pos */
export function take(pos) {
  return { type: "Take", pos, line: () => `take ${pos + 1}` };
}

/** @param {number} pos */
export function refresh(pos) {
  return { type: "Refresh", pos, line: () => `refresh ${pos + 1}` };
}

export function end() {
  return { type: "End", line: () => "end" };
}

/** @param {string[]} codes */
export function draw(codes) {
  return { type: "Draw", codes, line: () => codes.join(" ") };
}

/** @typedef {import("../lib/engine.js").GameEvent} GameEvent */

/**
 * @param {string} type
 * @param {Record<string, unknown>} [fields]
 * @returns {GameEvent}
 */
function event(type, fields = {}) {
  return { type, ...fields };
}

/**
 * The largest of `values`, 0 for none (Python's max(..., default=0)).
 * @param {number[]} values
 */
export function best(values) {
  return values.length ? Math.max(...values) : 0;
}

/** @param {number[]} cards @param {number} card */
function count(cards, card) {
  let n = 0;
  for (const c of cards) {
    if (c === card) n++;
  }
  return n;
}

export class Game {
  /**
   * @param {Rules} rules
   * @param {string} first "robot" or "player"
   */
  constructor(rules, first) {
    this.rules = rules;
    this.first = first;
    /** @type {number[]} */
    this.street = [];
    /** @type {number[]} */
    this.discard = [];
    this.hidden = rules.deck.slice();
    this.hiddenN = this.hidden.reduce((a, b) => a + b, 0);
    /** @type {number[]} */
    this.bottom = [];
    this.passno = 1;
    this.robot = rules.start[ROBOT].slice();
    this.player = rules.start[PLAYER].slice();
    this.turn = first;
    this.pending = rules.streetSize; // setup: the first Street
    /** @type {string | null} */
    this.after = "start";
    this.ending = false;
    this.over = false;
    this.refreshedPass2 = false;
    this.rstep = 1;
    this.r5Refreshed = false;
    /** @type {GameEvent[] | null} where the rules' steps tell what happens; see `listen` */
    this.said = null;
  }

  /** @returns {Game} */
  clone() {
    const g = Object.assign(Object.create(Game.prototype), this);
    for (const name of /** @type {const} */ (["street", "discard", "hidden", "bottom", "robot", "player"])) {
      g[name] = this[name].slice();
    }
    g.said = null; // a copy tells nobody until it is listened to
    return g;
  }

  /**
   * The list the rules' steps tell what happens to from now on: the protocol (match.js) listens while it
   * carries an action out.
   * @returns {GameEvent[]}
   */
  listen() {
    this.said = [];
    return this.said;
  }

  stopListening() {
    this.said = null;
  }

  // ---- what the table looks like -----------------------------------------------------------------

  get stackN() {
    return this.hiddenN + this.bottom.length;
  }

  /** Still waiting for the first Street (nobody's turn has begun). */
  get settingUp() {
    return this.after === "start";
  }

  /** How many cards the pending draw really takes (a short stack in the second pass ends it). */
  drawCount() {
    const available = this.stackN + (this.passno === 1 ? this.discard.length : 0);
    return Math.min(this.pending, available);
  }

  /** Why a refresh is not allowed now ("zero", "empty", "once"), or null. */
  refreshBlock() {
    const rank = this.rules.rank;
    if (this.street.some((c) => rank[c] === 0)) return "zero";
    if (!this.hiddenN && !this.bottom.length) return "empty";
    if (this.passno === 2 && this.refreshedPass2) return "once";
    return null;
  }

  /** The highest VP among the cards still in the stack (-1 when it is empty). */
  stackBest() {
    const vp = this.rules.vp;
    let best = -1;
    for (const c of this.bottom) best = Math.max(best, vp[c]);
    for (const c of this.rules.byVp) {
      if (this.hidden[c]) return Math.max(best, vp[c]);
    }
    return best;
  }

  /** @param {string} who */
  score(who) {
    const vp = this.rules.vp;
    return (who === ROBOT ? this.robot : this.player).reduce((sum, c) => sum + vp[c], 0);
  }

  /**
   * [winner: "robot" | "player" | "draw", achievement when the player wins].
   * @returns {[string, number | null]}
   */
  result() {
    let robot = this.score(ROBOT);
    let player = this.score(PLAYER);
    if (robot === player) { // tie: the single card worth most decides
      const vp = this.rules.vp;
      robot = best(this.robot.map((c) => vp[c]));
      player = best(this.player.map((c) => vp[c]));
    }
    if (robot === player) return ["draw", null];
    if (player > robot) {
      return [PLAYER, this.rules.achievementFactor * this.score(PLAYER) - this.score(ROBOT)];
    }
    return [ROBOT, null];
  }

  // ---- chance: a card comes off the stack ----------------------------------------------------------

  /** @param {number} card */
  drawCard(card) {
    const codes = this.rules.codes;
    if (!this.pending || this.over) throw new RuleError(NO_DRAW);
    if (this.hiddenN) {
      if (!this.hidden[card]) {
        throw new RuleError(N_("no {card} can be in the stack: all {copies} are accounted for ({where})"),
          { card: codes[card], copies: this.rules.copies[card], where: this.whereabouts(card) });
      }
      this.hidden[card] -= 1;
      this.hiddenN -= 1;
    } else if (this.bottom.length) {
      if (this.bottom[0] !== card) {
        throw new RuleError(N_("the stack's unknown cards are used up; the next card is the one put under "
          + "it: {expected}"), { expected: codes[this.bottom[0]] });
      }
      this.bottom.shift();
    } else {
      throw new RuleError(NO_DRAW);
    }
    this.street.push(card);
    this.pending -= 1;
    if (!this.hiddenN && !this.bottom.length) this.stackOut();
    if (!this.pending) {
      this.log(event("Drawn", { street: this.street.slice() }));
      this.resume();
    }
  }

  stackOut() {
    if (this.passno === 1) {
      this.passno = 2;
      const n = this.discard.length;
      for (const c of this.discard) this.hidden[c] += 1;
      this.hiddenN = n;
      this.discard = [];
      this.log(event("Reshuffled", { cards: n }));
      if (n) return;
    }
    this.ending = true;
    this.pending = 0;
    this.log(event("StackOut"));
  }

  resume() {
    const after = this.after;
    this.after = null;
    if (after === "start") this.beginTurn();
    else if (after === ROBOT) this.robotRun();
    else if (after === "turn_end") this.afterTurn();
  }

  // ---- the human's turn --------------------------------------------------------------------------

  /** @param {number | null} [pos] */
  checkPlayerTurn(pos = null) {
    if (this.over) throw new RuleError(OVER);
    if (this.pending) throw new RuleError(DRAW_FIRST, { n: this.drawCount() });
    if (this.turn !== PLAYER) throw new RuleError(N_("it is not your turn"));
    if (pos !== null && !(pos >= 0 && pos < this.street.length)) {
      throw new RuleError(N_("there is no position {pos}: the Street has {size} card(s)"),
        { pos: pos + 1, size: this.street.length });
    }
  }

  /** @param {number} pos */
  playerRefresh(pos) {
    this.checkPlayerTurn(pos);
    const why = this.refreshBlock();
    if (why) throw new RuleError(NO_REFRESH[why]);
    this.refreshAt(pos, PLAYER, null);
    if (!this.pending) this.resume();
  }

  /** @param {number} pos */
  playerTake(pos) {
    this.checkPlayerTurn(pos);
    const card = this.street.splice(pos, 1)[0];
    this.player.push(card);
    this.log(event("Taken", { who: PLAYER, step: null, pos, card, why: "recruit" }));
    this.endTurn();
  }

  playerEnd() {
    this.checkPlayerTurn();
    this.log(event("Passed", { who: PLAYER }));
    this.endTurn();
  }

  // ---- shared turn mechanics -----------------------------------------------------------------------

  /**
   * @param {number} pos
   * @param {string} who
   * @param {number | null} step
   */
  refreshAt(pos, who, step) {
    const card = this.street.splice(pos, 1)[0];
    const toBottom = this.passno === 2;
    if (toBottom) {
      this.bottom.push(card);
      this.refreshedPass2 = true;
    } else {
      this.discard.push(card);
    }
    this.pending = this.rules.rank[card];
    this.after = who;
    this.log(event("Refreshed", { who, step, pos, card, to_bottom: toBottom }));
  }

  endTurn() {
    if (!this.street.length) {
      this.pending = this.rules.streetSize;
      if (this.drawCount()) {
        this.after = "turn_end";
        this.log(event("NewStreet", { cards: this.drawCount() }));
        return;
      }
      this.pending = 0;
    }
    this.afterTurn();
  }

  afterTurn() {
    if (this.ending && this.turn !== this.first) {
      this.over = true;
      this.log(event("GameOver"));
      return;
    }
    this.turn = OTHER[this.turn];
    this.beginTurn();
  }

  beginTurn() {
    this.refreshedPass2 = false;
    this.log(event("TurnBegan", { who: this.turn }));
    if (this.turn === ROBOT) {
      this.rstep = 1;
      this.r5Refreshed = false;
      this.robotRun();
    }
  }

  /** @param {GameEvent} e */
  log(e) {
    if (this.said !== null) this.said.push(e);
  }

  // ---- the robot's program -----------------------------------------------------------------------

  robotRun() {
    const rules = this.rules;
    const { rank, vp } = rules;
    for (;;) {
      const street = this.street;
      const [number, collect, fallback, familyZero] = rules.steps[this.rstep - 1];
      if (collect !== null) {
        const target = rules.targets[collect];
        const have = this.robot.filter((c) => rank[c] === collect).length;
        if (have >= target) {
          this.log(event("Enough", { step: number, rank: collect, have, target }));
          this.rstep += 1;
          continue;
        }
        let pos = street.findIndex((c) => rank[c] === collect);
        if (pos >= 0) {
          this.robotTake(number, pos, "collect");
          return;
        }
        if (this.robotRefresh(number)) return;
        let how;
        [pos, how] = this.fallback(fallback, collect, familyZero);
        if (pos >= 0) {
          this.robotTake(number, pos, how);
          return;
        }
        this.log(event("NextStep", { step: number, rank: collect }));
        this.rstep += 1;
        continue;
      }
      if (!street.length) {
        this.log(event("Nothing", { step: number }));
        this.endTurn();
        return;
      }
      const best = Math.max(...street.map((c) => vp[c]));
      if (!this.r5Refreshed) {
        this.r5Refreshed = true;
        const inStack = this.stackBest();
        if (inStack > best) {
          this.log(event("BetterInStack", { step: number, stack_best: inStack, street_best: best }));
          if (this.robotRefresh(number)) return;
        } else {
          this.log(event("NoneBetter", { step: number, best }));
        }
      }
      this.robotTake(number, this.street.findIndex((c) => vp[c] === best), "best");
      return;
    }
  }

  /**
   * The robot refreshes the leftmost Street card if the rules allow; true: it now waits for the draws.
   * @param {number} step
   */
  robotRefresh(step) {
    const why = this.refreshBlock();
    if (why) {
      this.log(event("NoRefresh", { step, why }));
      return false;
    }
    this.refreshAt(0, ROBOT, step);
    return true;
  }

  /**
   * @param {string} kind
   * @param {number} collect
   * @param {number} familyZero
   * @returns {[number, string]}
   */
  fallback(kind, collect, familyZero) {
    const street = this.street;
    const { rank, vp } = this.rules;
    if (kind === "family_zero_then_zero") {
      const family = street.indexOf(familyZero);
      if (family >= 0) return [family, "family_zero"];
      const zero = street.findIndex((c) => rank[c] === 0);
      if (zero >= 0) return [zero, "zero"];
    } else if (kind === "best_lower") {
      const lower = street.map((_, i) => i).filter((i) => rank[street[i]] < collect);
      if (lower.length) {
        const best = Math.max(...lower.map((i) => vp[street[i]]));
        return [/** @type {number} */ (lower.find((i) => vp[street[i]] === best)), "best_lower"];
      }
    }
    return [-1, ""];
  }

  /**
   * @param {number} step
   * @param {number} pos
   * @param {string} why
   */
  robotTake(step, pos, why) {
    const card = this.street.splice(pos, 1)[0];
    this.robot.push(card);
    this.log(event("Taken", { who: ROBOT, step, pos, card, why }));
    this.endTurn();
  }

  // ---- what a draw can turn up ------------------------------------------------------------------

  /** The cards the next draw can turn up. */
  mayComeUp() {
    if (this.hiddenN) {
      return this.hidden.map((n, c) => (n ? c : -1)).filter((c) => c >= 0);
    }
    return this.bottom.slice(0, 1);
  }

  /**
   * For the draws owed now: how many of each card can still come up among them, and the known cards
   * (those put under the stack, in order) that end them.
   * @returns {[number[], number[]]}
   */
  owed() {
    const n = this.drawCount();
    if (this.passno === 1 && n > this.hiddenN) {
      return [this.hidden.map((h, c) => h + count(this.discard, c)), []];
    }
    const known = this.bottom.slice(0, Math.max(0, n - this.hiddenN));
    return [this.hidden.map((h, c) => h + count(known, c)), known];
  }

  /**
   * Where every copy of `card` is (for a refused draw).
   * @param {number} card
   * @returns {Said[]}
   */
  whereabouts(card) {
    /** @type {[string, number[]][]} */
    const places = [[N_("robot {n}"), this.robot], [N_("you {n}"), this.player], [N_("Street {n}"), this.street],
      [N_("discard pile {n}"), this.discard], [N_("under the stack {n}"), this.bottom]];
    return places.map(([place, cards]) => [place, count(cards, card)])
      .filter(([, n]) => n)
      .map(([place, n]) => new Said(/** @type {string} */ (place), { n }));
  }
}
