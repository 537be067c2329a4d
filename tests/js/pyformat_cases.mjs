// Reads format cases as JSON lines on stdin ({template, named, positional} with typed values) and
// writes, one line each, what companion/app/lib/format.js makes of them: {out} or {error: Python's
// exception name}. tests/companion/app/test_format_js.py compares them with Python's str.format.
import { createInterface } from "node:readline";
import { format, FormatError, pyFloat } from "../../companion/app/lib/format.js";

/**
 * A value as the Python side typed it: {int: "12"}, {float: "1.5"}, {str: "…"}, {bool: true},
 * {none: null}, {list: [...]}.
 * @param {any} typed
 * @returns {unknown}
 */
function value(typed) {
  if ("int" in typed) {
    const big = BigInt(typed.int);
    return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
  }
  if ("float" in typed) {
    const text = typed.float;
    const x = text === "inf" ? Infinity : text === "-inf" ? -Infinity : text === "nan" ? NaN : Number(text);
    return Number.isInteger(x) || Object.is(x, -0) ? pyFloat(x) : x; // a fractional number is a float as it is
  }
  if ("str" in typed) return typed.str;
  if ("bool" in typed) return typed.bool;
  if ("none" in typed) return null;
  return typed.list.map(value);
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
const out = [];
for await (const line of lines) {
  if (!line) continue;
  const c = JSON.parse(line);
  const named = Object.fromEntries(Object.entries(c.named).map(([k, v]) => [k, value(v)]));
  try {
    out.push(JSON.stringify({ out: format(c.template, named, c.positional.map(value)) }));
  } catch (e) {
    if (!(e instanceof FormatError)) throw e;
    out.push(JSON.stringify({ error: e.kind }));
  }
}
process.stdout.write(out.join("\n") + "\n");
