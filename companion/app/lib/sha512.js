// SHA-512 (FIPS 180-4), synchronous.
//
// Seeding the random generator from a string takes a SHA-512 digest in the middle of applying a line, so it
// cannot wait for a promise; and WebCrypto's digest is both asynchronous and missing on plain-HTTP pages (a
// phone on the table's LAN). Each 64-bit word is kept as two unsigned 32-bit halves, because JavaScript's
// bit operators work on 32 bits and BigInt arithmetic would be many times slower.

/**
 * The integer root of `n` of the given degree (2 or 3): the largest r with r ** degree <= n, by Newton's method.
 * @param {bigint} n
 * @param {bigint} degree
 * @returns {bigint}
 */
function integerRoot(n, degree) {
  let r = 1n << (BigInt(n.toString(2).length) / degree + 1n); // above the root: Newton comes down to it
  for (;;) {
    const next = ((degree - 1n) * r + n / r ** (degree - 1n)) / degree;
    if (next >= r) return r;
    r = next;
  }
}

/**
 * The first `count` primes.
 * @param {number} count
 * @returns {number[]}
 */
function primes(count) {
  /** @type {number[]} */
  const found = [];
  for (let n = 2; found.length < count; n++) {
    if (found.every((p) => n % p !== 0)) found.push(n);
  }
  return found;
}

/**
 * The standard's constants are the first 64 bits of the fractional parts of the square roots (initial hash)
 * and cube roots (round constants) of the first primes. Computing them once at load, rather than typing 176
 * hexadecimal words, leaves no room for a mistyped digit.
 * @param {number} count
 * @param {bigint} degree
 * @returns {Uint32Array} high and low halves, interleaved
 */
function fractionalRootBits(count, degree) {
  const words = new Uint32Array(2 * count);
  primes(count).forEach((p, i) => {
    const bits = integerRoot(BigInt(p) << (64n * degree), degree) & 0xffffffffffffffffn;
    words[2 * i] = Number(bits >> 32n);
    words[2 * i + 1] = Number(bits & 0xffffffffn);
  });
  return words;
}

const INITIAL = fractionalRootBits(8, 2n);
const UTF8 = new TextEncoder();
const ROUND = fractionalRootBits(80, 3n);

// Rotations and shifts of the 64-bit word (hi, lo), each half computed on its own (n < 32 throughout:
// a rotation by 32 + n is a rotation by n with the halves swapped).
/** @param {number} hi @param {number} lo @param {number} n */
const rotrHi = (hi, lo, n) => (hi >>> n) | (lo << (32 - n));
/** @param {number} hi @param {number} lo @param {number} n */
const rotrLo = (hi, lo, n) => (lo >>> n) | (hi << (32 - n));
/** @param {number} hi @param {number} _lo @param {number} n */
const shrHi = (hi, _lo, n) => hi >>> n;
const shrLo = rotrLo;

// The low half of the last sum `add` made (a second return value, without allocating a pair on every add).
let lo = 0;

/**
 * Adds the 64-bit words (ah, al) and (bh, bl) modulo 2**64: returns the high half and leaves the low one in `lo`.
 * @param {number} ah @param {number} al @param {number} bh @param {number} bl
 */
function add(ah, al, bh, bl) {
  const low = (al >>> 0) + (bl >>> 0);
  lo = low >>> 0;
  return (ah + bh + (low > 0xffffffff ? 1 : 0)) >>> 0;
}

/**
 * One 128-byte block into the hash state.
 * @param {Uint32Array} state eight words as 16 halves
 * @param {Uint32Array} w the message schedule's space (160 halves)
 * @param {DataView} data
 * @param {number} offset
 */
