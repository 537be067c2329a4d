// The games the app plays, each one plug-in module (ui/<game>.js) over its engine's table
// (companion/app/<game>/table.js). Another game is one more module and one more line here.

/**
 * What the app needs of a game. `ctx` is the page's: its words and how to play a line.
 * @typedef {{
 *   id: string,
 *   newTable(data: any, options: any, words: import("../lib/words.js").Words, seed: number): import("./session.js").Table,
 *   step(table: any, line: string): import("./session.js").Step,
 *   drawnLine?: (table: any, cards: string[]) => string,
 *   options(ctx: Ctx, data: any): {fields: HTMLElement[], read(form: HTMLFormElement): Record<string, unknown> | null},
 *   board(ctx: Ctx, table: any): HTMLElement[],
 *   help(ctx: Ctx): string[],
 *   ending(ctx: Ctx, table: any): Ending | null,
 *   rematch(saved: import("./store.js").SavedGame, table: any): {options: Record<string, unknown>, entries: string[][]},
 * }} GameUI
 *
 * The end of a game: each place, the winners marked, a word beside a place (a dead seat), how the
 * ranking is made, the figures the game reports.
 * @typedef {{rows: {place: number, who: string, score: string, won: boolean, mark: string}[], how: string,
 *            figures: string[]}} Ending
 *
 * @typedef {{
 *   _: (message: string, fields?: Record<string, unknown>) => string,
 *   ngettext: (singular: string, plural: string, n: number, fields?: Record<string, unknown>) => string,
 *   lang: string,
 *   play: (line: string) => Promise<void>,
 *   takeBack?: {label: string, run: () => Promise<void>} | null,
 *   data: any,
 * }} Ctx
 */

import { APP_BASE, loadGameData } from "../lib/appfile.js";

/** @type {Record<string, () => Promise<{ui: GameUI}>>} */
export const GAMES = {
  famiglia: () => import("./famiglia.js"),
  terror24: () => import("./terror24.js"),
  "hitmans-showdown": () => import("./showdown.js"),
};

/** The games in the order the home page offers them. */
export const GAME_IDS = Object.keys(GAMES);

/**
 * @param {string} id
 * @returns {Promise<GameUI>}
 */
export async function gameUI(id) {
  const load = GAMES[id];
  if (!load) throw new Error(`no such game: ${id}`);
  return (await load()).ui;
}

/** @type {Map<string, Promise<unknown>>} */
const data = new Map();

/**
 * A game's data (data/<game>.json), fetched once a visit.
 * @param {string} id
 * @returns {Promise<any>}
 */
export function gameData(id) {
  let loading = data.get(id);
  if (!loading) {
    loading = loadGameData(id, APP_BASE);
    data.set(id, loading);
    loading.catch(() => data.delete(id)); // asked again next time
  }
  return loading;
}
