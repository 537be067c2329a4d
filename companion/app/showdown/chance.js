// Where a needed die comes from: faces the players typed, else the seeded RNG, else a question
// (companion/showdown/chance.py). Settling a loss or a theft is a pure function of the faces it is fed.

import { roll } from "./dice.js";

/** A die is needed and none is at hand: `what` to ask for, and how many faces. */
export class NeedRoll extends Error {
  /** @param {unknown} what @param {number} [count] */
  constructor(what, count = 1) {
    super("a roll is needed");
    this.what = what;
    this.count = count;
  }
}

export class Feeder {
  /**
   * @param {number[]} [faces]
   * @param {import("./dice.js").Dice | null} [rng]
   */
  constructor(faces = [], rng = null) {
    this.given = [...faces];
    this.rng = rng;
    /** @type {number[]} */
    this.used = [];
  }

  /** @param {unknown} what @param {number} [count] */
  take(what, count = 1) {
    let faces;
    if (this.given.length >= count) {
      faces = this.given.slice(0, count);
      this.given = this.given.slice(count);
    } else if (this.rng !== null && !this.given.length) {
      faces = roll(this.rng, count);
    } else {
      throw new NeedRoll(what, count);
    }
    this.used.push(...faces);
    return faces;
  }

  leftover() {
    return [...this.given];
  }
}
