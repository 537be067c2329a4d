// A game handed to another device and taken in from one (lib/handover.js says what a link carries):
// "Send this game" shows the link and, while it is short enough to scan off a screen, its QR code, and
// offers the game file; a link opened here, or a game file chosen on the home page, is checked whole
// (a game file of a game the app plays, a journal its engine plays) before anything is kept.
//
// A game arriving whose id is already on this device: the copy with more steps is the game (the one
// here brought up to date, or kept as it is); when each has steps the other lacks, both are kept, the
// one sent under the next free name. A game arriving under a name taken by another game takes the
// next free name.

import { InputError } from "../lib/engine.js";
import { GameFile, GameFileError, newGameId } from "../lib/gamefile.js";
import { AHEAD, DIVERGED, HandoverError, MAX_GAME, QR_LIMIT, carriesGame, compare, makeLink, readLink }
  from "../lib/handover.js";
import { Speech } from "../lib/speech.js";
import { h, showOver } from "./dom.js";
import { GAMES, gameData, gameUI } from "./games.js";
import { encoder, qrImage, qrMatrix } from "./qr.js";
import { freeName, listGames, saveGame } from "./store.js";

/**
 * @typedef {import("./main.js").Shell} Shell
 * @typedef {import("./store.js").SavedGame} SavedGame
 */

/** A game that cannot be taken in: the words say why, in one line. */
export class Refused extends Error {}

/**
 * The game file of a saved game: the bytes `companion <game> play` writes.
 * @param {SavedGame} saved
 */
export function fileText(saved) {
  const file = new GameFile({ game: saved.game, options: saved.options, seed: saved.seed, entries: saved.entries,
    undone: saved.undone ?? [], revision: saved.revision ?? 0, id: saved.id ?? null });
  return `${file.text()}\n`;
}

/**
 * The link that hands `saved` to another device, opening this very app there.
 * @param {SavedGame} saved
 */
export function linkTo(saved) {
  return makeLink(new URL("./", document.baseURI).href, fileText(saved), saved.name);
}

/**
 * "Send this game": its link, its QR code while the link is short enough, its file.
 * @param {Shell} shell
 * @param {SavedGame} saved
 */
