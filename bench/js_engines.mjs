// The browser's engines in Node: how long listing the legal actions and applying one take (median and
// p99 over every position of seeded random games), and how long loading the engine, data and words takes.
//
//     node bench/js_engines.mjs [--games N]
//
// Famiglia's Python takes 0.008 ms median to list (bench/protocol_speed.py); a phone is 4–10× slower than this.
import { performance } from "node:perf_hooks";

const started = performance.now();
const { loadGameData } = await import("../companion/app/lib/appfile.js");
const { loadWords } = await import("../companion/app/lib/words.js");
const { newGame } = await import("../companion/app/famiglia/match.js");
const { Random } = await import("../companion/app/lib/random.js");
const data = /** @type {any} */ (await loadGameData("famiglia"));
await loadWords("ja");
const loaded = performance.now() - started;

const games = Number(process.argv[process.argv.indexOf("--games") + 1]) || 2000;

/** @param {number[]} times @param {number} q */
function quantile(times, q) {
  const sorted = times.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** @type {number[]} */
const listing = [];
/** @type {number[]} */
const applying = [];
const rng = new Random(1);
for (let n = 0; n < games * 2; n++) { // the first half warms the JIT up, as a page that has played a while
  const g = newGame(data, { level: 1 + (n % 4), first: n % 8 < 4 ? "player" : "robot" });
  while (g.toMove().kind !== "nobody") {
    let t = performance.now();
    const actions = g.legalActions();
    const listed = performance.now() - t;
    const action = rng.choice(actions);
    t = performance.now();
    g.apply(action);
    const applied = performance.now() - t;
    if (n >= games) {
      listing.push(listed);
      applying.push(applied);
    }
  }
}
/** @param {number} ms */
const shown = (ms) => `${(ms * 1000).toFixed(1)} µs`;
console.log(`famiglia, node ${process.version}: ${games} games, ${listing.length} positions`);
console.log(`  load engine + data + Japanese words: ${loaded.toFixed(1)} ms`);
console.log(`  legalActions: median ${shown(quantile(listing, 0.5))}, p99 ${shown(quantile(listing, 0.99))}`);
console.log(`  apply:        median ${shown(quantile(applying, 0.5))}, p99 ${shown(quantile(applying, 0.99))}`);
