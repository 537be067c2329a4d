// A game's words in one language, as companion/speech.py says them: a message looked up in the catalog
// (words.js) and its fields filled by Python's str.format (format.js). A field that is words of its own
// (a Said) is said in the same language; an array stands for a Python tuple and is said as a list
// ("a, b" / "a、b").

import { format } from "./format.js";

/** Words worded only when shown: an English source text and its fields (Python's speech.Said). */
export class Said {
  /**
   * @param {string} message
   * @param {Record<string, unknown>} [fields]
   * @param {[string, number] | null} [plural] the plural form and the count choosing between them
   */
  constructor(message, fields = {}, plural = null) {
    this.message = message;
    this.fields = fields;
    this.plural = plural;
  }

  /**
   * @param {Speech} speech
   * @returns {string}
   */
  text(speech) {
    return this.plural ? speech.ngettext(this.message, this.plural[0], this.plural[1], this.fields)
      : speech._(this.message, this.fields);
  }

  /** The JSON both implementations compare: the key, its fields as JSON, the plural if any. */
  toJSON() {
    return { said: this.message, fields: this.fields, plural: this.plural };
  }
}

export class Speech {
  /** @param {import("./words.js").Words} words */
  constructor(words) {
    this.words = words;
    this.lang = words.lang;
  }

  /**
   * `message` in this language, its fields filled (unformatted when there are none, as in Python).
   * @param {string} message
   * @param {Record<string, unknown>} [fields]
   * @returns {string}
   */
  _(message, fields) {
    const text = this.words.gettext(message);
    return fields && Object.keys(fields).length ? format(text, this.filled(fields)) : text;
  }

  /**
   * The form for `count`, `{n}` filled with it unless a field `n` is given.
   * @param {string} singular
   * @param {string} plural
   * @param {number} count
   * @param {Record<string, unknown>} [fields]
   * @returns {string}
   */
  ngettext(singular, plural, count, fields = {}) {
    return format(this.words.ngettext(singular, plural, count), { n: count, ...this.filled(fields) });
  }

  /**
   * @param {unknown} label
   * @param {unknown} text
   * @returns {string}
   */
  label(label, text) {
    return this._("{label}: {text}", { label, text });
  }

  /**
   * @param {Iterable<unknown>} items
   * @returns {string}
   */
  listing(items) {
    return this.words.listing(items);
  }

  /**
   * A field said in this language: a Said in words, an array as a list of its items.
   * @param {unknown} value
   * @returns {unknown}
   */
  said(value) {
    if (value instanceof Said) {
      return value.text(this);
    }
    if (Array.isArray(value)) {
      return this.listing(value.map((item) => this.said(item)));
    }
    return value;
  }

  /**
   * @param {Record<string, unknown>} fields
   * @returns {Record<string, unknown>}
   */
  filled(fields) {
    /** @type {Record<string, unknown>} */
    const out = {};
    for (const [key, value] of Object.entries(fields)) {
      out[key] = this.said(value);
    }
    return out;
  }
}

/** Words put side by side, each said in the reader's language (Python's speech.Joined). */
export class Joined {
  /**
   * @param {readonly unknown[]} parts
   * @param {string} [sep]
   */
  constructor(parts, sep = " ") {
    this.parts = [...parts];
    this.sep = sep;
  }

  /**
   * @param {Speech} speech
   * @returns {string}
   */
  text(speech) {
    return this.parts.map((part) => String(speech.said(part))).join(this.sep);
  }

  /** The JSON both implementations compare (the conformance run's `to_json`). */
  toJSON() {
    return { joined: this.parts, sep: this.sep };
  }
}
