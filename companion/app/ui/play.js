// A game's page: what the last step brought about ("Just now"), the board the game's plug-in draws, the
// end of the game with a rematch, and the table's tools — Undo (which asks first, in the game's words),
// Redo, History and Help. A tap is played, saved, then painted.

import { InputError } from "../lib/engine.js";
import { h, paragraphs } from "./dom.js";
import { deleteOffer } from "./deleting.js";
import { keepRecord } from "./records.js";
import { due, remindersCard } from "./reminders.js";
import { newGameId } from "../lib/gamefile.js";
import { openPairSheet, openSendSheet } from "./send.js";
import { GameInPlay, NotSaved } from "./session.js";
import { freeName, newSeed, saveGame } from "./store.js";

/**
 * @typedef {import("./main.js").Shell} Shell
 * @typedef {import("./games.js").Ctx} Ctx
 */

export class PlayPage {
  /**
   * @param {Shell} shell
   * @param {GameInPlay} game
   */
  constructor(shell, game) {
    this.shell = shell;
    this.game = game;
    this.busy = false;
    /** @type {string} a refusal, said until the next tap */
    this.refusal = "";
    /** @type {Ctx} */
    this.ctx = { ...shell.words, play: (line) => this.play(line), data: game.data };
    /** @type {WeakMap<import("./session.js").Told, HTMLElement>} each History entry as last drawn */
    this.entries = new WeakMap();
  }

  /**
   * Play a tapped line. The step is played at once and its save begun; the page for it is built while
   * the save is being written, and shown only once the step is kept on the device.
   * @param {string} line
   */
  async play(line) {
    if (this.busy) return; // a second tap before the first is saved would be played on an old board
    this.busy = true;
    const game = this.game;
    let view;
    try {
      const saving = game.begin(line);
      this.refusal = "";
      view = this.build();
      await saving;
    } catch (e) {
      if (!(e instanceof InputError || e instanceof NotSaved)) throw e;
      this.refusal = e.message;
      view = null;
    } finally {
      this.busy = false;
    }
    // another device's answer may have replaced the game meanwhile: then its page is drawn instead
    if (view && this.game === game) this.show(view);
    else this.render();
    if (!this.refusal) {
      afterPaint(() => navigator.vibrate?.(12)); // a tick where the phone offers one
      window.scrollTo(0, 0);
      this.shell.announce(this.headline());
    }
  }

  /**
   * What matters most of the last step (or of `step`), as "Just now" heads it; "" before the first.
   * @param {import("./session.js").Step} [step]
   */
  headline(step = this.game.story[this.game.story.length - 1]) {
    return step ? (step.told[step.headline ?? 0] ?? "").trim() : "";
  }

  /**
   * @param {() => Promise<void>} work
   * @param {(() => string) | null} [said] what a screen reader is told once the work is done
   */
  async tool(work, said = null) {
    let done = false;
    try {
      await work();
      this.refusal = "";
      done = true;
    } catch (e) {
      this.refusal = e instanceof Error ? e.message : String(e);
    }
    this.render();
    if (done && said) this.shell.announce(said());
  }

  render() {
    this.show(this.build());
  }

  /**
   * The page for the game as it stands, not shown yet.
   * @returns {{bar: HTMLElement, main: HTMLElement, title: string}}
   */
  build() {
    const game = this.game;
    const table = game.table;
    const answer = game.lastAnswer();
    this.ctx.takeBack = answer === null ? null : {
      label: this.ctx._("Take back the last tap"),
      run: () => this.tool(() => game.takeBackAnswer()),
    };
    const ending = game.ui.ending(this.ctx, table);
    const title = this.shell.title(game.data);
    const [bar, main] = this.shell.frame(game.saved.name, title);
    main.append(h("div", { id: "messages", class: "messages" },
      this.refusal ? h("p", { class: "refused", role: "alert" }, this.refusal) : null));
    if (ending) {
      main.append(this.outcome(ending));
      void keepRecord(game.saved, table);
    }
    // The rules to remember come after the board, so the next thing to tap stays in view under "Just now";
    // a button beside Continue leads to them.
    let reminders = null;
    if (!ending && !game.saved.seen && game.story.length) {
      reminders = remindersCard(this.ctx, due(game.saved.game, game.before, table.status(), game.data));
      main.append(this.justNow(reminders !== null));
    }
    main.append(h("section", { id: "board", class: "board" }, game.ui.board(this.ctx, table)));
    if (reminders) main.append(reminders);
    main.append(this.tools());
    return { bar, main, title: `${game.saved.name} — ${title}` };
  }

