// A saved-game fixture (tests/fixtures/journals/, written by the Python) played by the app as a table
// would have tapped it: its accepted lines in order, undo and redo included, saved nowhere; and whether
// a game as it stands takes a line.
import { readFile } from "node:fs/promises";

import { loadGameData } from "../../companion/app/lib/appfile.js";
import { InputError, RuleError } from "../../companion/app/lib/engine.js";
import { loadWords } from "../../companion/app/lib/words.js";
import { GameInPlay } from "../../companion/app/ui/session.js";

const FIXTURES = new URL("../fixtures/journals/", import.meta.url);

/**
 * @param {import("../../companion/app/ui/games.js").GameUI} ui
 * @param {string} name the fixture's file name
 * @param {string} lang
 * @param {(game: GameInPlay) => void} [after] called after each step played
 * @param {number} [upTo] the fixture's steps played (all by default)
 */
export async function playFixture(ui, name, lang, after = () => {}, upTo = Infinity) {
  const fixture = JSON.parse(await readFile(new URL(name, FIXTURES), "utf8"));
  const words = await loadWords(lang);
  const saved = /** @type {any} */ ({ game: fixture.game, options: fixture.options, seed: fixture.seed ?? 0,
    entries: [], name, revision: 0, updated: 0 });
  const game = new GameInPlay(ui, saved, await loadGameData(fixture.game), words, async () => {});
  for (const step of fixture.steps.slice(0, upTo)) {
    if (!step.ok) continue;
    const [word, count] = step.line.trim().split(/\s+/);
    if (word === "undo") {
      for (let n = Number(count ?? 1); n > 0; n--) await game.undo();
    } else if (word === "redo") {
      await game.redo();
    } else {
      await game.play(step.line);
    }
    after(game);
  }
  return game;
}

/**
 * Whether the game as it stands takes `line` (tried on a copy of its match).
 * @param {any} table
 * @param {string} line
 */
export function accepts(table, line) {
  const trial = table.match.clone();
  try {
    trial.apply(trial.parse(line));
  } catch (e) {
    if (e instanceof RuleError || e instanceof InputError) return false;
    throw e;
  }
  return true;
}
