// NFKC as the Python reference applies it to a typed line.
//
// NFKC grows with Unicode, and a browser's Unicode is newer than Python 3.11's (Node 20's NFKC turns U+1CCF0,
// an outlined digit zero of Unicode 16, into "0"; Python's leaves it). Characters that the Python's Unicode
// does not assign are kept as they are, as the Python keeps them; every other run of the text is normalised
// by the browser, whose NFKC agrees with the Python's on every character both assign (Unicode's stability
// policy). Cutting the text at such a character changes nothing for the Python: it has no decomposition and
// composes with nothing there. A browser whose Unicode is older than the Python's is not covered.

import { UNASSIGNED } from "./unassigned.js";

/** The unassigned runs as [first, last, first, last, …], in order, for a binary search. */
const RUNS = Uint32Array.from(
  UNASSIGNED.split(" ").flatMap((run) => {
    const [first, last = first] = run.split("-");
    return [parseInt(first, 16), parseInt(last, 16)];
  }),
);
const FIRST_UNASSIGNED = RUNS[0];

/**
 * Whether the Python's Unicode leaves `code` unassigned.
 * @param {number} code
 */
export function unassigned(code) {
  let low = 0;
  let high = RUNS.length / 2 - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (code < RUNS[2 * middle]) high = middle - 1;
    else if (code > RUNS[2 * middle + 1]) low = middle + 1;
    else return true;
  }
  return false;
}

/**
 * `text` in NFKC, as Python's `unicodedata.normalize("NFKC", text)` gives it.
 * @param {string} text
 */
export function nfkc(text) {
  let out = "";
  let start = 0;
  let at = 0;
  for (const ch of text) {
    const code = /** @type {number} */ (ch.codePointAt(0));
    if (code >= FIRST_UNASSIGNED && unassigned(code)) {
      out += text.slice(start, at).normalize("NFKC") + ch;
      start = at + ch.length;
    }
    at += ch.length;
  }
  return out + text.slice(start).normalize("NFKC");
}
