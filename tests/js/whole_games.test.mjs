// Every recorded game (tests/fixtures/journals/) played by the app step by step, its page drawn after each
// step in English and Japanese (companion/app/ui/, tests/js/page_dom.mjs): every page draws, offers only
// lines the game accepts then, says nothing undefined, shows no command syntax or terminal wording
// (board, History, the undo question, Help, the end), and a Japanese page says its own words in
// Japanese. A finished game offers no move and leads with its ranking; a rematch keeps the setup.
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { test } from "node:test";

import { loadWords } from "../../companion/app/lib/words.js";
import { gameUI } from "../../companion/app/ui/games.js";
import { wordsCtx } from "../../companion/app/ui/text.js";
import { accepts, playFixture } from "./fixture_game.mjs";
import { installDocument, screen } from "./page_dom.mjs";

installDocument();

const FIXTURES = new URL("../fixtures/journals/", import.meta.url);
const NAMES = (await readdir(FIXTURES)).filter((name) => name.endsWith(".json")).sort();

// Command syntax a page must not show: a command list ("buy / use"), the grammar's "|", "NAME=", a
// "type '…'", a prompt's ">" (the play pages' rule) ...
const COMMANDS = "(?:buy|use|roll|ready|attack|pass|done|reroll|take|refresh|end|adjust|give|undo|redo)";
const SYNTAX = new RegExp(`\\||NAME=|type '|'help'|'roll'|\\b${COMMANDS}\\s*/\\s*\\w|\\w\\s*/\\s*${COMMANDS}\\b| >$`);
// ... nor the terminal's wording: a command or option, its dice notation, its NPC label and setup echo,
// its time sums and round rule, in either language (tests/support/app_browsing.py's TERMINAL_WORDS), ...
const TERMINAL = /companion |--[a-z]|\(1d6\)|\bnpc:|NPC\(|NPC（[^）]+）|times:|捜査時間：|──|\[chief\]|［チーフ］|^(players|styles):/;
// ... nor anything left unfilled.
const UNFILLED = /undefined|NaN|\[object |\bnull\b|\bNone\b(?!:)|%\(\w+\)s|\{\w+(![rsa])?(:[^}]*)?\}/;

/**
 * Which of `lines` a pattern finds.
 * @param {string[]} lines
 * @param {RegExp} pattern
 */
const found = (lines, pattern) => lines.map((line) => line.trim()).filter((line) => pattern.test(line));

/**
 * The text of each element that holds text itself (a heading, a paragraph, a button), one line each.
 * @param {import("./page_dom.mjs").Element} root
 */
function shownLines(root) {
  return [root, ...root.all()].flatMap((e) => e.childNodes.filter((c) => !("tagName" in c)).map((c) => c.textContent))
    .filter((text) => text.trim());
}

/** @param {string} name */
async function fixture(name) {
  return JSON.parse(await readFile(new URL(name, FIXTURES), "utf8"));
}

for (const name of NAMES) {
  test(`${name}: every page of the game draws, offers accepted lines only, in words, never in syntax`, async () => {
    const recorded = await fixture(name);
    const ui = await gameUI(recorded.game);
    /** @type {string[]} */
    const problems = [];
    for (const lang of ["en", "ja"]) {
      const ctx = { ...wordsCtx(await loadWords(lang)), play: async () => {}, data: null };
      let step = 0;
      await playFixture(ui, name, lang, (game) => {
        step += 1;
        const page = screen(ui.board({ ...ctx, data: game.data }, game.table));
        const last = game.story[game.story.length - 1];
        const end = ui.ending(ctx, game.table);
        const words = [...shownLines(page.root), ...(last?.told ?? []), ...ui.help(ctx),
          ...(end ? [...end.rows.flatMap((r) => [r.who, r.score, r.mark]), end.how, ...end.figures] : [])];
        for (const [what, pattern] of /** @type {[string, RegExp][]} */ ([["syntax", SYNTAX], ["terminal", TERMINAL], ["unfilled", UNFILLED]])) {
          for (const line of found(words, pattern)) problems.push(`step ${step} (${lang}) ${what}: ${line}`);
        }
        for (const line of page.lines) {
          if (!accepts(game.table, line)) problems.push(`step ${step}: offers ${JSON.stringify(line)}, which the game refuses`);
        }
        if (end && page.lines.length) problems.push(`step ${step}: the game is over, yet the page offers ${page.lines.join(", ")}`);
      });
      assert.ok(step > 0);
    }
    assert.deepEqual(problems, []);
  });
}

test("the scans find syntax, terminal words and unfilled fields where there are some", () => {
  assert.deepEqual(found(["Ann prepares (buy / use), then ready", "roll 5d6 | done", "Ann prepares: buy, use, then go on"], SYNTAX),
    ["Ann prepares (buy / use), then ready", "roll 5d6 | done"]);
  assert.deepEqual(found(["npc: Lloyd, after Chie", "players: Aki (Scotch)", "The NPC plays Lloyd, seated after Chie"], TERMINAL),
    ["npc: Lloyd, after Chie", "players: Aki (Scotch)"]);
  assert.deepEqual(found(["Round undefined", "{n} VP", "Robot: None: no 0", "3 VP"], UNFILLED), ["Round undefined", "{n} VP"]);
});

test("a Japanese page says its own words in Japanese: no English heading, button or note on any game's page", async () => {
  // what may stay as it is: card codes and indexes, VP, the NPC, names the table typed, and the words the
  // Japanese rulebooks use themselves (WEEK, JOKER, 2d6)
  const kept = /^(?:[RBYG]\d|[HDSC](?:\d+|[JQK])|JOKER(-\w+)?|WEEK|\d*d6|VP|NPC|Ann|Bob|Cid|Dee|Eve|Fay|Aki|Ben|Chie|Bea|Cal|Dan|[A-Z]|W\d+)$/;
  for (const name of ["famiglia-level1-robot-first.json", "terror24-5p-physical.json", "showdown-3teams-ja.json"]) {
    const recorded = await fixture(name);
    const ui = await gameUI(recorded.game);
    const words = await loadWords("ja");
    const ctx = { ...wordsCtx(words), play: async () => {}, data: null };
    /** @type {Set<string>} */
    const english = new Set();
    let step = 0;
    await playFixture(ui, name, "ja", (game) => {
      step += 1;
      const page = screen(ui.board({ ...ctx, data: game.data }, game.table));
      const last = game.story[game.story.length - 1];
      for (const line of [...shownLines(page.root), ...(last?.told ?? []), ...ui.help(ctx)]) {
        for (const word of line.match(/[A-Za-z][A-Za-z0-9'-]*/g) ?? []) if (!kept.test(word)) english.add(`${word} (${line.trim()})`);
      }
    });
    assert.ok(step > 0);
    assert.deepEqual([...english], [], name);
  }
});

test("a finished game offers no move and has its ranking from place 1; one under way has none; a rematch keeps the setup", async () => {
  /** @type {[string, number][]} */
  const finished = [["famiglia-level1-player-first.json", 2], ["terror24-3p-virtual.json", 3], ["showdown-2teams.json", 2]];
  for (const [name, places] of finished) {
    const recorded = await fixture(name);
    const ui = await gameUI(recorded.game);
    const words = await loadWords("en");
    const ctx = { ...wordsCtx(words), play: async () => {}, data: null };
    const game = await playFixture(ui, name, "en");
    const end = ui.ending(ctx, game.table);
    assert.ok(end, name);
    assert.equal(end.rows.length, places, name);
    assert.equal(end.rows[0].place, 1);
    assert.deepEqual(end.rows.map((r) => r.place), end.rows.map((r) => r.place).sort((a, b) => a - b));
    assert.ok(end.rows.some((r) => r.won), "the winners are marked");
    assert.deepEqual(screen(ui.board({ ...ctx, data: game.data }, game.table)).lines, [], name);
    const again = ui.rematch(game.saved, game.table);
    assert.deepEqual(again.options, game.saved.options, name);
    if (recorded.game === "terror24") {
      // the same seats, styles and NPC; a new chief and event grid
      assert.deepEqual(again.entries, game.saved.entries.slice(0, 3));
      const next = await playFixture(ui, name, "en", () => {}, 0);
      for (const [line] of again.entries) await next.play(line);
      assert.equal(/** @type {any} */ (next.table).match.setupStep(), "chief");
    } else {
      assert.deepEqual(again.entries, []);
    }
  }
  const midround = await playFixture(await gameUI("terror24"), "terror24-3p-midround.json", "en");
  assert.equal(midround.ui.ending({ ...wordsCtx(await loadWords("en")), play: async () => {}, data: null }, midround.table), null);
});

test("a Showdown game ended by passing shows the showdown's verdict and offers nothing", async () => {
  const ui = await gameUI("hitmans-showdown");
  for (const lang of ["en", "ja"]) {
    const words = await loadWords(lang);
    const ctx = { ...wordsCtx(words), play: async () => {}, data: null };
    const game = await playFixture(ui, "showdown-question.json", lang, () => {}, 0);
    for (let n = 0; n < 100 && !game.table.isOver(); n++) await game.play("pass");
    assert.ok(game.table.isOver());
    const page = screen(ui.board({ ...ctx, data: game.data }, game.table));
    assert.deepEqual(page.lines, []);
    const showdown = page.byClass("card").find((e) => e.all().some((h) => h.tagName === "H2"
      && h.textContent === (lang === "en" ? "The showdown" : words.gettext("The showdown"))));
    assert.ok(showdown, lang);
    const verdict = /** @type {any} */ (game.table).talk.verdict(/** @type {any} */ (game.table).engine.showdown.winners);
    assert.ok(showdown.textContent.includes(verdict), lang);
  }
});

test("no part of the app writes markup from text: a name typed at the table is always text", async () => {
  const root = new URL("../../companion/app/", import.meta.url);
  const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith(".js") && !f.startsWith("vendor"));
  const markup = /\.(innerHTML|outerHTML|insertAdjacentHTML)\b|document\.write|DOMParser|createContextualFragment/;
  const found = [];
  for (const file of files) {
    const text = await readFile(new URL(file, root), "utf8");
    if (markup.test(text.replace(/^\s*\/\/.*$/gm, ""))) found.push(file);
  }
  assert.ok(files.length > 20 && files.includes("ui/dom.js"));
  assert.deepEqual(found, []);
});
