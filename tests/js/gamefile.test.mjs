// A game file as the browser keeps it (lib/gamefile.js): saves counted as the Python counts them, and a
// save that cannot be stored leaves the game as it was stored last. Files moving between the Python and
// the JavaScript, byte for byte: tests/companion/app/test_saved_games_js.py.
import assert from "node:assert/strict";
import { test } from "node:test";

import { GameFile, GameFileError } from "../../companion/app/lib/gamefile.js";

test("each change is one save; nothing changed, nothing stored", async () => {
  const file = GameFile.create("terror24", { npc_deck: "virtual", lang: "en", cards: null }, 11);
  /** @type {string[]} */
  const stored = [];
  const store = (/** @type {string} */ text) => { stored.push(text); };
  assert.equal(await file.save(store), true); // the new game's file, with nothing entered
  assert.equal(await file.save(store), false);
  file.record("Aki=scotch Ben=wolf Chie=hibachi", false);
  await file.save(store);
  file.undo();
  await file.save(store);
  assert.equal(file.revision, 3);
  const last = GameFile.read(stored[stored.length - 1], "terror24", "g.json");
  assert.deepEqual([last.revision, last.entries, last.undone], [3, [], [["Aki=scotch Ben=wolf Chie=hibachi"]]]);
  assert.equal(await last.save(store), false); // read and saved again unchanged: the revision stays
  assert.equal(stored.length, 3);
});

test("a save that cannot be stored takes back the revision and the journal", async () => {
  const file = GameFile.read(`${JSON.stringify({ format: "tabletop-kit game", version: 1, game: "famiglia",
    options: { level: 1 }, seed: 2, revision: 5, entries: [["take 1"]] }, null, 1)}\n`, "famiglia", "f.json");
  file.record("end", false);
  const full = () => { throw new Error("disk full"); };
  await assert.rejects(file.save(full), /disk full/);
  assert.deepEqual([file.revision, file.entries, file.undone], [5, [["take 1"]], []]);
});

test("a file of another game, or none at all, is refused with the Python's words", () => {
  const text = JSON.stringify({ format: "tabletop-kit game", version: 1, game: "famiglia", options: {}, seed: 1,
    entries: [] });
  assert.throws(() => GameFile.read(text, "terror24", "f.json"), (e) => e instanceof GameFileError
    && e.key === "{path}: this file holds a {found!r} game, not {game!r}" && e.args.found === "famiglia");
  assert.throws(() => GameFile.read("{", "terror24", "f.json"), (e) => e instanceof GameFileError
    && e.key.startsWith("{path}: not a readable game file"));
  assert.throws(() => GameFile.read(text.replace('"seed":1', '"seed":true'), "famiglia", "f.json"),
    (e) => e instanceof GameFileError && e.key === "{path}: the game file is damaged; it was left untouched");
});

test("a game's id is drawn when it is created, kept by every save and read back byte for byte", async () => {
  const file = GameFile.create("famiglia", { level: 1, first: "robot", lang: "en", cards: null }, 3);
  assert.match(/** @type {string} */ (file.id), /^[0-9a-f]{16}$/);
  assert.notEqual(GameFile.create("famiglia", {}, 3).id, file.id);
  /** @type {string[]} */
  const stored = [];
  file.record("R1 G1 G0 B0 B4 B3", false);
  await file.save((text) => { stored.push(text); });
  const text = stored[0];
  assert.deepEqual(Object.keys(JSON.parse(text)).slice(0, 4), ["format", "version", "game", "id"]);
  const again = GameFile.read(text, "famiglia", "f.json");
  assert.equal(again.id, file.id);
  assert.equal(`${again.text()}\n`, text);
});

test("a file from before ids is read and written back without one; a damaged id is refused", () => {
  const old = JSON.stringify({ format: "tabletop-kit game", version: 1, game: "famiglia", options: {}, seed: 1,
    revision: 2, entries: [["take 1"]] }, null, 1);
  const file = GameFile.read(old, "famiglia", "f.json");
  assert.equal(file.id, null);
  assert.equal(file.text(), old);
  for (const id of ["", "has space", 12, "x".repeat(65)]) {
    const text = JSON.stringify({ ...JSON.parse(old), id });
    assert.throws(() => GameFile.read(text, "famiglia", "f.json"), (e) => e instanceof GameFileError
      && e.key === "{path}: the game file is damaged; it was left untouched");
  }
});
