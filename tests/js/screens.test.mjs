// What each game's screen offers (companion/app/ui/<game>.js drawn under Node, tests/js/page_dom.mjs): the
// buttons are the moves the rules allow now, each playing a line the game accepts, and nothing else;
// the pads and the draw grid hold exactly what can still be tapped; what a step asks of the table
// leads. Famiglia's Street, draw grid and robot turn; 24's setup wizard, pads and life-or-death check;
// Showdown's attacks, buys, dice, verdict, penalty and theft questions.
import assert from "node:assert/strict";
import { test } from "node:test";

import { loadGameData } from "../../companion/app/lib/appfile.js";
import { loadWords } from "../../companion/app/lib/words.js";
import { gameUI } from "../../companion/app/ui/games.js";
import { GameInPlay } from "../../companion/app/ui/session.js";
import { wordsCtx } from "../../companion/app/ui/text.js";
import { accepts, playFixture } from "./fixture_game.mjs";
import { installDocument, screen } from "./page_dom.mjs";

installDocument();

const STREET = "R1 B2 Y3 G1 R2 B1";
const SETUP_24 = ["Aki=scotch Ben=wolf Chie=hibachi", "s c s", "lloyd after Chie", "Aki", "RB YG RR BP ??? GY ???"];
const TEAMS = [{ name: "Ann", faction: "red_heart" }, { name: "Bob", faction: "void_clover" }];

/**
 * A game on a page, from its journal: the page's words, the lines its taps played, what it shows now.
 * @param {string} game
 * @param {Record<string, unknown>} options
 * @param {number} seed
 * @param {string[][]} entries
 * @param {string} [lang]
 */
async function opened(game, options, seed, entries, lang = "en") {
  const ui = await gameUI(game);
  const words = await loadWords(lang);
  const saved = /** @type {any} */ ({ game, options, seed, entries, name: "t", revision: 0, updated: 0 });
  const played = new GameInPlay(ui, saved, await loadGameData(game), words, async () => {});
  /** @type {string[]} */
  const tapped = [];
  const ctx = { ...wordsCtx(words), data: played.data, play: async (/** @type {string} */ line) => { tapped.push(line); } };
  return { ui, game: played, ctx, tapped, table: /** @type {any} */ (played.table),
    show: () => screen(ui.board(ctx, played.table)) };
}

/**
 * Tap these keys of a pad, by their text, as a thumb would.
 * @param {import("./page_dom.mjs").Element} pad
 * @param {string[]} keys
 */
function tapKeys(pad, keys) {
  for (const key of keys) {
    const button = pad.all().find((e) => e.classList.contains("key") && e.textContent === key);
    assert.ok(button, `no key ${key}`);
    button.click();
  }
}

// ---- Famiglia -----------------------------------------------------------------------------------------

const FAMIGLIA = { level: 3, first: "player" };

test("Famiglia: a new game asks for the Street with the whole census in the draw grid", async () => {
  const { show, table } = await opened("famiglia", FAMIGLIA, 1, []);
  const page = show();
  const grid = page.byClass("draw")[0];
  assert.match(grid.textContent, /Lay out the Street/);
  const keys = Object.fromEntries(grid.all().filter((e) => e.classList.contains("key"))
    .map((e) => [e.getAttribute("data-line"), e.textContent]));
  assert.equal(Object.keys(keys).length, table.rules.codes.length, "every card of the census");
  // the start sets are out of the stack: one R0 fewer than the five printed, each start set holds one
  assert.equal(keys.R0, "R0×3");
  assert.equal(keys.R4, "R4×1");
  assert.deepEqual(page.byClass("street"), [], "no Street yet");
  assert.ok(page.elements.some((e) => e.tagName === "DETAILS" && e.hasAttribute("open") && /Setup/.test(e.textContent)),
    "the setup instructions open at the top");
});

test("Famiglia: your turn offers Take and Refresh under every Street card and the end, each accepted", async () => {
  const { show, table } = await opened("famiglia", FAMIGLIA, 1, [[STREET]]);
  const page = show();
  const expected = [1, 2, 3, 4, 5, 6].flatMap((n) => [`take ${n}`, `refresh ${n}`]).concat(["end"]);
  assert.deepEqual(page.lines, expected);
  assert.deepEqual(page.byClass("slot").map((slot) => slot.all().find((e) => e.tagName === "B")?.textContent), STREET.split(" "));
  assert.ok(page.lines.every((line) => accepts(table, line)));
  assert.deepEqual(page.elements.filter((e) => e.hasAttribute("data-no-refresh")), []);
});

