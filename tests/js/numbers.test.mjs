// The browser's number rule reads every case of tests/fixtures/numbers.json (written by the Python, from
// companion/numbers.py) as the Python does, and NFKC keeps what the Python's Unicode does not assign.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { nfkc, unassigned } from "../../companion/app/lib/nfkc.js";
import { isWhole, signed, whole } from "../../companion/app/lib/numbers.js";
import { UNICODE_VERSION } from "../../companion/app/lib/unassigned.js";

/** @type {{unicode: string, cases: [string, number | null, number | null, number | null][]}} */
const vectors = JSON.parse(readFileSync(new URL("../fixtures/numbers.json", import.meta.url), "utf8"));

test("the vectors and the unassigned table come from the same Unicode", () => {
  assert.equal(vectors.unicode, UNICODE_VERSION);
});

test("every case reads as the Python reads it", () => {
  const differences = vectors.cases.filter(([text, w, s, required]) =>
    whole(text) !== w || signed(text) !== s || signed(text, true) !== required || isWhole(text) !== (w !== null));
  assert.deepEqual(differences.map(([text]) => text), []);
  assert.ok(vectors.cases.length > 3000);
});

test("a number character newer than the Python's Unicode is kept as it is, and is no number", () => {
  /** @type {string[]} */
  const newer = [];
  for (let code = 0; code <= 0x10ffff; code++) {
    const ch = String.fromCodePoint(code);
    if (/\p{N}/u.test(ch) && unassigned(code)) newer.push(ch);
  }
  if (Number((process.versions.unicode ?? "0").split(".")[0]) >= 16) {
    assert.ok(newer.includes("\u{1CCF0}")); // an outlined digit: this Node's NFKC makes it "0", the Python's does not
    assert.equal("\u{1CCF0}".normalize("NFKC"), "0");
  }
  for (const ch of newer) {
    assert.equal(nfkc(`x${ch}ｶﾞ`), `x${ch}ガ`, `U+${ch.codePointAt(0)?.toString(16)}`);
    assert.equal(whole(ch), null);
    assert.equal(signed(`-1${ch}`), null);
  }
});

test("NFKC around such a character is the ordinary NFKC of each side", () => {
  assert.equal(nfkc("ｶ\u{1CCF0}\u3099"), "カ\u{1CCF0}\u3099"); // the voicing mark joins nothing across it
  assert.equal(nfkc("①②ｶﾞ"), "12ガ");
  assert.equal(nfkc(""), "");
});
