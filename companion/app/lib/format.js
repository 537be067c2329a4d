// Python's str.format, repr and str for the values the narration passes, so a sentence built here is
// the one the Python builds, character for character.
//
// Values and their Python types:
//   string                      str
//   integral number, bigint     int (a number stands for an int whenever it has no fraction: -0 is 0)
//   other number, PyFloat       float (wrap an integral float in pyFloat() when it must print as 3.0)
//   boolean                     bool
//   null, undefined             None
//   array                       list
// Format strings: literal text with {{ and }}, fields named ({name}), numbered ({0}) or automatic
// ({}), a conversion (!r !s !a) and a format spec ([[fill]align][sign][z][#][0][width][,|_][.precision]
// [type], types b c d o x X e E f F g G % s and none). Attribute and index access ({a.b}, {a[0]}) and
// fields inside a spec ({x:{w}}) are not used by the catalog and are refused.
// Mismatches raise FormatError with Python's exception name (KeyError, IndexError, ValueError, TypeError).

export class FormatError extends Error {
  /**
   * @param {"KeyError" | "IndexError" | "ValueError" | "TypeError" | "OverflowError"} kind
   * @param {string} message
   */
  constructor(kind, message) {
    super(`${kind}: ${message}`);
    this.kind = kind;
  }
}

/** A Python float whose value may be integral (3.0 prints as "3.0", not "3"). */
export class PyFloat {
  /** @param {number} value */
  constructor(value) {
    this.value = value;
  }
}

/**
 * @param {number} value
 * @returns {PyFloat}
 */
export function pyFloat(value) {
  return new PyFloat(value);
}

// ---- repr and str -----------------------------------------------------------------------------------

// Python's str.isprintable() is false for these categories (the space excepted).
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/**
 * @param {number} code
 * @returns {string}
 */
function escaped(code) {
  if (code <= 0xff) {
    return `\\x${code.toString(16).padStart(2, "0")}`;
  }
  return code <= 0xffff ? `\\u${code.toString(16).padStart(4, "0")}` : `\\U${code.toString(16).padStart(8, "0")}`;
}

/**
 * A str's repr: single quotes unless it holds ' and no ", escapes as Python writes them.
 * @param {string} text
 * @param {boolean} ascii escape every character beyond ASCII too (Python's ascii())
 * @returns {string}
 */
function stringRepr(text, ascii) {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = /** @type {number} */ (ch.codePointAt(0));
    if (ch === quote || ch === "\\") {
      out += `\\${ch}`;
    } else if (ch === "\t") {
      out += "\\t";
    } else if (ch === "\n") {
      out += "\\n";
    } else if (ch === "\r") {
      out += "\\r";
    } else if (code < 0x20 || code === 0x7f) {
      out += escaped(code);
    } else if (code < 0x7f) {
      out += ch;
    } else {
      out += ascii || NOT_PRINTABLE.test(ch) ? escaped(code) : ch;
    }
  }
  return out + quote;
}

/**
 * @param {unknown} value
 * @returns {value is number | bigint}
 */
function isInt(value) {
  return typeof value === "bigint" || (typeof value === "number" && Number.isInteger(value));
}

/**
 * The float a value stands for, or null when it is not a float.
 * @param {unknown} value
 * @returns {number | null}
 */
function floatOf(value) {
  if (value instanceof PyFloat) {
    return value.value;
  }
  return typeof value === "number" && !Number.isInteger(value) ? value : null;
}

/**
 * @param {unknown} value
 * @param {boolean} ascii
 * @returns {string}
 */
