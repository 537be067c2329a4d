// Applying the effect operations of the data (card uses, preparation items) to the dice
// (companion/showdown/ops.py). Choices the players make come as tokens typed after the card, consumed in
// the order of the card's operations:
//   a face 1-6, or `?` to let the companion roll it   extra dice rolled after the main roll
//   `A>B`  a die showing A is set to B                   set_die
//   a face                                                add_dice_of_face, copy_die (the die to copy)

import { whole } from "../lib/numbers.js";
import { Joined, Said } from "../lib/speech.js";
import { kindOf } from "./conditions.js";
import { DiceError, parseFace, roll } from "./dice.js";
import { PoolError, note } from "./pool.js";
import { RuleError } from "./state.js";

const CHOICE_KINDS = new Set(["set_die", "add_dice_of_face", "copy_die"]); // these need rolled dice
const MISSING = "missing: {what}";
/** What a use does to the opposing side only. */
export const AGAINST = new Set(["opponent_total_minus", "opponent_dice_minus", "opponent_highest_minus"]);

/** An effect that cannot be applied as typed; the message names what is expected. */
export class EffectError extends RuleError {}

/** A use that needs choices typed after the card (a die to set, a face): complete the line. */
export class ChoicesMissing extends EffectError {}

export class Choices {
  /**
   * @param {readonly string[]} tokens
   * @param {import("./dice.js").Dice | null} [rng]
   */
  constructor(tokens, rng = null) {
    this.tokens = [...tokens];
    this.rng = rng;
  }

  /** @param {unknown} what */
  next(what) {
    if (!this.tokens.length) throw new EffectError(MISSING, { what });
    return /** @type {string} */ (this.tokens.shift());
  }

  /** @param {unknown} what */
  face(what) {
    const token = this.next(what);
    try {
      return parseFace(token);
    } catch (e) {
      if (!(e instanceof DiceError)) throw e;
      throw new EffectError("{what}: expected a face 1-6, got {token!r}", { what, token });
    }
  }

  /** @param {unknown} what */
  rolledFace(what) {
    const token = this.next(what);
    if (token === "?") {
      if (this.rng === null) throw new EffectError("{what}: no dice roller here; type the face you rolled", { what });
      return roll(this.rng, 1)[0];
    }
    try {
      return parseFace(token);
    } catch (e) {
      if (!(e instanceof DiceError)) throw e;
      throw new EffectError("{what}: expected the face rolled (1-6) or ?, got {token!r}", { what, token });
    }
  }

  /**
   * @param {unknown} what
   * @returns {[number, number]}
   */
  change(what) {
    const token = this.next(what);
    const at = token.indexOf(">");
    if (at >= 0) {
      const next = whole(token.slice(at + 1));
      if (next !== null) {
        try {
          return [parseFace(token.slice(0, at)), next];
        } catch (e) {
          if (!(e instanceof DiceError)) throw e;
        }
      }
    }
    throw new EffectError("{what}: expected OLD>NEW such as 2>6, got {token!r}", { what, token });
  }
}

/**
 * The tokens a use expects, for help and error messages.
 * @param {readonly {kind: string, [field: string]: any}[]} ops
 * @param {boolean} rolled
 */
export function signature(ops, rolled) {
  /** @type {Said[]} */
  const parts = [];
  for (const op of ops) {
    const kind = kindOf(op);
    if (kind === "add_dice" && rolled) {
      for (let i = 0; i < op.count; i++) parts.push(new Said("<extra die: face or ?>"));
    } else if (kind === "set_die") {
      for (let i = 0; i < op.count; i++) parts.push(new Said("<OLD>NEW>"));
    } else if (kind === "add_dice_of_face") {
      for (let i = 0; i < op.count; i++) parts.push(new Said("<face to add>"));
    } else if (kind === "copy_die") {
      parts.push(new Said("<face of the die to copy>"));
    }
  }
  return parts.length ? new Joined(parts) : new Said("(no choices)");
}

/**
 * Apply `ops` in order; on error the pools may be half-changed (callers work on copies), and the
 * message says what to type.
 * @param {readonly {kind: string, [field: string]: any}[]} ops
 * @param {import("./pool.js").Pool} own
 * @param {import("./pool.js").Pool | null} opponent
 * @param {Choices} choices
 * @param {unknown} why
 */
export function apply(ops, own, opponent, choices, why) {
  try {
    for (const op of ops) applyOne(op, own, opponent, choices, why);
  } catch (e) {
    if (e instanceof PoolError) throw EffectError.from(e);
    if (e instanceof EffectError && e.key === MISSING) {
      throw new ChoicesMissing("missing: {what} (type after the card: {sig})",
        { what: e.args.what, why, sig: signature(ops, own.rolled) });
    }
    throw e;
  }
  if (choices.tokens.length) {
    throw new EffectError("{why}: unexpected {extra!r} (expected: {sig})",
      { why, extra: choices.tokens.join(" "), sig: signature(ops, own.rolled) });
  }
}

/**
 * @param {{kind: string, [field: string]: any}} op
 * @param {import("./pool.js").Pool} own
 * @param {import("./pool.js").Pool | null} opp
 * @param {Choices} choices
 * @param {unknown} why
 */
function applyOne(op, own, opp, choices, why) {
  const kind = kindOf(op);
  if (CHOICE_KINDS.has(kind) && !own.rolled) {
    throw new EffectError("{why} changes your dice: use it after the roll", { why });
  }
  if (kind === "add_dice") {
    const faces = own.rolled
      ? Array.from({ length: op.count }, (_, i) => choices.rolledFace(new Said("{why}: extra die {i}", { why, i: i + 1 })))
      : null;
    own.moreDice(op.count, why, faces);
  } else if (kind === "add_total") {
    own.addToTotal(op.value, why);
  } else if (kind === "set_die") {
    for (let i = 0; i < op.count; i++) {
      const [old, next] = choices.change(new Said("{why}: die to set", { why }));
      own.setDie(old, next, why);
    }
  } else if (kind === "add_dice_of_face") {
    const faces = Array.from({ length: op.count },
      (_, i) => choices.face(new Said("{why}: face of added die {i}", { why, i: i + 1 })));
    own.addFaces(faces, why);
  } else if (kind === "copy_die") {
    own.copyDie(choices.face(new Said("{why}: the die to copy", { why })), op.count, why);
  } else if (AGAINST.has(kind)) {
    against(op, kind, opp, own, why);
  } else {
    throw new EffectError("{why}: {kind} is not something a use does", { why, kind });
  }
}

/**
 * @param {{kind: string, [field: string]: any}} op
 * @param {string} kind
 * @param {import("./pool.js").Pool | null} opp
 * @param {import("./pool.js").Pool} own
 * @param {unknown} why
 */
function against(op, kind, opp, own, why) {
  if (opp === null) {
    own.notes.push(note("no_opponent", why, { kind: kind.split("_").join(" ") }));
    return;
  }
  const said = new Said("{why} (against)", { why });
  if (kind === "opponent_total_minus") {
    opp.addToTotal(-op.value, said);
  } else if (kind === "opponent_dice_minus") {
    // Before the opponent's roll they roll fewer dice; after it they give up their lowest.
    if (opp.rolled) opp.dropLowest(Math.min(op.count, /** @type {number[]} */ (opp.faces).length), said);
    else opp.moreDice(-op.count, said);
  } else {
    if (!opp.rolled) {
      throw new EffectError("{why}: the opponent's highest die can only be lowered after their roll", { why });
    }
    opp.lowerHighest(op.value, said, op.floor);
  }
}
