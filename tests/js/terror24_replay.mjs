// Replays the Python's traces of 24 (tests/terror24_walks.py) through the browser's port and compares,
// after every line: the action read (and that its line reads back as it), or the refusal (key,
// arguments, words in both languages); the events; the narration in English and Japanese; whose move
// it is; the listed actions' lines; the prompt and the table as `status` says it, in both languages; the
// status JSON; the outcome. Prints the first difference of each game
// with its seed and step, then one JSON line of counts; exits 1 on any difference.
//   node tests/js/terror24_replay.mjs TRACES.jsonl

import { readFileSync } from "node:fs";
import { loadGameData } from "../../companion/app/lib/appfile.js";
import { loadWords } from "../../companion/app/lib/words.js";
import { Match } from "../../companion/app/terror24/match.js";
import { Narration, status } from "../../companion/app/terror24/narration.js";
import { RuleError } from "../../companion/app/terror24/refusal.js";

/**
 * JSON as the Python's json.dumps(separators=(",", ":"), ensure_ascii=False) writes it: a Map is an
 * object in its own order (JSON.stringify would put number-like keys first).
 * @param {unknown} value
 * @returns {string}
 */
function dumps(value) {
  if (value instanceof Map) {
    return `{${[...value].map(([k, v]) => `${JSON.stringify(String(k))}:${dumps(v)}`).join(",")}}`;
  }
  if (Array.isArray(value)) return `[${value.map(dumps).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const plain = "toJSON" in value && typeof value.toJSON === "function" ? value.toJSON() : value;
    if (plain !== value) return dumps(plain);
    return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${dumps(v)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

/** @param {any} action */
const actionJson = (action) => dumps(Object.fromEntries(Object.entries(action)));

const data = /** @type {any} */ (await loadGameData("terror24"));
const words = { en: await loadWords("en"), ja: await loadWords("ja") };

/**
 * @param {{seed: number, physical: boolean}} game
 * @param {string[]} lines
 */
function fresh(game, lines) {
  const match = new Match(data, game.seed, game.physical);
  for (const line of lines) match.apply(match.parse(line));
  return match;
}

const counts = { games: 0, lines: 0, fuzzed: 0, refused: 0, undo: 0, redo: 0, over: 0, differences: 0 };
const text = readFileSync(process.argv[2], "utf8");
for (const row of text.split("\n")) {
  if (!row) continue;
  const game = JSON.parse(row);
  counts.games += 1;
  /** @type {string[]} */
  let lines = [];
  /** @type {string[]} */
  let undone = [];
  let match = fresh(game, []);
  let stepNo = 0;
  let over = false;
  try {
    for (const step of game.steps) {
      stepNo += 1;
      /** @type {Record<string, unknown>} */
      const got = {};
      /** @type {Record<string, unknown>} */
      const want = {};
      if (step.undo) {
        counts.undo += 1;
        undone.push(/** @type {string} */ (lines.pop()));
        match = fresh(game, lines);
      } else {
        counts.lines += 1;
        if (step.redo) counts.redo += 1;
        if (step.fuzzed) counts.fuzzed += 1;
        const asked = match.game === null ? match.setupStep() : null;
        if (step.action) want.action = step.action; // the Python read the line (and may have refused the action)
        try {
          const action = match.parse(step.line);
          got.action = actionJson(action);
          got.reread = actionJson(match.parse(action.line()));
          want.reread = got.action;
          const events = match.apply(action);
          lines.push(step.line);
          undone = step.redo ? undone.slice(0, -1) : [];
          got.events = dumps(events);
          got.said = {
            en: new Narration(match, words.en).said(asked, events),
            ja: new Narration(match, words.ja).said(asked, events),
          };
        } catch (error) {
          if (!(error instanceof RuleError)) throw error;
          got.refused = dumps({ key: error.key, args: error.args, en: error.text(words.en), ja: error.text(words.ja) });
        }
        if (step.refused) {
          counts.refused += 1;
          want.refused = step.refused;
          if (!step.action) delete want.reread; // refused as it was read
        } else {
          want.events = step.events;
          want.said = step.said;
        }
      }
      got.to_move = dumps(match.toMove());
      want.to_move = step.to_move;
      got.legal = match.legalActions().map((a) => a.line());
      want.legal = step.legal;
      got.shown = Object.fromEntries(Object.entries(words).map(([lang, w]) => {
        const said = new Narration(match, w);
        return [lang, [said.prompt(), ...said.describe()]];
      }));
      want.shown = step.shown;
      got.status = dumps(status(match));
      want.status = step.status;
      const outcome = match.outcome();
      got.outcome = dumps(outcome);
      want.outcome = step.outcome;
      over = over || outcome !== null;
      for (const key of new Set([...Object.keys(want), ...Object.keys(got)])) {
        const [a, b] = [JSON.stringify(want[key]) ?? "(none)", JSON.stringify(got[key]) ?? "(none)"];
        if (a !== b) {
          let at = 0;
          while (a[at] === b[at]) at++;
          const from = Math.max(0, at - 80);
          throw new Error(`${key} differs at character ${at}\n  python: …${a.slice(from, at + 160)}\n  node:   …${b.slice(from, at + 160)}`);
        }
      }
    }
  } catch (error) {
    counts.differences += 1;
    const line = game.steps[stepNo - 1]?.line;
    console.log(`seed ${game.seed} (${game.players} players, NPC deck ${game.physical ? "physical" : "virtual"}), `
      + `step ${stepNo}${line === undefined ? " (undo)" : ` line ${JSON.stringify(line)}`}: `
      + `${error instanceof Error ? error.message : error}`);
    console.log(`  lines before: ${JSON.stringify(lines)}`);
  }
  if (over) counts.over += 1;
}
console.log(JSON.stringify(counts));
process.exit(counts.differences ? 1 : 0);
