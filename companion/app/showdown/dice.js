// Six-sided dice: `5d6` notation, seeded rolling, and faces typed by players (companion/showdown/dice.py).
// A physical roll and a virtual one end up as the same thing, a list of faces.

import { DIGITS, isWhole, whole } from "../lib/numbers.js";
import { WHITESPACE, chars, pyStrip } from "../lib/pystr.js";
import { Random } from "../lib/random.js";
import { RuleError } from "./state.js";

export const SIDES = 6;
const NOTATION = new RegExp(`^[${WHITESPACE}]*(${DIGITS}*)[${WHITESPACE}]*[dD][${WHITESPACE}]*${SIDES}[${WHITESPACE}]*$`);
export const MAX_DICE = 200; // far beyond any real pile; guards against a typo like 5000d6

/** Input that is not a roll; the message says what was expected. */
export class DiceError extends RuleError {}

/**
 * '5d6' → 5 ('d6' alone is one die).
 * @param {string} typed
 */
export function parseNotation(typed) {
  const m = NOTATION.exec(typed);
  if (!m) throw new DiceError("{text!r} is not a dice roll; write it like 5d6", { text: typed });
  const count = m[1] ? Number(m[1]) : 1;
  if (!(count >= 1 && count <= MAX_DICE)) {
    throw new DiceError("{text!r}: roll between 1 and {max} dice", { text: typed, max: MAX_DICE });
  }
  return count;
}

/** @param {string} token */
export function parseFace(token) {
  const face = whole(token);
  if (face === null || !(face >= 1 && face <= SIDES)) {
    throw new DiceError("{token!r} is not a die face (1-{sides})", { token, sides: SIDES });
  }
  return face;
}

const SEPARATORS = new RegExp(`[${WHITESPACE},]+`);

/**
 * Faces typed by a player: '3 5 6', '3,5,6' or '356' (a run of digits is one face each).
 * @param {string[] | string} tokens
 */
export function parseFaces(tokens) {
  /** @type {number[]} */
  const faces = [];
  for (const token of typeof tokens === "string" ? [tokens] : tokens) {
    for (const part of pyStrip(token).split(SEPARATORS)) {
      if (!part) continue;
      if (isWhole(part) && chars(part).length > 1) faces.push(...chars(part).map(parseFace));
      else faces.push(parseFace(part));
    }
  }
  return faces;
}

/**
 * The table's seeded dice, cheap to fork: trying an action works on a fork, and the legal actions try
 * dozens from one state, most of which roll nothing; so a fork shares the generator's state until either
 * side next rolls, and only then takes its own copy (as the Python's TableRandom).
 */
export class TableRandom {
  /** @param {number} seed */
  constructor(seed) {
    this.rng = new Random(seed);
    this.shared = false; // the generator's state is another TableRandom's too
  }

  /** An independent copy that rolls what this one would roll next. */
  fork() {
    const twin = /** @type {TableRandom} */ (Object.create(TableRandom.prototype));
    twin.rng = this.rng;
    twin.shared = true;
    this.shared = true;
    return twin;
  }

  /** @param {number} a @param {number} b */
  randint(a, b) {
    if (this.shared) {
      this.rng = this.rng.fork();
      this.shared = false;
    }
    return this.rng.randint(a, b);
  }
}

/** @typedef {{randint(a: number, b: number): number}} Dice seeded dice: a TableRandom or a Random */

/**
 * @param {Dice} rng
 * @param {number} count
 */
export function roll(rng, count) {
  return Array.from({ length: count }, () => rng.randint(1, SIDES));
}
