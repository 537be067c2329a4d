// Turning typed steps into changes to a pool: a card use (`H9 2>6`, a pair `H3 D5`) or a preparation item
// (`weapon 4`, `backup 1 1>5 6`) (companion/showdown/uses.py).

import { Said } from "../lib/speech.js";
import { NotFound, findItem, text } from "./cards.js";
import { DiceError, parseFaces, roll } from "./dice.js";
import { Choices, EffectError, apply } from "./ops.js";
import { PoolError, note } from "./pool.js";

/**
 * @typedef {{cards: import("./cards.js").CardView[], ops: import("./cards.js").Op[], choices: string[],
 *            label: Said}} Use one card, or two of the same role used at once; the label names it
 */

/**
 * `resolve` turns a typed card into a card view (throwing NotFound).
 * @param {readonly string[]} tokens
 * @param {(typed: string) => import("./cards.js").CardView} resolve
 * @param {number} week
 * @returns {Use}
 */
export function parseUse(tokens, resolve, week) {
  if (!tokens.length) throw new EffectError("name the card to use");
  const first = resolve(tokens[0]);
  const effect = first.role.effect;
  if (effect === null) throw new EffectError("{id} has no use effect", { id: first.id });
  if (effect.when === "always") {
    throw new EffectError("{id} ({title}) works by itself; it cannot be used", { id: first.id, title: first.title });
  }
  const cards = [first];
  const rest = tokens.slice(1);
  if (rest.length && effect.pair !== null) {
    let second = null;
    try {
      second = resolve(rest[0]);
    } catch (e) {
      if (!(e instanceof NotFound)) throw e;
    }
    if (second !== null) {
      if (second.role_id !== first.role_id || second.id === first.id) {
        throw new EffectError("only two different {title} cards can be used together", { title: first.title });
      }
      cards.push(second);
      rest.shift();
    }
  }
  const ops = cards.length === 2 && effect.pair !== null ? effect.pair.ops : opsInWeek(effect, week);
  const label = new Said("{title} {cards}", { title: first.title, cards: cards.map((c) => c.id).join("+") });
  return { cards, ops, choices: rest, label };
}

/**
 * @param {import("./cards.js").Effect} effect
 * @param {number} week
 */
export function opsInWeek(effect, week) {
  return effect.upgrade && week >= effect.upgrade.week ? effect.upgrade.ops : effect.ops;
}

/**
 * @param {Use} use
 * @param {import("./pool.js").Pool} own
 * @param {import("./pool.js").Pool | null} opponent
 * @param {import("./dice.js").Dice | null} rng
 */
export function applyUse(use, own, opponent, rng) {
  apply(use.ops, own, opponent, new Choices(use.choices, rng), use.label);
}

/**
 * `1 1>5 6` (or `1 1 > 5 6`): the dice picked up and their new faces; without `>`, rolled.
 * @param {readonly string[]} tokens
 * @param {import("./dice.js").Dice | null} rng
 * @returns {[number[], number[]]}
 */
export function parseReroll(tokens, rng) {
  const typed = tokens.join(" ");
  const at = typed.indexOf(">");
  let old;
  let next = null;
  try {
    old = parseFaces(at >= 0 ? typed.slice(0, at) : typed);
    if (at >= 0) next = parseFaces(typed.slice(at + 1));
  } catch (e) {
    if (e instanceof DiceError) throw EffectError.from(e);
    throw e;
  }
  if (!old.length) throw new EffectError("name the dice to reroll by their faces, e.g. reroll 1 1>5 6");
  if (next === null) {
    if (rng === null) throw new EffectError("give the new faces: reroll 1 1>5 6");
    next = roll(rng, old.length);
  }
  return [old, next];
}

/**
 * A preparation item applied to rolled dice (the `check` command's view of a purchase).
 * @param {import("./cards.js").Rulebook} book
 * @param {readonly string[]} tokens
 * @param {import("./pool.js").Pool} own
 * @param {import("./pool.js").Pool | null} opponent
 * @param {import("./dice.js").Dice | null} rng
 */
export function applyItem(book, tokens, own, opponent, rng) {
  const item = findItem(book, tokens[0]);
  const label = text(item.name);
  for (const op of item.ops) {
    if (op.kind === "reroll") {
      const [old, next] = parseReroll(tokens.slice(1), rng);
      try {
        own.reroll(old, next, label);
      } catch (e) {
        if (e instanceof PoolError) throw EffectError.from(e);
        throw e;
      }
    } else if (op.kind === "cancel_penalty") {
      own.notes.push(note("cancels", label));
    } else {
      apply([op], own, opponent, new Choices(tokens.slice(1), rng), label);
    }
  }
  return item;
}
