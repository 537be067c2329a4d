// A game in play on this device: its saved file, the table its journal rebuilds, and what each entry
// said. Every step goes table → journal → saved in IndexedDB → painted, in that order; undo and redo
// rebuild the table from the journal, as the terminal does.

import { InputError } from "../lib/engine.js";
import { Journal } from "../lib/journal.js";
import { saveGame } from "./store.js";

/**
 * What one line did: the words for the table's log and History (`told`), the sentence that matters
 * most to the table first (`headline`, an index into `told`).
 * @typedef {{told: string[], headline?: number}} Step
 *
 * A table the app drives (companion/app/<game>/table.js).
 * @typedef {{handle(line: string): string[], awaitingAnswer(): boolean, choices(): any[], outcome(): any,
 *            isOver(): boolean, status(): any, prompt(): string}} Table
 *
 * A game's plug-in (ui/<game>.js); see ui/games.js.
 * @typedef {import("./games.js").GameUI} GameUI
 */

export class GameInPlay {
  /**
   * @param {GameUI} ui
   * @param {import("./store.js").SavedGame} saved
   * @param {unknown} data
   * @param {import("../lib/words.js").Words} words
   */
  constructor(ui, saved, data, words) {
    this.ui = ui;
    this.saved = saved;
    this.data = data;
    this.words = words;
    this.journal = new Journal(saved.entries, saved.undone ?? []);
    /** @type {Table} */
    this.table = this.fresh();
    /** @type {Step[]} what each journal entry told, in order */
    this.story = [];
    this.replay();
  }

  fresh() {
    return this.ui.newTable(this.data, this.saved.options, this.words, this.saved.seed);
  }

  /** The table rebuilt from the journal, and each entry's words. */
  replay() {
    this.table = this.fresh();
    this.story = this.journal.entries.map((entry) => this.playEntry(entry));
  }

  /** @param {string[]} lines */
  playEntry(lines) {
    /** @type {Step} */
    const told = { told: [] };
    for (const line of lines) {
      const step = this.ui.step(this.table, line);
      if (step.headline !== undefined) told.headline = told.told.length + step.headline;
      told.told.push(...step.told);
    }
    return told;
  }

  /**
   * Play one line: refused → an InputError and nothing changed; accepted → journalled and saved before
   * this returns (so before the page shows it).
   * @param {string} line
   */
  async play(line) {
    const joins = this.table.awaitingAnswer();
    const step = this.ui.step(this.table, line); // throws InputError on a refusal, the table unchanged
    this.journal.record(line, joins);
    if (joins && this.story.length) {
      const last = this.story[this.story.length - 1];
      if (step.headline !== undefined) last.headline = last.told.length + step.headline;
      last.told.push(...step.told);
    } else {
      this.story.push({ told: step.told, headline: step.headline });
    }
    this.saved.seen = false;
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
    await saveGame(this.saved);
  }
}
