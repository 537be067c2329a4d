// `node companion/app/replay.mjs GAME_FILE [--lang ja|en]`: a saved game played again by the browser's
// engines, entry by entry, one JSON line after each — the entry's lines, the status (as `status --json`
// prints it), the actions (as the web API lists them) and what the entry said. `python -m companion.replay`
// prints the same lines for the same file: `diff` the two. A Node script (it reads the file from the disk),
// kept out of the browser's type check.
//
// A game plugs in as companion/app/<folder>/table.js (the folder is the game's id unless FOLDERS names another)
// exporting `newTable(data, options, words, seed)` (the seed for a game that draws by itself, as 24's NPC deck
// and its `draw`, and Showdown's dice).

import { readFile } from "node:fs/promises";

import { loadGameData } from "./lib/appfile.js";
import { GameFile, GameFileError } from "./lib/gamefile.js";
import { Speech } from "./lib/speech.js";
import { loadWords } from "./lib/words.js";

const REFUSED = "{path}: saved line {number} ({line!r}) no longer applies: {error}"; // table.replay's words
/** @type {Record<string, string>} */
const FOLDERS = { "hitmans-showdown": "showdown" }; // a game whose code's folder is not named by its id

/**
 * @param {string} path
 * @param {string | null} lang
 */
async function replay(path, lang) {
  const text = await readFile(path, "utf8");
  let saved;
  try {
    saved = GameFile.read(text, null, path);
  } catch (e) {
    if (!(e instanceof GameFileError)) throw e;
    console.error(new Speech(await loadWords(lang ?? "en"))._(e.key, e.args));
    process.exitCode = 2;
    return;
  }
  const options = saved.options;
  const words = await loadWords(lang ?? /** @type {string | undefined} */ (options.lang) ?? "en");
  const speech = new Speech(words);
  const { newTable } = await import(`./${FOLDERS[saved.game] ?? saved.game}/table.js`);
  const table = newTable(await loadGameData(saved.game), options, words, saved.seed);
  const journal = saved.journal;
  let number = 0;
  for (const [n, entry] of journal.entries.entries()) {
    /** @type {string[]} */
    const said = [];
    for (const line of entry) {
      number++;
      try {
        said.push(...table.handle(line));
      } catch (e) {
        const error = /** @type {Error} */ (e);
        console.error(speech._(REFUSED, { path, number, line, error: error.message }));
        process.exitCode = 2;
        return;
      }
    }
    const actions = [...table.choices(), { line: "undo", label: speech._("Undo"), group: "table" }];
    if (n + 1 === journal.entries.length && journal.undone.length) {
      actions.push({ line: "redo", label: speech._("Redo"), group: "table" });
    }
    const status = { ...table.status(), over: table.isOver(), outcome: table.outcome() };
    console.log(JSON.stringify({ entry: n + 1, lines: entry, status, actions, said }));
  }
}

const args = process.argv.slice(2);
const langAt = args.indexOf("--lang");
const lang = langAt >= 0 ? args.splice(langAt, 2)[1] : null;
if (args.length !== 1 || (lang !== null && !["en", "ja"].includes(lang))) {
  console.error("usage: node companion/app/replay.mjs GAME_FILE [--lang ja|en]");
  process.exitCode = 2;
} else {
  await replay(args[0], lang);
}
