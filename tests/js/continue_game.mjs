// `node tests/js/continue_game.mjs GAME_FILE [--game GAME --seed N --options JSON] < LINES`: a saved game
// played on by the browser's engines and written back after every change, as the terminal's table
// does (companion/table.py): each line of stdin is `undo [N]`, `redo` or a line for the game, read as
// the terminal reads it (NFKC, stripped); a refused line is said on stderr and changes nothing. With
// --game, a new game is started in GAME_FILE (the options, seed and, with --id, the game's id as the
// Python's `play` would save).
// What the saved-games test uses to move one game between the Python and the JavaScript.

import { readFile, rename, writeFile } from "node:fs/promises";
import { createInterface } from "node:readline";

import { loadGameData } from "../../companion/app/lib/appfile.js";
import { pyStrip } from "../../companion/app/lib/engine.js";
import { GameFile } from "../../companion/app/lib/gamefile.js";
import { nfkc } from "../../companion/app/lib/nfkc.js";
import { loadWords } from "../../companion/app/lib/words.js";

const [path, ...flags] = process.argv.slice(2);
/** @param {string} name */
const flag = (name) => {
  const at = flags.indexOf(name);
  return at >= 0 ? flags[at + 1] : undefined;
};

/** @param {string} text */
async function store(text) {
  const temporary = `${path}.tmp`; // written whole, then put in place (fileio.write_atomic)
  await writeFile(temporary, text, "utf8");
  await rename(temporary, path);
}

const created = flag("--game");
const file = created ? GameFile.create(created, JSON.parse(flag("--options") ?? "{}"), Number(flag("--seed")))
  : GameFile.read(await readFile(path, "utf8"), null, path);
if (created && flag("--id")) file.id = /** @type {string} */ (flag("--id"));
if (created) await file.save(store); // a new game's file is there at once, as `play` makes it
if (file.options.cards) throw new Error("a game on a data folder of its own is played at the terminal only");
const words = await loadWords(/** @type {string} */ (file.options.lang ?? "en"));
const { newTable } = await import(`../../companion/app/${file.game}/table.js`);
const data = await loadGameData(file.game);

/** A fresh table with the journal's lines played again. */
function rebuild() {
  const table = newTable(data, file.options, words, file.seed);
  for (const line of file.lines()) table.handle(line);
  return table;
}

let table = rebuild();
for await (const typed of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  const line = pyStrip(nfkc(typed));
  if (!line) continue;
  const [word, ...rest] = line.split(/\s+/);
  try {
    if (word.toLowerCase() === "undo") {
      file.undo(rest.length ? Number(rest[0]) : 1);
      table = rebuild();
    } else if (word.toLowerCase() === "redo" && !rest.length) {
      const entry = file.nextRedo();
      if (entry) {
        for (const again of entry) table.handle(again);
        file.redo();
      }
    } else {
      const continues = table.awaitingAnswer();
      table.handle(line);
      file.record(line, continues);
    }
  } catch (e) {
    const error = /** @type {Error & {refusal?: unknown}} */ (e);
    if (!error.refusal) throw e;
    table = rebuild();
    console.error(error.message);
    continue;
  }
  await file.save(store);
}

