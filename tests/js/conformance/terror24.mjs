// 24 in the conformance run (tests/js/conformance.mjs): its data and its table.

import { loadGameData } from "../../../companion/app/lib/appfile.js";
import { newTable } from "../../../companion/app/terror24/table.js";

export function load() {
  return loadGameData("terror24");
}

export { newTable };

/** @param {import("../../../companion/app/terror24/table.js").Terror24Table} table */
export function engine(table) {
  return table.match;
}
