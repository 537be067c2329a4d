// Hitman's Showdown's table in the browser on its own (the conformance run, tests/companion/conformance/test_conformance.py, holds
// it to the Python line by line): a refused line changes nothing and is said in the table's language with
// the rules' key and arguments; a page is offered the forms it can fill now and only the answers while a
// question waits; the status table lines up a Japanese team name by terminal columns.
import assert from "node:assert/strict";
import { test } from "node:test";

import { InputError } from "../../companion/app/lib/engine.js";
import { loadGameData } from "../../companion/app/lib/appfile.js";
import { displayWidth } from "../../companion/app/lib/textwidth.js";
import { loadWords } from "../../companion/app/lib/words.js";
import { newTable } from "../../companion/app/showdown/table.js";

const data = /** @type {any} */ (await loadGameData("hitmans-showdown"));
const ja = await loadWords("ja");
const en = await loadWords("en");
const TEAMS = [{ name: "ゆき", faction: "red_heart" }, { name: "Bob", faction: "void_clover" }];

/** @param {import("../../companion/app/lib/words.js").Words} words */
function table(words) {
  const t = newTable(data, { teams: TEAMS }, words, 5);
  for (const line of ["attack SJ", "buy weapon"]) t.handle(line);
  return t;
}

test("a refused line changes nothing and is said in the table's language with the rules' key and arguments", () => {
  for (const [words, said] of /** @type {const} */ ([[ja, "一度に購入できるのは1〜99個です"], [en, "buy 1 to 99 at a time"]])) {
    const t = table(words);
    const before = JSON.stringify(t.status());
    assert.throws(() => t.handle("buy weapon 200"), (/** @type {any} */ e) => {
      assert.ok(e instanceof InputError);
      assert.equal(e.message, said);
      assert.equal(e.refusal.key, "buy 1 to {max} at a time");
      assert.deepEqual(e.refusal.args, { max: 99 });
      return true;
    });
    assert.equal(JSON.stringify(t.status()), before);
  }
});

test("a page is offered the forms it can fill now, and only the answers while a question waits", () => {
  const t = table(en);
  const forms = t.choices().filter((c) => c.form).map((c) => c.form);
  const faces = forms.find((f) => f?.kind === "faces");
  assert.deepEqual(faces && [faces.least, faces.count], [4, 4]); // two dice, Red Heart's one, a weapon's one
  assert.ok(!forms.some((f) => f?.kind === "reroll")); // no backup plan bought, nothing rolled
  assert.deepEqual(forms.find((f) => f?.kind === "adjust")?.choices, ["ゆき", "Bob"]);
  assert.ok(!forms.find((f) => f?.kind === "give")?.choices.includes("SJ")); // the card under attack
  t.handle("roll 1 2 3 4");
  assert.deepEqual(t.handle("done"), ["ゆき vs SJ Bird, the Messenger: fails: needs four 4s, have one"]);
  assert.ok(t.awaitingAnswer());
  assert.deepEqual(t.choices().map((c) => c.line), ["1", "2", "3", "4", "5", "6", "roll"]);
  // the terminal says how to type the answer; a page, whose buttons are the answers, does not
  assert.equal(t.prompt(), "ゆき: penalty roll (1d6: type the face, or 'roll') >");
  assert.equal(t.talk.pageQuestion(t.engine.action?.question), "ゆき: penalty roll (1d6)");
});

test("the status table lines up a Japanese team name by terminal columns", () => {
  const rows = table(ja).describe().slice(1, 3);
  const money = rows.map((row) => displayWidth(row.slice(0, row.indexOf("金") + 1)));
  assert.equal(money[0], money[1]);
  assert.match(rows[0], /^ {2}ゆき {7}レッドハート/);
});
