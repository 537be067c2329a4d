// The page's element helper (companion/app/ui/dom.js) under Node's stand-in document: a fold's contents
// are made when it is first opened — by its summary's tap, before the browser opens it, or by opening
// it another way — once, and at once for a fold drawn open.
import assert from "node:assert/strict";
import { test } from "node:test";

import { fold, h } from "../../companion/app/ui/dom.js";
import { installDocument } from "./page_dom.mjs";

installDocument();

/** A fold whose contents count how often they were made. */
function counted(/** @type {boolean} */ open = false) {
  const made = { times: 0 };
  const details = /** @type {any} */ (fold({ class: "card", open }, "Ledger", () => {
    made.times += 1;
    return [h("p", null, "Ann +2,000"), null, [h("p", null, "Bob −500")]];
  }));
  return { details, made };
}

test("a fold is drawn with its summary alone, and makes its contents when its summary is tapped, once", () => {
  const { details, made } = counted();
  assert.equal(made.times, 0);
  assert.deepEqual(details.childNodes.map((/** @type {any} */ c) => c.tagName), ["SUMMARY"]);
  assert.equal(details.getAttribute("class"), "card");
  const summary = details.childNodes[0];
  assert.equal(summary.textContent, "Ledger");
  summary.click();
  assert.equal(made.times, 1);
  assert.deepEqual(details.childNodes.map((/** @type {any} */ c) => c.textContent), ["Ledger", "Ann +2,000", "Bob −500"]);
  summary.click(); // folded again, then opened again: the same contents, not a second copy
  details.dispatch("toggle");
  assert.equal(made.times, 1);
  assert.equal(details.childNodes.length, 3);
});

test("a fold opened without its summary (a script, the browser's find) is filled as it opens", () => {
  const { details, made } = counted();
  details.dispatch("toggle");
  assert.equal(made.times, 1);
  assert.equal(details.textContent, "LedgerAnn +2,000Bob −500");
});

test("a fold drawn open holds its contents from the start", () => {
  const { details, made } = counted(true);
  assert.equal(made.times, 1);
  assert.ok(details.hasAttribute("open"));
  assert.equal(details.childNodes.length, 3);
});
