// Deleting a game kept on this device, from its page: a question first, naming the game and saying what
// stays (a finished game's record, ui/records.js, is kept apart from the games), then the home page with
// a short notice. A game the server keeps (ui/sync.js) is not deleted here: the next look at the
// server's list would bring it back, so its page says where it is kept instead.

import { h, showOver } from "./dom.js";
import { deleteGame } from "./store.js";

/**
 * @typedef {import("./main.js").Shell} Shell
 * @typedef {import("./store.js").SavedGame} SavedGame
 */

/**
 * What a game's page offers under "Send this game": "Delete this game…", or for a game the server keeps,
 * a word why there is no such button.
 * @param {Shell} shell
 * @param {SavedGame} saved
 */
export function deleteOffer(shell, saved) {
  const { _ } = shell.words;
  if (saved.sync) {
    return h("p", { class: "note", id: "delete-kept" },
      _("This game is kept on the server and comes back from it, so it cannot be deleted from this device."));
  }
  return h("button", { type: "button", class: "wide delete-game", "data-tool": "delete",
    onclick: () => askToDelete(shell, saved) }, _("Delete this game…"));
}

/**
 * The question, over the page: "Delete it" or "Keep it".
 * @param {Shell} shell
 * @param {SavedGame} saved
 */
export function askToDelete(shell, saved) {
  const { _ } = shell.words;
  const sheet = /** @type {HTMLDialogElement} */ (h("dialog", { id: "delete-sheet", class: "sheet", "aria-labelledby": "delete-title" },
    h("h2", { id: "delete-title" }, _("Delete “{name}”?", { name: saved.name })),
    h("p", null, _("The game is deleted from this device, with every step played. This cannot be undone.")),
    h("p", { class: "note" }, _("A finished game's record stays in Records.")),
    h("div", { class: "sheet-actions" },
      h("button", { type: "button", class: "danger", "data-delete": true, onclick: () => {
        sheet.close();
        void deleted(shell, saved.name);
      } }, _("Delete it")),
      h("button", { type: "button", class: "main", "data-keep": true, autofocus: true, onclick: () => sheet.close() }, _("Keep it")))));
  showOver(sheet);
}

/**
 * The game gone from the device; the home page says so. The address is replaced, so Back does not lead
 * to a game that is no more. A device that cannot delete it keeps it, and its page says why.
 * @param {Shell} shell
 * @param {string} name
 */
async function deleted(shell, name) {
  try {
    await deleteGame(name);
  } catch (e) {
    shell.notice = { text: shell.words._("“{name}” could not be deleted from this device ({why}); it is still here.",
      { name, why: String(e) }), refused: true };
    await shell.route();
    return;
  }
  shell.notice = { text: shell.words._("“{name}” is deleted from this device.", { name }), refused: false };
  history.replaceState(null, "", location.pathname + location.search);
  await shell.route();
}