function reprOf(value, ascii) {
  if (typeof value === "string") {
    return stringRepr(value, ascii);
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => reprOf(item, ascii)).join(", ")}]`;
  }
  return str(value);
}

/**
 * Python's repr() of a value.
 * @param {unknown} value
 * @returns {string}
 */
export function repr(value) {
  return reprOf(value, false);
}

/**
 * Python's ascii(): repr with every character beyond ASCII escaped.
 * @param {unknown} value
 * @returns {string}
 */
export function ascii(value) {
  return reprOf(value, true);
}

/**
 * Python's str() of a value.
 * @param {unknown} value
 * @returns {string}
 */
export function str(value) {
  if (typeof value === "string") {
    return value;
  }
  if (typeof value === "boolean") {
    return value ? "True" : "False";
  }
  if (value === null || value === undefined) {
    return "None";
  }
  if (isInt(value)) {
    return BigInt(value).toString();
  }
  const float = floatOf(value);
  if (float !== null) {
    return floatText(float, "r", 0, spec(""));
  }
  if (Array.isArray(value)) {
    return repr(value);
  }
  throw new FormatError("TypeError", `no Python form for ${Object.prototype.toString.call(value)}`);
}

// ---- float digits -----------------------------------------------------------------------------------

/**
 * The exact decimal digits of a finite, non-zero |x| and where the point goes: x = 0.DIGITS × 10^point.
 * @param {number} x
 * @returns {{digits: string, point: number}}
 */
function exactDigits(x) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const bits = view.getBigUint64(0);
  const biased = Number(bits >> 52n);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const exponent = (biased === 0 ? 1 : biased) - 1075;
  const digits = exponent >= 0 ? (mantissa << BigInt(exponent)).toString() : (mantissa * 5n ** BigInt(-exponent)).toString();
  const scale = exponent >= 0 ? 0 : -exponent;
  return { digits, point: digits.length - scale };
}

/**
 * `digits` rounded to `keep` of them, half to even on the exact value; trailing zeros dropped.
 * @param {{digits: string, point: number}} exact
 * @param {number} keep
 * @returns {{digits: string, point: number}}
 */
function rounded(exact, keep) {
  let { digits, point } = exact;
  if (keep < 0) {
    return { digits: "", point };
  }
  if (keep < digits.length) {
    const kept = digits.slice(0, keep);
    const rest = digits.slice(keep);
    const half = "5".padEnd(rest.length, "0");
    const odd = kept !== "" && Number(kept[kept.length - 1]) % 2 === 1;
    if (rest > half || (rest === half && odd)) {
      const bumped = (BigInt(kept || "0") + 1n).toString();
      point += bumped.length - kept.length; // 999 → 1000
      digits = bumped;
    } else {
      digits = kept;
    }
  }
  return { digits: digits.replace(/0+$/, ""), point };
}

/**
 * Digits and point as David Gay's dtoa gives them to CPython: mode 0 the shortest that reads back, mode
 * 2 `ndigits` significant, mode 3 `ndigits` past the point (no digits at all when that rounds to zero).
 * @param {number} x finite
 * @param {0 | 2 | 3} mode
 * @param {number} ndigits
 * @returns {{digits: string, point: number}}
 */
function dtoa(x, mode, ndigits) {
  if (x === 0) {
    return { digits: "0", point: 1 };
  }
  if (mode === 0) {
    const [mantissa, exponent] = Math.abs(x).toExponential().split("e");
    return { digits: mantissa.replace(".", ""), point: Number(exponent) + 1 };
  }
  const exact = exactDigits(x);
  const result = rounded(exact, mode === 2 ? Math.max(ndigits, 1) : exact.point + ndigits);
  return result.digits === "" ? { digits: "", point: -ndigits } : result;
}

/**
 * CPython's PyOS_double_to_string: `x` in format `code` (r e f g) at `precision`.
 * @param {number} x
 * @param {"r" | "e" | "f" | "g"} code
 * @param {number} precision
 * @param {Spec} options its alternate form (#) and negative zero coercion (z)
 * @param {boolean} [addDot0] whether an integral value keeps ".0" (repr, and a spec with no type)
 * @returns {string}
 */
function floatText(x, code, precision, options, addDot0 = code === "r") {
  const negative = x < 0 || Object.is(x, -0);
  if (!Number.isFinite(x)) {
    return (negative && !Number.isNaN(x) ? "-" : "") + (Number.isNaN(x) ? "nan" : "inf");
  }
  const mode = code === "r" ? 0 : code === "f" ? 3 : 2;
  const ndigits = code === "e" ? precision + 1 : code === "g" && precision === 0 ? 1 : precision;
  const found = dtoa(x, mode, ndigits);
  const digits = found.digits;
  let point = found.point;
  const alternate = options.alternate;
  let sign = negative ? "-" : "";
  if (options.noNegativeZero && /^0*$/.test(digits)) {
    sign = "";
  }
  let end = digits.length;
  let useExp = false;
  if (code === "e") {
    useExp = true;
    end = ndigits;
  } else if (code === "f") {
    end = point + precision;
  } else if (code === "g") {
    useExp = point <= -4 || point > (addDot0 ? ndigits - 1 : ndigits);
    if (alternate) {
      end = ndigits;
    }
  } else {
    useExp = point <= -4 || point > 16;
  }
  let exponent = 0;
  if (useExp) {
    exponent = point - 1;
    point = 1;
  }
  const start = point <= 0 ? point - 1 : 0;
  end = !useExp && addDot0 ? Math.max(end, point + 1) : Math.max(end, point);
  let out = sign;
  if (point <= 0) {
    out += `${"0".repeat(point - start)}.${"0".repeat(-point)}`;
  } else {
    out += "0".repeat(-start);
  }
  if (point > 0 && point <= digits.length) {
    out += `${digits.slice(0, point)}.${digits.slice(point)}`;
  } else {
    out += digits;
  }
  if (digits.length < point) {
    out += `${"0".repeat(point - digits.length)}.${"0".repeat(end - point)}`;
  } else {
    out += "0".repeat(Math.max(end - digits.length, 0));
  }
  if (out.endsWith(".") && !alternate) {
    out = out.slice(0, -1);
  }
  if (useExp) {
    out += `e${exponent < 0 ? "-" : "+"}${String(Math.abs(exponent)).padStart(2, "0")}`;
  }
  return out;
}

// ---- format specs -----------------------------------------------------------------------------------

/**
 * @typedef {{fill: string, align: string, sign: string, noNegativeZero: boolean, alternate: boolean,
 *            width: number, grouping: string, precision: number, type: string, text: string}} Spec
 */

/**
 * A format spec taken apart as CPython's parse_internal_render_format_spec does.
 * @param {string} text
 * @param {string} [defaultAlign]
 * @returns {Spec}
 */
function spec(text, defaultAlign = ">") {
  const chars = Array.from(text);
  let i = 0;
  /** @type {Spec} */
  const s = { fill: " ", align: defaultAlign, sign: "-", noNegativeZero: false, alternate: false, width: -1,
    grouping: "", precision: -1, type: "", text };
  let fillGiven = false;
  let alignGiven = false;
  if (chars.length >= 2 && "<>=^".includes(chars[1])) {
    [s.fill, s.align] = [chars[0], chars[1]];
    fillGiven = alignGiven = true;
    i = 2;
  } else if (chars.length >= 1 && "<>=^".includes(chars[0])) {
    s.align = chars[0];
    alignGiven = true;
    i = 1;
  }
  if (i < chars.length && "+- ".includes(chars[i])) {
    s.sign = chars[i++];
  }
  if (chars[i] === "z") {
    s.noNegativeZero = true;
    i++;
  }
  if (chars[i] === "#") {
    s.alternate = true;
    i++;
  }
  if (!fillGiven && chars[i] === "0") {
    s.fill = "0";
    if (!alignGiven && defaultAlign === ">") {
      s.align = "=";
    }
    i++;
  }
  const number = () => {
    const begin = i;
    while (i < chars.length && chars[i] >= "0" && chars[i] <= "9") {
      i++;
    }
    return i > begin ? Number(chars.slice(begin, i).join("")) : -1;
  };
  s.width = number();
  if (chars[i] === "," || chars[i] === "_") {
    s.grouping = chars[i++];
    if (chars[i] === "," || chars[i] === "_") {
      throw new FormatError("ValueError", "Cannot specify both ',' and '_'.");
    }
  }
  if (chars[i] === ".") {
    i++;
    s.precision = number();
    if (s.precision < 0) {
      throw new FormatError("ValueError", "Format specifier missing precision");
    }
  }
  if (chars.length - i > 1) {
    throw new FormatError("ValueError", `Invalid format specifier '${text}'`);
  }
  s.type = chars[i] ?? "";
  if (s.grouping) {
    const allowed = s.grouping === "," ? "deEfFgG%" : "bdoxXeEfFgG%";
    if (s.type !== "" && !allowed.includes(s.type)) {
      throw new FormatError("ValueError", `Cannot specify '${s.grouping}' with '${s.type}'.`);
    }
  }
  return s;
}

/**
 * `digits` with a separator every `every` digits from the right, zero-padded (with separators) to at
 * least `minWidth` characters when zeros are the fill.
 * @param {string} digits
 * @param {string} separator
 * @param {number} every
 * @param {number} minWidth
 * @returns {string}
 */
function grouped(digits, separator, every, minWidth) {
  const group = (/** @type {string} */ d) => {
    if (!separator) {
      return d;
    }
    const parts = [];
    for (let end = d.length; end > 0; end -= every) {
      parts.unshift(d.slice(Math.max(end - every, 0), end));
    }
    return parts.join(separator);
  };
  let padded = digits;
  let out = group(padded);
  while (out.length < minWidth) {
    padded = `0${padded}`;
    out = group(padded);
  }
  return out;
}

/**
 * A number laid out in its width: sign, prefix, grouped digits, the rest (fraction, exponent, %).
 * @param {string} sign
 * @param {string} prefix
 * @param {string} digits
 * @param {string} rest
 * @param {Spec} s
 * @param {number} every
 * @returns {string}
 */
function laidOut(sign, prefix, digits, rest, s, every) {
  // No digits (inf, nan): the zeros are plain padding, without separators.
  const zeros = s.fill === "0" && s.align === "=" && digits !== "";
  const minWidth = zeros ? s.width - sign.length - prefix.length - rest.length : 0;
  const body = grouped(digits, s.grouping, every, minWidth);
  return aligned(sign + prefix, body + rest, s);
}

/**
 * @param {string} head sign and prefix, before any '=' padding
 * @param {string} body
 * @param {Spec} s
 * @returns {string}
 */
function aligned(head, body, s) {
  const length = Array.from(head).length + Array.from(body).length;
  const pad = Math.max(s.width - length, 0);
  if (s.align === "=") {
    return head + s.fill.repeat(pad) + body;
  }
  if (s.align === "<") {
    return head + body + s.fill.repeat(pad);
  }
  if (s.align === "^") {
    const left = Math.floor(pad / 2);
    return s.fill.repeat(left) + head + body + s.fill.repeat(pad - left);
  }
  return s.fill.repeat(pad) + head + body;
}

/**
 * @param {boolean} negative
 * @param {Spec} s
 * @returns {string}
 */
function signOf(negative, s) {
  return negative ? "-" : s.sign === "+" ? "+" : s.sign === " " ? " " : "";
}

/**
 * @param {bigint} value
 * @param {Spec} s
 * @returns {string}
 */
function formatInt(value, s) {
  if ("eEfFgG%".includes(s.type) && s.type !== "") {
    const float = Number(value);
    if (!Number.isFinite(float)) {
      throw new FormatError("OverflowError", "int too large to convert to float");
    }
    return formatFloat(float, s);
  }
  if (s.precision >= 0) {
    throw new FormatError("ValueError", "Precision not allowed in integer format specifier");
  }
  if (s.type === "c") {
    if (s.sign !== "-") {
      throw new FormatError("ValueError", "Sign not allowed with integer format specifier 'c'");
    }
    if (s.alternate) {
      throw new FormatError("ValueError", "Alternate form (#) not allowed with integer format specifier 'c'");
    }
    return aligned("", String.fromCodePoint(Number(value)), s);
  }
  const radix = { "": 10, d: 10, b: 2, o: 8, x: 16, X: 16 }[s.type];
  if (radix === undefined) {
    throw new FormatError("ValueError", `Unknown format code '${s.type}' for object of type 'int'`);
  }
  if (s.noNegativeZero) {
    throw new FormatError("ValueError", "Negative zero coercion (z) not allowed in integer format specifier");
  }
  const negative = value < 0n;
  let digits = (negative ? -value : value).toString(radix);
  if (s.type === "X") {
    digits = digits.toUpperCase();
  }
  const prefix = s.alternate && radix !== 10 ? `0${s.type === "" ? "" : s.type}` : "";
  return laidOut(signOf(negative, s), prefix, digits, "", s, radix === 10 ? 3 : 4);
}

/**
 * @param {number} value
 * @param {Spec} s
 * @returns {string}
 */
function formatFloat(value, s) {
  const upper = "EFG".includes(s.type) && s.type !== "";
  let code = /** @type {"r" | "e" | "f" | "g"} */ (s.type.toLowerCase() || "r");
  if (!"refg%".includes(code)) {
    throw new FormatError("ValueError", `Unknown format code '${s.type}' for object of type 'float'`);
  }
  let x = value;
  let percent = "";
  if (s.type === "%") {
    code = "f";
    x *= 100;
    percent = "%";
  }
  let precision = s.precision;
  const addDot0 = s.type === "";
  if (precision < 0) {
    precision = s.type === "" ? 0 : 6;
  } else if (code === "r") {
    code = "g";
  }
  let text = floatText(x, code, precision, s, addDot0);
  if (upper) {
    text = text.toUpperCase();
  }
  const negative = text.startsWith("-");
  const unsigned = negative ? text.slice(1) : text;
  const match = /^(\d*)(.*)$/.exec(unsigned);
  const [digits, rest] = match ? [match[1], match[2]] : ["", unsigned];
  return laidOut(signOf(negative, s), "", digits, rest + percent, s, 3);
}

/**
 * @param {string} value
 * @param {Spec} s
 * @returns {string}
 */
function formatString(value, s) {
  if (s.type !== "" && s.type !== "s") {
    throw new FormatError("ValueError", `Unknown format code '${s.type}' for object of type 'str'`);
  }
  if (s.sign !== "-") {
    throw new FormatError("ValueError", "Sign not allowed in string format specifier");
  }
  if (s.alternate) {
    throw new FormatError("ValueError", "Alternate form (#) not allowed in string format specifier");
  }
  if (s.align === "=") {
    throw new FormatError("ValueError", "'=' alignment not allowed in string format specifier");
  }
  if (s.grouping) {
    throw new FormatError("ValueError", `Cannot specify '${s.grouping}' with 's'.`);
  }
  if (s.noNegativeZero) {
    throw new FormatError("ValueError", "Negative zero coercion (z) not allowed in format specifier");
  }
  const text = s.precision >= 0 ? Array.from(value).slice(0, s.precision).join("") : value;
  return aligned("", text, s);
}

/**
 * Python's format(value, spec).
 * @param {unknown} value
 * @param {string} specText
 * @returns {string}
 */
export function formatValue(value, specText) {
  if (typeof value === "string") {
    return formatString(value, spec(specText, "<"));
  }
  if (specText === "") {
    return str(value);
  }
  if (typeof value === "boolean") {
    return formatInt(value ? 1n : 0n, spec(specText));
  }
  if (isInt(value)) {
    return formatInt(BigInt(value), spec(specText));
  }
  const float = floatOf(value);
  if (float !== null) {
    return formatFloat(float, spec(specText));
  }
  const type = value === null || value === undefined ? "NoneType" : Array.isArray(value) ? "list" : "object";
  throw new FormatError("TypeError", `unsupported format string passed to ${type}.__format__`);
}

// ---- format strings ---------------------------------------------------------------------------------

/**
 * @param {unknown} value
 * @param {string} conversion
 * @returns {unknown}
 */
function converted(value, conversion) {
  if (conversion === "r") {
    return repr(value);
  }
  if (conversion === "s") {
    return str(value);
  }
  if (conversion === "a") {
    return ascii(value);
  }
  throw new FormatError("ValueError", `Unknown conversion specifier ${conversion}`);
}

/**
 * Python's `template.format(*positional, **named)`.
 * @param {string} template
 * @param {Record<string, unknown>} [named]
 * @param {unknown[]} [positional]
 * @returns {string}
 */
export function format(template, named = {}, positional = []) {
  let out = "";
  let next = 0; // the automatic field number; -1 once a field is numbered by hand
  let manual = false;
  let i = 0;
  while (i < template.length) {
    const ch = template[i];
    if (ch === "}") {
      if (template[i + 1] !== "}") {
        throw new FormatError("ValueError", "Single '}' encountered in format string");
      }
      out += "}";
      i += 2;
      continue;
    }
    if (ch !== "{") {
      out += ch;
      i++;
      continue;
    }
    if (template[i + 1] === "{") {
      out += "{";
      i += 2;
      continue;
    }
    let end = i + 1;
    let depth = 1;
    while (end < template.length) {
      if (template[end] === "{") {
        depth++;
      } else if (template[end] === "}" && --depth === 0) {
        break;
      }
      end++;
    }
    if (end >= template.length) {
      throw new FormatError("ValueError", i + 1 >= template.length ? "Single '{' encountered in format string"
        : "expected '}' before end of string");
    }
    const field = template.slice(i + 1, end);
    i = end + 1;
    const stop = field.search(/[!:]/);
    const name = stop < 0 ? field : field.slice(0, stop);
    let conversion = "";
    let specText = "";
    if (stop >= 0 && field[stop] === "!") {
      if (stop + 1 >= field.length) {
        throw new FormatError("ValueError", "end of string while looking for conversion specifier");
      }
      conversion = field[stop + 1];
      if (stop + 2 < field.length && field[stop + 2] !== ":") {
        throw new FormatError("ValueError", "expected ':' after conversion specifier");
      }
      specText = field.slice(stop + 3);
    } else if (stop >= 0) {
      specText = field.slice(stop + 1);
    }
    if (/[.[]/.test(name) || specText.includes("{")) {
      throw new FormatError("ValueError", `field {${field}}: attribute, index and nested fields are not supported`);
    }
    /** @type {unknown} */
    let value;
    if (name === "") {
      if (manual) {
        throw new FormatError("ValueError", "cannot switch from manual field specification to automatic field numbering");
      }
      value = positionalArgument(positional, next++);
    } else if (/^\d+$/.test(name)) {
      if (next > 0) {
        throw new FormatError("ValueError", "cannot switch from automatic field numbering to manual field specification");
      }
      manual = true;
      value = positionalArgument(positional, Number(name));
    } else if (Object.prototype.hasOwnProperty.call(named, name)) { // Object.hasOwn is too new for some phones
      value = named[name];
    } else {
      throw new FormatError("KeyError", repr(name));
    }
    out += formatValue(conversion ? converted(value, conversion) : value, specText);
  }
  return out;
}

/**
 * @param {unknown[]} positional
 * @param {number} index
 * @returns {unknown}
 */
function positionalArgument(positional, index) {
  if (index >= positional.length) {
    throw new FormatError("IndexError", `Replacement index ${index} out of range for positional args tuple`);
  }
  return positional[index];
}
