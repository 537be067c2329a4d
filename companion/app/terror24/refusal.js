// A refusal as the Python's RuleError carries it (companion/speech.py's Said): the catalog's message key
// and its arguments, worded only when shown, in the reader's language. A tuple argument is a `Listed`
// (said as a list), an array a Python list (said as `[2, 2]`), game data in both languages `{ja, en}`.

import { RuleError as EngineRuleError } from "../lib/engine.js";
import { format, str } from "../lib/format.js";

/**
 * A tuple argument: said as the language lists items ("a, b" / "a、b"); its JSON is a list.
 */
export class Listed {
  /** @param {unknown[]} items */
  constructor(items) {
    this.items = items;
  }

  toJSON() {
    return this.items;
  }
}

/** The engine shape's refusal (lib/engine.js), worded here as 24's fields need. */
export class RuleError extends EngineRuleError {
  /** @param {import("../lib/words.js").Words} words */
  text(words) {
    return say(words, this.key, this.args);
  }
}

/**
 * One field in a language: game data in both languages ({ja, en}) as the language's, a tuple as a
 * listing (speech._said).
 * @param {import("../lib/words.js").Words} words
 * @param {unknown} value
 * @returns {unknown}
 */
function said(words, value) {
  if (value instanceof Listed) return words.listing(value.items.map((item) => str(said(words, item))));
  if (value !== null && typeof value === "object" && "ja" in value && "en" in value && !Array.isArray(value)) {
    return /** @type {Record<string, string>} */ (value)[words.lang === "ja" ? "ja" : "en"];
  }
  return value;
}

/**
 * `message` in the language of `words`, its fields filled (Speech._): without fields the text is
 * taken as it is, braces and all.
 * @param {import("../lib/words.js").Words} words
 * @param {string} message
 * @param {Record<string, unknown>} [fields]
 */
export function say(words, message, fields = {}) {
  const text = words.gettext(message);
  return Object.keys(fields).length ? format(text, fill(words, fields)) : text;
}

/**
 * The form of a message for `count` (Speech.ngettext: `{n}` is the count unless a field `n` is given).
 * @param {import("../lib/words.js").Words} words
 * @param {string} singular
 * @param {string} plural
 * @param {number} count
 * @param {Record<string, unknown>} [fields]
 */
export function sayPlural(words, singular, plural, count, fields = {}) {
  return format(words.ngettext(singular, plural, count), { n: count, ...fill(words, fields) });
}

/**
 * @param {import("../lib/words.js").Words} words
 * @param {Record<string, unknown>} fields
 */
function fill(words, fields) {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, said(words, v)]));
}
