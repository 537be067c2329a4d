// A game kept in step with a server (companion/app/ui/sync.js): the lines played on this device sent one
// at a time with the version they were made on; a refused line and every line after it taken back with
// the server's words; a line whose answer the network lost sent again under its id and played once.
// The server here is the same table on its own journal, answering as `POST /api/games/NAME/lines` does.

import assert from "node:assert/strict";
import { test } from "node:test";

import { loadGameData } from "../../companion/app/lib/appfile.js";
import { loadWords } from "../../companion/app/lib/words.js";
import { ui as famiglia } from "../../companion/app/ui/famiglia.js";
import { GameInPlay } from "../../companion/app/ui/session.js";
import { Offline, damagedRows, flush, settle } from "../../companion/app/ui/sync.js";

const words = await loadWords("en");
const data = await loadGameData("famiglia");
const MOVED_ON = "The game changed; here it is now.";

/** @param {any} saved */
const open = (saved) => new GameInPlay(famiglia, saved, data, words, async () => {});

/** A server's game: its journal, revision and the answers it gave to each request id. */
class Server {
  constructor() {
    this.game = open({ game: "famiglia", options: { level: 2, first: "player" }, seed: 5, entries: [], name: "g",
      revision: 0, updated: 0 });
    this.revision = 0;
    /** @type {Map<string, {ok: boolean, messages: string[]}>} */
    this.answered = new Map();
    /** @type {Set<string>} lines this server refuses in its own words (another rules version, say) */
    this.refuses = new Set();
    this.received = 0;
  }

  journal() {
    const saved = this.game.saved;
    return { game: saved.game, options: saved.options, seed: saved.seed, revision: this.revision,
      entries: this.game.journal.entries.map((e) => e.slice()), undone: this.game.journal.undone.map((e) => e.slice()) };
  }

  /** @param {string} line another device's line */
  async play(line) {
    await this.game.play(line);
    this.revision++;
  }

  /** @param {any} body */
  async send(body) {
    this.received++;
    const first = this.answered.get(body.request);
    if (first) return { ...first, journal: this.journal() };
    let answer;
    if (body.version !== this.revision) answer = { ok: false, messages: [MOVED_ON] };
    else if (this.refuses.has(body.line)) answer = { ok: false, messages: [`No ${body.line} here.`] };
    else {
      try {
        if (body.line === "undo") await this.game.undo();
        else await this.game.play(body.line);
        this.revision++;
        answer = { ok: true, messages: [] };
      } catch (e) {
        answer = { ok: false, messages: [String(e)] };
      }
    }
    this.answered.set(body.request, answer);
    return { ...answer, journal: this.journal() };
  }
}

/** A device's replica of the server's game, and what the page was told. */
async function device(/** @type {Server} */ server) {
  const j = server.journal();
  const holder = {
    game: open({ game: j.game, options: j.options, seed: j.seed, entries: j.entries, undone: j.undone, name: "g",
      revision: 0, updated: 0, sync: { version: j.revision, entries: j.entries, undone: j.undone, pending: [] } }),
    /** @type {string[]} */
    takenBack: [],
    /** @type {string[]} */
    words: [],
  };
  const live = {
    get: () => holder.game.saved,
    set: async (/** @type {GameInPlay} */ game, /** @type {{line: string}[]} */ takenBack, /** @type {string[]} */ said) => {
      holder.game = game;
      holder.takenBack.push(...takenBack.map((p) => p.line));
      holder.words.push(...said);
    },
  };
  return { holder, live };
}

test("lines played here are sent in order and the replica ends as the server's journal", async () => {
  const server = new Server();
  const { holder, live } = await device(server);
  for (const card of ["R1", "B2", "G3"]) await holder.game.play(card);
  assert.deepEqual(holder.game.saved.sync?.pending.map((p) => p.line), ["R1", "B2", "G3"]);
  assert.ok(await flush(live, (body) => server.send(body), open));
  assert.deepEqual(server.game.journal.entries, [["R1", "B2", "G3"]]);
  assert.deepEqual(holder.game.saved.entries, server.game.journal.entries);
  assert.deepEqual(holder.game.saved.sync, { version: 3, entries: [["R1", "B2", "G3"]], undone: [], pending: [] });
  assert.deepEqual(holder.takenBack, []);
  await holder.game.undo(); // undo is the table's line, sent as such
  assert.ok(await flush(live, (body) => server.send(body), open));
  assert.deepEqual(server.game.journal.entries, []);
  assert.deepEqual(holder.game.saved.sync?.undone, [["R1", "B2", "G3"]]);
});

test("a line the server refuses is taken back with every line played after it, in the server's words", async () => {
  const server = new Server();
  const { holder, live } = await device(server);
  server.refuses.add("B2");
  for (const card of ["R1", "B2", "G3", "Y4"]) await holder.game.play(card);
  assert.ok(await flush(live, (body) => server.send(body), open));
  assert.deepEqual(holder.takenBack, ["B2", "G3", "Y4"]);
  assert.deepEqual(holder.words, ["No B2 here."]);
  assert.deepEqual(holder.game.saved.entries, [["R1"]]);
  assert.deepEqual(holder.game.saved.sync?.pending, []);
  assert.equal(holder.game.table.status().awaiting_cards, 5); // the table rebuilt, not only the file
  assert.equal(server.received, 2); // the lines made on the refused one are never sent
});