function compress(state, w, data, offset) {
  for (let t = 0; t < 16; t++) {
    w[2 * t] = data.getUint32(offset + 8 * t);
    w[2 * t + 1] = data.getUint32(offset + 8 * t + 4);
  }
  for (let t = 16; t < 80; t++) {
    const h15 = w[2 * (t - 15)], l15 = w[2 * (t - 15) + 1];
    const h2 = w[2 * (t - 2)], l2 = w[2 * (t - 2) + 1];
    // σ0 = rotr 1 ^ rotr 8 ^ shr 7;  σ1 = rotr 19 ^ rotr 61 ^ shr 6
    const s0h = rotrHi(h15, l15, 1) ^ rotrHi(h15, l15, 8) ^ shrHi(h15, l15, 7);
    const s0l = rotrLo(h15, l15, 1) ^ rotrLo(h15, l15, 8) ^ shrLo(h15, l15, 7);
    const s1h = rotrHi(h2, l2, 19) ^ rotrLo(h2, l2, 29) ^ shrHi(h2, l2, 6);
    const s1l = rotrLo(h2, l2, 19) ^ rotrHi(h2, l2, 29) ^ shrLo(h2, l2, 6);
    let h = add(s1h, s1l, w[2 * (t - 7)], w[2 * (t - 7) + 1]);
    h = add(h, lo, s0h, s0l);
    w[2 * t] = add(h, lo, w[2 * (t - 16)], w[2 * (t - 16) + 1]);
    w[2 * t + 1] = lo;
  }
  let [ah, al, bh, bl, ch, cl, dh, dl, eh, el, fh, fl, gh, gl, hh, hl] = state;
  for (let t = 0; t < 80; t++) {
    // Σ1 = rotr 14 ^ rotr 18 ^ rotr 41;  Σ0 = rotr 28 ^ rotr 34 ^ rotr 39
    const S1h = rotrHi(eh, el, 14) ^ rotrHi(eh, el, 18) ^ rotrLo(eh, el, 9);
    const S1l = rotrLo(eh, el, 14) ^ rotrLo(eh, el, 18) ^ rotrHi(eh, el, 9);
    const chooseH = (eh & fh) ^ (~eh & gh), chooseL = (el & fl) ^ (~el & gl);
    let t1h = add(hh, hl, S1h, S1l);
    t1h = add(t1h, lo, chooseH, chooseL);
    t1h = add(t1h, lo, ROUND[2 * t], ROUND[2 * t + 1]);
    t1h = add(t1h, lo, w[2 * t], w[2 * t + 1]);
    const t1l = lo;
    const S0h = rotrHi(ah, al, 28) ^ rotrLo(ah, al, 2) ^ rotrLo(ah, al, 7);
    const S0l = rotrLo(ah, al, 28) ^ rotrHi(ah, al, 2) ^ rotrHi(ah, al, 7);
    const majorityH = (ah & bh) ^ (ah & ch) ^ (bh & ch), majorityL = (al & bl) ^ (al & cl) ^ (bl & cl);
    const t2h = add(S0h, S0l, majorityH, majorityL);
    const t2l = lo;
    hh = gh; hl = gl; gh = fh; gl = fl; fh = eh; fl = el;
    eh = add(dh, dl, t1h, t1l); el = lo;
    dh = ch; dl = cl; ch = bh; cl = bl; bh = ah; bl = al;
    ah = add(t1h, t1l, t2h, t2l); al = lo;
  }
  const worked = [ah, al, bh, bl, ch, cl, dh, dl, eh, el, fh, fl, gh, gl, hh, hl];
  for (let i = 0; i < 16; i += 2) {
    state[i] = add(state[i], state[i + 1], worked[i], worked[i + 1]);
    state[i + 1] = lo;
  }
}

/**
 * The SHA-512 digest of `message` (a string is hashed as its UTF-8 bytes).
 * @param {Uint8Array | string} message
 * @returns {Uint8Array} 64 bytes
 */
export function sha512(message) {
  const bytes = typeof message === "string" ? UTF8.encode(message) : message;
  // The padding: a 1 bit, zeros, then the length in bits as a 128-bit number, to a whole number of blocks.
  const blocks = Math.floor((bytes.length + 16) / 128) + 1;
  const padded = new Uint8Array(128 * blocks);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const data = new DataView(padded.buffer);
  const bits = bytes.length * 8; // exact: a message over 2**53 bits cannot be held in memory anyway
  data.setUint32(padded.length - 8, Math.floor(bits / 0x100000000));
  data.setUint32(padded.length - 4, bits >>> 0);
  const state = INITIAL.slice();
  const w = new Uint32Array(160);
  for (let offset = 0; offset < padded.length; offset += 128) compress(state, w, data, offset);
  const digest = new Uint8Array(64);
  const out = new DataView(digest.buffer);
  state.forEach((half, i) => out.setUint32(4 * i, half));
  return digest;
}

/**
 * @param {Uint8Array} bytes
 * @returns {string} lowercase hexadecimal
 */
export function hex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
