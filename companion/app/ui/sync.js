// A game kept in step with `companion serve` (docs/web.md, "The app and its server"). The server's
// journal wins: this device holds a replica — the server's journal as last seen, and the lines played
// here since, which wait in the game's file (saved with the step itself) until the server has answered
// them. They are sent one at a time, each with the server's version it was made on and a request id:
// accepted, the next waits on the new version; refused (or made on a version the server has moved on
// from), it and every line played here after it are taken back, the server's words shown. A line whose
// answer the network lost is sent again with its id and answered as the first, never played twice.
// The page asks for the game's journal "since" its version every POLL_MS: a few bytes while nothing
// changed, the journal once another device played.

import { FORMAT, VERSION, loadGame, saveGame } from "./store.js";

/**
 * A line played on this device, not yet answered by the server.
 * @typedef {{line: string, request: string}} Pending
 *
 * What a game kept in step with a server holds besides its own journal: the server's journal (at
 * `version`) and the lines waiting to be sent, in the order they were played.
 * @typedef {{version: number, entries: string[][], undone: string[][], pending: Pending[]}} Synced
 *
 * The server's game file: `GET /api/games/NAME/journal`, and every answer to a line.
 * @typedef {{game: string, options: Record<string, unknown>, seed: number, revision: number,
 *            entries: string[][], undone: string[][]}} ServerJournal
 *
 * The server's answer to a line (`POST /api/games/NAME/lines`); `error` for a request it could not take.
 * @typedef {{ok?: boolean, messages?: string[], journal?: ServerJournal, error?: string}} Answer
 *
 * The server's link to a game for another phone (`POST …/share`), or why there is none.
 * @typedef {{url: string | null, qr?: string, minutes?: number | null, why?: string, error?: string}} Shared
 *
 * @typedef {import("./store.js").SavedGame} SavedGame
 * @typedef {import("./session.js").GameInPlay} GameInPlay
 *
 * A game on a saved file, kept nowhere (its store does nothing; the caller saves it).
 * @typedef {(saved: SavedGame) => GameInPlay} Open
 *
 * Where the replica lives while lines are sent: `get` the file as it is now (taps go on while an
 * answer is awaited), `set` the game rebuilt after an answer, with what was taken back and why.
 * @typedef {{get(): SavedGame, set(game: GameInPlay, takenBack: Pending[], words: string[]): Promise<void>}} Live
 */

/** How often a page asks the server whether its game changed: a tap travels phone → server → phone,
 * one hop more than the server's pages wait on, so the app asks a little more often than their 0.7 s
 * to show it within a second (docs/web.md). */
export const POLL_MS = 500;
/** How often the home page asks for the server's list of games (games started or played elsewhere). */
const LIST_EVERY = 4; // polls: 2 s
const KEY = "tabletop-key"; // the API's key under --lan, as the server's pages keep it

/** The network lost a request (or its answer): what waits is sent again later, with its request id. */
export class Offline extends Error {}

