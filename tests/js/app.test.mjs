// The app's telling of a step (companion/app/ui/): what History, the undo question and "Just now" say,
// played over the saved-game fixtures the Python wrote. Famiglia's entries say the cards drawn and your
// own move, and a robot's turn is headed by the card it takes; a 24 round is headed by its ranking,
// and the final ranking marks the dead in words; a Showdown check is headed by its verdict and the
// money it moved, and each penalty roll's result is told as it is made — in English and Japanese.
import assert from "node:assert/strict";
import { test } from "node:test";

import { loadGameData } from "../../companion/app/lib/appfile.js";
import { InputError } from "../../companion/app/lib/engine.js";
import { loadWords } from "../../companion/app/lib/words.js";
import { ui as famiglia } from "../../companion/app/ui/famiglia.js";
import { GameInPlay, NotSaved } from "../../companion/app/ui/session.js";
import { ui as showdown } from "../../companion/app/ui/showdown.js";
import { ui as terror24 } from "../../companion/app/ui/terror24.js";
import { wordsCtx } from "../../companion/app/ui/text.js";
import { playFixture } from "./fixture_game.mjs";

/**
 * A fixture played by the app as a table would have tapped it (tests/js/fixture_game.mjs), and the words a
 * page would be drawn with.
 * @param {import("../../companion/app/ui/games.js").GameUI} ui
 * @param {string} name
 * @param {string} lang
 * @param {number} [upTo] the fixture's steps played (all by default)
 */
async function played(ui, name, lang, upTo = Infinity) {
  const game = await playFixture(ui, name, lang, () => {}, upTo);
  return { game, ctx: { ...wordsCtx(game.words), play: async () => {}, data: game.data } };
}

test("Famiglia: History says the cards drawn and your own move; a robot's turn is headed by its card", async () => {
  const { game } = await played(famiglia, "famiglia-level1-player-first.json", "en");
  const [first] = game.story;
  assert.match(first.told[0], /^Drawn: (\S+ ){5}\S+$/, "the first entry: the six cards of the first Street");
  const recruits = game.story.filter((e) => e.told.some((line) => /^You recruit \S+ \(position \d+\)\.$/.test(line)));
  assert.ok(recruits.length > 3, "your recruits are told");
  const robot = game.story.filter((e) => e.told.some((line) => line.startsWith("Robot takes ")));
  assert.ok(robot.length > 3);
  for (const entry of robot) {
    assert.match(entry.told[/** @type {number} */ (entry.headline)], /^Robot takes \S+ \(\w+ from left\)\.$/);
  }
  assert.ok(game.story.every((e) => e.told.length && e.told.every((line) => line.trim() && line.trim() !== "—")));
});

test("Famiglia in Japanese: your move and the robot's card", async () => {
  const { game } = await played(famiglia, "famiglia-level1-player-first.json", "ja");
  assert.match(game.story[0].told[0], /^引いたカード/);
  const robot = game.story.find((e) => e.headline !== undefined);
  assert.ok(robot && /ロボット/.test(robot.told[/** @type {number} */ (robot.headline)]));
});

test("24: a round is headed by its ranking, not by the last bid laid", async () => {
  const { game } = await played(terror24, "terror24-3p-virtual.json", "en");
  const rounds = game.story.filter((e) => e.told.some((line) => line.startsWith("Place 1: ")));
  assert.ok(rounds.length >= 5);
  for (const entry of rounds) {
    assert.equal(entry.headline, 0);
    assert.match(entry.told[0], /^Round \d: (1\. \S+|nobody)/);
    assert.ok(entry.told.some((line) => / lays \d cards? face down$| turns up /.test(line)), "the bid is still told");
  }
});

