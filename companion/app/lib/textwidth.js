// Terminal columns, as tabletop/text_width.py counts them: two for a wide (Japanese) character, none for a
// combining mark, one for any other. JavaScript has no East Asian Width, so the Python's Unicode tables
// come as runs (widths.js, written by tools/unicode_table.py).

import { COMBINING, WIDE } from "./widths.js";

/**
 * Runs written as steps (widths.js) as [first, last, first, last, …] for a binary search.
 * @param {string} steps
 */
function parsed(steps) {
  const runs = steps.split(" ").map((step) => parseInt(step, 36));
  for (let i = 0; i < runs.length; i++) runs[i] += i ? runs[i - 1] : 0;
  return Uint32Array.from(runs);
}

const WIDE_RUNS = parsed(WIDE);
const COMBINING_RUNS = parsed(COMBINING);

/**
 * @param {Uint32Array} runs
 * @param {number} code
 */
function within(runs, code) {
  let low = 0;
  let high = runs.length / 2 - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (code < runs[2 * middle]) high = middle - 1;
    else if (code > runs[2 * middle + 1]) low = middle + 1;
    else return true;
  }
  return false;
}

/**
 * Columns `text` takes in a terminal.
 * @param {string} text
 */
export function displayWidth(text) {
  let width = 0;
  for (const ch of text) {
    const code = /** @type {number} */ (ch.codePointAt(0));
    width += within(WIDE_RUNS, code) ? 2 : within(COMBINING_RUNS, code) ? 0 : 1;
  }
  return width;
}

/**
 * `text` padded with spaces to `width` columns, on the right (or on the left: `right`), as speech.pad.
 * @param {string} text
 * @param {number} width
 * @param {boolean} [right]
 */
export function pad(text, width, right = false) {
  const fill = " ".repeat(Math.max(0, width - displayWidth(text)));
  return right ? fill + text : text + fill;
}
