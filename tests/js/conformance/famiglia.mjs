// Famiglia in the conformance run (tests/js/conformance.mjs): its data and its table.

import { loadGameData } from "../../../companion/app/lib/appfile.js";
import { newTable } from "../../../companion/app/famiglia/table.js";

export function load() {
  return loadGameData("famiglia");
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
 * @param {{level: number, first: string}} options
 * @param {number} _seed Famiglia draws nothing by itself: the table types every card
 * @param {import("../../../companion/app/lib/words.js").Words} words
 */
export function newTable_(data, options, _seed, words) {
  return newTable(data, options, words);
}

/** @param {import("../../../companion/app/famiglia/table.js").FamigliaTable} table */
export function engine(table) {
  return table.match;
}

export { newTable_ as newTable };
