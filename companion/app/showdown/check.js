// `check`: does a mafia card's condition hold for these faces, after these steps? Or, for a hitman
// attack, does the attacker's total beat the defender's? (companion/showdown/check.py; the words of a
// result are the narration's.)

import { pySplit } from "../lib/pystr.js";
import { Said } from "../lib/speech.js";
import { NotFound, findCards, findItem } from "./cards.js";
import { evaluate } from "./conditions.js";
import { Pool } from "./pool.js";
import { applyItem, applyUse, parseUse } from "./uses.js";

/**
 * @typedef {{card: import("./cards.js").CardView, pool: Pool, verdict: import("./conditions.js").Verdict}} CheckResult
 * @typedef {{attacker: Pool, defender: Pool, success: boolean, ties: string}} DuelResult
 */

/**
 * The mafia card typed (a role's name is fine: every card of a role has its condition).
 * @param {import("./cards.js").Rulebook} book
 * @param {string} typed
 */
export function mafiaCard(book, typed) {
  const cards = findCards(book, typed);
  if (cards[0].role.condition === null) {
    throw new NotFound("{id} ({title}) is not a mafia card; it has no condition", { id: cards[0].id, title: cards[0].title });
  }
  return cards[0];
}

/**
 * @param {import("./cards.js").Rulebook} book
 * @param {readonly string[]} steps
 * @param {Pool} own
 * @param {Pool | null} opponent
 * @param {number} week
 * @param {import("./dice.js").Dice | null} rng
 */
function applySteps(book, steps, own, opponent, week, rng) {
  for (const step of steps) {
    const tokens = pySplit(step);
    if (!tokens.length) continue;
    let item = true;
    try {
      findItem(book, tokens[0]);
    } catch (e) {
      if (!(e instanceof NotFound)) throw e;
      item = false;
    }
    if (item) applyItem(book, tokens, own, opponent, rng);
    else applyUse(parseUse(tokens, (t) => findCards(book, t)[0], week), own, opponent, rng);
  }
}

/** @param {readonly number[]} faces @param {number} bonus */
function rolled(faces, bonus) {
  const pool = new Pool(faces.length);
  pool.setRoll([...faces]);
  if (bonus) pool.addToTotal(bonus, new Said("modifier"));
  return pool;
}

/**
 * @param {import("./cards.js").Rulebook} book
 * @param {import("./cards.js").CardView} card
 * @param {readonly number[]} faces
 * @param {readonly string[]} steps
 * @param {{bonus?: number, week?: number, rng?: import("./dice.js").Dice | null}} [how]
 * @returns {CheckResult}
 */
export function run(book, card, faces, steps, { bonus = 0, week = 1, rng = null } = {}) {
  const pool = rolled(faces, bonus);
  applySteps(book, steps, pool, null, week, rng);
  const condition = /** @type {{any: {all: {kind: string}[]}[]}} */ (card.role.condition);
  return { card, pool, verdict: evaluate(condition.any.map((a) => a.all), /** @type {number[]} */ (pool.faces), pool.bonus) };
}

/**
 * A hitman attack: the attacker's steps first, then the defender's, each against the other.
 * @param {import("./cards.js").Rulebook} book
 * @param {readonly number[]} faces
 * @param {readonly number[]} versus
 * @param {readonly string[]} steps
 * @param {readonly string[]} theirSteps
 * @param {{bonus?: number, theirBonus?: number, week?: number, rng?: import("./dice.js").Dice | null}} [how]
 * @returns {DuelResult}
 */
export function duel(book, faces, versus, steps, theirSteps, { bonus = 0, theirBonus = 0, week = 1, rng = null } = {}) {
  const attacker = rolled(faces, bonus);
  const defender = rolled(versus, theirBonus);
  applySteps(book, steps, attacker, defender, week, rng);
  applySteps(book, theirSteps, defender, attacker, week, rng);
  const ties = book.data.hitman_attack.ties;
  const won = attacker.total > defender.total || (attacker.total === defender.total && ties === "attacker");
  return { attacker, defender, success: won, ties };
}