/** An id for one request (16 random bytes as hex; crypto.randomUUID needs a secure context). */
export function requestId() {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** @param {string[][]} entries */
const copied = (entries) => entries.map((entry) => entry.slice());

/**
 * After the server answered the first line waiting: accepted, the others wait on; refused, it and
 * every line played after it (each made on it) are taken back, with the server's words.
 * @param {Pending[]} pending the lines waiting, the one answered first
 * @param {Answer} answer
 * @returns {{pending: Pending[], takenBack: Pending[], words: string[]}}
 */
export function settle(pending, answer) {
  if (answer.ok) return { pending: pending.slice(1), takenBack: [], words: [] };
  return { pending: [], takenBack: pending.slice(), words: answer.messages ?? (answer.error ? [answer.error] : []) };
}

/**
 * The replica rebuilt: the server's journal, then the lines still waiting played on it in order. A
 * line that no longer plays is taken back with every line after it.
 * @param {SavedGame} saved this device's file (its name and what the page remembers)
 * @param {ServerJournal} journal
 * @param {Pending[]} pending
 * @param {Open} open
 * @returns {Promise<{game: GameInPlay, dropped: Pending[]}>}
 */
export async function rebuilt(saved, journal, pending, open) {
  /** @type {SavedGame} */
  const base = { ...saved, format: FORMAT, version: VERSION, game: journal.game, options: journal.options,
    seed: journal.seed, entries: copied(journal.entries), undone: copied(journal.undone) };
  delete base.sync; // the lines replayed here are queued already
  const game = open(base);
  const kept = [];
  for (const [i, waiting] of pending.entries()) {
    try {
      await played(game, waiting.line);
    } catch {
      synced(game, journal, kept);
      return { game, dropped: pending.slice(i) };
    }
    kept.push(waiting);
  }
  synced(game, journal, kept);
  return { game, dropped: [] };
}

/**
 * The game's file with its journal, and the server's, as they now stand.
 * @param {GameInPlay} game
 * @param {ServerJournal} journal
 * @param {Pending[]} pending
 */
function synced(game, journal, pending) {
  const saved = game.saved;
  saved.entries = copied(game.journal.entries);
  saved.undone = copied(game.journal.undone);
  saved.over = game.table.isOver();
  saved.sync = { version: journal.revision, entries: copied(journal.entries), undone: copied(journal.undone), pending };
}

/**
 * One line played on a game as the server would: `undo` and `redo` are the table's, any other the game's.
 * @param {GameInPlay} game
 * @param {string} line
 */
async function played(game, line) {
  if (line === "undo") {
    if (!game.canUndo()) throw new Error("nothing to undo");
    await game.undo();
  } else if (line === "redo") {
    if (!game.canRedo()) throw new Error("nothing to redo");
    await game.redo();
  } else {
    await game.play(line);
  }
}

/**
 * Send the lines waiting, one at a time, each with the version it was made on, until none waits or
 * the network is lost (then they wait, and are sent again with the same ids).
 * @param {Live} live
 * @param {(body: Record<string, unknown>) => Promise<Answer>} send posts a line; throws Offline
 * @param {Open} open
 * @returns {Promise<boolean>} false when the network was lost
 */
export async function flush(live, send, open) {
  for (;;) {
    const sync = live.get().sync;
    const first = sync?.pending[0];
    if (!sync || !first) return true;
    let answer;
    try {
      answer = await send({ line: first.line, version: sync.version, request: first.request, journal: true });
    } catch (e) {
      if (e instanceof Offline) return false;
      throw e;
    }
    // taps may have been played meanwhile: they wait behind the line answered
    const now = /** @type {Synced} */ (live.get().sync);
    const settled = settle(now.pending, answer);
    const journal = answer.journal ?? { ...live.get(), revision: now.version, entries: now.entries, undone: now.undone };
    const again = await rebuilt(live.get(), journal, settled.pending, open);
    await live.set(again.game, [...settled.takenBack, ...again.dropped], settled.words);
  }
}

/**
 * This device's copy of a server's game, nothing waiting (a game kept nowhere yet).
 * @param {string} name
 * @param {ServerJournal} journal
 * @param {Open} open
 * @param {SavedGame} [had] the copy this device had, if any
 */
export async function adopted(name, journal, open, had) {
  /** @type {SavedGame} */
  const start = had ?? { format: FORMAT, version: VERSION, game: journal.game, options: journal.options,
    seed: journal.seed, revision: 0, entries: [], name, updated: Date.now(), seen: true };
  return (await rebuilt(start, journal, [], open)).game;
}

/**
 * What the server's link left in the address: the key (`#key=…`), kept in this origin's storage, and a
 * game (`?game=NAME`: where the server's `/games/NAME` leads), moved into the app's own route.
 */
function takeKey() {
  const given = location.hash.match(/^#key=([0-9a-f]+\.[0-9a-f]+)$/);
  const game = new URLSearchParams(location.search).get("game");
  if (given) {
    try {
      localStorage.setItem(KEY, given[1]);
    } catch {
      /* storage refused: this visit only */
    }
  }
  if (given || game !== null) {
    history.replaceState(null, "", location.pathname + (game !== null ? `#${new URLSearchParams({ game })}` : ""));
  }
  if (given) return given[1];
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/**
 * The page a replica is shown on (ui/play.js's PlayPage): its game is replaced after each answer.
 * @typedef {{game: GameInPlay, refusal: string, render(): void}} SyncedPage
 */

/**
 * A game file the server cannot read, with the server's words why (in the app's language).
 * @typedef {{name: string, problem: string}} Damaged
 */

/**
 * The rows of the server's list that name a file it cannot read: shown on the home page, never taken in.
 * @param {{name: string, problem?: string}[]} rows
 * @returns {Damaged[]}
 */
export function damagedRows(rows) {
  return rows.flatMap((row) => row.problem ? [{ name: row.name, problem: row.problem }] : []);
}

/**
 * @param {Damaged[]} a
 * @param {Damaged[]} b
 */
function sameDamage(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The app's side of `companion serve`: present only when the app was loaded from one. */
export class Server {
  /**
   * @param {URL} api the API's address
   * @param {string | null} key
   * @param {() => string} lang the app's language (the server words its refusals in it)
   */
  constructor(api, key, lang) {
    this.api = api;
    this.key = key;
    this.lang = lang;
    /** @type {SyncedPage | null} the game page on show */
    this.page = null;
    /** @type {Open | null} */
    this.open = null;
    this.sending = false;
    this.asking = false;
    /** @type {(() => Promise<void>) | null} the home page's list, redrawn when the server's games changed */
    this.list = null;
    /** @type {((game: string) => Promise<Open>) | null} */
    this.opener = null;
    /** @type {Damaged[]} the server's game files it cannot read, as its list last gave them */
    this.damaged = [];
    this.ticks = 0;
    this.timer = setInterval(() => void this.tick(), POLL_MS);
    addEventListener("online", () => void this.send());
  }

  /**
   * The server the app was loaded from, if any: `companion serve` gives the page a
   * `<meta name="tabletop-api">` with the API's address (kept offline with the page itself).
   * @param {string | URL} base the app's folder
   */
  static find(base) {
    const api = document.querySelector('meta[name="tabletop-api"]')?.getAttribute("content");
    return api ? { api: new URL(api, base), key: takeKey() } : null;
  }

  /**
   * @param {string} path under the API
   * @param {RequestInit} [init]
   * @returns {Promise<any>} the answer's JSON; Offline when the network lost it
   */
  async request(path, init = {}) {
    /** @type {Record<string, string>} */
    const headers = { "Accept-Language": this.lang(), ...(this.key ? { Authorization: `Bearer ${this.key}` } : {}) };
    if (init.body) headers["Content-Type"] = "application/json";
    let answer;
    try {
      answer = await fetch(new URL(path, this.api), { ...init, headers, cache: "no-store" });
    } catch {
      throw new Offline(path);
    }
    try {
      return await answer.json();
    } catch {
      throw new Offline(path); // an answer cut short
    }
  }

  /** @param {string} name */
  gamePath(name) {
    return `games/${encodeURIComponent(name)}`;
  }

  /**
   * The server's games into this device's store (those that changed since it looked), for the home page.
   * @param {(name: string) => Promise<SavedGame | undefined>} load
   * @param {(game: string) => Promise<Open>} opener
   * @returns {Promise<boolean>} whether the home list changed: a game taken in, or the files the server
   * cannot read
   */
  async pull(load, opener) {
    /** @type {{games: {name: string, game: string | null, version?: number, problem?: string}[]}} */
    const listed = await this.request("games");
    const rows = listed.games ?? [];
    const damaged = damagedRows(rows);
    let changed = !sameDamage(this.damaged, damaged);
    this.damaged = damaged;
    for (const row of rows) {
      if (row.problem || !row.game) continue;
      const had = await load(row.name);
      if (had?.sync && (had.sync.version === row.version || had.sync.pending.length)) continue;
      const journal = await this.request(`${this.gamePath(row.name)}/journal`);
      const open = await opener(journal.game);
      await saveGame((await adopted(row.name, journal, open, had)).saved);
      changed = true;
    }
    return changed;
  }

  /**
   * While the home page shows, its list follows the server's games: `redraw` is called when a game was
   * started or played elsewhere (null: the home page is gone).
   * @param {(() => Promise<void>) | null} redraw
   * @param {((game: string) => Promise<Open>) | null} opener
   */
  follow(redraw, opener) {
    this.list = redraw;
    this.opener = opener;
  }

  /**
   * A link and QR code that open the game on another phone (`POST …/share`: under --lan through a
   * pairing code that works once), or the server's words why it cannot.
   * @param {string} name
   * @returns {Promise<Shared>}
   */
  share(name) {
    return this.request(`${this.gamePath(name)}/share`, { method: "POST" });
  }

  /**
   * A new game on the server, with the options and seed this device chose; its name, or the
   * server's words why not. Sent again after a lost answer with the same request id, it makes one game.
   * @param {string} game
   * @param {string} name
   * @param {Record<string, unknown>} options
   * @param {number} seed
   * @param {Open} open
   * @returns {Promise<{name: string} | {error: string}>}
   */
  async create(game, name, options, seed, open) {
    const body = JSON.stringify({ game, name, options: { ...options, seed }, request: requestId() });
    /** @type {any} */
    let made;
    try {
      made = await this.request("games", { method: "POST", body });
    } catch (e) {
      if (!(e instanceof Offline)) throw e;
      made = await this.request("games", { method: "POST", body }); // once more, the same request
    }
    if (made.error) return { error: made.error };
    await this.adopt(made.name, open);
    return { name: made.name };
  }

  /**
   * A finished game's rematch on the server (its name), or the server's words why not.
   * @param {string} name
   * @param {Open} open
   * @returns {Promise<{name: string} | {error: string}>}
   */
  async rematch(name, open) {
    const body = JSON.stringify({ request: requestId() });
    /** @type {any} */
    let made;
    try {
      made = await this.request(`${this.gamePath(name)}/rematch`, { method: "POST", body });
    } catch (e) {
      if (!(e instanceof Offline)) throw e;
      made = await this.request(`${this.gamePath(name)}/rematch`, { method: "POST", body });
    }
    if (made.error) return { error: made.error };
    await this.adopt(made.name, open);
    return { name: made.name };
  }

  /**
   * @param {string} name
   * @param {Open} open
   * @param {SavedGame} [had]
   */
  async adopt(name, open, had) {
    const journal = await this.request(`${this.gamePath(name)}/journal`);
    const { saved } = await adopted(name, journal, open, had);
    await saveGame(saved);
    return saved;
  }

  /**
   * Keep `page`'s game in step from now on (null: no game on show).
   * @param {SyncedPage | null} page
   * @param {Open | null} open
   */
  watch(page, open) {
    this.page = page;
    this.open = open;
    if (page) page.game.changed = () => void this.send();
    void this.send();
  }

  /** The page's lines waiting, sent; each answer rebuilds its game and redraws it. */
  async send() {
    const page = this.page;
    const open = this.open;
    if (!page || !open || this.sending || !page.game.saved.sync?.pending.length) return;
    this.sending = true;
    const name = page.game.saved.name;
    try {
      await flush({
        get: () => page.game.saved,
        set: async (game, takenBack, words) => {
          this.show(page, game, takenBack.length ? words.join(" ") : page.refusal);
          await saveGame(game.saved);
        },
      }, (body) => this.request(`${this.gamePath(name)}/lines`, { method: "POST", body: JSON.stringify(body) }), open);
    } finally {
      this.sending = false;
    }
  }

  /**
   * @param {SyncedPage} page
   * @param {GameInPlay} game
   * @param {string} refusal
   */
  show(page, game, refusal) {
    game.store = saveGame;
    game.changed = () => void this.send();
    page.game = game;
    page.refusal = refusal;
    if (this.page === page) page.render();
  }

  /**
   * The server's list taken again; the home page's list redrawn if a game came in or changed.
   * @param {() => Promise<void>} redraw
   * @param {(game: string) => Promise<Open>} opener
   */
  async relist(redraw, opener) {
    if (this.asking) return;
    this.asking = true;
    try {
      if (await this.pull(loadGame, opener) && this.list === redraw) await redraw();
    } catch (e) {
      if (!(e instanceof Offline)) throw e;
    } finally {
      this.asking = false;
    }
  }

  /** Every POLL_MS: lines waiting are sent; else the game is taken again when another device changed it. */
  async tick() {
    this.ticks += 1;
    if (!this.page && this.list && this.opener && !document.hidden && this.ticks % LIST_EVERY === 0) {
      return void this.relist(this.list, this.opener);
    }
    const page = this.page;
    const open = this.open;
    if (!page || !open || this.sending || document.hidden) return;
    const sync = page.game.saved.sync;
    if (!sync) return;
    if (sync.pending.length) return void this.send();
    if (this.asking) return; // one question at a time: a late answer never overtakes a newer one
    this.asking = true;
    try {
      const journal = await this.request(`${this.gamePath(page.game.saved.name)}/journal?since=${sync.version}`);
      if (!journal.entries || journal.revision === sync.version) return;
      if (this.page !== page || this.sending || page.game.saved.sync?.pending.length) return; // a tap meanwhile: sent first
      const game = await adopted(page.game.saved.name, journal, open, page.game.saved);
      game.saved.seen = false; // what another device played leads the page
      this.show(page, game, "");
      await saveGame(game.saved);
    } catch (e) {
      if (!(e instanceof Offline)) throw e;
    } finally {
      this.asking = false;
    }
  }
}
