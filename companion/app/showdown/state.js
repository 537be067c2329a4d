// The plain state of a Hitman's Showdown table: teams, bookings, and the action under way
// (companion/showdown/state.py), and the rules' refusal.

import { RuleError as EngineRuleError } from "../lib/engine.js";
import { Said } from "../lib/speech.js";

/**
 * A line or an action the rules refuse now: the catalog's message key and its arguments, and the plural
 * form with the count choosing between the two when the message has one (Python's SaidError).
 */
export class RuleError extends EngineRuleError {
  /**
   * @param {string} key
   * @param {Record<string, unknown>} [args]
   * @param {[string, number] | null} [plural]
   */
  constructor(key, args = {}, plural = null) {
    super(key, args);
    /** @type {[string, number] | null} */
    this.plural = plural;
  }

  /**
   * The error with a singular and a plural form, `count` choosing (SaidError.ngettext).
   * @template {typeof RuleError} C
   * @this {C}
   * @param {string} singular
   * @param {string} plural
   * @param {number} count
   * @param {Record<string, unknown>} [args]
   * @returns {InstanceType<C>}
   */
  static ngettext(singular, plural, count, args = {}) {
    return /** @type {InstanceType<C>} */ (new this(singular, args, [plural, count]));
  }

  /**
   * `other`'s words as this kind of error (SaidError.from_).
   * @template {typeof RuleError} C
   * @this {C}
   * @param {RuleError | Said} other
   * @param {Record<string, unknown>} [args]
   * @returns {InstanceType<C>}
   */
  static from(other, args = {}) {
    const [key, fields] = other instanceof Said ? [other.message, other.fields] : [other.key, other.args];
    return /** @type {InstanceType<C>} */ (new this(key, { ...fields, ...args }, other.plural));
  }

  /** The refusal as words, to be said in the reader's language (plural and all). */
  said() {
    return new Said(this.key, this.args, this.plural);
  }

  /** As a field of another message, an error is its words (the Python's `to_json` of a SaidError). */
  toJSON() {
    return this.said().toJSON();
  }
}

/** Where an action is: prepare → (defend →) roll → after → settle. */
export const Stage = Object.freeze({
  PREPARE: "prepare", // the attacker buys and uses cards
  DEFEND: "defend", // a hitman attack's defender does the same
  ROLL: "roll", // the dice are to be rolled
  AFTER: "after", // the dice are rolled: uses, rerolls, then done
  SETTLE: "settle", // a penalty or a theft is asked for
});

/** @typedef {"prepare" | "defend" | "roll" | "after" | "settle"} StageName */

/** What an action attacks: a mafia card on the board, or a hitman team. */
export const Attacked = Object.freeze({ MAFIA: "mafia", HITMAN: "hitman" });

/**
 * A line of the money ledger; `reason` a name from the data (Text) or the companion's words (Said).
 * @typedef {{week: number, team: string, amount: number, balance: number, reason: unknown}} Booking
 */

export class Team {
  /**
   * @param {string} name
   * @param {string} faction
   * @param {number} money
   */
  constructor(name, faction, money) {
    this.name = name;
    this.faction = faction;
    this.money = money;
    /** @type {string[]} */
    this.cards = [];
    this.doublingsUsed = 0;
    this.nextTotal = 0;
    this.nextDice = 0;
    this.skip = false;
    /** @type {Set<string>} */
    this.barred = new Set();
    this.acted = 0;
    this.out = false;
  }

  copy() {
    const twin = Object.assign(Object.create(Team.prototype), this);
    twin.cards = [...this.cards];
    twin.barred = new Set(this.barred);
    return /** @type {Team} */ (twin);
  }
}

export class Side {
  /**
   * @param {string} team
   * @param {import("./pool.js").Pool} pool
   */
  constructor(team, pool) {
    this.team = team;
    this.pool = pool;
    /** @type {Map<string, number>} items bought this action, by id */
    this.bought = new Map();
    this.backups = 0;
    this.escape = false;
    /** @type {string[]} */
    this.used = [];
  }

  copy() {
    const twin = Object.assign(Object.create(Side.prototype), this);
    twin.pool = this.pool.copy();
    twin.bought = new Map(this.bought);
    twin.used = [...this.used];
    return /** @type {Side} */ (twin);
  }
}

/** The action under way: a team's attack on a mafia card or on another team, side by side. */
export class Fight {
  /**
   * @param {"mafia" | "hitman"} kind
   * @param {string} target a card id or a team name
   * @param {Side[]} sides the attacker first, then the defender in a hitman attack
   */
  constructor(kind, target, sides) {
    this.kind = kind;
    this.target = target;
    this.sides = sides;
    /** @type {StageName} */
    this.stage = Stage.PREPARE;
    this.double = false;
    /** @type {string | null} settle: the attacker who lost and rolls a penalty */
    this.loser = null;
    /** @type {string | null} settle: the attacker who won a hitman attack */
    this.winner = null;
    /** @type {number[]} */
    this.answers = [];
    /** @type {string[]} */
    this.stolen = [];
    /** @type {Said | null} what the table is asked, until answered */
    this.question = null;
    this.asked = 1; // the faces the question asks for
  }

  copy() {
    const twin = Object.assign(Object.create(Fight.prototype), this);
    twin.sides = this.sides.map((s) => s.copy());
    twin.answers = [...this.answers];
    twin.stolen = [...this.stolen];
    return /** @type {Fight} */ (twin);
  }

  get attacker() {
    return this.sides[0];
  }

  /** @param {string} team */
  side(team) {
    return this.sides.find((s) => s.team === team) ?? null;
  }

  /** @param {Side} side */
  other(side) {
    return this.sides.find((s) => s !== side) ?? null;
  }
}
