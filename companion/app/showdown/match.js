// A game of Hitman's Showdown on the engine shape (lib/engine.js), as companion/showdown/match.py plays
// it: whose move it is, the legal actions, a line → its action, applying one whole or not at all, and the
// outcome. `apply` returns the rules' typed events (rules.js); the narration words them.

import { CHANCE, NOBODY, PLAYER, ranked } from "../lib/engine.js";
import { isWhole, signed, whole } from "../lib/numbers.js";
import { casefold, pySplit, pyStrip } from "../lib/pystr.js";
import { Said, Speech } from "../lib/speech.js";
import { NotFound, findCard, findItem } from "./cards.js";
import { SIDES, parseFaces, parseNotation, roll } from "./dice.js";
import { Adjust, Answer, Attack, Buy, Dice, Done, Double, Give, Pass, Ready, Reroll, Roll, Use } from "./moves.js";
import { RuleError } from "./state.js";

/**
 * @typedef {import("./moves.js").ShowdownAction} ShowdownAction
 * @typedef {import("./rules.js").GameEvent} GameEvent
 * @typedef {import("./rules.js").Game} Game
 * @typedef {import("../lib/engine.js").Mover} Mover
 * @typedef {import("../lib/engine.js").Outcome} Outcome
 */

/** A help line as a refusal quotes it: its columns' padding squeezed to single spaces. */
export class Usage extends Said {
  /** @param {Speech} speech */
  text(speech) {
    return pySplit(super.text(speech)).join(" ");
  }
}

// The usage lines a refused command is answered with (the table's help, translated when shown).
export const HELP_LINES = [
  "attack CARD|TEAM     attack a mafia card on the board (SQ, ♡K, JOKER-BLACK) or a team (week {week} on)",
  "pass                 let the turn go",
  "buy ITEM [N]         weapon, backup, escape, closing (N times); while preparing",
  "use CARD [CARD] [CHOICES]  a held card's effect; two cards at once for a pair (use H3 D4)",
  "                     choices, in the card's order: extra die rolled after the roll: a face or ?;",
  "                     set a die: OLD>NEW; add a die of a face / copy a die: the face",
  "roll [FACES]         roll the action's dice: type your faces, or nothing to let the companion roll",
  "roll 5d6             just roll dice",
  "ready                hitman attack: the attacker, then the defender, is done preparing",
  "reroll [TEAM] FACES [> NEW]  spend a backup plan on the dice showing FACES",
  "double               Blood Diamond: double this reward",
  "done                 settle the action (the companion then asks for any penalty or theft roll)",
  "adjust TEAM ±N WHY   correct a team's money;  give CARD TEAM|board  correct who holds a card",
  "questions            answer with the face you rolled, 'roll' to let the companion roll, or a card id",
];

export class Match {
  /** @param {Game} engine */
  constructor(engine) {
    this.engine = engine;
  }

  /** An independent copy to try an action on. */
  clone() {
    return new Match(this.engine.clone());
  }

  // ---- whose move ----

  question() {
    const action = this.engine.action;
    return action !== null ? action.question : null;
  }

  /** @returns {Mover} */
  toMove() {
    const e = this.engine;
    if (e.over) return { kind: NOBODY, who: "" };
    const action = e.action;
    if (action === null) return { kind: PLAYER, who: e.current.name };
    if (action.question !== null) {
      if (action.winner && action.stolen.length < e.cardsToSteal(action)) {
        return { kind: PLAYER, who: action.winner }; // the winner picks the card taken
      }
      return { kind: CHANCE, who: "dice" };
    }
    if (action.stage === "roll") return { kind: CHANCE, who: "dice" };
    if (action.stage === "defend") return { kind: PLAYER, who: action.sides[1].team };
    return { kind: PLAYER, who: action.attacker.team };
  }

  // ---- the legal actions ----

  /**
   * Every action worth trying now, each named once (the rules then decide which are legal).
   * @returns {ShowdownAction[]}
   */
  candidates() {
    const e = this.engine;
    if (e.over) return [];
    const action = e.action;
    if (action === null) {
      return [...e.board.map((card) => new Attack(card)),
        ...e.alive().filter((t) => t !== e.current).map((t) => new Attack(t.name)), new Pass()];
    }
    if (action.question !== null) {
      if (action.winner && action.stolen.length < e.cardsToSteal(action)) {
        return e.teams[action.target].cards.map((card) => new Answer(card));
      }
      return [...Array.from({ length: SIDES }, (_, i) => new Answer(String(i + 1))), new Answer("roll")];
    }
    const held = action.sides.flatMap((side) => e.teams[side.team].cards);
    const uses = held.map((card) => new Use([card]));
    const buys = () => e.rulebook.preparation.map((item) => new Buy(item.id));
    /** @type {Record<string, () => ShowdownAction[]>} */
    const steps = {
      prepare: () => [...buys(), new Ready(), new Roll(), new Double()],
      defend: () => [...buys(), new Ready()],
      roll: () => [new Roll(), new Double()],
      after: () => [new Done(), new Double()],
    };
    return [...steps[action.stage](), ...uses];
  }

  /**
   * The candidates the rules accept now, found by trying each on a copy: no rule is written twice.
   * @returns {ShowdownAction[]}
   */
  legalActions() {
    return this.candidates().filter((action) => this.accepts(action));
  }

