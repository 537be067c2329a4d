// Hitman's Showdown's JavaScript rules on their own (the conformance run, tests/companion/conformance/test_conformance.py, holds
// them to the Python line by line): a refused line changes nothing and names its key and arguments; the
// ruling's version decides whether a use that can do nothing is refused; a lost mafia attack asks for its
// penalty die by die; every listed action parses back from its line over whole seeded games; and the rules
// follow the game's data (a penalty entry changed in the JSON changes what a loss costs).
import assert from "node:assert/strict";
import { test } from "node:test";

import { loadGameData } from "../../companion/app/lib/appfile.js";
import { Random } from "../../companion/app/lib/random.js";
import { Rulebook } from "../../companion/app/showdown/cards.js";
import { duel, mafiaCard, run } from "../../companion/app/showdown/check.js";
import { newGame } from "../../companion/app/showdown/engine.js";
import { MAX_MONEY } from "../../companion/app/showdown/rules.js";
import { RuleError } from "../../companion/app/showdown/state.js";

const data = /** @type {any} */ (await loadGameData("hitmans-showdown"));

/** A faction of the data whose team rolls its starting dice and one penalty on the common table. */
const plain = /** @type {string} */ (Object.entries(data.factions).find(([, f]) => {
  const t = /** @type {any} */ (f).twists;
  return !t.extra_dice && t.penalty_rolls === 1 && t.mafia_loss_table === data.rules.mafia_loss_table;
})?.[0]);
const other = /** @type {string} */ (Object.keys(data.factions).find((f) => f !== plain));

/**
 * A game of two teams, Aki (the plain faction) first.
 * @param {{gameData?: any, rules?: number, seed?: number}} [how]
 */
function started({ gameData = data, rules = 3, seed = 7 } = {}) {
  return newGame(gameData, { teams: [{ name: "Aki", faction: plain }, { name: "Ben", faction: other }], rules }, seed);
}

/**
 * @param {import("../../companion/app/showdown/match.js").Match} m
 * @param {string[]} lines
 */
function play(m, lines) {
  return lines.flatMap((line) => m.apply(m.parse(line)));
}

/** The first card on the board of a role with a penalty, no advance, and a condition a roll of 1s fails. */
function penaltyCard() {
  const roles = Object.entries(data.roles).filter(([, r]) => /** @type {any} */ (r).penalty && !/** @type {any} */ (r).advance);
  return /** @type {string} */ (data.cards.find((/** @type {any} */ c) => roles.some(([id]) => id === c.role)).id);
}

test("a refused line names its key and arguments and changes nothing", () => {
  const m = started();
  const before = JSON.stringify(m.engine);
  const week = data.weeks.find((/** @type {any} */ w) => w.events.includes("open_hitman_attacks")).week;
  assert.throws(() => m.apply(m.parse("attack Ben")), (/** @type {RuleError} */ e) => {
    assert.ok(e instanceof RuleError);
    assert.equal(e.key, "hitman teams can be attacked from week {week} on");
    assert.deepEqual(e.args, { week });
    return true;
  });
  const [first, second] = data.cards.filter((/** @type {any} */ c) => data.roles[c.role].effect?.pair?.ops
    .some((/** @type {any} */ op) => op.kind === "set_die")).map((/** @type {any} */ c) => c.id);
  play(m, [`give ${first} Aki`, `give ${second} Aki`, `attack ${penaltyCard()}`]);
  assert.throws(() => m.apply(m.parse("buy weapon 100")), (/** @type {RuleError} */ e) => e.key === "buy 1 to {max} at a time");
  assert.throws(() => m.apply(m.parse("done")), (/** @type {RuleError} */ e) => e.key === "still preparing: buy, use, then {next}"
    && JSON.stringify(e.args) === JSON.stringify({ next: "roll" }));
  play(m, [`roll ${"1 ".repeat(m.engine.rulebook.rules.starting_dice)}`]);
  const rolled = JSON.stringify(m.engine);
  // The pair's first effect is noted before its die to set, a 5 no die shows, is refused: nothing stays.
  assert.throws(() => m.apply(m.parse(`use ${first} ${second} 5>6`)), (/** @type {RuleError} */ e) => {
    assert.equal(e.key, "{what}: no die shows {face} (dice: {dice})");
    assert.equal(/** @type {any} */ (e.args).face, 5);
    return true;
  });
  assert.equal(JSON.stringify(m.engine), rolled);
  assert.notEqual(rolled, before);
});

test("a use that can do nothing in a mafia attack is refused from the third rulings on, and spent before", () => {
  const stray = data.cards.find((/** @type {any} */ c) => data.roles[c.role].effect?.ops.every(
    (/** @type {any} */ op) => op.kind.startsWith("opponent_")) && data.roles[c.role].effect.pair).id;
  for (const [rules, refused] of /** @type {const} */ ([[3, true], [1, false]])) {
    const m = started({ rules });
    play(m, [`give ${stray} Aki`, `attack ${penaltyCard()}`]);
    if (refused) {
      assert.throws(() => m.apply(m.parse(`use ${stray}`)),
        (/** @type {RuleError} */ e) => e.key === "{label} would do nothing: it acts on the opposing dice, and a mafia attack has none");
    } else {
      const events = play(m, [`use ${stray}`]);
      assert.deepEqual(events.map((e) => [e.type, /** @type {any} */ (e).note?.change]), [["Noted", "no_opponent"], ["DiceShown", undefined]]);
      assert.equal(m.engine.uses.get(stray), 1);
    }
  }
});

