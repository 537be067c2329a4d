// Numbers in what a player types, by the one rule every line parser shares with the Python (companion/numbers.py):
// after NFKC (so a Japanese keyboard's full-width digits read as ASCII) a number is ASCII digits, with a sign
// where one is allowed, and at most LARGEST. Anything else Unicode calls a digit (⓵ ٣ ፩) is not a number: the
// line is a typo like any other. LARGEST is the largest whole number a JavaScript number holds exactly, so a
// number read here is the very number the Python reads.

import { nfkc } from "./nfkc.js";

/** For a parser's own pattern: `\d` with the u flag, or a future change of it, must not take other scripts' digits. */
export const DIGITS = "[0-9]";
export const LARGEST = Number.MAX_SAFE_INTEGER;

const WHOLE = new RegExp(`^${DIGITS}+$`);
const SIGNED = new RegExp(`^[+-]?${DIGITS}+$`);
const SIGN_REQUIRED = new RegExp(`^[+-]${DIGITS}+$`);

/**
 * @param {RegExp} pattern
 * @param {string} text
 * @returns {number | null}
 */
function read(pattern, text) {
  text = nfkc(text);
  if (!pattern.test(text)) return null;
  const number = Number(text) + 0; // + 0 turns "-0" into 0, as Python's int reads it
  return Math.abs(number) <= LARGEST ? number : null; // a longer number would already be rounded
}

/**
 * `text` as a whole number of ASCII digits ("07" → 7), or null.
 * @param {string} text
 */
export function whole(text) {
  return read(WHOLE, text);
}

/** @param {string} text */
export function isWhole(text) {
  return whole(text) !== null;
}

/**
 * `text` as a whole number with an optional (or a required) sign ("+3", "-500"), or null.
 * @param {string} text
 * @param {boolean} [signRequired]
 */
export function signed(text, signRequired = false) {
  return read(signRequired ? SIGN_REQUIRED : SIGNED, text);
}
