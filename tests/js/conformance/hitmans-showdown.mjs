// Hitman's Showdown in the conformance run (tests/js/conformance.mjs): its data and its table.

import { loadGameData } from "../../../companion/app/lib/appfile.js";
import { Rulebook } from "../../../companion/app/showdown/cards.js";
import { newTable } from "../../../companion/app/showdown/table.js";

export async function load() {
  return new Rulebook(/** @type {any} */ (await loadGameData("hitmans-showdown")));
}

/**
 * The data a trace holds (a walk on changed data), with its look-ups.
 * @param {any} data
 */
export function fromData(data) {
  return new Rulebook(data);
}

/**
 * @param {Rulebook} book
 * @param {{teams: {name: string, faction: string}[], rules?: number}} options
 * @param {number} seed
 * @param {import("../../../companion/app/lib/words.js").Words} words
 */
export function newTable_(book, options, seed, words) {
  return newTable(book, options, words, seed);
}

export { newTable_ as newTable };

/** @param {import("../../../companion/app/showdown/table.js").ShowdownTable} table */
export function engine(table) {
  return table.match;
}
