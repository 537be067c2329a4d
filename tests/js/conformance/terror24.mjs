// 24 in the conformance run (tests/js/conformance.mjs): its data and its table.

import { loadGameData } from "../../../companion/app/lib/appfile.js";
import { newTable } from "../../../companion/app/terror24/table.js";

export function load() {
  return loadGameData("terror24");
}

/**
 * The data a trace holds (a walk on changed data) is used as it is.
 * @param {unknown} data
 */
export function fromData(data) {
  return data;
}

/**
 * @param {any} data
 * @param {{npc_deck?: string}} options
 * @param {number} seed
 * @param {import("../../../companion/app/lib/words.js").Words} words
 */
export function newTable_(data, options, seed, words) {
  return newTable(data, options, words, seed);
}

export { newTable_ as newTable };

/** @param {import("../../../companion/app/terror24/table.js").Terror24Table} table */
export function engine(table) {
  return table.match;
}
