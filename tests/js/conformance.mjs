// The conformance run's JavaScript side: plays again, line by line, the trace the Python writes
// (companion/conformance/__init__.py, whose docstring gives its form) on the browser's engines, and
// compares after every step what a player could see or a page could read. The first difference is
// printed in full with the game, its options, seed and step, and the run fails (exit 1).
//
//   python -m companion.conformance famiglia --games 100 | node tests/js/conformance.mjs [TRACE_FILE] [--only KEYS]
//
// `--only mover,actions,events,refusal,outcome` compares only those keys of what is seen (a port's
// rules checked before its words exist); the run then says which keys it left out. CI compares all.
//
// How a game plugs in: tests/js/conformance/<game>.mjs exports `load()` → the game's data (and anything
// else it needs once), `fromData(data)` → the same from data the trace holds (a walk on changed data),
// `newTable(loaded, options, seed, words)` → a table with the methods of
// companion/app/famiglia/table.js (handle, status, describe, opening, prompt, help, awaitingAnswer,
// isOver, notes, choices; a refused line throws an error whose `refusal` is the engine's RuleError), and
// `engine(table)` → its Engine (lib/engine.js).

import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";

import { pyStrip } from "../../companion/app/lib/engine.js";
import { Journal } from "../../companion/app/lib/journal.js";
import { nfkc } from "../../companion/app/lib/nfkc.js";
import { loadWords } from "../../companion/app/lib/words.js";

const LANGS = ["en", "ja"];

/**
 * @typedef {{handle(line: string): string[], status(): object, describe(): string[], opening(): string[],
 *            prompt(): string, help(): string[], awaitingAnswer(): boolean, isOver(): boolean, notes?: string[],
 *            choices?(): object[]}} Table
 * @typedef {{load(): Promise<unknown>, fromData(data: unknown): unknown, newTable(loaded: any, options: any, seed: number,
 *            words: import("../../companion/app/lib/words.js").Words): Table,
 *            engine(table: Table): import("../../companion/app/lib/engine.js").Engine}} GameAdapter
 */

/** @type {Map<string, {adapter: GameAdapter, loaded: unknown}>} */
const adapters = new Map();

/** @param {string} game */
async function adapterOf(game) {
  let found = adapters.get(game);
  if (!found) {
    const adapter = /** @type {GameAdapter} */ (await import(`./conformance/${game}.mjs`));
    found = { adapter, loaded: await adapter.load() };
    adapters.set(game, found);
  }
  return found;
}

/** @type {Record<string, import("../../companion/app/lib/words.js").Words>} */
const WORDS = {};
for (const lang of LANGS) {
  WORDS[lang] = await loadWords(lang);
}

/**
 * The same value with every object's keys sorted, as one JSON text.
 * @param {unknown} value
 * @returns {string}
 */
export function canonical(value) {
  return JSON.stringify(value, (_, v) => (v && typeof v === "object" && !Array.isArray(v)
    ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, v[k]])) : v));
}

class Walk {
  /**
   * @param {GameAdapter} adapter
   * @param {unknown} loaded
   * @param {object} options
   * @param {number} seed
   */
  constructor(adapter, loaded, options, seed) {
    this.adapter = adapter;
    this.loaded = loaded;
    this.options = options;
    this.seed = seed;
    this.journal = new Journal();
    /** @type {import("../../companion/app/lib/engine.js").GameEvent[]} */
    this.events = [];
    /** @type {Record<string, Table>} */
    this.tables = {};
    this.rebuild();
  }

  /** @param {string} lang */
  fresh(lang) {
    const table = this.adapter.newTable(this.loaded, this.options, this.seed, WORDS[lang]);
    const engine = this.adapter.engine(table);
    const apply = engine.apply.bind(engine);
    engine.apply = (action) => { // the events the table's own handling brought about
      const events = apply(action);
      this.events = events.slice();
      return events;
    };
    return table;
  }

  rebuild() {
    this.tables = Object.fromEntries(LANGS.map((lang) => [lang, this.fresh(lang)]));
    for (const line of this.journal.lines()) {
      for (const table of Object.values(this.tables)) table.handle(line);
    }
  }

  get table() {
    return this.tables[LANGS[0]];
  }

  /**
   * @param {Record<string, string[]>} said
   * @param {unknown[] | null} [events]
   * @param {{key: string, args: object} | null} [refusal]
   */
  seen(said, events = null, refusal = null) {
    const table = this.table;
    const engine = this.adapter.engine(table);
    const mover = engine.toMove();
    const actions = engine.legalActions();
    const notes = table.notes;
    return JSON.parse(JSON.stringify({
      mover: { kind: mover.kind, who: mover.who },
      actions: actions.map((a) => a.line()),
      listed: actions,
      round_trip: actions.filter((a) => canonical(engine.parse(a.line())) !== canonical(a)).map((a) => a.line()),
      events,
      refusal: refusal && { key: refusal.key, args: refusal.args },
      outcome: engine.outcome(),
      status: table.status(),
      prompt: Object.fromEntries(LANGS.map((lang) => [lang, this.tables[lang].prompt()])),
      choices: Object.fromEntries(LANGS.map((lang) => [lang, this.tables[lang].choices?.() ?? []])),
      awaiting: table.awaitingAnswer(),
      over: table.isOver(),
      notes: notes === undefined ? null : {
        count: notes.length,
        last: Object.fromEntries(LANGS.map((lang) => {
          const n = /** @type {string[]} */ (this.tables[lang].notes);
          return [lang, n.length ? n[n.length - 1] : null];
        })),
      },
      said,
    }));
  }

