// Text laid out in a terminal's columns as tabletop/text_width.py does it: a wide (Japanese) character
// takes two, a combining mark none, by the Python's Unicode (widths.js); and help lines
// `word ARG     what it does` with their descriptions at one column in both languages.

import { format } from "./format.js";
import { pySplitLines, WHITESPACE } from "./pystr.js";
import { inRuns, parseRuns } from "./runs.js";
import { COMBINING, WIDE } from "./widths.js";

const WIDE_RUNS = parseRuns(WIDE);
const COMBINING_RUNS = parseRuns(COMBINING);

/**
 * Columns `text` takes in a terminal (text_width.display_width).
 * @param {string} text
 */
export function displayWidth(text) {
  let width = 0;
  for (const ch of text) {
    const code = /** @type {number} */ (ch.codePointAt(0));
    width += inRuns(WIDE_RUNS, code) ? 2 : inRuns(COMBINING_RUNS, code) ? 0 : 1;
  }
  return width;
}

/** The gap after a help line's head (`word ARG`): two or more spaces between two other characters. */
const GAP = new RegExp(`(?<=[^${WHITESPACE}])( {2,})(?=[^${WHITESPACE}])`, "u");

/**
 * @param {string} line
 * @returns {{start: number, end: number} | null}
 */
function head(line) {
  const gap = GAP.exec(line);
  return gap ? { start: gap.index, end: gap.index + gap[0].length } : null;
}

/**
 * The number most often in `values`; of several, the smallest (as the Python's `max(set(...),
 * key=count)` picks among the small numbers a help's columns are).
 * @param {number[]} values
 */
function mostOften(values) {
  const counts = new Map();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort(([a, n], [b, m]) => m - n || a - b)[0][0];
}

/**
 * Help lines given in English and translated: every description at one column counted in display
 * columns, the English one widened so that no translated head overruns it unless its English one does
 * (text_width.realign). A line without a head is kept as it is.
 * @param {[string, string][]} lines [English, translated]
 * @returns {string[]}
 */
export function realign(lines) {
  const columns = lines.flatMap(([english]) => {
    const gap = head(english);
    return gap ? [displayWidth(english.slice(0, gap.end))] : [];
  });
  if (!columns.length) return lines.map(([, translated]) => translated);
  const englishColumn = mostOften(columns);
  let column = englishColumn;
  for (const [english, translated] of lines) {
    const source = head(english);
    const target = head(translated);
    if (source && target && displayWidth(english.slice(0, source.start)) + 2 <= englishColumn) {
      column = Math.max(column, displayWidth(translated.slice(0, target.start)) + 2);
    }
  }
  return lines.map(([english, translated]) => {
    const target = head(translated);
    if (!head(english) && english.length - english.replace(/^ +/, "").length === englishColumn) {
      return " ".repeat(column) + translated.replace(/^ +/, ""); // a description's second line
    }
    if (!head(english) || !target) return translated;
    const start = translated.slice(0, target.start);
    return start + " ".repeat(Math.max(column - displayWidth(start), 2)) + translated.slice(target.end);
  });
}

/**
 * Blocks of `command   what it does` lines (one message a line, or several lines in one) in the
 * language of `words`, laid out by display width (Speech.help_lines). The fields are plain values,
 * already said in that language.
 * @param {import("./words.js").Words} words
 * @param {string[]} messages
 * @param {Record<string, unknown>} [fields]
 */
export function helpLines(words, messages, fields = {}) {
  const filled = Object.keys(fields).length > 0;
  /** @type {[string, string][]} */
  const pairs = [];
  for (const message of messages) {
    let source = pySplitLines(filled ? format(message, fields) : message);
    const target = pySplitLines(filled ? format(words.gettext(message), fields) : words.gettext(message));
    if (source.length !== target.length) source = target; // a translation laid out its own way
    source.forEach((line, i) => pairs.push([line, target[i]]));
  }
  return realign(pairs);
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
