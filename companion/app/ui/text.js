// The words of a page in one language: the catalog's messages, as the narration writes their fields
// ({field}) and as a page template of the server wrote them (%(field)s, Jinja2's form), so the app says
// what the server-drawn pages said in the very same words.

import { Speech } from "../lib/speech.js";

/**
 * A page's words: `_` for the catalog's messages ({field} as the narration writes them, %(field)s as a
 * page template does), in one language.
 * @typedef {{lang: string, raw: import("../lib/words.js").Words,
 *            _: (message: string, fields?: Record<string, unknown>) => string,
 *            ngettext: (singular: string, plural: string, n: number, fields?: Record<string, unknown>) => string}} WordsCtx
 */

/**
 * @param {import("../lib/words.js").Words} words
 * @returns {WordsCtx}
 */
export function wordsCtx(words) {
  const speech = new Speech(words);
  return {
    lang: words.lang,
    raw: words,
    _: (message, fields) => (message.includes("%(")
      ? words.gettext(message).replace(/%\((\w+)\)s/g, (_m, name) => String(fields?.[name]))
      : speech._(message, fields)),
    ngettext: (singular, plural, n, fields) => speech.ngettext(singular, plural, n, fields),
  };
}

