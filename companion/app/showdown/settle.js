// After the dice: the loser's penalty or the winner's theft, settled as far as the answers typed so far
// allow; what is still missing becomes the action's question (companion/showdown/settle.py).

import { Said } from "../lib/speech.js";
import { itemDoing, text } from "./cards.js";
import { Feeder, NeedRoll } from "./chance.js";
import { resolve } from "./penalties.js";
import { fmt } from "./pool.js";

/**
 * @typedef {import("./rules.js").Game} Game
 * @typedef {import("./rules.js").GameEvent} GameEvent
 * @typedef {import("./state.js").Fight} Fight
 */

// The penalty effects that change the team's next action, and what their row's `value` is added to
// (NEXT_ACTION_EFFECTS of the data's model).
const NEXT_ACTION_EFFECTS = /** @type {Record<string, string>} */ ({ total_minus_3: "total", plus_one_die: "dice" });

/**
 * Settle the game's action as far as its answers allow; ask for what is missing.
 * @param {Game} game
 * @returns {GameEvent[]}
 */
export function settle(game) {
  const action = /** @type {Fight} */ (game.action);
  if (action.winner) return theft(game, action);
  const team = game.teams[/** @type {string} */ (action.loser)];
  const side = /** @type {import("./state.js").Side} */ (action.side(team.name));
  let penalty;
  try {
    penalty = resolve(game.rulebook.data, game.faction(team), action.kind, new Feeder(action.answers), side.escape);
  } catch (e) {
    if (!(e instanceof NeedRoll)) throw e;
    return ask(action, new Said("{team}: {what} (1d6: type the face, or 'roll')", { team: team.name, what: e.what }),
      e.count);
  }
  return [...penaltyEvents(game, team, penalty), ...game.endTurn()];
}

/**
 * @param {Fight} action
 * @param {Said} question
 * @param {number} [count]
 * @returns {GameEvent[]}
 */
function ask(action, question, count = 1) {
  action.question = question;
  action.asked = count;
  return [{ type: "Asked", question }];
}

/**
 * @param {Game} game
 * @param {import("./state.js").Team} team
 * @param {import("./penalties.js").Penalty} penalty
 * @returns {GameEvent[]}
 */
function penaltyEvents(game, team, penalty) {
  if (penalty.cancelled) {
    return [{ type: "PenaltyCancelled", team: team.name, item: text(itemDoing(game.rulebook, "cancel_penalty").name) }];
  }
  const table = text(game.rulebook.data.penalty_tables[penalty.table].name);
  /** @type {GameEvent[]} */
  const out = [];
  for (const effect of penalty.effects) {
    out.push({ type: "PenaltyRolled", team: team.name, table, effect });
    if (effect.id === "lose_money") {
      out.push(...game.book(team.name, -effect.amount, new Said("penalty ({table})", { table })));
    } else if (effect.id === "skip_next_turn") {
      team.skip = true;
    } else if (effect.id === "no_attack_same_target") {
      team.barred.add(/** @type {Fight} */ (game.action).target);
    } else if (NEXT_ACTION_EFFECTS[effect.id] === "total") {
      team.nextTotal += effect.value;
    } else if (NEXT_ACTION_EFFECTS[effect.id] === "dice") {
      team.nextDice += effect.value;
    }
  }
  return out;
}

/**
 * @param {Game} game
 * @param {Fight} action
 * @returns {GameEvent[]}
 */
function theft(game, action) {
  const thief = game.teams[/** @type {string} */ (action.winner)];
  const victim = game.teams[action.target];
  const rules = game.rulebook.data.hitman_attack;
  if (action.stolen.length < game.cardsToSteal(action)) {
    const stealable = victim.cards.filter((c) => game.rulebook.card(c).role.stealable);
    const choices = stealable.filter((c) => !action.stolen.includes(c)).join(" ");
    return ask(action, new Said("{team} takes a card from {victim} ({choices}): type its id",
      { team: thief.name, victim: victim.name, choices }));
  }
  const robbed = game.rulesVersion < 3 || victim.money > lostWith(game, action.stolen);
  /** @type {number[]} */
  let faces = [];
  try {
    const what = new Said("money taken ({dice}d6 × {times})", { dice: rules.money_dice, times: rules.money_times });
    faces = robbed ? new Feeder(action.answers).take(what, rules.money_dice) : [];
  } catch (e) {
    if (!(e instanceof NeedRoll)) throw e;
    return ask(action, new Said("{team}: {what} (type the face, or 'roll')", { team: thief.name, what: e.what }),
      e.count);
  }
  /** @type {GameEvent[]} */
  const out = [];
  for (const cardId of action.stolen) {
    victim.cards.splice(victim.cards.indexOf(cardId), 1);
    thief.cards.push(cardId);
    out.push({ type: "Stole", team: thief.name, card: cardId, victim: victim.name });
    for (const op of game.rulebook.card(cardId).role.effect?.ops ?? []) {
      if (op.kind === "lose_money_when_taken") {
        out.push(...game.book(victim.name, -op.amount, new Said("{card} taken", { card: game.cardName(cardId) })));
      }
    }
  }
  if (robbed) {
    const amount = Math.min(faces.reduce((a, b) => a + b, 0) * rules.money_times, victim.money);
    out.push(...game.book(victim.name, -amount,
      new Said("robbed by {team} (rolled {faces})", { team: thief.name, faces: fmt(faces) })));
    out.push(...game.book(thief.name, amount, new Said("taken from {victim}", { victim: victim.name })));
  }
  return [...out, ...game.endTurn()];
}

/**
 * What a victim loses with the cards taken from it (the Godfather's), before any robbery.
 * @param {Game} game
 * @param {string[]} cards
 */
function lostWith(game, cards) {
  let lost = 0;
  for (const card of cards) {
    for (const op of game.rulebook.card(card).role.effect?.ops ?? []) {
      if (op.kind === "lose_money_when_taken") lost += op.amount;
    }
  }
  return lost;
}
