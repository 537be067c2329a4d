// Records (companion/app/ui/records.js): a finished game's record, in no language, and the summary's
// numbers (games played, draws, wins per player, the best scores without the robot's).
import assert from "node:assert/strict";
import { test } from "node:test";

import { ui as famiglia } from "../../companion/app/ui/famiglia.js";
import { recordOf, summarise } from "../../companion/app/ui/records.js";
import { playFixture } from "./fixture_game.mjs";

test("a finished game's record: its ranking and winners in no language, the robot marked; the summary's numbers", async () => {
  const game = await playFixture(famiglia, "famiglia-level1-player-first.json", "en");
  const saved = { ...game.saved, name: "solo", seed: 5, options: { level: 1, first: "player", lang: "en" } };
  const record = /** @type {import("../../companion/app/ui/store.js").GameRecord} */ (recordOf(saved, game.table, 1000));
  const outcome = game.table.outcome();
  assert.equal(record.id, "solo#5");
  assert.deepEqual(record.options, { level: 1, first: "player" }, "the language is not kept");
  assert.deepEqual(record.winners, outcome.winners);
  assert.deepEqual(record.ranking.map((r) => [r.who, r.score, r.bot]),
    outcome.ranking.map((/** @type {any} */ r) => [r.who, r.score, r.who === "robot"]));
  const unfinished = await playFixture(famiglia, "famiglia-undo.json", "en");
  assert.equal(recordOf(saved, unfinished.table, 1000), null, "no record before the end");

  const row = (/** @type {string} */ who, /** @type {number} */ score, bot = false) => ({ place: 0, who, score, bot });
  const records = [
    { id: "a", game: "famiglia", name: "a", finished: 1, options: {}, figures: {}, winners: ["player"], ranking: [row("player", 40), row("robot", 30, true)] },
    { id: "b", game: "famiglia", name: "b", finished: 2, options: {}, figures: {}, winners: ["robot"], ranking: [row("robot", 50, true), row("player", 45)] },
    { id: "c", game: "famiglia", name: "c", finished: 3, options: {}, figures: {}, winners: [], ranking: [row("player", 20), row("robot", 20, true)] },
  ];
  const sum = summarise(records);
  assert.equal(sum.played, 3);
  assert.equal(sum.draws, 1);
  assert.deepEqual(sum.wins, [{ who: "player", wins: 1, played: 3 }, { who: "robot", wins: 1, played: 3 }]);
  assert.deepEqual(sum.best.map((b) => [b.who, b.score]), [["player", 45], ["player", 40], ["player", 20]], "the robot's scores left out");
});