  /** @param {{bar: HTMLElement, main: HTMLElement, title: string}} view */
  show(view) {
    this.shell.show(view.bar, view.main);
    document.title = view.title;
  }

  /**
   * What the last step did, what matters to the table first; the rest folded under it.
   * @param {boolean} remind whether rules to remember follow the board
   */
  justNow(remind) {
    const { _ } = this.ctx;
    const last = this.game.story[this.game.story.length - 1];
    const lead = last.headline ?? 0;
    const rest = last.told.filter((_line, i) => i !== lead);
    return h("section", { class: "card last-step", id: "last-step" },
      h("h2", null, _("Just now")),
      h("p", { class: "headline" }, this.headline(last)),
      rest.length ? h("details", null, h("summary", null, _("Everything this step did")), paragraphs(rest)) : null,
      h("div", { class: "step-actions" },
        h("button", { type: "button", onclick: () => this.tool(() => this.game.dismiss()) }, _("Continue")),
        remind ? h("button", { type: "button", class: "to-reminders", "data-to-reminders": true,
          onclick: () => document.getElementById("reminders")?.scrollIntoView({ block: "center" }) }, _("Remember ↓"))
          : null));
  }

  /** @param {import("./games.js").Ending} end */
  outcome(end) {
    const { _ } = this.ctx;
    const rows = end.rows.map((row) => h("li", { class: row.won ? "won" : "" },
      h("span", { class: "place" }, row.place),
      h("span", { class: "who" }, row.who, row.won ? [" ", h("b", { class: "winner-badge" }, _("wins"))] : null,
        row.mark ? [" ", h("b", { class: "mark" }, row.mark)] : null),
      h("span", { class: "score" }, row.score)));
    return h("section", { class: "card outcome", id: "outcome", "aria-labelledby": "outcome-title" },
      h("h2", { id: "outcome-title", class: "big" }, _("Game over")),
      end.rows.some((r) => r.won) ? null : h("p", { class: "verdict" }, _("A draw: nobody wins.")),
      h("ol", { class: "ranking" }, rows),
      end.figures.map((line) => h("p", null, line)),
      end.how ? h("p", { class: "note" }, end.how) : null,
      h("button", { type: "button", class: "main wide", "data-rematch": true, onclick: () => this.rematch() },
        _("Rematch with the same setup")));
  }

  async rematch() {
    const saved = this.game.saved;
    const server = this.shell.server;
    if (server && saved.sync) {
      const made = await server.rematch(saved.name, await this.shell.opener(saved.game))
        .catch(() => ({ error: this.ctx._("The server could not be reached; try again once the network is back.") }));
      if ("error" in made) {
        this.refusal = made.error;
        this.render();
      } else this.shell.open(made.name);
      return;
    }
    const again = this.game.ui.rematch(saved, this.game.table);
    const name = await freeName(saved.name.replace(/ \d+$/, ""));
    await saveGame({ ...saved, name, id: newGameId(), options: again.options, entries: again.entries, undone: [], seed: newSeed(),
      revision: 0, over: false, seen: true, updated: Date.now() });
    this.shell.open(name);
  }

