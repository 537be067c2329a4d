// Reminders (companion/app/ui/reminders.js): each moment is told from the table's status before and
// after a step, over whole games the Python wrote, and checked against what the rules' data says
// independently (the rounds with face-down events, the schedules' switch marks, the week that opens
// hitman attacks); a moment that did not come about says nothing.
import assert from "node:assert/strict";
import { test } from "node:test";

import { loadGameData } from "../../companion/app/lib/appfile.js";
import { ui as famiglia } from "../../companion/app/ui/famiglia.js";
import { due, moments, MOMENTS } from "../../companion/app/ui/reminders.js";
import { ui as showdown } from "../../companion/app/ui/showdown.js";
import { ui as terror24 } from "../../companion/app/ui/terror24.js";
import { playFixture } from "./fixture_game.mjs";

/**
 * Each step of a fixture with the moments it brought about and the statuses around it.
 * @param {import("../../companion/app/ui/games.js").GameUI} ui
 * @param {string} name
 */
async function stepsOf(ui, name) {
  /** @type {{moments: string[], before: any, after: any, told: string[]}[]} */
  const steps = [];
  const game = await playFixture(ui, name, "en", (g) => {
    const after = g.table.status();
    steps.push({ moments: g.before ? moments(ui.id, g.before, after, g.data) : [], before: g.before, after,
      told: g.story.length ? g.story[g.story.length - 1].told : [] });
  });
  return { game, steps };
}

test("every reminder in the data names a moment the app tells, in both languages", async () => {
  for (const id of Object.keys(MOMENTS)) {
    const data = /** @type {any} */ (await loadGameData(id));
    assert.ok(data.reminders.length >= 3, `${id} has its reminders`);
    const whens = data.reminders.map((/** @type {any} */ r) => r.when);
    assert.deepEqual(new Set(whens), new Set(Object.keys(MOMENTS[id])), `${id}: every moment is used, none unknown`);
    for (const r of data.reminders) assert.ok(r.text.ja.trim() && r.text.en.trim());
  }
});

test("24: face-down rounds, the end phase's switches, the last card and the life-or-death check", async () => {
  const data = /** @type {any} */ (await loadGameData("terror24"));
  const { steps } = await stepsOf(terror24, "terror24-4p-virtual.json");
  const faceDown = data.grid.filter((/** @type {any} */ c) => c.face_down).map((/** @type {any} */ c) => c.round);
  const turnUp = steps.filter((s) => s.moments.includes("events_turn_up")).map((s) => s.after.round);
  assert.deepEqual(turnUp, faceDown, "said as each round with face-down events begins, and only then");
  // a switch is said at the end of each round whose schedule marks × for some seat, and at no other
  /** @param {number} round */
  const switches = (round) => steps[steps.length - 1].after.seats.some((/** @type {any} */ seat) => data.detectives.find(
    (/** @type {any} */ d) => d.id === seat.detective).schedule[round - 1] === data.schedule.switch_mark);
  const roundEnds = steps.filter((s) => s.before && s.before.phase !== "setup" && s.after.rounds_played > s.before.rounds_played);
  assert.equal(roundEnds.length, 7);
  for (const s of roundEnds) {
    assert.equal(s.moments.includes("styles_switch"), switches(s.after.rounds_played), `round ${s.after.rounds_played}`);
  }
  assert.ok(steps.filter((s) => s.moments.includes("styles_switch")).every((s) => roundEnds.includes(s)));
  for (const s of steps.filter((x) => x.moments.includes("out_of_bids"))) {
    assert.ok(s.after.seats.some((/** @type {any} */ seat) => !seat.npc && seat.hand.length === 1));
  }
  const checks = steps.filter((s) => s.moments.includes("life_or_death"));
  assert.equal(checks.length, 1);
  assert.equal(checks[0].after.phase, "check");
  const reminders = due("terror24", checks[0].before, checks[0].after, data);
  assert.ok(reminders.some((r) => r.id === "check"));
  assert.deepEqual(due("terror24", null, checks[0].after, data), [], "nothing before the first step");
});

test("Hitman's Showdown: a new week each week, attacks open once, a defender's preparation, a penalty waiting", async () => {
  const data = /** @type {any} */ (await loadGameData("hitmans-showdown"));
  const { steps } = await stepsOf(showdown, "showdown-2teams.json");
  const weeks = steps.filter((s) => s.moments.includes("week_starts")).map((s) => s.after.week);
  assert.deepEqual(weeks, [2, 3, 4, 5]);
  const opens = data.weeks.find((/** @type {any} */ w) => w.events.includes("open_hitman_attacks")).week;
  assert.deepEqual(steps.filter((s) => s.moments.includes("hitman_attacks_open")).map((s) => s.after.week), [opens]);
  for (const s of steps) {
    assert.equal(s.moments.includes("defence_begins"),
      s.after.action?.stage === "defend" && s.before?.action?.stage !== "defend");
  }
  const waits = steps.filter((s) => s.moments.includes("penalty_waits"));
  assert.ok(waits.length > 0);
  for (const s of waits) {
    const team = s.after.teams.find((/** @type {any} */ t) => t.name === s.after.turn);
    assert.ok(team.pending.total || team.pending.dice || team.pending.barred.length);
    assert.equal(s.after.action, null);
  }
});

test("a penalty is said when its team's turn begins, not again while the team acts", () => {
  const team = { name: "Ann", pending: { total: -3, dice: 0, skip_next_turn: false, barred: [] } };
  const other = { name: "Bob", pending: { total: 0, dice: 0, skip_next_turn: false, barred: [] } };
  const at = (/** @type {string} */ turn, /** @type {any} */ action) => ({ week: 2, over: false, turn, action, teams: [team, other] });
  const test = MOMENTS["hitmans-showdown"].penalty_waits;
  assert.equal(test(at("Bob", null), at("Ann", null), {}), true);
  assert.equal(test(at("Ann", { stage: "after" }), at("Ann", null), {}), true, "after an action taken back on the same turn");
  assert.equal(test(at("Ann", null), at("Ann", null), {}), false, "the same turn, nothing new");
  assert.equal(test(at("Ann", null), at("Bob", null), {}), false, "Bob carries nothing");
  assert.equal(test(at("Bob", null), at("Ann", { stage: "prepare" }), {}), false, "already acting");
});

test("Famiglia: the second pass, the last round and the robot's step 5, each once a game", async () => {
  const data = /** @type {any} */ (await loadGameData("famiglia"));
  const { game, steps } = await stepsOf(famiglia, "famiglia-level4-robot-first.json");
  const said = (/** @type {string} */ m) => steps.filter((s) => s.moments.includes(m));
  assert.equal(said("second_pass").length, 1);
  assert.ok(said("second_pass")[0].told.some((line) => /shuffle the discard pile/.test(line)), "where the stack ran out");
  assert.equal(said("last_round").length, 1);
  const step5 = said("robot_takes_the_best");
  assert.equal(step5.length, 1);
  const level = data.levels.find((/** @type {any} */ l) => l.level === 4);
  /** @param {any} status @param {number} r */
  const have = (status, r) => status.robot.filter((/** @type {string} */ c) => Number(c.slice(1)) === r).length;
  assert.ok(level.targets.every((/** @type {number} */ t, /** @type {number} */ r) => have(step5[0].after, r) >= t));
  assert.ok(level.targets.some((/** @type {number} */ t, /** @type {number} */ r) => have(step5[0].before, r) < t));
  assert.ok(game.table.isOver());
});
