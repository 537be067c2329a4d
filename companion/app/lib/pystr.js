// Python's str methods that a line parser leans on, where JavaScript's differ (split and strip, which
// lib/engine.js passes on): what is whitespace in a pattern (Python's str.isspace and re's \s count \x1c–\x1f and \x85, JavaScript's \s counts \ufeff instead), what a letter is, and lengths in
// code points rather than UTF-16 units.

/** Python's whitespace, as a regular expression class body. */
export const WHITESPACE = "\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";

// Python's str.split() with no argument: runs of whitespace as str.isspace() has it.
const PY_WHITESPACE = new RegExp(`[${WHITESPACE}]+`);

/**
 * The words of `line` as Python's `line.split()` gives them.
 * @param {string} line
 * @returns {string[]}
 */
export function pySplit(line) {
  return line.split(PY_WHITESPACE).filter((word) => word !== "");
}

const PY_STRIP = new RegExp(`^${PY_WHITESPACE.source}|${PY_WHITESPACE.source}$`, "g");

/**
 * `line` without whitespace at either end, as Python's `line.strip()`.
 * @param {string} line
 * @returns {string}
 */
export function pyStrip(line) {
  return line.replace(PY_STRIP, "");
}

const LETTERS = /^\p{L}+$/u;

/**
 * `text.rstrip(chars)` for one character.
 * @param {string} text
 * @param {string} char
 */
export function rstripChar(text, char) {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end--;
  return text.slice(0, end);
}

/**
 * `text.isalpha()`: not empty, and every character a letter (categories L*).
 * @param {string} text
 */
export function isAlpha(text) {
  return LETTERS.test(text);
}

/**
 * `list(text)`: the code points.
 * @param {string} text
 */
export function chars(text) {
  return Array.from(text);
}

// The line boundaries of Python's str.splitlines().
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/;

/**
 * The lines of `text` as Python's `text.splitlines()` gives them (no empty last line after a final break).
 * @param {string} text
 * @returns {string[]}
 */
export function pySplitLines(text) {
  const lines = text.split(LINE_BREAK);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

// Cherokee is the one script whose case folding goes to the capitals (Python's casefold, CaseFolding.txt).
const CHEROKEE = /[\u13a0-\u13f5\u13f8-\u13fd\uab70-\uabbf]/u;

/**
 * `text.casefold()`: each character's full case folding, as upper then lower case gives it (one at a time,
 * so that a final sigma folds as any sigma), Cherokee to its capitals.
 * @param {string} text
 */
export function casefold(text) {
  let out = "";
  for (const c of text) out += CHEROKEE.test(c) ? c.toUpperCase() : c.toUpperCase().toLowerCase();
  return out;
}