  /**
   * One History entry; an entry told before is the same element again (a step's words never change
   * once told: a changed entry is a new one), so a tap builds only its own.
   * @param {import("./session.js").Told} step
   */
  entry(step) {
    let item = this.entries.get(step);
    if (!item) {
      item = h("li", null, paragraphs(step.told));
      this.entries.set(step, item);
    }
    return item;
  }

  tools() {
    const { _ } = this.ctx;
    const game = this.game;
    const server = this.shell.server;
    const story = game.story;
    const last = story[story.length - 1];
    const sheet = (/** @type {string} */ id, /** @type {string} */ title, /** @type {(HTMLElement | null)[]} */ body) =>
      h("dialog", { id, class: "sheet", "aria-labelledby": `${id}-title` },
        h("div", { class: "sheet-head" }, h("h2", { id: `${id}-title` }, title),
          h("button", { type: "button", onclick: () => close(id) }, _("Close"))), body);
    const close = (/** @type {string} */ id) => /** @type {HTMLDialogElement} */ (document.getElementById(id)).close();
    const open = (/** @type {string} */ id) => /** @type {HTMLDialogElement} */ (document.getElementById(id)).showModal();
    const history = story.length
      ? h("ol", { class: "history" }, story.map((step) => this.entry(step)))
      : h("p", { class: "note" }, _("Nothing has been played yet."));
    const help = [...this.game.ui.help(this.ctx), _("Every tap is saved on this phone at once, so a closed tab or a reload takes up the game where it was. Undo takes the last step back (it asks first); Redo plays it again, until another step is played.")];
    return h("div", { id: "table-tools" },
      h("nav", { class: "tools", "aria-label": _("The table's tools") },
        game.canUndo() ? h("button", { type: "button", "data-tool": "undo", onclick: () => open("undo-sheet") }, _("Undo")) : null,
        game.canRedo() ? h("button", { type: "button", "data-tool": "redo", onclick: () => this.tool(() => game.redo(),
          () => _("Played again: {step}", { step: this.headline() || _("The last step") })) }, _("Redo")) : null,
        h("button", { type: "button", "data-tool": "history", onclick: () => open("history-sheet") }, _("History")),
        h("button", { type: "button", "data-tool": "help", onclick: () => open("help-sheet") }, _("Help"))),
      // under the board rather than in the bar, which has no room for a fifth button at 360 px
      h("button", { type: "button", class: "wide send-game", "data-tool": "send",
        onclick: () => void openSendSheet(this.shell, game.saved) }, _("Send this game")),
      server && game.saved.sync ? h("button", { type: "button", class: "wide pair-game", "data-tool": "pair",
        onclick: () => void openPairSheet(this.shell, server, game.saved.name) }, _("Open on another phone")) : null,
      deleteOffer(this.shell, game.saved),
      last ? h("dialog", { id: "undo-sheet", class: "sheet", "aria-labelledby": "undo-title" },
        h("h2", { id: "undo-title" }, _("Take this back?")),
        h("div", { class: "told" }, last.told.length ? paragraphs(last.told) : h("p", null, _("The last step"))),
        h("p", { class: "note" }, _("You can play it again with Redo, until another step is played.")),
        h("div", { class: "sheet-actions" },
          h("button", { type: "button", class: "main", "data-undo": true, onclick: () => {
            close("undo-sheet");
            const step = this.headline(last) || _("The last step");
            void this.tool(() => game.undo(), () => _("Taken back: {step}", { step }));
          } }, _("Take it back")),
          h("button", { type: "button", onclick: () => close("undo-sheet") }, _("Keep it")))) : null,
      sheet("history-sheet", _("History"), [history]),
      sheet("help-sheet", _("Help"), paragraphs(help)));
  }
}

/**
 * Run `work` once the next frame is painted, out of the way of the paint that shows a step.
 * @param {() => void} work
 */
function afterPaint(work) {
  requestAnimationFrame(() => setTimeout(work, 0));
}