test("24: a round is told in sentences, not as the terminal prints it; the NPC is named as the NPC", async () => {
  // the terminal's marks: its time sums, its NPC label, its round rule, its setup echo
  const terminal = /times:|NPC\(|\(NPC\)\(|──|coop bidders:|^npc:|^players:|^styles:|\[chief\]|捜査時間：|NPC（[^）]*）（/;
  for (const lang of ["en", "ja"]) {
    const { game } = await played(terror24, "terror24-3p-virtual.json", lang);
    const lines = game.story.flatMap((e) => e.told);
    assert.deepEqual(lines.filter((line) => terminal.test(line.trim())), [], lang);
  }
  const { game } = await played(terror24, "terror24-3p-virtual.json", "en");
  const round = /** @type {{told: string[]}} */ (game.story.find((e) => e.told.some((line) => line.startsWith("Place 1: "))));
  const npc = round.told.find((line) => / \(NPC\)/.test(line));
  assert.ok(npc, "the NPC is named by its detective, marked (NPC)");
  assert.ok(round.told.some((line) => /^\S+: \d( \+ \d)*( \+ \d for the coop bidders)? = time \d+$/.test(line)), round.told.join("\n"));
  assert.ok(round.told.some((line) => /^Place 1: \S+( \(NPC\))? takes .+ \(\w+\)$/.test(line)), round.told.join("\n"));
  assert.ok(round.told.some((line) => /^Standings: /.test(line)));
});

test("24: the final ranking marks the dead in words, in both languages", async () => {
  for (const [lang, dead] of [["en", "dead"], ["ja", "殉死"]]) {
    const { game, ctx } = await played(terror24, "terror24-3p-virtual.json", lang);
    const end = terror24.ending(ctx, game.table);
    assert.ok(end);
    const ben = end.rows.find((r) => r.who === "Ben");
    assert.equal(ben?.mark, dead);
    assert.deepEqual(end.rows.map((r) => r.who).sort(), ["Aki", "Ben", "Chie"]);
    assert.ok(end.rows.filter((r) => r.who !== "Ben").every((r) => r.mark === ""));
    assert.ok(end.how.length > 0, "how the ranking is made (the survivors first) is said");
  }
});

test("undo then redo gives back the same words; a reload (a new game from the saved file) tells the same", async () => {
  const { game } = await played(famiglia, "famiglia-level4-player-first.json", "en");
  const story = JSON.stringify(game.story);
  await game.undo();
  assert.equal(game.story.length, JSON.parse(story).length - 1);
  await game.redo();
  assert.equal(JSON.stringify(game.story), story);
  const again = new GameInPlay(famiglia, game.saved, game.data, game.words, async () => {});
  assert.equal(JSON.stringify(again.story), story);
  assert.deepEqual(again.table.status(), game.table.status());
});

test("a mis-tapped card is taken back alone, the rest of the step kept; a 24 VP correction is told", async () => {
  const words = await loadWords("en");
  const saved = /** @type {any} */ ({ game: "famiglia", options: { level: 2, first: "player" }, seed: 0, entries: [],
    name: "t", revision: 0, updated: 0 });
  const game = new GameInPlay(famiglia, saved, await loadGameData("famiglia"), words, async () => {});
  for (const card of ["R1", "B2", "G3"]) await game.play(card);
  assert.equal(game.lastAnswer(), "G3");
  await game.takeBackAnswer();
  assert.deepEqual(game.saved.entries, [["R1", "B2"]]);
  assert.equal(game.table.status().awaiting_cards, 4);
  assert.match(game.story[0].told[0], /^Drawn: R1 B2$/);
  const { game: t24 } = await played(terror24, "terror24-3p-midround.json", "en");
  await t24.play("adjust Ann +2");
  assert.match(t24.story[t24.story.length - 1].told.join(" "), /Ann \+2 VP \(manual correction\)/);
  assert.equal(t24.lastAnswer(), null);
});

test("a step the device cannot save is not played: the game stays as it was saved, and says why", async () => {
  const words = await loadWords("ja");
  const saved = /** @type {any} */ ({ game: "famiglia", options: { level: 2, first: "player" }, seed: 0, entries: [],
    name: "t", revision: 0, updated: 0 });
  let full = false;
  const game = new GameInPlay(famiglia, saved, await loadGameData("famiglia"), words, async () => {
    if (full) throw new Error("QuotaExceededError");
  });
  await game.play("R1");
  const before = JSON.stringify(game.table.status());
  full = true;
  await assert.rejects(game.play("B2"), (/** @type {Error} */ e) => {
    assert.ok(e instanceof NotSaved);
    assert.match(e.message, /QuotaExceededError/);
    assert.doesNotMatch(e.message, /could not be saved/, "said in Japanese");
    return true;
  });
  assert.deepEqual(game.journal.entries, [["R1"]]);
  assert.equal(JSON.stringify(game.table.status()), before);
  assert.equal(game.story.length, 1);
});

test("a step's save is under way when begin returns, and its promise is kept only once the save is done", async () => {
  const words = await loadWords("en");
  const saved = /** @type {any} */ ({ game: "famiglia", options: { level: 2, first: "player" }, seed: 0, entries: [],
    name: "t", revision: 0, updated: 0 });
  /** @type {{entries: string[][], done: () => void}[]} */
  const writes = [];
  const game = new GameInPlay(famiglia, saved, await loadGameData("famiglia"), words,
    (file) => new Promise((done) => { writes.push({ entries: file.entries.map((e) => e.slice()), done: () => done() }); }));
  let kept = false;
  const saving = game.begin("R1").then(() => { kept = true; });
  // the step is on the table and its file handed to the store before anything else runs (the page is
  // built meanwhile), and not counted as kept before the store says it is written
  assert.deepEqual(writes.map((w) => w.entries), [[["R1"]]]);
  assert.equal(game.table.status().awaiting_cards, 5);
  await new Promise((next) => setTimeout(next, 0));
  assert.equal(kept, false);
  writes[0].done();
  await saving;
  assert.equal(kept, true);
  // a refused line is refused at once, nothing written
  assert.throws(() => game.begin("take 9"), InputError);
  assert.equal(writes.length, 1);
});

test("Showdown: the first of two penalty rolls is told at once, before the second is asked", async () => {
  // the fixture's step 112 answers the first of Blood Diamond's two penalty rolls with a 1
  const { game } = await played(showdown, "showdown-2teams.json", "en", 113);
  const last = game.story[game.story.length - 1];
  assert.equal(last.told[/** @type {number} */ (last.headline)],
    "Bob: penalty roll 1 of 2: rolled 1 → Your next action: total −3.");
  assert.equal(game.table.awaitingAnswer(), true, "the second roll is still asked");
  const { game: ja } = await played(showdown, "showdown-2teams.json", "ja", 113);
  const told = ja.story[ja.story.length - 1];
  assert.match(told.told[/** @type {number} */ (told.headline)], /^Bob：デメリットダイス（1\/2 回目）、出目 1 → /);
  // once both are in, the entry tells both rolls and is headed by the one just made
  const { game: both } = await played(showdown, "showdown-2teams.json", "en", 114);
  const entry = both.story[both.story.length - 1];
  assert.ok(entry.told.includes("Bob: penalty roll 1 of 2: rolled 1 → Your next action: total −3."));
  assert.match(entry.told[/** @type {number} */ (entry.headline)], /^Bob: Losing a hitman attack, rolled 6 → /);
});

test("Showdown: a check is headed by its verdict and the money it moved; the end marks teams out", async () => {
  const { game, ctx } = await played(showdown, "showdown-3teams-ja.json", "ja");
  const checks = game.story.filter((e) => e.told.some((line) => /^\S+ 対 .+：成功：/.test(line)));
  assert.ok(checks.length > 0);
  for (const entry of checks) {
    assert.match(entry.told[/** @type {number} */ (entry.headline)], /成功：.* · \S+ \+\d/);
  }
  const { game: four, ctx: en } = await played(showdown, "showdown-4teams.json", "en");
  const end = showdown.ending(en, four.table);
  assert.ok(end, "the game is over");
  const status = /** @type {{teams: {name: string, out: boolean}[], showdown: {winners: string[]}}} */ (four.table.status());
  assert.deepEqual(end.rows.map((r) => r.who).sort(), status.teams.map((t) => t.name).sort());
  for (const row of end.rows) {
    const team = status.teams.find((t) => t.name === row.who);
    assert.equal(row.mark, team?.out ? "out" : "");
  }
  assert.deepEqual(end.rows.filter((r) => r.won).map((r) => r.who), status.showdown.winners);
  assert.ok(ctx.lang === "ja");
});

test("Showdown: a use's choices are asked in the order its operations take them, and make the typed tokens", async () => {
  const { choiceFields, choiceTokens } = await import("../../companion/app/ui/showdownforms.js");
  const ctx = wordsCtx(await loadWords("en"));
  // the Dog: the opponent's total −4, a die to copy, then a die to set (only faces the dice show)
  const dog = [{ kind: "opponent_total_minus", value: 4 }, { kind: "copy_die", count: 1 }, { kind: "set_die", count: 1 }];
  const fields = choiceFields(ctx, dog, [4, 1, 1]);
  assert.deepEqual(fields.map((f) => f.label), ["The die to copy", "A die showing", "is set to"]);
  assert.deepEqual(fields[0].options.map(([value]) => value), ["1", "4"]);
  assert.deepEqual(fields[1].options.map(([value]) => value), ["1", "4"]);
  assert.deepEqual(fields[2].options.map(([value]) => value), ["1", "2", "3", "4", "5", "6"]);
  assert.deepEqual(choiceTokens(fields, ["4", "1", "6"]), ["4", "1>6"]);
  // the Capo after the roll: its extra die (rolled at the table, or by the app), then a face to add
  const capo = [{ kind: "add_dice", count: 1 }, { kind: "add_dice_of_face", count: 1 }];
  const asked = choiceFields(ctx, capo, [2, 3]);
  assert.deepEqual(asked.map((f) => f.options[0][0]), ["?", "1"]);
  assert.deepEqual(choiceTokens(asked, ["?", "5"]), ["?", "5"]);
});
