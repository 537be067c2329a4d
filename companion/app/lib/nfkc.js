// NFKC as the Python reference applies it to a typed line.
//
// NFKC grows with Unicode, and a browser's Unicode is newer than Python 3.11's (Node 20's NFKC turns U+1CCF0,
// an outlined digit zero of Unicode 16, into "0"; Python's leaves it). Characters that the Python's Unicode
// does not assign are kept as they are, as the Python keeps them; every other run of the text is normalised
// by the browser, whose NFKC agrees with the Python's on every character both assign (Unicode's stability
// policy). Cutting the text at such a character changes nothing for the Python: it has no decomposition and
// composes with nothing there. A browser whose Unicode is older than the Python's is not covered.

import { inRuns, parseRuns } from "./runs.js";
import { UNASSIGNED } from "./unassigned.js";

const RUNS = parseRuns(UNASSIGNED);
const FIRST_UNASSIGNED = RUNS[0];

/**
 * Whether the Python's Unicode leaves `code` unassigned.
 * @param {number} code
 */
export function unassigned(code) {
  return inRuns(RUNS, code);
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