  /** The first look, with what `help` says (once a walk: it depends on the options and data only). */
  start() {
    return { ...this.seen(Object.fromEntries(LANGS.map((lang) => [lang, this.tables[lang].opening()]))),
      help: Object.fromEntries(LANGS.map((lang) => [lang, this.tables[lang].help()])) };
  }

  /** @param {string} line */
  play(line) {
    const continues = this.table.awaitingAnswer();
    /** @type {Record<string, string[]>} */
    const said = {};
    /** @type {any} */
    let refusal = null;
    this.events = [];
    for (const lang of LANGS) {
      try {
        said[lang] = this.tables[lang].handle(line);
      } catch (e) {
        const refused = /** @type {{refusal?: unknown, message: string}} */ (e);
        if (!refused.refusal) throw e;
        said[lang] = [refused.message];
        refusal = refused.refusal;
      }
    }
    if (refusal) return this.seen(said, null, refusal);
    this.journal.record(line, continues);
    return this.seen(said, this.events);
  }

  undo() {
    const dropped = this.journal.undo(1);
    this.rebuild();
    return this.seen(Object.fromEntries(LANGS.map((lang) => [lang, dropped.length ? this.tables[lang].describe() : []])));
  }

  redo() {
    const entry = this.journal.nextRedo();
    /** @type {Record<string, string[]>} */
    const said = Object.fromEntries(LANGS.map((lang) => [lang, []]));
    if (entry) {
      for (const line of entry) {
        for (const lang of LANGS) said[lang].push(...this.tables[lang].handle(line));
      }
      this.journal.redo();
    }
    return this.seen(said);
  }
}

/**
 * The keys of two objects whose values differ, with both values (of the keys in `only`, if given).
 * @param {Record<string, unknown>} python
 * @param {Record<string, unknown>} js
 * @param {string[] | null} only
 */
function differences(python, js, only) {
  const keys = [...new Set([...Object.keys(python), ...Object.keys(js)])]
    .filter((k) => only === null || only.includes(k) || k === "crash" || k === "typed");
  return keys.filter((k) => canonical(python[k]) !== canonical(js[k]))
    .map((k) => `  ${k}:\n    python:     ${canonical(python[k])}\n    javascript: ${canonical(js[k])}`);
}

/**
 * Play the trace `lines`; the counts, or the first difference (a multi-line text).
 * @param {AsyncIterable<string>} lines
 * @param {string[] | null} [only] the keys of what is seen to compare (all when null)
 * @returns {Promise<{ok: true, counts: object, compared: number} | {ok: false, report: string}>}
 */
export async function check(lines, only = null) {
  /** @type {Walk | null} */
  let walk = null;
  /** @type {any} */
  let header = null;
  let step = 0;
  let compared = 0;
  for await (const text of lines) {
    if (!text) continue;
    const item = JSON.parse(text);
    if (item.end) return { ok: true, counts: item.end, compared };
    if (item.walk !== undefined) {
      header = item;
      step = 0;
      const { adapter, loaded } = await adapterOf(item.game);
      walk = new Walk(adapter, item.data ? adapter.fromData(item.data) : loaded, item.options, item.seed);
      continue;
    }
    if (!walk) throw new Error("the trace holds a step before any walk");
    step++;
    /** @type {Record<string, unknown>} */
    let js;
    try {
      if (item.op === "start") {
        js = walk.start();
        if (!("help" in item.seen)) delete js.help; // a trace written before help was compared
      } else if (item.op === "undo") {
        js = walk.undo();
      } else if (item.op === "redo") {
        js = walk.redo();
      } else {
        const typed = pyStrip(nfkc(item.line));
        if (typed !== item.typed) {
          js = { typed };
          item.seen = { typed: item.typed };
        } else {
          js = walk.play(typed);
        }
      }
    } catch (e) {
      js = { crash: String(/** @type {Error} */ (e).stack) };
    }
    const found = differences(item.seen, js, only);
    compared++;
    if (found.length) {
      const where = `${header.game} ${canonical(header.options)} seed ${header.seed} (walk ${header.walk}), `
        + `step ${step}: ${item.op}${item.op === "line" ? ` ${JSON.stringify(item.line)}` : ""}`;
      return { ok: false, report: [`first difference: ${where}`, ...found].join("\n") };
    }
  }
  throw new Error("the trace ended without its counts (did the Python side fail?)");
}

const args = process.argv.slice(2);
const onlyAt = args.indexOf("--only");
const only = onlyAt >= 0 ? args.splice(onlyAt, 2)[1].split(",") : null;
const source = args[0] ? createReadStream(args[0]) : process.stdin;
const result = await check(createInterface({ input: source, crlfDelay: Infinity }), only);
if (result.ok) {
  const compared = only === null ? {} : { only };
  console.log(JSON.stringify({ ...result.counts, compared: result.compared, ...compared, differences: 0 }));
} else {
  console.log(result.report);
  process.exitCode = 1;
}