test("Famiglia: no Refresh while a 0 shows on the Street, and the page says why in the rules' words", async () => {
  for (const [lang, why] of [["en", "no refresh while a 0 is on the Street"], ["ja", "ストリートにランク0があるので入れ替えできません"]]) {
    const { show, table } = await opened("famiglia", FAMIGLIA, 1, [["R0 B2 Y3 G1 R2 B1"]], lang);
    const page = show();
    assert.deepEqual(page.lines, ["take 1", "take 2", "take 3", "take 4", "take 5", "take 6", "end"]);
    assert.ok(page.lines.every((line) => accepts(table, line)));
    assert.equal(accepts(table, "refresh 2"), false);
    assert.deepEqual(page.elements.filter((e) => e.hasAttribute("data-no-refresh")).map((e) => e.textContent), [why]);
  }
});

test("Famiglia: the draw grid offers exactly the cards the stack can still hold, and no move while cards are owed", async () => {
  const { show, table } = await opened("famiglia", FAMIGLIA, 1, [[STREET, "refresh 2"]]);
  const page = show();
  assert.equal(page.byClass("owed")[0].textContent, "2");
  const keys = page.byClass("key");
  assert.equal(keys.length, table.rules.codes.length);
  for (const key of keys) {
    const code = /** @type {string} */ (key.getAttribute("data-line"));
    const offered = !key.hasAttribute("disabled");
    assert.equal(offered, accepts(table, code), code);
    assert.equal(/×0$/.test(key.textContent), !offered, `${code}: the copies left say the same (${key.textContent})`);
  }
  assert.ok(!page.lines.some((line) => /^(take|refresh|end)/.test(line)));
});