test("a line made on a version the server moved on from is taken back: the server's journal wins", async () => {
  const server = new Server();
  const { holder, live } = await device(server);
  await server.play("R1"); // another device, first
  await holder.game.play("B2");
  await holder.game.play("G3");
  assert.ok(await flush(live, (body) => server.send(body), open));
  assert.deepEqual(holder.takenBack, ["B2", "G3"]);
  assert.deepEqual(holder.words, [MOVED_ON]);
  assert.deepEqual(holder.game.saved.entries, [["R1"]]);
  assert.deepEqual(server.game.journal.entries, [["R1"]]);
});

test("a line whose answer the network lost is sent again under its id and played once", async () => {
  const server = new Server();
  const { holder, live } = await device(server);
  await holder.game.play("R1");
  const request = holder.game.saved.sync?.pending[0].request;
  let lose = true;
  const flaky = async (/** @type {any} */ body) => {
    const answer = await server.send(body);
    if (lose) {
      lose = false;
      throw new Offline("the answer never came back");
    }
    return answer;
  };
  assert.equal(await flush(live, flaky, open), false); // offline: the line waits
  assert.equal(holder.game.saved.sync?.pending[0].request, request);
  await holder.game.play("B2"); // played offline, behind it
  assert.ok(await flush(live, flaky, open));
  assert.deepEqual(server.game.journal.entries, [["R1", "B2"]]);
  assert.deepEqual(holder.game.saved.entries, [["R1", "B2"]]);
  assert.deepEqual(holder.takenBack, []);
  assert.equal(server.received, 3);
  // the network down before anything arrived: nothing is lost, nothing sent twice
  await holder.game.play("G3");
  assert.equal(await flush(live, async () => { throw new Offline("down"); }, open), false);
  assert.ok(await flush(live, (body) => server.send(body), open));
  assert.deepEqual(server.game.journal.entries, [["R1", "B2", "G3"]]);
});

test("a tap played while an answer is awaited waits behind the line answered", async () => {
  const server = new Server();
  const { holder, live } = await device(server);
  await holder.game.play("R1");
  let tapped = false;
  const slow = async (/** @type {any} */ body) => {
    if (!tapped) {
      tapped = true;
      await holder.game.play("B2"); // the player taps while the first line is on its way
    }
    return server.send(body);
  };
  assert.ok(await flush(live, slow, open));
  assert.deepEqual(server.game.journal.entries, [["R1", "B2"]]);
  assert.deepEqual(holder.game.saved.entries, [["R1", "B2"]]);
  assert.deepEqual(holder.game.saved.sync?.pending, []);
});

test("a card taken back alone: not sent if it still waits, else the step undone and its other lines sent", async () => {
  const server = new Server();
  const { holder, live } = await device(server);
  for (const card of ["R1", "B2"]) await holder.game.play(card);
  await holder.game.takeBackAnswer();
  assert.deepEqual(holder.game.saved.sync?.pending.map((p) => p.line), ["R1"]);
  await holder.game.play("G3");
  assert.ok(await flush(live, (body) => server.send(body), open));
  await holder.game.takeBackAnswer();
  assert.deepEqual(holder.game.saved.sync?.pending.map((p) => p.line), ["undo", "R1"]);
  assert.ok(await flush(live, (body) => server.send(body), open));
  assert.deepEqual(server.game.journal.entries, [["R1"]]);
  assert.deepEqual(holder.game.saved.entries, [["R1"]]);
  assert.deepEqual(holder.takenBack, []);
  assert.equal(holder.game.table.status().awaiting_cards, 5);
});

test("settle: accepted, the rest wait; refused, everything waiting is taken back", () => {
  const pending = [{ line: "a", request: "1" }, { line: "b", request: "2" }];
  assert.deepEqual(settle(pending, { ok: true, messages: [] }), { pending: [pending[1]], takenBack: [], words: [] });
  assert.deepEqual(settle(pending, { ok: false, messages: ["no"] }), { pending: [], takenBack: pending, words: ["no"] });
  assert.deepEqual(settle(pending, { error: "Open the address" }).words, ["Open the address"]);
});

test("damagedRows: the server's files it cannot read, with its words; the games it can read are not among them", () => {
  const rows = [
    { name: "club", game: "famiglia", version: 3 },
    { name: "broken", game: null, problem: "broken: the game file is damaged; it was left untouched." },
    { name: "night", game: "terror24", version: 0 },
  ];
  assert.deepEqual(damagedRows(rows), [{ name: "broken", problem: "broken: the game file is damaged; it was left untouched." }]);
  assert.deepEqual(damagedRows([]), []);
});