  /** @param {ShowdownAction} action */
  accepts(action) {
    return this.refusal(action) === null;
  }

  /**
   * Why the rules refuse `action` now (null: they accept it), found on a copy thrown away.
   * @param {ShowdownAction} action
   * @returns {RuleError | null}
   */
  refusal(action) {
    try {
      this.clone().carryOut(action);
    } catch (e) {
      if (e instanceof RuleError) return e;
      throw e;
    }
    return null;
  }

  // ---- a line → its action ----

  /**
   * The action a typed line names, or RuleError saying what to type.
   * @param {string} line
   * @returns {ShowdownAction}
   */
  parse(line) {
    const e = this.engine;
    if (this.question() !== null) return new Answer(pyStrip(line));
    const [first, ...args] = pySplit(line);
    if (first === undefined) throw new RangeError("an empty line"); // the table never passes one
    const word = first.toLowerCase();
    if (word === "attack" && args.length) return new Attack(this.target(args.join(" "))); // a team name may have spaces
    if (word === "pass" && !args.length) return new Pass();
    if (word === "buy" && args.length && args.length <= 2 && (args.length === 1 || isWhole(args[1]))) {
      return new Buy(this.item(args[0]), args.length === 2 ? /** @type {number} */ (whole(args[1])) : 1);
    }
    if (word === "use" && args.length) return new Use([this.card(args[0]), ...args.slice(1)]);
    if (word === "roll") {
      if (args.length === 1 && /[dD]/.test(args[0])) return new Dice(args[0].toLowerCase());
      return new Roll(parseFaces(args));
    }
    if (word === "reroll" && args.length) return new Reroll(args);
    if (word === "ready" && !args.length) return new Ready();
    if (word === "double" && !args.length) return new Double();
    if (word === "done" && !args.length) return new Done();
    if (word === "adjust" && args.length >= 3 && signed(args[1]) !== null) {
      return new Adjust(args[0], /** @type {number} */ (signed(args[1])), args.slice(2).join(" "));
    }
    if (word === "give" && args.length === 2) return new Give(args[0], args[1]);
    const usage = HELP_LINES.find((h) => pySplit(h).includes(word));
    if (usage) {
      const week = e.firstWeekWith("open_hitman_attacks");
      throw new RuleError("write it like this: {usage}", { usage: new Usage(usage, { week }) });
    }
    throw new RuleError("not understood: {line!r}", { line });
  }

  /**
   * A team's name or a card's id as the engine writes it; anything else as typed (refused later, in the
   * order the rules ask: an attack first needs the turn).
   * @param {string} typed
   */
  target(typed) {
    const team = Object.values(this.engine.teams).find((t) => casefold(t.name) === casefold(typed));
    return team ? team.name : this.card(typed);
  }

  /** @param {string} typed */
  card(typed) {
    try {
      return findCard(this.engine.rulebook, typed).id;
    } catch (e) {
      if (e instanceof NotFound) return typed;
      throw e;
    }
  }

  /** @param {string} typed */
  item(typed) {
    try {
      return findItem(this.engine.rulebook, typed).id;
    } catch (e) {
      if (e instanceof NotFound) return typed;
      throw e;
    }
  }

  // ---- apply ----

  /**
   * Carry `action` out on a copy, kept only if the rules accept all of it; its events.
   * @param {ShowdownAction} action
   * @returns {GameEvent[]}
   */
  apply(action) {
    const trial = this.clone();
    const said = trial.carryOut(action);
    this.engine = trial.engine;
    return said;
  }

  /**
   * `apply` without the copy, for a caller that discards the game when a line is refused (the table
   * rebuilds it from the journal) or only replays lines accepted before.
   * @param {ShowdownAction} action
   * @returns {GameEvent[]}
   */
  carryOut(action) {
    const e = this.engine;
    if (action instanceof Answer) return e.answer(action.text);
    if (action instanceof Attack) return e.attack(action.target);
    if (action instanceof Pass) return e.passTurn();
    if (action instanceof Buy) return e.buy(action.item, action.times);
    if (action instanceof Use) return e.use([...action.tokens]);
    if (action instanceof Dice) {
      return [{ type: "JustRolled", notation: action.notation, faces: roll(e.rng, parseNotation(action.notation)) }];
    }
    if (action instanceof Roll) return e.rollAction(action.faces.length ? [...action.faces] : null);
    if (action instanceof Reroll) return e.reroll([...action.tokens]);
    if (action instanceof Ready) return e.ready();
    if (action instanceof Double) return e.double();
    if (action instanceof Done) return e.done();
    if (action instanceof Adjust) return e.adjust(action.team, action.amount, action.why);
    if (action instanceof Give) return e.give(action.card, action.to);
    throw new TypeError(`not a Hitman's Showdown action: ${JSON.stringify(action)}`);
  }

  // ---- the end ----

  /** @returns {Outcome | null} */
  outcome() {
    const e = this.engine;
    if (!e.over) return null;
    const teams = e.order.map((name) => e.teams[name]);
    const places = ranked(teams.map((t) => /** @type {[string, number, number[]]} */ (
      [t.name, t.money, [t.out ? 0 : 1, t.money]])));
    return { how: "showdown", winners: e.showdown ? [...e.showdown.winners] : [], figures: {}, ranking: places };
  }
}
