// A game in play on this device: its saved file, the table its journal rebuilds, and what each entry
// said. Every step goes table → journal → saved in IndexedDB → painted, in that order; undo and redo
// rebuild the table from the journal, as the terminal does.

import { Journal } from "../lib/journal.js";
import { Speech } from "../lib/speech.js";
import { saveGame } from "./store.js";
import { requestId } from "./sync.js";

/**
 * What one line did: the words for the table's log and History (`told`), the sentence that matters
 * most to the table first (`headline`, an index into `told`), and the cards it turned up (`drawn`: the
 * draws of one entry are said together, before what followed them, by the game's `drawnLine`).
 * @typedef {{told: string[], headline?: number, drawn?: string[]}} Step
 *
 * What one journal entry did, all its lines together.
 * @typedef {{told: string[], headline?: number}} Told
 *
 * A table the app drives (companion/app/<game>/table.js).
 * @typedef {{handle(line: string): string[], awaitingAnswer(): boolean, choices(): any[], outcome(): any,
 *            isOver(): boolean, status(): any, prompt(): string}} Table
 *
 * A game's plug-in (ui/<game>.js); see ui/games.js.
 * @typedef {import("./games.js").GameUI} GameUI
 */

/** A step the device could not keep: it was taken back, and the message says why. */
export class NotSaved extends Error {}

export class GameInPlay {
  /**
   * @param {GameUI} ui
   * @param {import("./store.js").SavedGame} saved
   * @param {unknown} data
   * @param {import("../lib/words.js").Words} words
   * @param {(saved: import("./store.js").SavedGame) => Promise<void>} [store] where each step is kept
   */
  constructor(ui, saved, data, words, store = saveGame) {
    this.ui = ui;
    this.store = store;
    this.saved = saved;
    this.data = data;
    this.words = words;
    this.journal = new Journal(saved.entries, saved.undone ?? []);
    /** @type {Table} */
    this.table = this.fresh();
    /** @type {Told[]} what each journal entry told, in order */
    this.story = [];
    /** @type {Step[]} the steps of the last entry, told again as each line joins it */
    this.lastSteps = [];
    /** @type {any} the table's status before the last entry (the reminders compare it with now) */
    this.before = null;
    /** @type {(() => void) | null} told after each save (a replica of a server's game sends its lines: ui/sync.js) */
    this.changed = null;
    this.replay();
  }

  /**
   * A line played on a replica of a server's game waits in its file to be sent (ui/sync.js), saved
   * with the step itself; true if it was queued.
   * @param {string} line
   */
  queue(line) {
    this.saved.sync?.pending.push({ line, request: requestId() });
    return Boolean(this.saved.sync);
  }

  fresh() {
    return this.ui.newTable(this.data, this.saved.options, this.words, this.saved.seed);
  }

  /** The table rebuilt from the journal, and each entry's words. */
  replay() {
    this.table = this.fresh();
    this.before = null;
    const last = this.journal.entries.length - 1;
    this.story = this.journal.entries.map((entry, i) => this.playEntry(entry, i === last));
  }

  /**
   * @param {string[]} lines
   * @param {boolean} [last] the journal's last entry: its status before is kept (only its reminders show)
   */
  playEntry(lines, last = true) {
    if (last) this.before = this.table.status();
    this.lastSteps = lines.map((line) => this.ui.step(this.table, line));
    return this.tell(this.lastSteps);
  }

  /**
   * An entry's words: each step's in order, the cards drawn in a row said in one line.
   * @param {Step[]} steps
   * @returns {Told}
   */
  tell(steps) {
    /** @type {Told} */
    const told = { told: [] };
    /** @type {string[]} */
    let drawn = [];
    const flush = () => {
      if (drawn.length && this.ui.drawnLine) told.told.push(this.ui.drawnLine(this.table, drawn));
      drawn = [];
    };
    for (const step of steps) {
      drawn.push(...(step.drawn ?? []));
      if (!step.told.length) continue;
      flush();
      if (step.headline !== undefined) told.headline = told.told.length + step.headline;
      told.told.push(...step.told);
    }
    flush();
    return told;
  }

