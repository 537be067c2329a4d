// A few sentences as Python's str.format writes them (the full comparison with Python, over the whole
// catalog and thousands of values, is tests/companion/app/test_format_js.py).
import assert from "node:assert/strict";
import { test } from "node:test";
import { format, FormatError, pyFloat, repr } from "../../companion/app/lib/format.js";

test("the catalog's kinds of field come out as in Python", () => {
  /** @type {[string, Record<string, unknown>, string][]} */
  const cases = [
    ["{x!r}", { x: "it's 「日本」\\" }, `"it's 「日本」\\\\"`],
    ["{vp:+d}", { vp: 3 }, "+3"],
    ["{vp:+d}", { vp: -2 }, "-2"],
    ["{rate:.1%}", { rate: 0.125 }, "12.5%"],
    ["{vp:>3}", { vp: 7 }, "  7"],
    ["{c:02x}", { c: 10 }, "0a"],
    ["{v:g}", { v: pyFloat(1e16) }, "1e+16"],
    ["{v:.2f}", { v: 2.675 }, "2.67"], // the double below 2.675: JavaScript's toFixed says 2.68
    ["{v:.0f}", { v: pyFloat(2.5) }, "2"], // a tie goes to the even digit
    ["{v:010,}", { v: 1234 }, "00,001,234"],
    ["{v}", { v: pyFloat(3) }, "3.0"],
    ["{v}", { v: 3 }, "3"],
    ["{v!r}", { v: null }, "None"],
    ["{{literal}} {0} {1}", {}, "{literal} a 2"],
  ];
  for (const [template, named, expected] of cases) {
    assert.equal(format(template, named, ["a", 2]), expected, template);
  }
});

test("a missing field or a lone brace is refused as Python refuses it", () => {
  assert.throws(() => format("{name}", {}), (e) => e instanceof FormatError && e.kind === "KeyError");
  assert.throws(() => format("a } b", {}), (e) => e instanceof FormatError && e.kind === "ValueError");
  assert.throws(() => format("{n:d}", { n: "x" }), (e) => e instanceof FormatError && e.kind === "ValueError");
});

test("repr quotes and escapes as Python does", () => {
  assert.equal(repr(["a'b", 'a"b', "a'\"b", "\n\t\u200b", 1.5, true]), `["a'b", 'a"b', 'a\\'"b', '\\n\\t\\u200b', 1.5, True]`);
});