export async function openSendSheet(shell, saved) {
  const { _ } = shell.words;
  if (!saved.id) { // a game from before ids gets its id when first sent
    saved.id = newGameId();
    await saveGame(saved);
  }
  const link = await linkTo(saved);
  const bytes = new TextEncoder().encode(link).length;
  let code = null;
  if (bytes <= QR_LIMIT) {
    code = h("div", { class: "qr-box", id: "send-qr" },
      qrImage(qrMatrix(await encoder(), link), _("QR code of the link to this game")));
  }
  const field = /** @type {HTMLTextAreaElement} */ (h("textarea", { id: "send-link", readonly: true, rows: 3,
    class: "link-field", "aria-label": _("The link to this game") }, link));
  const said = h("p", { class: "note", role: "status" });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      said.textContent = _("The link is copied.");
    } catch {
      field.select(); // no clipboard here (not HTTPS): the link is selected to copy by hand
      said.textContent = _("Copy the selected link.");
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([fileText(saved)], { type: "application/json" }));
    const a = h("a", { href: url, download: `${saved.name}.game.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  showSheet(shell, "send", _("Send this game"),
    h("p", null, _("Open the link or scan the code on the other device: the game goes on there from this step, with the same cards and dice. The game travels inside the link; no server sees it.")),
    code ?? h("p", { class: "note", id: "send-too-long" }, _("This game is too long for a QR code that scans off a screen: send the link or the game file instead.")),
    field,
    h("div", { class: "sheet-actions" },
      h("button", { type: "button", class: "main", "data-send": "copy", onclick: () => void copy() }, _("Copy the link")),
      "share" in navigator ? h("button", { type: "button", "data-send": "share",
        onclick: () => void navigator.share({ title: saved.name, url: link }).catch(() => {}) }, _("Share…")) : null,
      h("button", { type: "button", "data-send": "file", onclick: download }, _("Download the game file"))),
    said);
}

/**
 * "Open on another phone", for a game `companion serve` keeps: the server's link to the game (under
 * --lan through a pairing code that works once, never the server's token) and its QR code, or the
 * server's words saying why no other phone can reach it.
 * @param {Shell} shell
 * @param {import("./sync.js").Server} server
 * @param {string} name
 */
export async function openPairSheet(shell, server, name) {
  const { _ } = shell.words;
  /** @type {import("./sync.js").Shared} */
  const answer = await server.share(name)
    .catch(() => ({ url: null, why: _("The server could not be reached; try again once the network is back.") }));
  const body = answer.url
    ? [h("div", { class: "qr-box", id: "pair-qr" }, qrImage(qrMatrix(await encoder(), answer.url), _("QR code of the link"))),
      h("p", null, h("a", { id: "pair-link", class: "link-field", href: answer.url }, answer.url)),
      h("p", { class: "note" }, answer.minutes
        ? _("Scan it with the other phone's camera. The link works once, for {n} minutes.", { n: answer.minutes })
        : _("Scan it with the other phone's camera."))]
    : [h("p", { id: "pair-why" }, answer.why ?? answer.error ?? "")];
  showSheet(shell, "pair", _("Open on another phone"), body);
}

/**
 * A sheet over the page (`NAME-sheet`, headed `NAME-title`) with a Close button, shown at once in place
 * of one open before; it is gone once closed.
 * @param {Shell} shell
 * @param {string} name
 * @param {string} title
 * @param {...(import("./dom.js").Child | import("./dom.js").Child[])} body
 */
function showSheet(shell, name, title, ...body) {
  const sheet = /** @type {HTMLDialogElement} */ (h("dialog", { id: `${name}-sheet`, class: "sheet", "aria-labelledby": `${name}-title` },
    h("div", { class: "sheet-head" }, h("h2", { id: `${name}-title` }, title),
      h("button", { type: "button", onclick: () => sheet.close() }, shell.words._("Close"))),
    ...body));
  showOver(sheet);
}

/**
 * Whether the address carries a game sent to this device.
 * @param {string} hash
 */
export function arriving(hash) {
  return carriesGame(hash);
}

/**
 * Take in the game a link carries; returns the name it is kept under and what the table is told.
 * @param {Shell} shell
 * @param {string} hash
 */
export async function receiveLink(shell, hash) {
  const { _ } = shell.words;
  let sent;
  try {
    sent = await readLink(hash);
  } catch (e) {
    throw refusal(shell, e);
  }
  return takeIn(shell, sent.text, sent.name, _("the link"));
}

/**
 * Take in a game file chosen on this device.
 * @param {Shell} shell
 * @param {File} file
 */
export async function receiveFile(shell, file) {
  if (file.size > MAX_GAME) {
    throw new Refused(shell.words._("{source}: the game file is too big (more than {limit} bytes)",
      { source: file.name, limit: MAX_GAME }));
  }
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch (e) {
    throw new Refused(shell.words._("{source}: the file cannot be read ({why}); nothing was imported",
      { source: file.name, why: String(e) }));
  }
  return takeIn(shell, text, file.name.replace(/(\.game)?\.json$/, ""), file.name);
}

/**
 * @param {Shell} shell
 * @param {unknown} e
 */
function refusal(shell, e) {
  if (e instanceof GameFileError || e instanceof HandoverError) {
    return new Refused(e.said().text(new Speech(shell.words.raw)));
  }
  return e;
}

/**
 * The game file `text` checked whole and kept on this device.
 * @param {Shell} shell
 * @param {string} text
 * @param {string | null} name its name where it came from
 * @param {string} source what it came in (a link, a file's name), for a refusal
 * @returns {Promise<{name: string, told: string}>}
 */
async function takeIn(shell, text, name, source) {
  const { _ } = shell.words;
  let file;
  try {
    file = GameFile.read(text, null, source);
  } catch (e) {
    throw refusal(shell, e);
  }
  if (!(file.game in GAMES)) {
    throw new Refused(_("{source}: this app does not play {game!r}", { source, game: file.game }));
  }
  if (file.options.cards) {
    throw new Refused(_("{source}: this game plays on a data folder of its own; continue it at the terminal", { source }));
  }
  const over = await plays(shell, file);
  const here = file.id ? (await listGames()).find((g) => g.id === file.id) : undefined;
  /** @type {SavedGame} */
  const arrived = { format: "tabletop-kit game", version: 1, game: file.game, id: file.id ?? newGameId(),
    options: file.options, seed: file.seed, revision: file.revision, entries: file.entries, undone: file.undone,
    name: "", updated: Date.now(), over, seen: true };
  if (here) {
    const how = compare(here.entries, file.entries);
    if (how === AHEAD) {
      await saveGame({ ...arrived, name: here.name });
      return { name: here.name, told: _("“{name}” is brought up to date from the game sent.", { name: here.name }) };
    }
    if (how !== DIVERGED) {
      return { name: here.name, told: _("“{name}” already has every step of the game sent: it goes on as it is.", { name: here.name }) };
    }
    const kept = await freeName(here.name);
    await saveGame({ ...arrived, name: kept });
    return { name: kept, told: _("“{name}” went another way since it was sent: both are kept, the game sent as “{kept}”.", { name: here.name, kept }) };
  }
  const kept = await freeName((name ?? "").trim().slice(0, 40) || file.game);
  await saveGame({ ...arrived, name: kept });
  return { name: kept, told: _("“{name}” is on this device now: it goes on from the step it was sent at.", { name: kept }) };
}

/**
 * Whether the game is over, once its journal has played on this app's engine; Refused at the first
 * line it refuses.
 * @param {Shell} shell
 * @param {GameFile} file
 */
async function plays(shell, file) {
  const ui = await gameUI(file.game);
  const table = ui.newTable(await gameData(file.game), file.options, shell.words.raw, file.seed);
  let number = 0;
  for (const line of file.lines()) {
    number++;
    try {
      ui.step(table, line);
    } catch (e) {
      if (!(e instanceof InputError)) throw e;
      throw new Refused(shell.words._("line {number} of the game sent ({line!r}) does not play here: {error}; nothing was imported",
        { number, line, error: e.message }));
    }
  }
  return table.isOver();
}

/**
 * The home page's offer: a game file from this device.
 * @param {Shell} shell
 * @param {(file: File) => void} chosen
 */
export function fileOffer(shell, chosen) {
  const { _ } = shell.words;
  const input = /** @type {HTMLInputElement} */ (h("input", { type: "file", id: "import-file", accept: ".json,application/json",
    onchange: () => { if (input.files?.[0]) chosen(input.files[0]); } }));
  return h("section", { class: "card", id: "import" }, h("h2", null, _("A game from another device")),
    h("p", { class: "note" }, _("A game sent by link opens here by itself. A game file, downloaded on another device with “Download the game file” or written by the terminal, opens here:")),
    h("label", { class: "file-pick" }, _("Open a game file"), " ", input));
}
