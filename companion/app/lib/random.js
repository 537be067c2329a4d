// CPython's `random.Random`, draw for draw.
//
// A saved game keeps its seed, not its cards and dice: replaying it anywhere must deal the same cards and roll
// the same dice, so this is CPython's generator exactly — the Mersenne Twister MT19937 as its C module seeds
// and runs it, and the few methods of its random.py the engines call, with the same rejection sampling.
// Only what the engines use is here: `randint`, `randrange(start, stop)`, `choice`, `shuffle`, `random` and
// the primitives under them. (No `sample`, `gauss`, or `randrange`'s step: no engine calls them.)

import { sha512 } from "./sha512.js";

const N = 624;
const M = 397;
const MATRIX_A = 0x9908b0df;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;

/** A seed as the engines give it: an integer (a saved game's) or a string (24 names its draws).
 * @typedef {number | bigint | string} Seed */

/**
 * A whole number as the little-endian 32-bit words CPython feeds to `init_by_array`: its absolute value's
 * words, the most significant zero words dropped, at least one word (0 for 0).
 * @param {bigint} n
 * @returns {number[]}
 */
function wordsOf(n) {
  if (n < 0n) n = -n;
  const words = [];
  do {
    words.push(Number(n & 0xffffffffn));
    n >>= 32n;
  } while (n > 0n);
  return words;
}

/**
 * The whole number CPython seeds with for a string (its "version 2" seeding): the string's UTF-8 bytes followed
 * by their SHA-512 digest, read as one big-endian number — as words, without building the BigInt.
 * @param {string} text
 * @returns {number[]}
 */
function wordsOfString(text) {
  for (const ch of text) {
    const code = /** @type {number} */ (ch.codePointAt(0));
    // Python cannot encode a lone surrogate as UTF-8 and refuses the seed; TextEncoder would quietly
    // put U+FFFD in its place and seed another stream.
    if (code >= 0xd800 && code <= 0xdfff) throw new TypeError("a seed string cannot hold a lone surrogate");
  }
  const utf8 = new TextEncoder().encode(text);
  const bytes = new Uint8Array(utf8.length + 64);
  bytes.set(utf8);
  bytes.set(sha512(utf8), utf8.length);
  const words = [];
  for (let end = bytes.length; end > 0; end -= 4) {
    let word = 0;
    for (let i = Math.max(0, end - 4); i < end; i++) word = word * 256 + bytes[i];
    words.push(word);
  }
  while (words.length > 1 && words[words.length - 1] === 0) words.pop(); // leading zero bytes add no bits
  return words;
}

/**
 * The number of bits of a positive integer below 2**32 (Python's `int.bit_length`).
 * @param {number} n
 */
const bitLength = (n) => 32 - Math.clz32(n);

export class Random {
  /** @param {Seed} seed */
  constructor(seed) {
    /** The generator's 624 words. */
    this.mt = new Uint32Array(N);
    /** The next word to temper; N means a twist is due (as after seeding). */
    this.index = N;
    this.seed(seed);
  }

  /**
   * Seeds as CPython's `Random.seed(a)` does for an int or a str. A number must be a safe integer
   * (CPython would hash a float: no engine seeds with one).
   * @param {Seed} a
   */
  seed(a) {
    let key;
    if (typeof a === "string") {
      key = wordsOfString(a);
    } else if (typeof a === "bigint") {
      key = wordsOf(a);
    } else if (Number.isSafeInteger(a)) {
      key = wordsOf(BigInt(a));
    } else {
      throw new TypeError(`a seed is an integer or a string, not ${a}`);
    }
    this.initByArray(key);
  }

