// The first thing a start runs, before the rest of the app has loaded: the game the address names is
// read from the device, and once its kind is known its modules and data are fetched, all while the
// browser is still fetching the app's own modules (ui/main.js then takes the game from here).

import { APP_BASE } from "../lib/appfile.js";
import { GAMES, gameData, gameUI } from "./games.js";
import { keep, kept } from "./settings.js";
import { loadGame } from "./store.js";

const KINDS = "gameKinds";
const KINDS_KEPT = 50;

// Filled in by `companion app export`: each game's modules beyond the app's own, by their path in the
// app's folder, so that they are fetched at once rather than one level of imports after another.
/** @type {Record<string, string[]>} */
const GAME_MODULES = {};

const name = new URLSearchParams(location.hash.slice(1)).get("game");
// The kinds of the games opened on this device, kept beside the settings: when the address names one,
// its modules are fetched at once, while the device is still being read (a guess: the game read decides).
const guess = name === null ? undefined : openedKinds()[name];
if (guess) fetchGame(guess);
/** @type {Promise<import("./store.js").SavedGame | undefined> | null} */
let reading = name === null ? null : loadGame(name).then((saved) => {
  if (saved && saved.game !== guess) fetchGame(saved.game);
  return saved;
});
reading?.catch(() => {}); // a device that cannot be read is said where the game is opened

/** @returns {Record<string, string>} */
function openedKinds() {
  try {
    const kinds = JSON.parse(kept(KINDS) ?? "{}");
    return kinds && typeof kinds === "object" ? kinds : {};
  } catch {
    return {};
  }
}

/**
 * Note the kind of the game on show (its modules are fetched first when the app opens on it next); the
 * last KINDS_KEPT games are remembered.
 * @param {{name: string, game: string}} saved
 */
export function opened(saved) {
  const kinds = openedKinds();
  if (kinds[saved.name] === saved.game) return;
  delete kinds[saved.name];
  kinds[saved.name] = saved.game;
  const names = Object.keys(kinds);
  for (const old of names.slice(0, Math.max(0, names.length - KINDS_KEPT))) delete kinds[old];
  keep(KINDS, JSON.stringify(kinds));
}

/**
 * A game's modules and data, asked for now (each is then taken from where it is already coming).
 * @param {string} game
 */
export function fetchGame(game) {
  if (!Object.prototype.hasOwnProperty.call(GAMES, game)) return; // a kind this version does not play: said where the game is opened
  for (const path of GAME_MODULES[game] ?? []) {
    document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href: new URL(path, APP_BASE).href }));
  }
  gameUI(game).catch(() => {}); // a failure is met again, and said, where the game is opened
  gameData(game).catch(() => {});
}

/**
 * The game named `wanted` as the start read it, once (later pages read the device again); null when
 * the start read another or none.
 * @param {string} wanted
 */
export function readAtStart(wanted) {
  const read = wanted === name ? reading : null;
  reading = null;
  return read;
}
