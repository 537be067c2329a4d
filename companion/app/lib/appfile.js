// The JSON files the Python writes for the app (data/<game>.json, locale/<lang>.json), read where the
// app runs: fetched over HTTP(S) in a browser (JSON module imports are too new for many phones), read
// from the disk under Node, where fetch cannot open a file: URL.

/** The app's folder (companion/app/), wherever this module was loaded from. */
export const APP_BASE = new URL("../", import.meta.url);

// In a variable so that a type check of the browser's code needs no Node types.
const NODE_FS = "node:fs/promises";

/**
 * The parsed JSON of `relative` (e.g. "data/famiglia.json") under `base`, the app folder's URL (by
 * default the folder this module is in, which is right in a browser and under Node alike).
 * @param {string} relative
 * @param {string | URL} [base]
 * @returns {Promise<unknown>}
 */
export async function readAppFile(relative, base = APP_BASE) {
  const folder = String(base).endsWith("/") ? base : `${base}/`; // "…/app" names the folder too
  const url = new URL(relative, folder);
  if (url.protocol === "file:") {
    /** @type {{readFile(path: URL, encoding: string): Promise<string>}} */
    const fs = await import(NODE_FS);
    return JSON.parse(await fs.readFile(url, "utf8"));
  }
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`${url}: ${response.status} ${response.statusText}`);
  }
  return response.json();
}

/**
 * A game's data as cards/<game>.toml gives it (data/<game>.json; its shape: companion/appfiles.py).
 * @param {string} gameId "famiglia", "terror24" or "hitmans-showdown"
 * @param {string | URL} [base]
 * @returns {Promise<unknown>}
 */
export function loadGameData(gameId, base = APP_BASE) {
  return readAppFile(`data/${gameId}.json`, base);
}
