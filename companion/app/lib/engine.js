// The one shape every table engine has in the browser, the shape of companion/protocol.py: a state that
// says whose move it is (a player, chance — a card turned up or dice rolled — or nobody once the game is
// over), the legal actions now, `parse(line)` → an action, `apply(action)` → events, and one outcome.
//
// A game is a module under companion/app/<game>/ exporting `newGame(data, options, seed)` (data: the
// game's data/<game>.json; options: what the game file's header holds; seed: for games that draw by
// themselves) and returning an `Engine`. Actions and events cross between the two implementations as
// JSON, one form both ways: `{"type": ClassName, ...fields}`, the fields as the Python's msgspec
// `to_builtins` writes them (tuples as arrays, None as null). An action also has its line:
// `parse(action.line())` equals the action.
//
// Apply whole or not at all: an engine applies an action to a copy of its state and keeps the copy only
// when the action is carried out (`applyWhole` below); a refusal is a RuleError and changes nothing.

import { Said } from "./speech.js";

export { pySplit, pyStrip } from "./pystr.js";

/**
 * Whose move it is: kind "player" (`who` the seat or team), "chance" (`who` "card" or "dice"), "nobody".
 * @typedef {{kind: "player" | "chance" | "nobody", who: string}} Mover
 */

/**
 * A move: its JSON fields and its line.
 * @typedef {{type: string, line(): string} & Record<string, unknown>} Action
 */

/**
 * Something that happened: `type` the Python event's class name, then its fields.
 * @typedef {{type: string} & Record<string, unknown>} GameEvent
 */

/**
 * One line of a final ranking.
 * @typedef {{who: string, place: number, score: number}} Place
 */

/**
 * How a game ended (Python's Outcome.to_json()).
 * @typedef {{how: string, winners: string[], figures: Record<string, number>, ranking: Place[]}} Outcome
 */

/**
 * What the pages, the replayer and the conformance run drive.
 * @typedef {object} Engine
 * @property {() => Mover} toMove
 * @property {() => Action[]} legalActions every action allowed now that can be listed
 * @property {(line: string) => Action} parse the action a typed line names, or a RuleError
 * @property {(action: Action) => GameEvent[]} apply carry the action out, or a RuleError and no change
 * @property {() => Outcome | null} outcome null until the game is over
 */

export const PLAYER = "player";
export const CHANCE = "chance";
export const NOBODY = "nobody";

/** A line or an action the rules refuse now: the catalog's message key and its arguments. */
/**
 * What a game's actions are built on: `type`, the Python record's class name (its JSON's `type`), and
 * the line the terminal takes for the action, which each kind of action gives.
 */
export class ActionRecord {
  /** @param {string} type */
  constructor(type) {
    this.type = type;
  }

  /** @returns {string} */
  line() {
    throw new Error("an action has a line");
  }
}

export class RuleError extends Error {
  /**
   * @param {string} key
   * @param {Record<string, unknown>} [args]
   */
  constructor(key, args = {}) {
    super(key);
    this.name = "RuleError";
    this.key = key;
    this.args = args;
  }

  /** The refusal as words, to be said in the reader's language. */
  said() {
    return new Said(this.key, this.args);
  }
}

/** A line the game cannot accept, in the table's language, with the refusal it came from. */
export class InputError extends Error {
  /**
   * @param {string} message
   * @param {RuleError} refusal
   */
  constructor(message, refusal) {
    super(message);
    this.name = "InputError";
    this.refusal = refusal;
  }
}

/**
 * Places from [who, score shown, sort key], best first: equal keys share a place (protocol.ranked).
 * @param {[string, number, number[]][]} entries
 * @returns {Place[]}
 */
export function ranked(entries) {
  const order = entries.map((entry, i) => /** @type {const} */ ([entry, i])).sort(([a, i], [b, j]) => {
    const diff = compareKeys(b[2], a[2]);
    return diff || i - j; // Python's sort is stable, reverse=True keeps equal keys in order
  });
  /** @type {Place[]} */
  const places = [];
  /** @type {number[] | null} */
  let previous = null;
  let place = 0;
  order.forEach(([[who, score, key]], n) => {
    if (previous === null || compareKeys(key, previous) !== 0) {
      place = n + 1;
      previous = key;
    }
    places.push({ who, place, score });
  });
  return places;
}

/**
 * @param {number[]} a
 * @param {number[]} b
 */
export function compareKeys(a, b) {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) {
      return a[i] < b[i] ? -1 : 1;
    }
  }
  return a.length - b.length;
}

/**
 * Carry out `action` on a copy of `state` with `carryOut`; the copy and the events when it succeeds.
 * A RuleError (or any error) leaves `state` as it was.
 * @template S
 * @param {S & {clone(): S}} state
 * @param {(copy: S) => GameEvent[]} carryOut
 * @returns {{state: S, events: GameEvent[]}}
 */
export function applyWhole(state, carryOut) {
  const copy = state.clone();
  const events = carryOut(copy);
  return { state: copy, events };
}

