// A game of Famiglia on the one protocol (lib/engine.js) — line for line the Python's
// companion/famiglia/match.py: whose move it is, the legal actions, a line → its action, applying one
// whole or not at all, and the outcome, in front of the rules (engine.js's Game).
//
// newGame(data, {level, first}) → a Match, which is an Engine. Its events are what the rules' steps told
// while they carried the action out: returned, the game keeps none.

import { CHANCE, NOBODY, PLAYER as PLAYER_KIND, RuleError, applyWhole, pySplit, ranked } from "../lib/engine.js";
import { isWhole, whole } from "../lib/numbers.js";
import { N_ } from "../lib/words.js";
import { DRAW_FIRST, Game, NO_DRAW, OVER, PLAYER, ROBOT, Rules, best, draw, end, refresh, take } from "./engine.js";

/** @typedef {import("../lib/engine.js").GameEvent} GameEvent */
/** @typedef {import("../lib/engine.js").Action} Action */

export class Match {
  /** @param {Game} game */
  constructor(game) {
    this.game = game;
  }

  /** An independent copy to try an action on. */
  clone() {
    return new Match(this.game.clone());
  }

  // ---- whose move, what is legal -----------------------------------------------------------------

  /** @returns {import("../lib/engine.js").Mover} */
  toMove() {
    const g = this.game;
    if (g.over) return { kind: NOBODY, who: "" };
    if (g.pending) return { kind: CHANCE, who: "card" };
    return { kind: PLAYER_KIND, who: g.turn }; // the robot plays at once: only draws keep it waiting
  }

  /** @returns {Action[]} */
  legalActions() {
    const g = this.game;
    const mover = this.toMove();
    if (mover.kind === NOBODY) return [];
    if (mover.kind === CHANCE) return g.mayComeUp().map((c) => draw([g.rules.codes[c]]));
    const positions = g.street.map((_, pos) => pos);
    const refreshes = g.refreshBlock() === null ? positions.map(refresh) : [];
    return [...positions.map(take), ...refreshes, end()];
  }

  // ---- a line → its action -----------------------------------------------------------------------

  /**
   * @param {string} line
   * @returns {Action}
   */
  parse(line) {
    const g = this.game;
    const words = pySplit(line);
    if (g.over) throw new RuleError(OVER);
    if (g.pending) {
      if (["take", "refresh", "end"].includes(words[0].toLowerCase())) {
        throw new RuleError(DRAW_FIRST, { n: g.drawCount() });
      }
      return draw(words.map((word) => g.rules.codes[this.cardOf(word)]));
    }
    const word = words[0].toLowerCase();
    const arg = words.slice(1).join(" ");
    if (word === "end" && !arg) return end();
    if (word === "take" || word === "refresh") {
      g.checkPlayerTurn();
      const pos = this.position(word, arg);
      return word === "take" ? take(pos) : refresh(pos);
    }
    throw new RuleError(N_("unknown command {word!r}; on your turn: refresh N|CODE, take N|CODE, end"),
      { word: line });
  }

  /**
   * @param {string} token
   * @returns {number}
   */
  cardOf(token) {
    const rules = this.game.rules;
    const card = rules.card(token);
    if (card === undefined) {
      throw new RuleError(N_("{token!r} is not a card code: a family letter ({families}) and a rank 0–{top}, "
        + "e.g. {example}"), {
        token,
        families: rules.data.families.map((f) => f.code).join("/"),
        top: rules.ranks - 1,
        example: rules.example(2)[1],
      });
    }
    return card;
  }

  /**
   * The Street position a take or refresh names, by number (from 1) or by card code.
   * @param {string} word
   * @param {string} arg
   */
  position(word, arg) {
    if (isWhole(arg)) return /** @type {number} */ (whole(arg)) - 1;
    const g = this.game;
    const codes = g.rules.codes;
    if (!arg || arg.includes(" ")) {
      const example = g.street.length ? codes[g.street[0]] : g.rules.example(1)[0];
      throw new RuleError(N_("say which Street card: {word} N (position 1–{size}) or {word} CODE (e.g. "
        + "{example})"), { word, size: g.street.length, example });
    }
    const card = this.cardOf(arg);
    const found = g.street.map((c, i) => (c === card ? i : -1)).filter((i) => i >= 0);
    if (!found.length) throw new RuleError(N_("{card} is not on the Street"), { card: codes[card] });
    if (found.length > 1) {
      throw new RuleError(N_("{card} is on the Street more than once (positions {positions}): say which "
        + "position"), { card: codes[card], positions: found.map((i) => i + 1) });
    }
    return found[0];
  }

  // ---- apply -------------------------------------------------------------------------------------

  /**
   * Carry out `action` whole or not at all (lib/engine.js); the events it brought about.
   * @param {Action} action
   * @returns {GameEvent[]}
   */
  apply(action) {
    const { state, events } = applyWhole(this, (trial) => trial.carryOut(action));
    this.game = state.game;
    return events;
  }

  /**
   * `apply` without the copy: what the rules' steps told while they carried `action` out.
   * @param {Action} action
   * @returns {GameEvent[]}
   */
  carryOut(action) {
    const g = this.game;
    const said = g.listen();
    switch (action.type) {
      case "Draw": {
        const codes = /** @type {string[]} */ (action.codes);
        if (!g.pending || g.over) throw new RuleError(NO_DRAW);
        if (codes.length > g.drawCount()) {
          throw new RuleError(N_("{n} card(s) were to be drawn, you typed {got}"),
            { n: g.drawCount(), got: codes.length });
        }
        for (const code of codes) g.drawCard(this.cardOf(code));
        break;
      }
      case "Take": g.playerTake(/** @type {number} */ (action.pos)); break;
      case "Refresh": g.playerRefresh(/** @type {number} */ (action.pos)); break;
      case "End": g.playerEnd(); break;
      default: throw new TypeError(`not a Famiglia action: ${action.type}`);
    }
    g.stopListening();
    return said;
  }

  // ---- the end -----------------------------------------------------------------------------------

  /** @returns {import("../lib/engine.js").Outcome | null} */
  outcome() {
    const g = this.game;
    if (!g.over) return null;
    const [winner, achievement] = g.result();
    const vp = g.rules.vp;
    /** @type {[string, number, number[]][]} */
    const keys = [[PLAYER, g.player], [ROBOT, g.robot]].map(([who, cards]) => {
      const held = /** @type {number[]} */ (cards);
      const score = g.score(/** @type {string} */ (who));
      return [/** @type {string} */ (who), score, [score, best(held.map((c) => vp[c]))]];
    });
    return {
      how: "score",
      winners: winner === "draw" ? [] : [winner],
      figures: achievement === null ? {} : { achievement },
      ranking: ranked(keys),
    };
  }
}

/**
 * A new game (the protocol's entry point): the data of data/famiglia.json, the options of a game file.
 * @param {import("./engine.js").FamigliaData} data
 * @param {{level?: number, first?: string}} [options]
 * @param {number} [_seed] Famiglia draws nothing by itself: every card is typed (or drawn by the caller)
 * @returns {Match}
 */
export function newGame(data, options = {}, _seed = 0) {
  return new Match(new Game(new Rules(data, options.level ?? data.rulebook_level), options.first ?? PLAYER));
}
