// Success conditions (companion/showdown/conditions.py): any one alternative holds when every atom in it
// holds. A verdict keeps every atom's result, so its explanation can say exactly what is missing.

/**
 * @typedef {{type: "AtomResult", holds: boolean, kind: string, target: number, have: number, face: number}} AtomResult
 * @typedef {{type: "Verdict", success: boolean, total: number, alternatives: AtomResult[][]}} Verdict
 */

/** @param {{kind: string}} atom */
export const kindOf = (atom) => atom.kind;

/**
 * @param {{kind: string, [field: string]: any}} atom
 * @param {number[]} faces
 * @param {number} total
 * @returns {AtomResult}
 */
export function checkAtom(atom, faces, total) {
  const kind = atom.kind;
  if (kind === "total_at_least" || kind === "total_equals") {
    const holds = kind === "total_at_least" ? total >= atom.total : total === atom.total;
    return { type: "AtomResult", holds, kind, target: atom.total, have: total, face: 0 };
  }
  if (kind === "face_count_at_least") {
    const have = faces.filter((f) => f === atom.face).length;
    return { type: "AtomResult", holds: have >= atom.count, kind, target: atom.count, have, face: atom.face };
  }
  throw new RangeError(`unknown condition kind ${kind}`);
}

/**
 * `alternatives`: any-of list of all-of lists of atoms. `bonus` adds to the dice total.
 * @param {{kind: string}[][]} alternatives
 * @param {number[]} faces
 * @param {number} [bonus]
 * @returns {Verdict}
 */
export function evaluate(alternatives, faces, bonus = 0) {
  const total = faces.reduce((a, b) => a + b, 0) + bonus;
  const results = alternatives.map((alt) => alt.map((a) => checkAtom(a, faces, total)));
  return { type: "Verdict", success: results.some((alt) => alt.every((r) => r.holds)), total, alternatives: results };
}
