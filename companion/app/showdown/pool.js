// One side's dice for one action: how many to roll, the faces, a total modifier, and why
// (companion/showdown/pool.py). Every change checks its input against the faces on the table and keeps
// one typed note of what it did and why.

import { SIDES } from "./dice.js";
import { RuleError } from "./state.js";

/** A change the dice do not allow (e.g. setting a die showing a face that is not there). */
export class PoolError extends RuleError {}

/**
 * One change to a pool, as the Python's Note record: `change` is start | dice | extra_rolled | added |
 * set | copied | rerolled | taken_away | total | lowered | no_opponent | cancels; `why` what made it.
 * @typedef {{type: "Note", change: string, why: unknown, n: number, faces: number[], gone: number[],
 *            old: number, new: number, kind: string}} Note
 */

/**
 * @param {string} change
 * @param {unknown} [why]
 * @param {{n?: number, faces?: number[], gone?: number[], old?: number, new?: number, kind?: string}} [fields]
 * @returns {Note}
 */
export function note(change, why = null, fields = {}) {
  return { type: "Note", change, why, n: 0, faces: [], gone: [], old: 0, new: 0, kind: "", ...fields };
}

/** @param {number[]} faces */
const sum = (faces) => faces.reduce((a, b) => a + b, 0);

export class Pool {
  /**
   * @param {number} [count] dice to roll (before the roll)
   * @param {number[] | null} [faces] null until rolled
   * @param {number} [bonus] added to the dice total
   * @param {Note[]} [notes]
   */
  constructor(count = 0, faces = null, bonus = 0, notes = []) {
    this.count = count;
    this.faces = faces;
    this.bonus = bonus;
    this.notes = notes;
  }

  copy() {
    return new Pool(this.count, this.faces === null ? null : [...this.faces], this.bonus, [...this.notes]);
  }

  get rolled() {
    return this.faces !== null;
  }

  get total() {
    return sum(this.faces ?? []) + this.bonus;
  }

  /** @param {unknown} what */
  needRoll(what) {
    if (this.faces === null) throw new PoolError("{what} needs the dice rolled first", { what });
    return this.faces;
  }

  /** @param {number} face @param {unknown} what */
  take(face, what) {
    const faces = this.needRoll(what);
    if (!faces.includes(face)) {
      throw new PoolError("{what}: no die shows {face} (dice: {dice})", { what, face, dice: fmt(faces) });
    }
    return faces.indexOf(face);
  }

  /**
   * +n dice: before the roll they join it; after it, `faces` are the extra dice as rolled.
   * @param {number} n
   * @param {unknown} why
   * @param {number[] | null} [faces]
   */
  moreDice(n, why, faces = null) {
    if (this.faces === null) {
      this.count = Math.max(0, this.count + n);
      this.notes.push(note("dice", why, { n }));
      return;
    }
    if (n < 0) throw new PoolError("{why}: fewer dice must be decided before the roll", { why });
    if (faces === null || faces.length !== n) {
      throw PoolError.ngettext("{why}: give the {n} extra die as rolled", "{why}: give the {n} extra dice as rolled",
        n, { why });
    }
    this.faces.push(...faces);
    this.notes.push(note("extra_rolled", why, { n, faces: [...faces] }));
  }

  /** @param {number[]} faces */
  setRoll(faces) {
    if (faces.length !== this.count) {
      const dice = PoolError.ngettext("{n} die", "{n} dice", this.count);
      throw PoolError.ngettext("this roll is {dice}, got {n} face", "this roll is {dice}, got {n} faces", faces.length,
        { dice });
    }
    this.faces = [...faces];
  }

  /** @param {number[]} faces @param {unknown} why */
  addFaces(faces, why) {
    this.needRoll(why).push(...faces);
    this.notes.push(note("added", why, { n: faces.length, faces: [...faces] }));
  }

  /** @param {number} old @param {number} next @param {unknown} why @param {number} [ceiling] */
  setDie(old, next, why, ceiling = SIDES) {
    if (!(next >= 1 && next <= ceiling)) {
      throw new PoolError("{why}: a die can be set to 1-{ceiling}, not {new}", { why, ceiling, new: next });
    }
    const i = this.take(old, why);
    /** @type {number[]} */ (this.faces)[i] = next;
    this.notes.push(note("set", why, { old, new: next }));
  }

  /** @param {number} face @param {number} n @param {unknown} why */
  copyDie(face, n, why) {
    this.take(face, why);
    /** @type {number[]} */ (this.faces).push(...Array(n).fill(face));
    this.notes.push(note("copied", why, { n, old: face }));
  }

  /** @param {number[]} old @param {number[]} next @param {unknown} why */
  reroll(old, next, why) {
    const faces = this.needRoll(why);
    if (old.length !== next.length) {
      throw new PoolError("{why}: {old} dice picked up but {new} new faces given",
        { why, old: old.length, new: next.length });
    }
    const left = [...faces];
    for (const face of old) {
      if (!left.includes(face)) {
        throw new PoolError("{why}: no die left showing {face} (dice: {dice})", { why, face, dice: fmt(faces) });
      }
      left.splice(left.indexOf(face), 1);
    }
    this.faces = [...left, ...next];
    this.notes.push(note("rerolled", why, { n: next.length, faces: [...next], gone: [...old] }));
  }

  /** @param {number} n @param {unknown} why */
  dropLowest(n, why) {
    const faces = [...this.needRoll(why)].sort((a, b) => b - a);
    const gone = n ? faces.slice(Math.max(0, faces.length - n)) : [];
    this.faces = n < faces.length ? faces.slice(0, faces.length - n) : [];
    this.notes.push(note("taken_away", why, { n: gone.length, gone }));
  }

  /** @param {number} n @param {unknown} why */
  addToTotal(n, why) {
    this.bonus += n;
    this.notes.push(note("total", why, { n }));
  }

  /** @param {number} n @param {unknown} why @param {number} [floor] */
  lowerHighest(n, why, floor = 1) {
    const faces = this.needRoll(why);
    const i = faces.indexOf(Math.max(...faces));
    const old = faces[i];
    faces[i] = Math.max(floor, old - n);
    this.notes.push(note("lowered", why, { old, new: faces[i] }));
  }
}

/** @param {number[]} faces */
export function fmt(faces) {
  return faces.length ? faces.join(" ") : "—";
}
