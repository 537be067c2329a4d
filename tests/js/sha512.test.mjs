// The synchronous SHA-512 against the standard's published digests, and against Node's own (OpenSSL's)
// on every message length across the padding's block boundaries.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";

import { hex, sha512 } from "../../companion/app/lib/sha512.js";

test("the standard's example vectors", () => {
  // FIPS 180-4's examples: the empty message, 'abc', and the two-block 896-bit message.
  assert.equal(hex(sha512("")),
    "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e");
  assert.equal(hex(sha512("abc")),
    "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f");
  assert.equal(hex(sha512("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu")),
    "8e959b75dae313da8cf4f72814fc143f8f7779c6eb9f7fa17299aeadb6889018501d289e4900f7e4331b99dec4b5433ac7d329eeb6dd26545e96e55b874be909");
});

test("a string is hashed as its UTF-8 bytes", () => {
  const text = "日本語の種:npc-deck 🎲";
  assert.deepEqual(sha512(text), sha512(new TextEncoder().encode(text)));
  assert.equal(hex(sha512(text)), createHash("sha512").update(text, "utf8").digest("hex"));
});

test("every length around the block and padding boundaries, and a long message", () => {
  for (let length = 0; length <= 300; length++) {
    const message = Uint8Array.from({ length }, (_, i) => (i * 131 + length) & 0xff);
    assert.equal(hex(sha512(message)), createHash("sha512").update(message).digest("hex"), `length ${length}`);
  }
  const million = new Uint8Array(1_000_000).fill(0x61); // the standard's one million 'a'
  assert.equal(hex(sha512(million)),
    "e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b");
});
