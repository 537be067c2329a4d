// The program's words in one language, as tabletop/i18n.py gives them in Python: English source texts
// looked up in the gettext catalog the Python compiles to locale/<lang>.json (companion/appfiles.py).
// A message the catalog lacks, or holds only fuzzy or untranslated, is the English itself, and English
// needs no file at all.

import { APP_BASE, readAppFile } from "./appfile.js";
import { str } from "./format.js";

export const LANGS = /** @type {const} */ (["en", "ja"]);
export const DEFAULT = "en";

/**
 * A catalog file: `messages` maps an English text to its translation, `plurals` a singular to its
 * forms, `plural` is the catalog's Plural-Forms rule.
 * @typedef {{language: string, plural: string, messages: Record<string, string>,
 *            plurals: Record<string, string[]>}} CatalogFile
 */

/**
 * The plural rules a catalog may use (companion/appfiles.py refuses any other): count → form.
 * @type {Record<string, (n: number) => number>}
 */
const PLURAL_RULES = {
  "0": () => 0,
  "(n != 1)": (n) => (n !== 1 ? 1 : 0),
};

/**
 * "ja_JP.UTF-8", "ja-JP", "JA" → "ja"; "C", "POSIX" and languages we lack → null (i18n.normalise).
 * @param {string | null | undefined} value
 * @returns {string | null}
 */
export function normalise(value) {
  if (!value) {
    return null;
  }
  const code = value.trim().split(".")[0].split("@")[0].replace(/-/g, "_").split("_")[0].toLowerCase();
  return /** @type {readonly string[]} */ (LANGS).includes(code) ? code : null;
}

/**
 * Mark a message for the catalog without translating it yet; it is translated where shown.
 * @param {string} message
 * @returns {string}
 */
export function N_(message) {
  return message;
}

export class Words {
  /**
   * @param {string} lang
   * @param {CatalogFile | null} catalog null: English, the messages as written
   */
  constructor(lang, catalog) {
    this.lang = lang;
    /** @type {Map<string, string>} */
    this.messages = new Map(catalog ? Object.entries(catalog.messages) : []);
    /** @type {Map<string, string[]>} */
    this.plurals = new Map(catalog ? Object.entries(catalog.plurals) : []);
    const rule = catalog ? PLURAL_RULES[catalog.plural] : PLURAL_RULES["(n != 1)"];
    if (!rule) {
      throw new Error(`${lang}: unknown plural rule ${JSON.stringify(catalog?.plural)}`);
    }
    this.plural = rule;
  }

  /**
   * `message` (English source text) in this language. As Python's gettext, a message the catalog
   * holds only with a plural gives its form for one.
   * @param {string} message
   * @returns {string}
   */
  gettext(message) {
    const found = this.messages.get(message) ?? this.plurals.get(message)?.[this.plural(1)];
    return found ?? message;
  }

  /**
   * The form of a message for `n`; without a translation, the singular for exactly 1, else the plural.
   * @param {string} singular
   * @param {string} plural
   * @param {number | bigint} n
   * @returns {string}
   */
  ngettext(singular, plural, n) {
    const count = Number(n);
    const found = this.plurals.get(singular)?.[this.plural(count)];
    return found ?? (count === 1 ? singular : plural);
  }

  /**
   * Items joined the way this language lists them ("a, b" / "a、b"), each as Python's str() says it
   * (i18n.listing).
   * @param {Iterable<unknown>} items
   * @returns {string}
   */
  listing(items) {
    return Array.from(items, str).join(this.gettext(", "));
  }
}

/** English: every message as written. */
export const ENGLISH = new Words(DEFAULT, null);

/**
 * The words of `lang` (normalised as i18n.normalise; English for a language we lack), read from
 * locale/<lang>.json under `base` (see appfile.readAppFile).
 * @param {string | null | undefined} lang
 * @param {string | URL} [base]
 * @returns {Promise<Words>}
 */
export async function loadWords(lang, base = APP_BASE) {
  const code = normalise(lang) ?? DEFAULT;
  if (code === DEFAULT) {
    return ENGLISH;
  }
  const catalog = /** @type {CatalogFile} */ (await readAppFile(`locale/${code}.json`, base));
  return new Words(code, catalog);
}
