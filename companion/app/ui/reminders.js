// Reminders: the rules players forget, said at the moment they apply. Each game's list is in its data
// (`reminders` in cards/<game>.toml: an id, the moment it is said `when`, its text in both languages);
// the moments are told here from the table's status (the same JSON as `status --json`) before and
// after a step, so the words stay with the rules' data and out of the engines' narration.

import { h } from "./dom.js";

/**
 * A reminder as a game's data gives it.
 * @typedef {{id: string, when: string, text: Record<string, string>}} Reminder
 *
 * Whether a moment came about in one step, from the table's status before and after it.
 * @typedef {(before: any, after: any, data: any) => boolean} Moment
 */

/** @param {string} code a Famiglia card code ("R0", "G3"): its rank is its number */
const rank = (code) => Number(code.slice(1));

/** @type {Record<string, Record<string, Moment>>} */
export const MOMENTS = {
  famiglia: {
    second_pass: (before, after) => before.pass === 1 && after.pass === 2,
    last_round: (before, after) => !before.ending && after.ending,
    robot_takes_the_best: (before, after, data) => !hasTargets(before, data) && hasTargets(after, data) && !after.over,
  },
  terror24: {
    events_turn_up: (before, after) => before.phase !== "reveal" && after.phase === "reveal",
    styles_switch: (before, after) => playing(before) && playing(after)
      && after.seats.some((/** @type {any} */ seat, /** @type {number} */ i) => seat.style !== before.seats[i].style),
    out_of_bids: (before, after, data) => playing(before) && after.phase !== "over" && after.seats.some(
      (/** @type {any} */ seat, /** @type {number} */ i) => !seat.npc && seat.hand.length < data.rules.bid_cards
        && before.seats[i].hand.length >= data.rules.bid_cards),
    life_or_death: (before, after) => before.phase !== "check" && after.phase === "check",
  },
  "hitmans-showdown": {
    week_starts: (before, after) => after.week > before.week && !after.over,
    hitman_attacks_open: (before, after, data) => {
      const opens = data.weeks.find((/** @type {any} */ w) => w.events.includes("open_hitman_attacks"));
      return Boolean(opens) && before.week < opens.week && after.week >= opens.week && !after.over;
    },
    penalty_waits: (before, after) => {
      if (after.over || after.action !== null) return false;
      if (before.action === null && before.turn === after.turn) return false; // not a new turn
      const team = after.teams.find((/** @type {any} */ t) => t.name === after.turn);
      const pending = team?.pending;
      return Boolean(pending && (pending.total || pending.dice || pending.barred.length));
    },
    defence_begins: (before, after) => before.action?.stage !== "defend" && after.action?.stage === "defend",
  },
};

/** @param {any} status a 24 status: the rounds are under way (not the setup) */
function playing(status) {
  return status.phase !== "setup";
}

/**
 * Whether the Famiglia robot holds its level's target of every rank it collects (step 5 comes next).
 * @param {any} status
 * @param {any} data
 */
function hasTargets(status, data) {
  const level = data.levels.find((/** @type {any} */ l) => l.level === status.level);
  if (!level) return false;
  const ranks = status.robot.map(rank);
  return level.targets.every((/** @type {number} */ target, /** @type {number} */ r) =>
    ranks.filter((/** @type {number} */ x) => x === r).length >= target);
}

/**
 * The moments one step brought about.
 * @param {string} game
 * @param {any} before the table's status before the step
 * @param {any} after its status after
 * @param {any} data the game's data
 * @returns {string[]}
 */
export function moments(game, before, after, data) {
  const tests = MOMENTS[game] ?? {};
  return Object.keys(tests).filter((name) => tests[name](before, after, data));
}

/**
 * The game's reminders due after a step, in the data's order.
 * @param {string} game
 * @param {any} before
 * @param {any} after
 * @param {any} data
 * @returns {Reminder[]}
 */
export function due(game, before, after, data) {
  if (before === null) return [];
  const now = new Set(moments(game, before, after, data));
  return (/** @type {Reminder[]} */ (data.reminders ?? [])).filter((r) => now.has(r.when));
}

/**
 * The reminders' card, under "Just now".
 * @param {import("./games.js").Ctx} ctx
 * @param {Reminder[]} reminders
 */
export function remindersCard(ctx, reminders) {
  if (!reminders.length) return null;
  return h("section", { class: "card reminders", id: "reminders", "aria-labelledby": "reminders-title" },
    h("h2", { id: "reminders-title" }, ctx._("Remember")),
    h("ul", null, reminders.map((r) => h("li", { "data-reminder": r.id }, r.text[ctx.lang] ?? r.text.en))));
}
