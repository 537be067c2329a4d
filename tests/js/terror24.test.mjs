// 24's JavaScript engine on its own (the conformance run, tests/companion/conformance/test_conformance.py, holds it to the
// Python line by line): a refusal changes nothing and names its key and arguments, in either language;
// the NPC turns its own card with a virtual deck and waits for the table's with a physical one; every
// listed action parses back from its line; and the rules follow the game's data, not numbers of their own.
import assert from "node:assert/strict";
import { test } from "node:test";

import { loadGameData } from "../../companion/app/lib/appfile.js";
import { RuleError } from "../../companion/app/lib/engine.js";
import { Random } from "../../companion/app/lib/random.js";
import { loadWords } from "../../companion/app/lib/words.js";
import { Match } from "../../companion/app/terror24/match.js";
import { status } from "../../companion/app/terror24/talk.js";

const data = /** @type {any} */ (await loadGameData("terror24"));
const ja = await loadWords("ja");

/**
 * A game set up and ready for round 1's bids.
 * @param {string} players
 * @param {{physical?: boolean, gameData?: any, seed?: number}} [how]
 */
function started(players, { physical = false, gameData = data, seed = 7 } = {}) {
  const m = new Match(gameData, seed, physical);
  const count = players.split(" ").length;
  const lines = [players, "s".repeat(count), ...(count === 3 ? ["random"] : []), "Aki", "RB YG RR BP GY"];
  for (const line of lines) m.apply(m.parse(line));
  return m;
}

test("a bid refused (already bid, cards not in hand) names its key and arguments and changes nothing", () => {
  const m = started("Aki=scotch Ben=wolf Chie=hibachi Dan=lloyd");
  m.apply(m.parse("Aki 5 6"));
  const before = JSON.stringify(status(m));
  const action = m.parse("Aki 5 6");
  assert.throws(() => m.apply(action), (/** @type {RuleError} */ e) => {
    assert.ok(e instanceof RuleError);
    assert.equal(e.key, "{name} has already bid this round");
    assert.deepEqual(e.args, { name: "Aki" });
    return true;
  });
  assert.throws(() => m.apply(m.parse("Ben 6 6")), (/** @type {any} */ e) => {
    assert.equal(e.key, "{name} cannot lay {cards}: the hand holds {held}");
    assert.deepEqual(e.args, { name: "Ben", cards: "6 6", held: "0 1 1 2 2 3 4 5 6" });
    assert.equal(e.text(ja), "Benは 6 6 を出せません。手札：0 1 1 2 2 3 4 5 6");
    return true;
  });
  assert.equal(JSON.stringify(status(m)), before);
});

test("a virtual NPC turns its own card; a physical one waits for the table to type it", () => {
  const virtual = started("Aki=scotch Ben=wolf Chie=hibachi");
  virtual.apply(virtual.parse("Aki 1 2"));
  virtual.apply(virtual.parse("Ben 1 2"));
  const events = virtual.apply(virtual.parse("Chie 1 2"));
  assert.deepEqual(events.map((e) => e.type), ["Laid", "Laid", "Resolved"]);
  assert.equal(/** @type {any} */ (events[1]).npc, true);
  const physical = started("Aki=scotch Ben=wolf Chie=hibachi", { physical: true });
  for (const line of ["Aki 1 2", "Ben 1 2", "Chie 1 2"]) physical.apply(physical.parse(line));
  assert.deepEqual(physical.toMove(), { kind: "chance", who: "card" });
  assert.deepEqual(physical.legalActions().map((a) => a.line()), ["NPC 1", "NPC 2", "NPC 3", "NPC 4", "NPC 5", "NPC 6"]);
});

test("every listed action of whole seeded games parses back from its line", () => {
  for (const players of ["Aki=scotch Ben=wolf Chie=hibachi", "Aki=scotch Ben=wolf Chie=hibachi Dan=lloyd Eri=dokaben"]) {
    const m = started(players, { physical: true });
    const rng = new Random(`listed:${players}`);
    while (m.outcome() === null) {
      const listed = m.legalActions();
      for (const action of listed) assert.deepEqual(m.parse(action.line()), action);
      m.apply(listed.length ? rng.choice(listed) : m.parse(m.eventsLeft().slice(0, 3).join("")));
    }
  }
});

test("a changed value in the game's data changes the play: a stand VP", () => {
  const changed = structuredClone(data);
  changed.events.suits.find((/** @type {any} */ s) => s.id === "bomb").stand_vp = 9;
  for (const [gameData, vp] of [[data, 2], [changed, 9]]) {
    const m = started("Aki=scotch Ben=wolf Chie=hibachi Dan=lloyd", { gameData });
    for (const line of ["Aki 1 2", "Ben 1 3", "Chie 0 1", "Dan 0 2"]) m.apply(m.parse(line));
    // round 1 reads R B: Ben's 4 takes the bomb (R), Aki's 3 the hijack
    assert.equal(/** @type {any} */ (m.game).seats[1].vp, vp);
  }
});