test("Famiglia: a robot turn leads with what it asks of the table, then with the card it takes; its steps numbered", async () => {
  const { game, show } = await opened("famiglia", FAMIGLIA, 1, [[STREET], ["take 1"]]);
  let entry = game.story[game.story.length - 1];
  // the robot (level 3, collecting 0s first) finds no 0 and refreshes: the table discards and draws for it
  assert.match(entry.told[/** @type {number} */ (entry.headline)], /^step 1 \(collect 0s\): .*discard the leftmost card, B2.*draw 2/);
  assert.match(show().byClass("draw")[0].textContent, /Still owed: 2/);
  await game.play("Y0");
  await game.play("Y0");
  entry = game.story[game.story.length - 1];
  assert.equal(entry.told[/** @type {number} */ (entry.headline)], "Robot takes Y0 (5th from left).");
  const steps = entry.told.filter((line) => /^step \d+ \(/.test(line));
  assert.ok(steps.length >= 2, "each of the robot's steps, with its number");
  const status = /** @type {any} */ (game.table.status());
  assert.equal(status.turn, "player");
  assert.equal(status.robot.filter((/** @type {string} */ c) => c === "Y0").length, 2);
});

test("Famiglia: in the second pass the known cards are one button, in the order they were put under the stack", async () => {
  const ui = await gameUI("famiglia");
  /** @type {string[][] | null} */
  let entries = null;
  await playFixture(ui, "famiglia-level1-player-first.json", "en", (g) => {
    const state = /** @type {any} */ (g.table).game;
    if (!entries && state.pending && state.owed()[1].length === state.drawCount() && state.drawCount() > 1) {
      entries = g.saved.entries.map((e) => e.slice());
    }
  });
  assert.ok(entries, "the fixture reaches a draw of known cards only");
  const { game, show, table, tapped } = await opened("famiglia", { level: 1, first: "player" }, 0, entries);
  const known = table.game.owed()[1].map((/** @type {number} */ c) => table.rules.codes[c]);
  const page = show();
  const line = known.join(" ");
  assert.deepEqual(page.lines, [line, known[0]], "the known cards at once, or the next one alone");
  const button = page.elements.find((e) => e.getAttribute("data-line") === line);
  assert.equal(button?.textContent, `Drawn: ${line}`);
  button?.click();
  assert.deepEqual(tapped, [line]);
  await game.play(line);
  const street = table.game.street.map((/** @type {number} */ c) => table.rules.codes[c]);
  assert.deepEqual(street.slice(-known.length), known);
});

// ---- 24 -------------------------------------------------------------------------------------------------

test("24: the wizard asks the setup questions in the rulebook's order, with the chiefs and the NPCs to choose", async () => {
  const asked = [];
  for (let n = 0; n < SETUP_24.length; n++) {
    const { show } = await opened("terror24", { npc_deck: "physical" }, 7, SETUP_24.slice(0, n).map((l) => [l]));
    asked.push(show().byClass("step-of")[0].textContent);
  }
  assert.deepEqual(asked, ["Step 1 of 5: Players", "Step 2 of 5: Styles", "Step 3 of 5: The NPC", "Step 4 of 5: The chief",
    "Step 5 of 5: The event grid"]);
  const npc = await opened("terror24", { npc_deck: "physical" }, 7, SETUP_24.slice(0, 2).map((l) => [l]));
  const seats = npc.show().elements.filter((e) => e.tagName === "OPTION").map((e) => e.getAttribute("value"));
  // the detectives nobody plays, each after any player, or one at random
  assert.deepEqual(seats, ["Aki", "Ben", "Chie"].flatMap((p) => [`lloyd after ${p}`]).concat(
    ["Aki", "Ben", "Chie"].map((p) => `dokaben after ${p}`), ["random"]));
  assert.ok(seats.every((line) => accepts(npc.table, /** @type {string} */ (line))));
  const chief = await opened("terror24", { npc_deck: "physical" }, 7, SETUP_24.slice(0, 3).map((l) => [l]));
  assert.deepEqual(chief.show().lines, ["Aki", "Ben", "Chie"]);
  assert.ok(chief.show().lines.every((line) => accepts(chief.table, line)));
});

test("24: each bidder still to lay gets a pad of the cards in their hand, which lays the bid face down", async () => {
  const { show, table, tapped } = await opened("terror24", { npc_deck: "physical" }, 7, [...SETUP_24, "Aki 3 5"].map((l) => [l]));
  const page = show();
  const pads = page.byClass("composer");
  assert.deepEqual(pads.map((p) => p.getAttribute("data-seat")), ["Ben", "Chie"], "Aki has laid already");
  const hand = table.match.game.seats[1].hand;
  const keys = pads[0].all().filter((e) => e.classList.contains("key")).map((e) => Number(e.textContent));
  assert.deepEqual(keys, [...new Set(hand)].sort((a, b) => a - b));
  const once = keys.find((card) => hand.filter((/** @type {number} */ c) => c === card).length === 1);
  const other = keys.find((card) => card !== once);
  tapKeys(pads[0], [String(once), String(once)]); // a second copy the hand does not hold: nothing
  assert.equal(pads[0].all().find((e) => e.classList.contains("chosen"))?.textContent, "●", "one card laid, face down");
  tapKeys(pads[0], [String(other)]);
  assert.deepEqual(tapped, [`Ben ${once} ${other}`]);
  assert.ok(accepts(table, tapped[0]));
  assert.equal(accepts(table, "Aki 1 2"), false);
});

test("24: a bid laid on a phone passed round shows nowhere — board, standings, History — until the round is resolved", async () => {
  const { game, show, table } = await opened("terror24", { npc_deck: "virtual" }, 7, SETUP_24.map((l) => [l]));
  const hand = table.match.game.seats[0].hand.slice().sort((/** @type {number} */ a, /** @type {number} */ b) => a - b);
  const bid = [hand[0], hand[hand.length - 1]];
  await game.play(`Aki ${bid.join(" ")}`);
  const page = show();
  const row = page.elements.find((e) => e.tagName === "TR" && e.textContent.startsWith("Aki"));
  assert.match(row?.textContent ?? "", new RegExp(`hand ${hand.join(" ")} `), "the hand as the round began, not one that shrank");
  const told = game.story.flatMap((e) => e.told);
  assert.ok(told.includes("Aki lays 2 cards face down"));
  for (const text of [page.text, ...told]) {
    assert.ok(!text.includes(`${bid[0]} ${bid[1]}`) && !text.includes(`${bid[0]} + ${bid[1]}`), text);
  }
});

test("24: a bid half laid survives a redraw, and is cleared with a word (no card named) once it no longer fits", async () => {
  const { ctx, game, ui, table } = await opened("terror24", { npc_deck: "virtual" }, 7, SETUP_24.map((l) => [l]));
  const aki = table.match.game.seats[0].hand.slice().sort((/** @type {number} */ a, /** @type {number} */ b) => a - b);
  const padOf = (/** @type {string} */ seat) => screen(ui.board(ctx, game.table)).byClass("composer")
    .find((p) => p.getAttribute("data-seat") === seat);
  tapKeys(/** @type {any} */ (padOf("Aki")), [String(aki[0])]);
  const ben = table.match.game.seats[1].hand;
  await game.play(`Ben ${ben[0]} ${ben[1]}`); // another phone's bid comes in
  const kept = screen(ui.board(ctx, game.table));
  assert.deepEqual(kept.elements.filter((e) => e.hasAttribute("data-cleared")), []);
  assert.equal(padOf("Aki")?.all().find((e) => e.classList.contains("chosen"))?.textContent, "●", "kept, still face down");
  await game.play(`Aki ${aki[1]} ${aki[2]}`); // Aki's bid laid on another phone
  const cleared = screen(ui.board(ctx, game.table)).elements.filter((e) => e.hasAttribute("data-cleared"));
  assert.equal(cleared.length, 1);
  assert.match(cleared[0].textContent, /no longer fits and was cleared: ●$/);
  assert.equal(screen(ui.board(ctx, game.table)).elements.filter((e) => e.hasAttribute("data-cleared")).length, 0,
    "said once, and gone");
});

test("24: the NPC's pad holds the cards left in its physical deck; a virtual NPC needs none; the round's result follows", async () => {
  const bids = ["3 5", "1 2", "0 6"].map((cards, i) => `${["Aki", "Ben", "Chie"][i]} ${cards}`);
  const physical = await opened("terror24", { npc_deck: "physical" }, 7, [...SETUP_24, ...bids].map((l) => [l]));
  const pads = physical.show().byClass("composer");
  assert.equal(pads.length, 1);
  const npc = physical.table.match.game.seats.find((/** @type {any} */ s) => s.npc);
  const keys = pads[0].all().filter((e) => e.classList.contains("key")).map((e) => Number(e.textContent));
  assert.deepEqual(keys, [...new Set(npc.hand)].sort((a, b) => a - b));
  tapKeys(pads[0], [String(keys[0])]);
  assert.deepEqual(physical.tapped, [String(keys[0])]);
  await physical.game.play(physical.tapped[0]);
  const round = physical.game.story[physical.game.story.length - 1];
  assert.match(round.told[/** @type {number} */ (round.headline)], /^Round 1: 1\. /);
  assert.ok(round.told.some((line) => /^The new chief: /.test(line)) && round.told.some((line) => /^Standings: .* VP/.test(line)));
  assert.equal(physical.table.match.game.round, 2);
  assert.equal(physical.show().byClass("composer").length, 3, "round 2's bids");
  const virtual = await opened("terror24", { npc_deck: "virtual" }, 7, [...SETUP_24, ...bids].map((l) => [l]));
  assert.equal(virtual.table.match.game.round, 2, "the NPC turned its own card");
  assert.ok(virtual.game.story[virtual.game.story.length - 1].told.length > 3);
});

test("24: four players play a whole game from the page alone, the life-or-death check offering the hand and a draw", async () => {
  const setup = ["A=scotch B=wolf C=hibachi D=lloyd", "s s c c", "A", "RB YG RR BP ??? GY ???"];
  const { game, show, table, tapped } = await opened("terror24", { npc_deck: "virtual" }, 7, setup.map((l) => [l]));
  let checks = 0;
  for (let steps = 0; !table.isOver(); steps++) {
    assert.ok(steps < 100, "the game never ended");
    const page = show();
    const m = table.match;
    const [kind, seat] = m.game.need();
    tapped.length = 0;
    if (kind === "reveal") {
      tapped.push(m.game.round === 5 ? "YGR" : "BRP"); // a form the table fills: its line as it would make it
    } else if (kind === "bid") {
      const pad = page.byClass("composer")[0];
      const keys = pad.all().filter((e) => e.classList.contains("key"));
      keys[0].click();
      (keys[1] ?? keys[0]).click();
    } else {
      assert.equal(kind, "check");
      const hand = [...new Set(m.game.seats[seat].hand)].sort((a, b) => a - b).map(String);
      assert.deepEqual(page.lines, [...hand, "draw"]);
      page.elements.find((e) => e.getAttribute("data-line") === "draw")?.click();
      checks += 1;
    }
    assert.equal(tapped.length, 1, `${kind}: one line played`);
    await game.play(tapped[0]);
  }
  assert.ok(checks > 0);
  assert.ok(game.ui.ending(/** @type {any} */ ({ ...wordsCtx(await loadWords("en")) }), table));
});

// ---- Hitman's Showdown -------------------------------------------------------------------------------

/** @param {string[]} lines */
const showdown = (lines) => opened("hitmans-showdown", { teams: TEAMS }, 3, lines.map((l) => [l]));

test("Showdown: a turn offers the mafia cards the team may attack, grouped with their condition, and Pass", async () => {
  const { show, table } = await showdown([]);
  const page = show();
  const attacks = page.lines.filter((line) => line.startsWith("attack "));
  assert.deepEqual(page.lines, ["pass", ...attacks], "attacks and Pass, nothing else");
  // Ann holds 1,000: a card whose advance takes it all would put her out, so it is not offered
  const engine = table.engine;
  const dear = engine.board.filter((/** @type {string} */ c) => (table.book.card(c).role.advance ?? 0) >= 1000);
  assert.ok(dear.length > 0);
  assert.deepEqual(new Set(attacks.map((line) => line.split(" ")[1])),
    new Set(engine.board.filter((/** @type {string} */ c) => !dear.includes(c))));
  assert.ok(!attacks.includes("attack Bob"), "hitman attacks open later");
  assert.ok(page.byClass("attack-group").every((g) => g.all().some((e) => e.tagName === "SMALL" && e.textContent.trim())),
    "each group says what it takes to succeed");
  assert.ok(page.lines.every((line) => accepts(table, line)));
});

test("Showdown: an attack offers buys, then the dice, then going on; after the roll the verdict in words and Done", async () => {
  const { show, table, tapped, game } = await showdown(["attack SQ"]);
  let page = show();
  const action = page.root.all().find((e) => e.getAttribute("id") === "action");
  assert.ok(action);
  const order = action.all().filter((e) => e.getAttribute("data-line") === "buy weapon" || e.classList.contains("composer"))
    .map((e) => (e.classList.contains("composer") ? "dice" : "buy"));
  assert.deepEqual(order, ["buy", "dice"], "buy and use, then the dice");
  const buys = page.lines.filter((line) => line.startsWith("buy "));
  assert.ok(buys.includes("buy weapon") && !buys.includes("buy precise_closing"), "hitman attacks' items are not offered");
  assert.ok(buys.every((line) => accepts(table, line)));
  const composer = page.byClass("composer")[0];
  const count = Number(composer.getAttribute("data-roll"));
  tapKeys(composer, Array(count).fill("6"));
  assert.deepEqual(tapped, [`roll ${Array(count).fill(6).join(" ")}`]);
  await game.play(tapped[0]);
  page = show();
  assert.deepEqual(page.byClass("verdict").map((e) => e.textContent), ["✗ Failure"], "six 6s are not four 4s");
  assert.deepEqual(page.byClass("then").flatMap((e) => e.all()).map((e) => e.getAttribute("data-line")).filter(Boolean), ["done"]);
  assert.ok(!page.lines.includes("double"), "no doubling while the roll fails");
  assert.deepEqual(page.byClass("composer"), [], "no dice left to roll");
  const ledger = page.byClass("totals")[0].all().filter((e) => e.tagName === "TR");
  assert.deepEqual(ledger.map((tr) => tr.all()[0].textContent), ["Team", "Ann", "Bob"], "the ledger: headers, then each team");
});

test("Showdown: a success check and undo: the verdict, what goes back, and redo gives the same table", async () => {
  const { show, game } = await showdown(["attack SQ", "buy weapon"]);
  await game.play("roll 4 4 4 4");
  assert.deepEqual(show().byClass("verdict").map((e) => e.textContent), ["✓ Success"]);
  await game.play("done");
  const after = JSON.stringify(game.table.status());
  const last = game.story[game.story.length - 1];
  assert.ok(last.told.some((line) => line.includes("SQ")) && !last.told.includes("done"), "what goes back, in words");
  await game.undo();
  assert.equal(/** @type {any} */ (game.table.status()).action.stage, "after");
  await game.redo();
  assert.equal(JSON.stringify(game.table.status()), after);
  const history = game.story.flatMap((e) => e.told).join("\n");
  assert.ok(!["attack SQ", "buy weapon", "roll 4 4 4 4", "done"].some((line) => history.includes(line)), "lines never shown");
});

test("Showdown: a penalty question offers the six faces and a roll by the app, each accepted", async () => {
  const start = await showdown(["attack SQ"]);
  const count = Number(start.show().byClass("composer")[0].getAttribute("data-roll"));
  const { show, table } = await showdown(["attack SQ", `roll ${Array(count).fill(1).join(" ")}`, "done"]);
  const page = show();
  assert.ok(page.byClass("question")[0].textContent.trim());
  assert.deepEqual(page.lines, ["1", "2", "3", "4", "5", "6", "roll"]);
  assert.ok(page.lines.every((line) => accepts(table, line)));
  assert.equal(page.elements.find((e) => e.getAttribute("data-line") === "roll")?.textContent, "Roll it for me");
});

/** Pass until hitman attacks open. @param {GameInPlay} game */
async function toHitmanAttacks(game) {
  const engine = () => /** @type {any} */ (game.table).engine; // each step makes a new one
  while (engine().week < engine().firstWeekWith("open_hitman_attacks")) await game.play("pass");
}

test("Showdown: a hitman attack walks prepare, defend, both rolls and the money question, each offered on its page", async () => {
  const { game, show } = await showdown([]);
  const engine = () => /** @type {any} */ (game.table).engine;
  assert.ok(!show().lines.includes("attack Bob"));
  await toHitmanAttacks(game);
  assert.deepEqual(show().lines.filter((line) => line === "pass" || /^attack [A-Z][a-z]/.test(line)), ["attack Bob", "pass"]);
  const stages = [];
  for (const line of ["attack Bob", "ready", "ready", "roll 6 6 6", "roll 1 1", "done"]) {
    const page = show();
    if (line.startsWith("roll ")) {
      const composer = page.byClass("composer")[0];
      assert.equal(Number(composer.getAttribute("data-roll")), line.split(" ").length - 1, line);
    } else {
      assert.ok(page.lines.includes(line), `${line} offered: ${page.lines.join(", ")}`);
    }
    await game.play(line);
    const a = engine().action;
    stages.push(`${a.stage}${a.sides.find((/** @type {any} */ s) => !s.pool.rolled && a.stage === "roll")?.team ?? ""}`);
  }
  assert.deepEqual(stages, ["prepare", "defend", "rollAnn", "rollBob", "after", "settle"]);
  const page = show();
  assert.match(page.byClass("question")[0].textContent, /money taken/);
  assert.deepEqual(page.lines, ["1", "2", "3", "4", "5", "6", "roll"]);
  await game.play("3");
  assert.equal(engine().action, null);
});

test("Showdown: a theft offers the cards the loser can lose, then the money is rolled", async () => {
  const { game, show } = await showdown([]);
  await toHitmanAttacks(game);
  for (const line of ["give SQ Bob", "attack Bob", "ready", "ready", "roll 6 6 6", "roll 1 1", "done"]) await game.play(line);
  let page = show();
  assert.deepEqual(page.byClass("action")[0].all().filter((e) => e.hasAttribute("data-line")).map((e) => e.getAttribute("data-line")), ["SQ"]);
  await game.play("SQ");
  page = show();
  assert.deepEqual(page.byClass("action")[0].all().filter((e) => e.hasAttribute("data-line")).map((e) => e.getAttribute("data-line")),
    ["1", "2", "3", "4", "5", "6", "roll"]);
});

// ---- forms: what had no button -------------------------------------------------------------------------

/**
 * Fill a form's fields in order (null leaves one as it is) and send it.
 * @param {import("./page_dom.mjs").Element} form
 * @param {(string | null)[]} values
 */
function send(form, values) {
  const fields = form.all().filter((e) => (e.tagName === "INPUT" || e.tagName === "SELECT") && e.getAttribute("type") !== "hidden");
  values.forEach((value, i) => { if (value !== null) fields[i].fill(value); });
  form.submit();
  return /** @type {import("./page_dom.mjs").Element} */ (form.all().find((e) => e.classList.contains("form-error"))).textContent;
}

test("24: the wizard's forms make the setup's lines; an empty one says what is missing beside its button and sends nothing", async () => {
  /** @type {string[][]} */
  const entries = [];
  const asked = async () => opened("terror24", { npc_deck: "virtual" }, 7, entries.map((e) => e.slice()));
  let page = await asked();
  const players = /** @type {any} */ (page.show().byClass("compose-form")[0]);
  assert.equal(send(players, ["", null, "", null, "", null]), "Write at least 3 names, one a row.");
  assert.deepEqual(page.tapped, []);
  send(players, ["Aki", "scotch", "Ben", "wolf", "Chie", "hibachi"]);
  assert.deepEqual(page.tapped, ["Aki=scotch Ben=wolf Chie=hibachi"]);
  for (const [values, line] of /** @type {[string[], string][]} */ ([[["s", "c", "s"], "s c s"], [["lloyd after Chie"], "lloyd after Chie"]])) {
    entries.push(page.tapped.slice());
    page = await asked();
    send(/** @type {any} */ (page.show().byClass("compose-form")[0]), values);
    assert.deepEqual(page.tapped, [line]);
    assert.ok(accepts(page.table, line), line);
  }
  entries.push(page.tapped.slice(), ["Aki"]);
  page = await asked();
  const grid = /** @type {any} */ (page.show().byClass("compose-form")[0]);
  assert.equal(send(grid, []), "Tap a suit, then the places where its cards lie.");
  send(grid, "RBYGRRBPGY".split(""));
  assert.deepEqual(page.tapped, ["RB YG RR BP ??? GY ???"]);
  assert.ok(accepts(page.table, page.tapped[0]));
});

test("24: a player's VP is corrected with a form of its own", async () => {
  const { show, tapped, table } = await opened("terror24", { npc_deck: "virtual" }, 7, SETUP_24.map((l) => [l]));
  const form = show().byClass("corrections")[0].all().find((e) => e.tagName === "FORM");
  send(/** @type {any} */ (form), ["Ben", "-", "2"]);
  assert.deepEqual(tapped, ["adjust Ben -2"]);
  assert.ok(accepts(table, tapped[0]));
});

test("Showdown: corrections and a backup plan's reroll have forms of their own, each making a line the game takes", async () => {
  const { show, tapped, table, game } = await showdown([]);
  const [money, holder] = show().byClass("corrections")[0].all().filter((e) => e.tagName === "FORM");
  assert.equal(send(money, ["Ann", "+", "", ""]), "Give an amount and why.");
  send(money, ["Ann", "+", "2500", "found under the box"]);
  send(holder, ["H9", "Bob"]);
  assert.deepEqual(tapped, ["adjust Ann +2500 found under the box", "give H9 Bob"]);
  assert.ok(tapped.every((line) => accepts(table, line)));
  for (const line of [...tapped, "attack SQ", "buy backup_plan", "roll 1 2 3"]) await game.play(line);
  const backup = show().byClass("card").find((e) => /a backup plan \(1 left\)/.test(e.textContent));
  assert.ok(backup, "Ann's backup plan, after the roll");
  const form = /** @type {any} */ (backup.all().find((e) => e.tagName === "FORM"));
  tapped.length = 0;
  assert.equal(send(form, []), "Choose at least one die to roll again.");
  send(form, ["1", "", ""]); // roll the 1 again, keep the others
  assert.deepEqual(tapped, ["reroll Ann 1"]);
  await game.play(tapped[0]);
  const ann = /** @type {any} */ (game.table.status()).action.sides[0];
  assert.equal(ann.backups, 0);
  assert.ok(ann.faces.includes(2) && ann.faces.includes(3));
});
