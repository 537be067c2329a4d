// Famiglia's JavaScript engine on its own (the conformance run, tests/companion/conformance/test_conformance.py, holds it to the
// Python line by line): a refusal changes nothing, names its key and arguments, and every listed action
// parses back from its line.
import assert from "node:assert/strict";
import { test } from "node:test";

import { loadGameData } from "../../companion/app/lib/appfile.js";
import { RuleError } from "../../companion/app/lib/engine.js";
import { Random } from "../../companion/app/lib/random.js";
import { Said, Speech } from "../../companion/app/lib/speech.js";
import { loadWords } from "../../companion/app/lib/words.js";
import { newGame } from "../../companion/app/famiglia/match.js";

const data = /** @type {import("../../companion/app/famiglia/engine.js").FamigliaData} */ (await loadGameData("famiglia"));

/** @param {import("../../companion/app/famiglia/match.js").Match} m */
function snapshot(m) {
  return JSON.stringify({ ...m.game, rules: null });
}

test("a line of drawn cards refused at its third card changes nothing", () => {
  const g = newGame(data, { level: 2, first: "player" });
  g.apply(g.parse("R4"));
  const before = snapshot(g);
  const action = g.parse("B4 G4 R4"); // one R4 only: it is on the Street already
  assert.throws(() => g.apply(action), (/** @type {RuleError} */ e) => {
    assert.ok(e instanceof RuleError);
    assert.equal(e.key, "no {card} can be in the stack: all {copies} are accounted for ({where})");
    assert.equal(e.args.card, "R4");
    assert.equal(e.args.copies, 1);
    assert.deepEqual(JSON.parse(JSON.stringify(e.args.where)), [{ said: "Street {n}", fields: { n: 1 }, plural: null }]);
    return true;
  });
  assert.equal(snapshot(g), before);
});

test("a refusal is said in the table's language, its parts too", async () => {
  const g = newGame(data, { level: 2, first: "player" });
  g.apply(g.parse("R4 B4"));
  const refusal = /** @type {RuleError} */ ((() => {
    try {
      g.apply(g.parse("R4"));
    } catch (e) {
      return e;
    }
    throw new Error("R4 was accepted twice");
  })());
  const english = refusal.said().text(new Speech(await loadWords("en")));
  assert.equal(english, "no R4 can be in the stack: all 1 are accounted for (Street 1)");
  const japanese = refusal.said().text(new Speech(await loadWords("ja")));
  assert.notEqual(japanese, english);
  assert.ok(japanese.includes("R4"));
  assert.ok(new Said("Street {n}", { n: 1 }).text(new Speech(await loadWords("ja"))).length > 0);
});

test("every listed action parses back from its line, over whole games", () => {
  const rng = new Random(5);
  for (let n = 0; n < 40; n++) {
    const g = newGame(data, { level: 1 + (n % 4), first: n % 2 ? "robot" : "player" });
    while (g.toMove().kind !== "nobody") {
      const actions = g.legalActions();
      for (const action of actions) {
        assert.deepEqual(JSON.stringify(g.parse(action.line())), JSON.stringify(action));
      }
      g.apply(rng.choice(actions));
    }
    assert.ok(g.outcome());
  }
});

test("full-width numbers and codes read as ASCII ones; other digits do not", () => {
  const g = newGame(data, { level: 3, first: "player" });
  g.apply(g.parse("r0 b1 y2 g3 R1 B2"));
  assert.deepEqual(JSON.parse(JSON.stringify(g.parse("take ２"))), { type: "Take", pos: 1 });
  assert.throws(() => g.parse("take ⓶"), (/** @type {RuleError} */ e) => e.key.startsWith("{token!r} is not a card code"));
});
