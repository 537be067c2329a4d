// Rolling on a penalty table after a loss, with the faction twists read from the data
// (companion/showdown/penalties.py): the faction's own table for that kind of loss, its number of rolls;
// a perfect escape route cancels the whole penalty before any roll.

import { Said } from "../lib/speech.js";
import { text } from "./cards.js";

/**
 * One row rolled, as the Python's Effect record.
 * @typedef {{type: "Effect", id: string, roll: number, text: import("./cards.js").TypedText, amount: number,
 *            money_roll: number[], value: number}} Effect
 * @typedef {{table: string, cancelled: boolean, effects: Effect[]}} Penalty
 */

/**
 * @param {import("./cards.js").ShowdownData} data
 * @param {import("./cards.js").Faction | null} faction
 * @param {"mafia" | "hitman"} loss
 */
export function tableId(data, faction, loss) {
  if (faction !== null) return loss === "mafia" ? faction.twists.mafia_loss_table : faction.twists.hitman_loss_table;
  return loss === "hitman" ? data.hitman_attack.loss_table : data.rules.mafia_loss_table;
}

/**
 * The row of `table` for a face.
 * @param {import("./cards.js").PenaltyTable} table
 * @param {number} face
 */
export function rowFor(table, face) {
  const row = table.rows.find((r) => r.faces.includes(face));
  if (row === undefined) throw new RangeError(`no row for face ${face}`);
  return row;
}

/**
 * The penalty as far as the feeder's faces go; throws NeedRoll (from the feeder) when a face is missing.
 * @param {import("./cards.js").ShowdownData} data
 * @param {import("./cards.js").Faction | null} faction
 * @param {"mafia" | "hitman"} loss
 * @param {import("./chance.js").Feeder} feeder
 * @param {boolean} [escape]
 * @returns {Penalty}
 */
export function resolve(data, faction, loss, feeder, escape = false) {
  const name = tableId(data, faction, loss);
  if (escape) return { table: name, cancelled: true, effects: [] };
  const table = data.penalty_tables[name];
  const times = faction !== null ? faction.twists.penalty_rolls : 1;
  /** @type {Effect[]} */
  const effects = [];
  for (let n = 0; n < times; n++) {
    const which = times === 1 ? new Said("penalty roll") : new Said("penalty roll {n} of {times}", { n: n + 1, times });
    const [face] = feeder.take(which);
    const row = rowFor(table, face);
    let amount = 0;
    /** @type {number[]} */
    let money = [];
    if (row.effect === "lose_money") {
      if (row.dice) {
        money = feeder.take(new Said("money lost ({dice}d6 × {times})", { dice: row.dice, times: row.times }), row.dice);
        amount = money.reduce((a, b) => a + b, 0) * /** @type {number} */ (row.times);
      } else {
        amount = /** @type {number} */ (row.amount);
      }
    }
    effects.push({ type: "Effect", id: row.effect, roll: face, text: text(row.text), amount, money_roll: money,
      value: row.value || 0 });
  }
  return { table: name, cancelled: false, effects };
}
