// The port of CPython's random.Random: known draws that CPython gives, the rules its methods keep, and the
// refusals. The draw-for-draw comparison with CPython over many seeds is tests/companion/app/test_js_random.py's.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Random, freshSeed } from "../../companion/app/lib/random.js";

test("the first draws CPython gives for seeds 0 and 'abc'", () => {
  // random.Random(0).random(), and [random.Random("abc").randint(1, 6) for _ in range(8)], in CPython 3.11
  assert.equal(new Random(0).random(), 0.8444218515250481);
  const dice = new Random("abc");
  dice.random();
  assert.deepEqual(Array.from({ length: 8 }, () => dice.randint(1, 6)), [5, 4, 6, 3, 3, 2, 3, 1]);
});

test("an integer seed reads its absolute value, in any size", () => {
  assert.deepEqual(new Random(-5).getstate(), new Random(5).getstate());
  assert.deepEqual(new Random(5n).getstate(), new Random(5).getstate());
  assert.notDeepEqual(new Random(2n ** 64n).getstate(), new Random(0).getstate());
  assert.throws(() => new Random(1.5), TypeError);
  assert.throws(() => new Random(2 ** 53), TypeError); // not exact as a number: give it as a BigInt
});

test("a seed string with a lone surrogate is refused, as CPython refuses to encode it", () => {
  assert.throws(() => new Random("a\ud800"), TypeError);
  assert.doesNotThrow(() => new Random("🎲"));
});

test("getrandbits gives exactly k bits, the first word drawn the least significant", () => {
  const a = new Random(7);
  const b = new Random(7);
  const wide = a.getrandbits(70);
  const low = b.getrandbits(32);
  const middle = b.getrandbits(32);
  const top = b.getrandbits(6);
  assert.equal(wide, low | (middle << 32n) | (top << 64n));
  assert.equal(new Random(7).getrandbits(0), 0n);
  assert.throws(() => new Random(7).getrandbits(-1), RangeError);
});

test("randint stays in its bounds and reaches both ends", () => {
  const rng = new Random(3);
  const seen = new Set(Array.from({ length: 600 }, () => rng.randint(1, 6)));
  assert.deepEqual([...seen].sort(), [1, 2, 3, 4, 5, 6]);
  const big = Array.from({ length: 100 }, () => rng.randrange(2 ** 40, 2 ** 41));
  assert.ok(big.every((n) => Number.isInteger(n) && n >= 2 ** 40 && n < 2 ** 41));
});

test("empty ranges and lists are refused", () => {
  const rng = new Random(1);
  assert.throws(() => rng.randrange(0), RangeError);
  assert.throws(() => rng.randint(3, 2), RangeError);
  assert.throws(() => rng.choice([]), RangeError);
});

test("shuffle keeps every item and handles the short lists", () => {
  const rng = new Random("deck");
  const deck = Array.from({ length: 40 }, (_, i) => i);
  rng.shuffle(deck);
  assert.deepEqual([...deck].sort((x, y) => x - y), Array.from({ length: 40 }, (_, i) => i));
  assert.notDeepEqual(deck, Array.from({ length: 40 }, (_, i) => i));
  /** @type {number[]} */
  const empty = [];
  rng.shuffle(empty);
  assert.deepEqual(empty, []);
});

test("a fork draws what the original would, and then goes its own way", () => {
  const rng = new Random(11);
  rng.randint(1, 6);
  const twin = rng.fork();
  const ahead = Array.from({ length: 1000 }, () => rng.randint(1, 6));
  assert.deepEqual(Array.from({ length: 1000 }, () => twin.randint(1, 6)), ahead);
  twin.random();
  assert.notEqual(twin.getstate()[624], rng.getstate()[624]);
});

test("setstate puts back a state from getstate, and refuses anything else", () => {
  const rng = new Random(5);
  rng.random();
  const copy = new Random(0);
  copy.setstate(rng.getstate());
  assert.equal(copy.random(), rng.random());
  assert.throws(() => copy.setstate([1, 2, 3]), RangeError);
});

test("a fresh seed is a whole number below 2**32, like the Python's, and differs from run to run", () => {
  const seeds = Array.from({ length: 20 }, freshSeed);
  assert.ok(seeds.every((seed) => Number.isInteger(seed) && seed >= 0 && seed < 2 ** 32));
  assert.ok(new Set(seeds).size > 1);
});