  /**
   * Play one line: refused → an InputError and nothing changed; accepted → journalled and saved before
   * this returns (so before the page shows it).
   * @param {string} line
   */
  async play(line) {
    return this.begin(line);
  }

  /**
   * Play one line at once and start saving it: refused → an InputError thrown, nothing changed;
   * accepted → the step is on the table and in the journal, and the promise returned settles when it
   * is saved (a NotSaved when the device could not keep it: the step is then taken back). The page
   * builds its next view meanwhile and shows it only once the step is kept.
   * @param {string} line
   * @returns {Promise<void>}
   */
  begin(line) {
    const joins = this.table.awaitingAnswer();
    const was = joins && this.story.length ? this.before : this.table.status();
    const step = this.ui.step(this.table, line); // throws InputError on a refusal, the table unchanged
    this.before = was;
    const before = new Journal(this.journal.entries, this.journal.undone);
    this.journal.record(line, joins);
    if (joins && this.story.length) {
      this.lastSteps.push(step);
      this.story[this.story.length - 1] = this.tell(this.lastSteps);
    } else {
      this.lastSteps = [step];
      this.story.push(this.tell(this.lastSteps));
    }
    this.saved.seen = false;
    return this.keep(this.queue(line), before);
  }

  /**
   * Save the step just played; one the device cannot keep is not played: the page never shows what a
   * reload would lose.
   * @param {boolean} queued the step's line waits to be sent to a server
   * @param {Journal} before the journal without it
   */
  async keep(queued, before) {
    try {
      await this.save();
    } catch (e) {
      if (queued) this.saved.sync?.pending.pop();
      this.journal = before;
      this.replay();
      throw new NotSaved(new Speech(this.words)._(
        "This step could not be saved on this device, so it was not played ({why}).", { why: String(e) }));
    }
  }

  /**
   * The last line of an entry still being answered (a card drawn of several owed), if any: it can be
   * taken back alone, the rest of the step kept.
   */
  lastAnswer() {
    const entry = this.journal.entries[this.journal.entries.length - 1];
    return this.table.awaitingAnswer() && entry && entry.length > 1 ? entry[entry.length - 1] : null;
  }

  /** Take back the last line of the entry being answered (a mis-tapped card); nothing to redo. */
  async takeBackAnswer() {
    if (this.lastAnswer() === null) return;
    const entry = /** @type {string[]} */ (this.journal.entries[this.journal.entries.length - 1]);
    const line = entry.pop();
    this.replay();
    // on a server's game: a tap not sent yet is simply not sent; else the server has no line for one
    // card taken back, so the step is undone there and its other lines sent again
    const pending = this.saved.sync?.pending;
    if (pending?.length && pending[pending.length - 1].line === line) pending.pop();
    else if (this.queue("undo")) for (const kept of entry) this.queue(kept);
    await this.save();
  }

  canUndo() {
    return this.journal.entries.length > 0;
  }

  canRedo() {
    return this.journal.undone.length > 0;
  }

  async undo() {
    this.journal.undo(1);
    this.replay();
    this.saved.seen = true;
    this.queue("undo");
    await this.save();
  }

  /** Play the entry undo took last again; one that no longer plays is put away (an InputError). */
  async redo() {
    const entry = this.journal.nextRedo();
    if (!entry) return;
    try {
      const told = this.playEntry(entry);
      this.journal.redo();
      this.story.push(told);
      this.saved.seen = false;
      this.queue("redo");
    } catch (e) {
      this.journal.undone.pop();
      this.replay();
      await this.save();
      throw e;
    }
    await this.save();
  }

  /** The Just-now card was read: it stays away through reloads until the next step. */
  async dismiss() {
    this.saved.seen = true;
    await this.save();
  }

  async save() {
    this.saved.entries = this.journal.entries.map((e) => e.slice());
    this.saved.undone = this.journal.undone.map((e) => e.slice());
    this.saved.revision = (this.saved.revision ?? 0) + 1;
    this.saved.over = this.table.isOver();
    await this.store(this.saved);
    this.changed?.();
  }
}