test("a lost mafia attack asks for its penalty die, then the money dice, and books the loss", () => {
  const m = started();
  const card = penaltyCard();
  const count = m.engine.rulebook.rules.starting_dice;
  play(m, ["adjust Aki +50000 savings", `attack ${card}`, `roll ${"1 ".repeat(count)}`]);
  const lost = play(m, ["done"]);
  assert.deepEqual(lost.map((e) => e.type), ["Checked", "Asked"]);
  assert.deepEqual(m.toMove(), { kind: "chance", who: "dice" });
  const row = data.penalty_tables[data.rules.mafia_loss_table].rows.find((/** @type {any} */ r) => r.effect === "lose_money");
  assert.deepEqual(play(m, [String(row.faces[0])]).map((e) => e.type), ["Asked"]);
  const paid = play(m, ["2"]);
  assert.deepEqual(paid.map((e) => e.type).slice(0, 2), ["PenaltyRolled", "Booked"]);
  assert.equal(/** @type {any} */ (paid[1]).amount, -2 * row.times);
  assert.equal(m.engine.teams.Aki.money, data.rules.starting_money + 50000 - 2 * row.times);
});

test("a changed penalty entry in the game's data changes what a loss costs", () => {
  const changed = structuredClone(data);
  const row = changed.penalty_tables[changed.rules.mafia_loss_table].rows.find((/** @type {any} */ r) => r.effect === "lose_money");
  const times = row.times;
  row.times = times * 3 + 1;
  for (const [gameData, each] of [[data, times], [changed, times * 3 + 1]]) {
    const m = started({ gameData });
    const count = m.engine.rulebook.rules.starting_dice;
    const events = play(m, ["adjust Aki +50000 savings", `attack ${penaltyCard()}`, `roll ${"1 ".repeat(count)}`, "done",
      String(row.faces[0]), "1"]);
    const booked = /** @type {any} */ (events.filter((e) => e.type === "Booked")[1]);
    assert.equal(booked.amount, -each);
  }
});

test("every listed action of whole seeded games parses back from its line, and the games end in a showdown", () => {
  for (const teams of [2, 3, 4]) {
    const factions = Object.keys(data.factions).slice(0, teams);
    const m = newGame(data, { teams: factions.map((faction, i) => ({ name: `Team ${i + 1}`, faction })), rules: 3 }, teams);
    const rng = new Random(`listed:${teams}`);
    while (m.outcome() === null) {
      const listed = m.legalActions();
      for (const action of listed) assert.deepEqual(m.parse(action.line()), action);
      m.apply(rng.choice(listed));
    }
    const outcome = /** @type {import("../../companion/app/lib/engine.js").Outcome} */ (m.outcome());
    assert.equal(outcome.how, "showdown");
    assert.deepEqual(m.toMove(), { kind: "nobody", who: "" });
    assert.ok(outcome.winners.length >= 1 && outcome.ranking.length === teams);
  }
});

test("check: a card's condition after typed steps, and a duel's totals after each side's steps", () => {
  const book = new Rulebook(data);
  const result = run(book, mafiaCard(book, "H9"), [6, 6], ["weapon 3"]);
  assert.deepEqual([result.verdict.success, result.verdict.total, result.pool.notes.map((n) => n.change)],
    [true, 15, ["extra_rolled"]]);
  const fight = duel(book, [3, 4], [5, 2], ["closing"], ["backup 5>1"]);
  assert.deepEqual([fight.success, fight.attacker.total, fight.defender.total], [true, 7, 0]);
  assert.throws(() => mafiaCard(book, "HA"), (/** @type {RuleError} */ e) => e.key === "{id} ({title}) is not a mafia card; it has no condition");
});

test("a correction keeps a team's money within what both implementations count exactly", () => {
  const m = started();
  play(m, [`adjust Aki +${MAX_MONEY - data.rules.starting_money} a fortune`]);
  assert.equal(m.engine.teams.Aki.money, MAX_MONEY);
  for (const line of ["adjust Aki +1 one more", "adjust Ben +9007199254740991 the largest number a line holds"]) {
    assert.throws(() => m.apply(m.parse(line)), (/** @type {RuleError} */ e) => {
      assert.equal(e.key, "a correction cannot take a team's money above {most}");
      assert.deepEqual(JSON.parse(JSON.stringify(e.args)), { most: { type: "Money", amount: MAX_MONEY, unit: { type: "Text", ...data.money } } });
      return true;
    });
  }
  assert.equal(m.engine.teams.Ben.money, data.rules.starting_money);
});
