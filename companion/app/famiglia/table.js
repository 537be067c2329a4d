// The Famiglia table (companion/famiglia/repl.py): a typed line → the engine's action → its events in
// words; a refused line changes nothing and says why; the state as the JSON `status --json` prints.

import { InputError, RuleError } from "../lib/engine.js";
import { Game, PLAYER, ROBOT, Rules } from "./engine.js";
import { Match } from "./match.js";
import { Talk } from "./talk.js";

export class FamigliaTable {
  /**
   * @param {Rules} rules
   * @param {string} first
   * @param {import("../lib/words.js").Words} words
   */
  constructor(rules, first, words) {
    this.rules = rules;
    this.match = new Match(new Game(rules, first));
    this.talk = new Talk(rules, words);
    /** @type {string[]} what each accepted line brought about, for `history` */
    this.notes = [];
  }

  /** The rules' state as it stands (the match keeps the latest copy). */
  get game() {
    return this.match.game;
  }

  prompt() {
    const g = this.game;
    return g.pending ? this.talk._("cards drawn ({n})>", { n: g.drawCount() }) : this.talk._("your turn>");
  }

  /** The next line answers the last one (drawn cards): it joins that line's journal entry. */
  awaitingAnswer() {
    return Boolean(this.game.pending) && !this.game.over;
  }

  /**
   * Apply one line; what the table is told. A refusal is an InputError.
   * @param {string} line
   * @returns {string[]}
   */
  handle(line) {
    let events;
    try {
      events = this.match.apply(this.match.parse(line));
    } catch (e) {
      if (e instanceof RuleError) {
        throw new InputError(e.said().text(this.talk.speech), e);
      }
      throw e;
    }
    this.notes.push(this.talk.recap(events));
    const g = this.game;
    return [...this.talk.narrate(events), ...this.talk.board(g), ...this.talk.nextLines(g)];
  }

  /** Every legal action as a page offers it. */
  choices() {
    return this.talk.choices(this.match);
  }

  outcome() {
    return this.match.outcome();
  }

  status() {
    const g = this.game;
    const codes = this.rules.codes;
    const [winner, achievement] = g.over ? g.result() : [null, null];
    /** @param {number[]} cards */
    const named = (cards) => cards.map((c) => codes[c]);
    return {
      street: named(g.street), robot: named(g.robot), player: named(g.player), discard: named(g.discard),
      draw_stack: g.stackN, under_stack: named(g.bottom), pass: g.passno, turn: g.turn, first: g.first,
      level: this.rules.level, awaiting_cards: g.pending && !g.over ? g.drawCount() : 0,
      scores: { robot: g.score(ROBOT), player: g.score(PLAYER) },
      over: g.over, ending: g.ending, winner, achievement,
    };
  }

  describe() {
    return this.talk.describe(this.game);
  }

  /** The game's own commands and the robot's program (the table's commands are said after them). */
  help() {
    return this.talk.help();
  }

  /** A rematch keeps nothing of this game: a level and who goes first are chosen anew. */
  rematchEntries() {
    return 0;
  }

  isOver() {
    return this.game.over;
  }

  /** Setup instructions for a new game, then what is asked first. */
  opening() {
    return [...this.talk.opening(), ...this.talk.nextLines(this.game)];
  }
}

/**
 * A table for a game file's options.
 * @param {import("./engine.js").FamigliaData} data
 * @param {{level?: number, first?: string}} options
 * @param {import("../lib/words.js").Words} words
 */
export function newTable(data, options, words) {
  return new FamigliaTable(new Rules(data, options.level ?? data.rulebook_level), options.first ?? PLAYER, words);
}
