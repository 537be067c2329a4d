// Sets of code points written as hexadecimal runs ("378-379 380-383 38b …", the tables
// tools/unicode_table.py makes from the Python's Unicode), and whether a code point is in one.

/**
 * The runs as [first, last, first, last, …], in order, for a binary search.
 * @param {string} text
 */
export function parseRuns(text) {
  return Uint32Array.from(text.split(" ").flatMap((run) => {
    const [first, last = first] = run.split("-");
    return [parseInt(first, 16), parseInt(last, 16)];
  }));
}

/**
 * Whether `code` is in one of `runs` (parseRuns).
 * @param {Uint32Array} runs
 * @param {number} code
 */
export function inRuns(runs, code) {
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