  /** @param {number} s */
  initGenrand(s) {
    const mt = this.mt;
    mt[0] = s;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1];
      mt[i] = Math.imul(1812433253, prev ^ (prev >>> 30)) + i; // the array keeps it modulo 2**32
    }
    this.index = N;
  }

  /** @param {number[]} key */
  initByArray(key) {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const prev = mt[i - 1];
      // The sums stay below 2**35, exact in a double; the array keeps them modulo 2**32.
      mt[i] = (mt[i] ^ Math.imul(prev ^ (prev >>> 30), 1664525)) + key[j] + j;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1];
      mt[i] = (mt[i] ^ Math.imul(prev ^ (prev >>> 30), 1566083941)) - i;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    mt[0] = 0x80000000; // a non-zero state, whatever the key
  }

  /** The next 624 words, all at once. */
  twist() {
    const mt = this.mt;
    for (let k = 0; k < N; k++) {
      const y = (mt[k] & UPPER_MASK) | (mt[(k + 1) % N] & LOWER_MASK);
      mt[k] = mt[(k + M) % N] ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
    }
    this.index = 0;
  }

  /** The next 32 random bits, as an unsigned number (CPython's `genrand_uint32`). */
  nextWord() {
    if (this.index >= N) this.twist();
    let y = this.mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** A float in [0, 1) from 53 random bits: two words, 27 and 26 bits of them, as CPython takes them. */
  random() {
    const a = this.nextWord() >>> 5;
    const b = this.nextWord() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }

  /**
   * `k` random bits as a whole number, built as CPython builds it: the first word drawn is the least
   * significant, and the last word gives only its top bits.
   * @param {number} k
   * @returns {bigint}
   */
  getrandbits(k) {
    if (!Number.isInteger(k) || k < 0) throw new RangeError("number of bits must be a non-negative integer");
    if (k <= 32) return BigInt(this.bits(k));
    let result = 0n;
    for (let shift = 0n; k > 0; k -= 32, shift += 32n) {
      result |= BigInt(k < 32 ? this.nextWord() >>> (32 - k) : this.nextWord()) << shift;
    }
    return result;
  }

  /**
   * Up to 32 random bits as a number (the common case of `getrandbits`, kept out of BigInt for speed).
   * @param {number} k 0 to 32
   */
  bits(k) {
    return k === 0 ? 0 : this.nextWord() >>> (32 - k);
  }

  /**
   * A whole number in [0, n), by CPython's `_randbelow_with_getrandbits`: draw as many bits as `n` has and
   * draw again while the result is too large. (Taking n's bits, not n - 1's, costs an extra draw now and
   * then for a power of two, and is part of the stream.)
   * @param {number} n a positive safe integer
   */
  randbelow(n) {
    if (!Number.isSafeInteger(n) || n <= 0) throw new RangeError(`randbelow needs a positive integer, not ${n}`);
    if (n < 0x100000000) {
      const k = bitLength(n);
      let r = this.bits(k);
      while (r >= n) r = this.bits(k);
      return r;
    }
    const k = n.toString(2).length;
    const limit = BigInt(n);
    let r = this.getrandbits(k);
    while (r >= limit) r = this.getrandbits(k);
    return Number(r);
  }

  /**
   * A whole number in [start, stop) (`randrange(start, stop)`; `randrange(stop)` when `stop` is left out).
   * @param {number} start
   * @param {number} [stop]
   */
  randrange(start, stop) {
    if (stop === undefined) {
      if (start > 0) return this.randbelow(start);
      throw new RangeError("empty range for randrange()");
    }
    const width = stop - start;
    if (width > 0) return start + this.randbelow(width);
    throw new RangeError(`empty range for randrange() (${start}, ${stop}, ${width})`);
  }

  /**
   * A whole number in [a, b], both included.
   * @param {number} a
   * @param {number} b
   */
  randint(a, b) {
    return this.randrange(a, b + 1);
  }

  /**
   * One item of a non-empty list.
   * @template T
   * @param {readonly T[]} items
   * @returns {T}
   */
  choice(items) {
    if (items.length === 0) throw new RangeError("Cannot choose from an empty sequence");
    return items[this.randbelow(items.length)];
  }

  /**
   * Shuffles `items` in place as CPython does: from the last place down, each swapped with a place at or
   * before it.
   * @param {unknown[]} items
   */
  shuffle(items) {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.randbelow(i + 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
  }

  /**
   * The generator's state as CPython's `getstate()[1]` holds it: the 624 words, then the index.
   * @returns {number[]}
   */
  getstate() {
    return [...this.mt, this.index];
  }

  /**
   * Puts back a state from `getstate()` (or CPython's `getstate()[1]`).
   * @param {readonly number[]} state
   */
  setstate(state) {
    if (state.length !== N + 1 || !(state[N] >= 0 && state[N] <= N)) throw new RangeError("not a generator state");
    this.mt.set(state.slice(0, N));
    this.index = state[N];
  }

  /** An independent copy that draws what this one would draw next (trying an action on a copy of a game). */
  fork() {
    const twin = Object.create(Random.prototype);
    twin.mt = this.mt.slice();
    twin.index = this.index;
    return /** @type {Random} */ (twin);
  }
}

/**
 * A new game's seed, as the Python makes one (`SystemRandom().randrange(2**32)`): 32 bits from the system's
 * secure source, which browsers give on plain-HTTP pages too.
 * @returns {number}
 */
export function freshSeed() {
  return globalThis.crypto.getRandomValues(new Uint32Array(1))[0];
}
