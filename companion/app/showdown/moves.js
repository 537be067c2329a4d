// Hitman's Showdown's actions, each with the line the terminal takes (`action.line()`), as
// companion/showdown/moves.py; their JSON is the Python's (`{type: ClassName, ...fields}`).

import { ActionRecord } from "../lib/engine.js";

/** Attack a mafia card on the board (by id) or a team (by name). */
export class Attack extends ActionRecord {
  /** @param {string} target */
  constructor(target) {
    super("Attack");
    this.target = target;
  }

  line() {
    return `attack ${this.target}`;
  }
}

export class Pass extends ActionRecord {
  constructor() {
    super("Pass");
  }

  line() {
    return "pass";
  }
}

/** Buy `times` of a preparation item (by id) while preparing. */
export class Buy extends ActionRecord {
  /** @param {string} item @param {number} [times] */
  constructor(item, times = 1) {
    super("Buy");
    this.item = item;
    this.times = times;
  }

  line() {
    return `buy ${this.item}${this.times !== 1 ? ` ${this.times}` : ""}`;
  }
}

/** Use a held card's effect: the card's id, then a second card of a pair and the choices, as typed. */
export class Use extends ActionRecord {
  /** @param {string[]} tokens */
  constructor(tokens) {
    super("Use");
    this.tokens = tokens;
  }

  line() {
    return `use ${this.tokens.join(" ")}`;
  }
}

/** Roll the action's dice: the faces rolled at the table, or none to let the companion roll. */
export class Roll extends ActionRecord {
  /** @param {number[]} [faces] */
  constructor(faces = []) {
    super("Roll");
    this.faces = faces;
  }

  line() {
    return ["roll", ...this.faces].join(" ");
  }
}

/** Just roll dice (`roll 5d6`), outside any action; the companion's dice are seeded, so it is saved. */
export class Dice extends ActionRecord {
  /** @param {string} notation */
  constructor(notation) {
    super("Dice");
    this.notation = notation;
  }

  line() {
    return `roll ${this.notation}`;
  }
}

export class Ready extends ActionRecord {
  constructor() {
    super("Ready");
  }

  line() {
    return "ready";
  }
}

export class Double extends ActionRecord {
  constructor() {
    super("Double");
  }

  line() {
    return "double";
  }
}

export class Done extends ActionRecord {
  constructor() {
    super("Done");
  }

  line() {
    return "done";
  }
}

/** Spend a backup plan: [TEAM] FACES [> NEW], as typed. */
export class Reroll extends ActionRecord {
  /** @param {string[]} tokens */
  constructor(tokens) {
    super("Reroll");
    this.tokens = tokens;
  }

  line() {
    return `reroll ${this.tokens.join(" ")}`;
  }
}

/** Correct a team's money by hand, with the reason. */
export class Adjust extends ActionRecord {
  /** @param {string} team @param {number} amount @param {string} why */
  constructor(team, amount, why) {
    super("Adjust");
    this.team = team;
    this.amount = amount;
    this.why = why;
  }

  line() {
    return `adjust ${this.team} ${this.amount >= 0 ? "+" : ""}${this.amount} ${this.why}`;
  }
}

/** Correct who holds a card: a team's name, or `board`. */
export class Give extends ActionRecord {
  /** @param {string} card @param {string} to */
  constructor(card, to) {
    super("Give");
    this.card = card;
    this.to = to;
  }

  line() {
    return `give ${this.card} ${this.to}`;
  }
}

/** The answer to the question asked: a face, `roll`, or the id of a card taken. */
export class Answer extends ActionRecord {
  /** @param {string} text */
  constructor(text) {
    super("Answer");
    this.text = text;
  }

  line() {
    return this.text;
  }
}

/** @typedef {Attack | Pass | Buy | Use | Roll | Dice | Ready | Double | Done | Reroll | Adjust | Give | Answer} ShowdownAction */
