// Python's str methods that a line parser leans on, where JavaScript's differ: what is whitespace
// (Python's str.isspace and re's \s count \x1c–\x1f and \x85, JavaScript's \s counts \ufeff instead),
// what a letter is, and lengths in code points rather than UTF-16 units.

/** Python's whitespace, as a regular expression class body. */
export const WHITESPACE = "\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";

const RUNS = new RegExp(`[${WHITESPACE}]+`);
const EDGES = new RegExp(`^[${WHITESPACE}]+|[${WHITESPACE}]+$`, "g");
const LETTERS = /^\p{L}+$/u;

/**
 * `text.split()`: the words between runs of whitespace.
 * @param {string} text
 * @returns {string[]}
 */
export function split(text) {
  return text.split(RUNS).filter((word) => word !== "");
}

/**
 * `text.strip()`.
 * @param {string} text
 */
export function strip(text) {
  return text.replace(EDGES, "");
}

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
