// A saved game as the terminal and the server keep it (companion/session.py): a header (format, version,
// game, options, seed, revision), the journal's entries of lines, and what undo put aside (`undone`,
// only when there is some). The browser reads such a file, plays on, and writes it back byte for byte as
// the Python would have written it after the same lines, so one game goes from a terminal to a phone and
// back. The header's `id` names the game wherever it goes (drawn when the game is created; a file from
// before ids has none, and keeps none until it is shared). Where the text is kept (a file, the browser's storage) is the caller's: this module only reads
// and makes the text, and counts the saves as the Python does.

import { Journal } from "./journal.js";
import { freshSeed } from "./random.js";
import { Said } from "./speech.js";

export const FORMAT = "tabletop-kit game";
export const VERSION = 1;

/** A game file that cannot be used, with the Python's message key and arguments (worded when shown). */
export class GameFileError extends Error {
  /**
   * @param {string} key
   * @param {Record<string, unknown>} [args]
   */
  constructor(key, args = {}) {
    super(key);
    this.name = "GameFileError";
    this.key = key;
    this.args = args;
  }

  said() {
    return new Said(this.key, this.args);
  }
}

/** A game's id as a file may carry it (`newGameId` draws 16 hex digits). */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A fresh game id, as the Python draws one: 64 random bits as 16 hex digits. */
export function newGameId() {
  return Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Whether `value` is a game id a file may carry.
 * @param {unknown} value
 * @returns {value is string}
 */
export function isGameId(value) {
  return typeof value === "string" && ID.test(value);
}

const DAMAGED = "{path}: the game file is damaged; it was left untouched";

/**
 * Whether `entries` is a journal: a list of entries, each a list of lines.
 * @param {unknown} entries
 * @returns {entries is string[][]}
 */
function isJournal(entries) {
  return Array.isArray(entries)
    && entries.every((e) => Array.isArray(e) && e.every((line) => typeof line === "string"));
}

/**
 * Whether `value` is a whole number, as the header's seed and revision must be. (JSON.parse reads `3.0`
 * as 3, which the Python refuses as a float: such a hand-edited file is read here.)
 * @param {unknown} value
 */
function isWhole(value) {
  return typeof value === "number" && Number.isSafeInteger(value);
}

/**
 * A plain object (Python's dict), not an array or null.
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isObject(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export class GameFile {
  /**
   * @param {{game: string, options: Record<string, unknown>, seed: number, entries?: string[][],
   *          undone?: string[][], revision?: number, id?: string | null}} header
   */
  constructor({ game, options, seed, entries = [], undone = [], revision = 0, id = null }) {
    this.game = game;
    /** @type {string | null} null: a file from before ids */
    this.id = id;
    this.options = options;
    this.seed = seed;
    this.journal = new Journal(entries, undone);
    this.revision = revision;
    /** @type {string | null} the text as last read or saved: saving it again changes nothing */
    this.written = null;
  }

  /**
   * A new game (Session.create): the seed given, or a fresh one as the Python draws it.
   * @param {string} game
   * @param {Record<string, unknown>} options
   * @param {number} [seed]
   */
  static create(game, options, seed) {
    return new GameFile({ game, options: { ...options }, seed: seed ?? freshSeed(), id: newGameId() });
  }

  /**
   * A saved game of `game` (null: of whichever game it holds) from the text of its file (Session.open's
   * checks; `path` names it in a refusal).
   * @param {string} text
   * @param {string | null} game
   * @param {string} path
   */
  static read(text, game, path) {
    /** @type {unknown} */
    let raw;
    try {
      raw = JSON.parse(text);
    } catch (e) {
      throw new GameFileError("{path}: not a readable game file ({error}); it was left untouched",
        { path, error: /** @type {Error} */ (e).message });
    }
    if (!isObject(raw) || raw.format !== FORMAT || typeof raw.game !== "string") {
      throw new GameFileError("{path}: not a tabletop-kit game file; it was left untouched", { path });
    }
    if (game !== null && raw.game !== game) {
      throw new GameFileError("{path}: this file holds a {found!r} game, not {game!r}",
        { path, found: raw.game ?? null, game });
    }
    if (raw.version !== VERSION) {
      throw new GameFileError("{path}: game file version {version!r} is not supported",
        { path, version: raw.version ?? null });
    }
    const { entries, undone = [], seed, options, revision = 0, id = null } = raw;
    if (!isJournal(entries) || !isJournal(undone) || !isWhole(seed) || !isObject(options) || !isWhole(revision)
        || (id !== null && !isGameId(id))) {
      throw new GameFileError(DAMAGED, { path });
    }
    const file = new GameFile({ game: raw.game, options, seed: /** @type {number} */ (seed), entries, undone,
      revision: /** @type {number} */ (revision), id: /** @type {string | null} */ (id) });
    file.written = file.text();
    return file;
  }

  get entries() {
    return this.journal.entries;
  }

  get undone() {
    return this.journal.undone;
  }

  lines() {
    return this.journal.lines();
  }

  /**
   * One accepted line (a line answering the one before joins its entry); what undo put aside can no
   * longer be redone.
   * @param {string} line
   * @param {boolean} continuesEntry
   */
  record(line, continuesEntry) {
    this.journal.record(line, continuesEntry);
  }

  /**
   * Drop the last `count` entries (fewer if there are fewer), kept for redo; returns them, oldest first.
   * @param {number} [count]
   */
  undo(count = 1) {
    return this.journal.undo(count);
  }

  nextRedo() {
    return this.journal.nextRedo();
  }

  /** Put back the entry undone last (the caller has played its lines again). */
  redo() {
    return this.journal.redo();
  }

  /** Put away the entry redo would put back: it no longer plays. */
  dropRedo() {
    this.journal.undone.pop();
  }

  /**
   * The file's text as Python's `json.dumps(…, ensure_ascii=False, indent=1)` writes it, without the
   * final newline (Session.to_json). JSON.stringify writes the same for what a game file holds
   * (strings, whole numbers, true/false/null, lists and objects whose keys are not numbers).
   */
  text() {
    /** @type {Record<string, unknown>} */
    const saved = { format: FORMAT, version: VERSION, game: this.game };
    if (this.id !== null) saved.id = this.id;
    Object.assign(saved, { options: this.options, seed: this.seed, revision: this.revision, entries: this.entries });
    if (this.undone.length) saved.undone = this.undone;
    return JSON.stringify(saved, null, 1);
  }

  /**
   * Store the file after a change, as the Python saves it: the revision counts each save; nothing is
   * stored, and the revision stays, when nothing changed since the file was read or last saved. `store`
   * keeps the text (with its final newline) where the caller keeps games; if it fails, the revision and
   * the journal are as they were when last stored, and its error is thrown.
   * @param {(text: string) => void | Promise<void>} store
   * @returns {Promise<boolean>} whether anything was stored
   */
  async save(store) {
    if (this.text() === this.written) return false;
    this.revision++;
    const text = this.text();
    try {
      await store(`${text}\n`);
    } catch (e) {
      this.revision--;
      const before = this.written === null ? {} : JSON.parse(this.written);
      this.journal = new Journal(before.entries ?? [], before.undone ?? []);
      throw e;
    }
    this.written = text;
    return true;
  }
}
