// 24's browser port in Node: listing the legal actions and applying one (median, p99, worst) over the
// positions of seeded games played to the end, every bid a listed one (3, 4 and 5 players; the NPC's
// deck virtual and physical; the first half of the games only warms the JIT up); loading the engine, its
// data and the Japanese words; and the size of the port's files and data, brotli-compressed as a server
// would send them (the shared lib/ and the catalog are counted with the engines that brought them).
//
//     node bench/terror24_js.mjs [games]
import { readFileSync } from "node:fs";
import { brotliCompressSync } from "node:zlib";

const started = performance.now();
const { loadGameData } = await import("../companion/app/lib/appfile.js");
const { loadWords } = await import("../companion/app/lib/words.js");
const { Match } = await import("../companion/app/terror24/match.js");
const { Narration } = await import("../companion/app/terror24/talk.js");
const { Random } = await import("../companion/app/lib/random.js");
const data = /** @type {any} */ (await loadGameData("terror24"));
const ja = await loadWords("ja");
const loaded = performance.now() - started;

const games = Number(process.argv[2] ?? 300);
const names = ["Aki=scotch", "Ben=wolf", "Chie=hibachi", "Dan=lloyd", "Eri=dokaben"];
/** @type {number[]} */
const listing = [];
/** @type {number[]} */
const applying = [];
/** @type {number[]} */
const narrating = [];

for (let n = 0; n < games * 2; n++) { // the first half warms the JIT up, as a page that has played a while
  const kept = n >= games;
  const players = 3 + (n % 3);
  const match = new Match(data, n, players === 3 && n % 2 === 1);
  const rng = new Random(`bench:${n}`);
  const grid = () => {
    const left = match.eventsLeft();
    rng.shuffle(left);
    return data.grid.filter((/** @type {any} */ c) => !c.face_down)
      .map((/** @type {any} */ c) => left.splice(0, c.places).join("")).join(" ");
  };
  const setup = [names.slice(0, players).join(" "), "scscs".slice(0, players)];
  for (const line of setup) match.apply(match.parse(line));
  if (players === 3) match.apply(match.parse("random"));
  match.apply(match.parse("Aki"));
  match.apply(match.parse(grid()));
  const words = new Narration(match, ja);
  while (match.outcome() === null) {
    let t = performance.now();
    const legal = match.legalActions();
    if (kept) listing.push(performance.now() - t);
    let action;
    if (legal.length) {
      action = rng.choice(legal);
    } else { // a face-down column turned up
      const left = match.eventsLeft();
      rng.shuffle(left);
      action = match.parse(left.slice(0, 3).join(""));
    }
    t = performance.now();
    const events = match.apply(action);
    if (kept) applying.push(performance.now() - t);
    t = performance.now();
    words.narrate(events);
    if (kept) narrating.push(performance.now() - t);
  }
}

/** @param {number[]} times @param {string} what */
function report(times, what) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (/** @type {number} */ q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const us = (/** @type {number} */ ms) => `${(ms * 1000).toFixed(1)} µs`;
  console.log(`${what}: median ${us(at(0.5))}, p99 ${us(at(0.99))}, worst ${us(sorted[sorted.length - 1])} `
    + `over ${times.length} positions`);
}

console.log(`Node ${process.version}, ${games} games`);
console.log(`loading the engine, its data and the Japanese words: ${loaded.toFixed(1)} ms`);
report(listing, "legalActions()");
report(applying, "apply(action)");
report(narrating, "narrating its events (Japanese)");
const files = ["terror24/rules.js", "terror24/match.js", "terror24/talk.js", "terror24/refusal.js",
  "terror24/table.js", "terror24/engine.js", "lib/pystr.js", "data/terror24.json"];
let total = 0;
for (const file of files) {
  const size = brotliCompressSync(readFileSync(new URL(`../companion/app/${file}`, import.meta.url))).length;
  total += size;
  console.log(`  ${file}: ${size} bytes brotli`);
}
console.log(`24's port and its data: ${total} bytes brotli (${(total / 1024).toFixed(1)} KB)`);
