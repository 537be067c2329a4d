// A game handed from one device to another (companion/share.py, line for line): its game file, byte for
// byte, in a link's fragment — the part after `#`, which a browser never sends to any server —
// compressed as raw DEFLATE (`CompressionStream('deflate-raw')`, Python's zlib with wbits=-15) and
// written in base64url without padding: `…/#import=DATA&name=NAME`.

import { Said } from "./speech.js";

export const IMPORT_KEY = "import";
export const NAME_KEY = "name";
/** The longest link shown as a QR code (version 22 at the lowest error correction, 105 modules a side). */
export const QR_LIMIT = 1000;
/** The largest game file taken in, by a link (unpacked) or a file. */
export const MAX_GAME = 1_000_000;

export const SAME = "same";
export const BEHIND = "behind";
export const AHEAD = "ahead";
export const DIVERGED = "diverged";

const DAMAGED = "this link is damaged (cut short or changed); nothing was imported";

/** A link or file that cannot be taken in, with the Python's message key and arguments. */
export class HandoverError extends Error {
  /**
   * @param {string} key
   * @param {Record<string, unknown>} [args]
   */
  constructor(key, args = {}) {
    super(key);
    this.name = "HandoverError";
    this.key = key;
    this.args = args;
  }

  said() {
    return new Said(this.key, this.args);
  }
}

/** @param {Uint8Array} bytes */
function base64url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** @param {string} text */
function fromBase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw new HandoverError(DAMAGED);
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/**
 * A game file's text as the fragment carries it.
 * @param {string} text
 */
export async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return base64url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

/**
 * The game file's text a fragment carries; a HandoverError if it is damaged or too big (found out
 * before it is unpacked whole).
 * @param {string} data
 */
export async function unpack(data) {
  const bytes = fromBase64url(data);
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  /** @type {Uint8Array[]} */
  const parts = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > MAX_GAME) {
        void reader.cancel();
        throw new HandoverError("the game in this link is too big (more than {limit} bytes)", { limit: MAX_GAME });
      }
      parts.push(value);
    }
    const whole = new Uint8Array(size);
    let at = 0;
    for (const part of parts) {
      whole.set(part, at);
      at += part.length;
    }
    return new TextDecoder("utf-8", { fatal: true }).decode(whole);
  } catch (e) {
    if (e instanceof HandoverError) throw e;
    throw new HandoverError(DAMAGED); // not DEFLATE, cut short, or not UTF-8 text
  }
}

/**
 * The link that opens the app at `base` and hands it the game file `text`, named `name`.
 * @param {string} base
 * @param {string} text
 * @param {string} name
 */
export async function makeLink(base, text, name) {
  return `${base.split("#")[0]}#${new URLSearchParams({ [IMPORT_KEY]: await pack(text), [NAME_KEY]: name })}`;
}

/**
 * Whether a link (or its fragment) carries a game.
 * @param {string} link
 */
export function carriesGame(link) {
  return new URLSearchParams(link.slice(link.indexOf("#") + 1)).has(IMPORT_KEY);
}

/**
 * The game file's text and its name from a link or its fragment.
 * @param {string} link
 * @returns {Promise<{text: string, name: string | null}>}
 */
export async function readLink(link) {
  const fields = new URLSearchParams(link.slice(link.indexOf("#") + 1));
  const data = fields.get(IMPORT_KEY);
  if (!data) throw new HandoverError(DAMAGED);
  return { text: await unpack(data), name: fields.get(NAME_KEY) };
}

/**
 * How the arriving journal stands to the one kept here: SAME, BEHIND (here has all of it and more),
 * AHEAD (it has all of here and more) or DIVERGED (each has steps the other lacks), line by line.
 * @param {string[][]} here
 * @param {string[][]} arriving
 */
export function compare(here, arriving) {
  const a = here.flat();
  const b = arriving.flat();
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i++) if (a[i] !== b[i]) return DIVERGED;
  if (a.length === b.length) return SAME;
  return a.length > b.length ? BEHIND : AHEAD;
}
