// Draws from the JavaScript port of CPython's random, for tests/companion/app/test_js_random.py to hold against CPython's own.
// Reads {"count": N, "seeds": [{"int": "123"} | {"str": "text"}]} on stdin and writes, for each seed, what
// tests/companion/app/test_js_random.py's `draws` computes in Python, in the same order, as one JSON document on stdout.
import { Random } from "../../companion/app/lib/random.js";

/** @param {number} n */
const range = (n) => Array.from({ length: n }, (_, i) => i);

/**
 * @param {number | bigint | string} seed
 * @param {number} count
 */
function draws(seed, count) {
  const fresh = () => new Random(seed);
  /** @type {(rng: Random, draw: (rng: Random, i: number) => unknown) => unknown[]} */
  const many = (rng, draw) => range(count).map((i) => draw(rng, i));
  const shuffled = [];
  const decks = fresh();
  for (let size = 0; shuffled.length < count; size = (size + 1) % 41) {
    const deck = range(size);
    decks.shuffle(deck);
    shuffled.push(...deck);
  }
  const forked = fresh();
  for (let i = 0; i < 100; i++) forked.randint(1, 6);
  const twin = forked.fork();
  forked.random(); // the original's draws leave the fork's alone
  const widths = [1, 5, 31, 32, 33, 63, 64, 65, 100, 1000];
  return {
    state: fresh().getstate(),
    randint: many(fresh(), (rng) => rng.randint(1, 6)),
    random: many(fresh(), (rng) => rng.random()),
    choice: many(fresh(), (rng, i) => rng.choice(range(1 + (i % 60)))),
    shuffle: shuffled.slice(0, count),
    getrandbits: many(fresh(), (rng, i) => rng.getrandbits(widths[i % widths.length]).toString()),
    randrange_wide: many(fresh(), (rng) => rng.randrange(-5, 2 ** 40 + 12345)),
    fork: many(twin, (rng) => rng.randint(1, 6)),
    first_choice: range(count).map((i) => new Random(`${seed}:check:${i}`).choice(range(1 + (i % 9)))),
    first_shuffle: range(Math.ceil(count / 12)).flatMap((i) => {
      const deck = range(12);
      new Random(`${seed}:npc-deck:${i}`).shuffle(deck);
      return deck;
    }),
  };
}

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const request = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const results = request.seeds.map((/** @type {{int?: string, str?: string}} */ seed) =>
  draws(seed.str ?? BigInt(/** @type {string} */ (seed.int)), request.count));
process.stdout.write(JSON.stringify(results));
