// A game's journal as the game file keeps it (companion/session.py): entries of lines (a line that
// answers the one before, e.g. drawn cards, joins its entry, so undo takes both back), and the entries
// undo took back, the next to redo last. A table is the journal's lines played on a fresh game.

export class Journal {
  /**
   * @param {string[][]} [entries]
   * @param {string[][]} [undone]
   */
  constructor(entries = [], undone = []) {
    this.entries = entries.map((e) => e.slice());
    this.undone = undone.map((e) => e.slice());
  }

  /**
   * One accepted line; what undo put aside can no longer be redone.
   * @param {string} line
   * @param {boolean} continuesEntry
   */
  record(line, continuesEntry) {
    if (continuesEntry && this.entries.length) {
      this.entries[this.entries.length - 1].push(line);
    } else {
      this.entries.push([line]);
    }
    this.undone = [];
  }

  /**
   * Drop the last `count` entries (fewer if there are fewer), kept for redo; returns them, oldest first.
   * @param {number} [count]
   */
  undo(count = 1) {
    const kept = Math.max(this.entries.length - count, 0);
    const dropped = this.entries.slice(kept);
    this.entries = this.entries.slice(0, kept);
    this.undone = [...this.undone, ...dropped.slice().reverse()];
    return dropped;
  }

  /** The entry redo would put back (the last one undone), if any. */
  nextRedo() {
    return this.undone.length ? this.undone[this.undone.length - 1].slice() : null;
  }

  /** Put back the entry undone last (the caller has played its lines again). */
  redo() {
    const entry = /** @type {string[]} */ (this.undone.pop());
    this.entries.push(entry);
    return entry;
  }

  lines() {
    return this.entries.flat();
  }
}
