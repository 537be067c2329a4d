// A game handed over in a link (lib/handover.js): the game file comes back byte for byte, a damaged or
// oversized link is refused with the Python's words, and journals are compared line by line. The same
// links made by the Python and opened here, and the other way round: tests/companion/app/test_share_js.py.
import assert from "node:assert/strict";
import { deflateRawSync } from "node:zlib";
import { test } from "node:test";

import { AHEAD, BEHIND, DIVERGED, HandoverError, MAX_GAME, SAME, compare, makeLink, pack, readLink, unpack }
  from "../../companion/app/lib/handover.js";

const FILE = `${JSON.stringify({ format: "tabletop-kit game", version: 1, game: "famiglia", id: "0f3a9c2e4b5d6e7f",
  options: { level: 1, first: "robot", lang: "ja", cards: null }, seed: 7, revision: 3,
  entries: [["R1 G1 G0 B0 B4 B3"], ["take 3", "Y2"]] }, null, 1)}\n`;

test("a link carries the game file byte for byte in its fragment, with its name", async () => {
  const link = await makeLink("https://games.example/app/#game=old", FILE, "famiglia 2");
  assert.match(link, /^https:\/\/games\.example\/app\/#import=[A-Za-z0-9_-]+&name=famiglia\+2$/);
  assert.deepEqual(await readLink(link), { text: FILE, name: "famiglia 2" });
  assert.deepEqual(await readLink(link.slice(link.indexOf("#"))), { text: FILE, name: "famiglia 2" });
  assert.equal(await unpack(await pack("ゆき\u2028🎲")), "ゆき\u2028🎲");
});

test("a damaged link is refused in the Python's words", async () => {
  const data = await pack(FILE);
  for (const broken of [data.slice(0, -12), `%%${data}`, `A${data}`, ""]) {
    await assert.rejects(readLink(`#import=${broken}`), (e) => e instanceof HandoverError
      && e.key === "this link is damaged (cut short or changed); nothing was imported");
  }
});

test("a link that unpacks too big is refused before it is unpacked whole", async () => {
  const bomb = Buffer.from(deflateRawSync(Buffer.alloc(MAX_GAME + 10, 32))).toString("base64url");
  assert.ok(bomb.length < 5000);
  await assert.rejects(unpack(bomb), (e) => e instanceof HandoverError && e.key.includes("too big")
    && e.args.limit === MAX_GAME);
});

test("journals are compared line by line", () => {
  const here = [["take 1"], ["R1", "G1"]];
  assert.equal(compare(here, here), SAME);
  assert.equal(compare(here, [...here, ["end"]]), AHEAD);
  assert.equal(compare(here, [["take 1"], ["R1"]]), BEHIND);
  assert.equal(compare(here, [["take 2"]]), DIVERGED);
});
