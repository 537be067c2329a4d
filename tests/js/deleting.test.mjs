// What a game's page offers to delete it (companion/app/ui/deleting.js), drawn under Node: a game kept on
// this device gets "Delete this game…"; a game the server keeps gets no such button, only the words why
// (deleting the phone's copy would be undone by the next look at the server's list) — in both languages.
import assert from "node:assert/strict";
import { test } from "node:test";

import { loadWords } from "../../companion/app/lib/words.js";
import { deleteOffer } from "../../companion/app/ui/deleting.js";
import { wordsCtx } from "../../companion/app/ui/text.js";
import { installDocument, screen } from "./page_dom.mjs";

installDocument();

/** @type {import("../../companion/app/ui/store.js").SavedGame} */
const local = { format: "tabletop-kit game", version: 1, game: "famiglia", options: {}, seed: 7, revision: 0,
  entries: [], name: "club", updated: 0 };
const synced = { ...local, sync: { version: 3, entries: [], undone: [], pending: [] } };

for (const [lang, button, why] of [
  ["en", "Delete this game…", "This game is kept on the server and comes back from it, so it cannot be deleted from this device."],
  ["ja", "このゲームを削除…", "このゲームはサーバーが保存していて、消してもサーバーから戻ってくるため、この端末からは削除できません。"],
]) {
  test(`a game kept on this device offers to be deleted; a server's game says why not (${lang})`, async () => {
    const shell = /** @type {any} */ ({ words: wordsCtx(await loadWords(lang)) });
    const mine = screen([deleteOffer(shell, local)]);
    const offer = mine.elements.filter((e) => e.tagName === "BUTTON" && e.getAttribute("data-tool") === "delete");
    assert.equal(offer.length, 1);
    assert.equal(offer[0].textContent, button);
    const theirs = screen([deleteOffer(shell, synced)]);
    assert.equal(theirs.elements.filter((e) => e.tagName === "BUTTON").length, 0);
    assert.equal(theirs.text, why);
  });
}
