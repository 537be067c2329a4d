// The 24 table (companion/terror24/repl.py): a typed line → the engine's action → its events in words;
// a refused line changes nothing and says why; the prompt, the table for `status` and its JSON.

import { newGame } from "./engine.js";
import { Narration, status } from "./talk.js";
import { InputError } from "../lib/engine.js";
import { RuleError } from "./refusal.js";

/** The setup answers a rematch keeps. */
const REMATCH_KEEPS = ["players", "styles", "npc"];

export class Terror24Table {
  /**
   * @param {import("./match.js").Match} match
   * @param {import("../lib/words.js").Words} words
   */
  constructor(match, words) {
    this.match = match;
    this.words = words;
    this.narration = new Narration(match, words);
  }

  prompt() {
    return this.narration.prompt();
  }

  /** Every line is one action: undo takes back exactly one. */
  awaitingAnswer() {
    return false;
  }

  /**
   * Apply one line; what the table is told: the setup answer it gave, then its events. A refusal is
   * an InputError.
   * @param {string} line
   * @returns {string[]}
   */
  handle(line) {
    const asked = this.match.game === null ? this.match.setupStep() : null;
    let events;
    try {
      events = this.match.apply(this.match.parse(line));
    } catch (e) {
      if (e instanceof RuleError) throw new InputError(e.text(this.words), e);
      throw e;
    }
    return this.narration.said(asked, events);
  }

  /** Every legal action as a page offers it, and the forms to fill. */
  choices() {
    return this.narration.choices();
  }

  outcome() {
    return this.match.outcome();
  }

  status() {
    return status(this.match);
  }

  describe() {
    return this.narration.describe();
  }

  /** The game's own commands (the table's are said after them). */
  help() {
    return this.narration.help();
  }

  /**
   * The journal's first entries a rematch plays again: who sits where, their styles, the NPC's seat
   * (each one entry, answered in that order); the chief and the event grid are new.
   */
  rematchEntries() {
    return REMATCH_KEEPS.filter((step) => step in this.match.answers).length;
  }

  isOver() {
    return this.match.game !== null && this.match.game.isOver();
  }

  /** Nothing is said before the first question (the prompt asks it). */
  opening() {
    return [];
  }
}

/**
 * A table for a game file's options (`npc_deck`: "virtual", the default, or "physical") and seed.
 * @param {import("./rules.js").Terror24Data} data
 * @param {{npc_deck?: string}} options
 * @param {import("../lib/words.js").Words} words
 * @param {number} seed
 */
export function newTable(data, options, words, seed) {
  return new Terror24Table(newGame(data, options, seed), words);
}
