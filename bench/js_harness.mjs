// What bench/js_browser.py times, the same code in Node and in a browser page (bench/js_browser.html):
// loading a ported game's table (engine, narration), its data and the words of both languages; listing
// the legal actions and applying one over the positions of seeded random games; replaying a 500-line
// game. The app's modules are imported by URL from `app`, the companion/app folder (file: under Node,
// http: in a browser, where the data and the catalog are fetched).
//
//     node bench/js_harness.mjs load GAME          one cold load, as JSON
//     node bench/js_harness.mjs run GAME [GAMES]   the rest, as JSON
//
// The browser's clock is coarse (5 µs when the page is cross-origin isolated, 100 µs when not), and one
// listing takes a few µs, so each position's figure is the mean of REPS calls: the listing called REPS
// times, the action applied to REPS copies of the position made beforehand (untimed).

export const GAMES = ["famiglia", "terror24"];
const REPS = 50;
const REPLAY_LINES = 500;
const REPLAYS = 5;
// a game's folder under companion/app, where not named as the game (bench/js_browser.py's FOLDERS)
/** @type {Record<string, string>} */
const FOLDERS = { "hitmans-showdown": "showdown" };
const NAMES = ["Aki=scotch", "Ben=wolf", "Chie=hibachi", "Dan=lloyd", "Eri=dokaben"];

/**
 * Import the game's table and the shared modules, read its data and both languages' words.
 * @param {string} game
 * @param {string} app the companion/app folder's URL, ending in "/"
 */
export async function load(game, app) {
  const started = performance.now();
  const [{ newTable }, { loadGameData }, { loadWords }, { Random }] = await Promise.all([
    import(`${app}${FOLDERS[game] ?? game}/table.js`), import(`${app}lib/appfile.js`), import(`${app}lib/words.js`),
    import(`${app}lib/random.js`),
  ]);
  const [data, en, ja] = await Promise.all([loadGameData(game, app), loadWords("en", app), loadWords("ja", app)]);
  return { ms: performance.now() - started, newTable, data, words: { en, ja }, Random };
}

/** @param {number[]} times @param {number} q */
function quantile(times, q) {
  const sorted = times.slice().sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Median, p99 and mean: Chromium slows its CPU by pausing the page now and then, so most short calls
 * run at full speed and the pauses land in a few; the mean holds them all.
 * @param {number[]} times */
function figures(times) {
  return { median: quantile(times, 0.5), p99: quantile(times, 0.99), mean: times.reduce((a, b) => a + b, 0) / times.length };
}

/**
 * A new table for the n-th seeded game: Famiglia's levels 1–4, the player or the robot first; 24 with
 * 3, 4 and 5 players, the NPC's deck virtual and physical.
 * @param {string} game @param {any} loaded @param {number} n
 */
function newSeededTable(game, loaded, n) {
  const factions = ["red_heart", "blood_diamond", "void_clover", "darkness_speed"];
  const options = game === "famiglia" ? { level: 1 + (n % 4), first: n % 8 < 4 ? "player" : "robot" }
    : game === "hitmans-showdown" ? { teams: NAMES.slice(0, 2 + (n % 3)).map((who, i) => ({ name: who.split("=")[0], faction: factions[i] })) }
    : { npc_deck: n % 2 ? "physical" : "virtual" };
  return loaded.newTable(loaded.data, options, loaded.words.ja, n);
}

/**
 * Play the n-th seeded game to its end, every move a listed one picked at random, through the table as
 * a page does (typed lines, narrated in Japanese); `visit(engine, action)` is called before each listed
 * move is made. The game's lines.
 * @param {string} game @param {any} loaded @param {number} n
 * @param {(engine: any, action: any) => void} [visit]
 * @returns {string[]}
 */
function walk(game, loaded, n, visit) {
  const table = newSeededTable(game, loaded, n);
  const rng = new loaded.Random(`walk:${game}:${n}`);
  /** @type {string[]} */
  const lines = [];
  const say = (/** @type {string} */ line) => {
    table.handle(line);
    lines.push(line);
  };
  const engine = table.match;
  if (game === "terror24") {
    const players = 3 + (n % 3);
    say(NAMES.slice(0, players).join(" "));
    say("scscs".slice(0, players));
    if (players === 3) say("random");
    say("Aki");
    const left = engine.eventsLeft();
    rng.shuffle(left);
    say(loaded.data.grid.filter((/** @type {any} */ c) => !c.face_down)
      .map((/** @type {any} */ c) => left.splice(0, c.places).join("")).join(" "));
  }
  while (engine.outcome() === null) {
    const legal = engine.legalActions();
    if (!legal.length) { // 24: a face-down column turned up, its events told by the table
      const left = engine.eventsLeft();
      rng.shuffle(left);
      say(left.slice(0, 3).join(""));
      continue;
    }
    const action = rng.choice(legal);
    if (visit) visit(engine, action);
    say(action.line());
  }
  return lines;
}

/**
 * Listing and applying over `games` seeded games (after as many that warm the JIT up), and replaying
 * a 500-line game: the seeded games' lines one after another, each game on a new table, until 500.
 * @param {string} game @param {any} loaded @param {number} games
 */
export function run(game, loaded, games = 100) {
  /** @type {number[]} */
  const listing = [];
  /** @type {number[]} */
  const applying = [];
  for (let n = 0; n < games * 2; n++) {
    const kept = n >= games;
    walk(game, loaded, n, (engine, action) => {
      let t = performance.now();
      for (let i = 0; i < REPS; i++) engine.legalActions();
      const listed = (performance.now() - t) / REPS;
      const copies = Array.from({ length: REPS }, () => engine.clone());
      t = performance.now();
      for (const copy of copies) copy.apply(action);
      const applied = (performance.now() - t) / REPS;
      if (kept) {
        listing.push(listed);
        applying.push(applied);
      }
    });
  }

  /** @type {{n: number, lines: string[]}[]} */
  const script = [];
  let count = 0;
  for (let n = 10_000; count < REPLAY_LINES; n++) {
    const lines = walk(game, loaded, n).slice(0, REPLAY_LINES - count);
    script.push({ n, lines });
    count += lines.length;
  }
  /** @type {number[]} */
  const replays = [];
  for (let i = 0; i < REPLAYS; i++) {
    const t = performance.now();
    for (const { n, lines } of script) {
      const table = newSeededTable(game, loaded, n);
      for (const line of lines) table.handle(line);
      table.status();
    }
    replays.push(performance.now() - t);
  }
  return {
    positions: listing.length, reps: REPS,
    list: figures(listing),
    apply: figures(applying),
    replay: { lines: count, games: script.length, median: quantile(replays, 0.5), runs: replays },
  };
}

if (typeof process !== "undefined" && import.meta.url === (await import("node:url")).pathToFileURL(process.argv[1]).href) {
  const [what, game, games] = process.argv.slice(2);
  const app = new URL("../companion/app/", import.meta.url).href;
  const loaded = await load(game, app);
  console.log(JSON.stringify(what === "load" ? { ms: loaded.ms } : run(game, loaded, Number(games ?? 100))));
}
