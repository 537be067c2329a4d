// The games on this device, in IndexedDB: each kept as its game file (companion/session.py's JSON:
// header and journal), under its name. A tap is written here before the page shows its result, so a
// reload, a crash or a closed tab resumes exactly where the table was.

const DB_NAME = "tabletop-kit";
const STORE = "games";

/**
 * A game file as the terminal saves it (`id`: none in a game from before ids), plus when it was last played
 * (for the home list).
 * @typedef {{format: string, version: number, game: string, id?: string, options: Record<string, unknown>, seed: number,
 *            revision: number, entries: string[][], undone?: string[][], name: string, updated: number,
 *            over?: boolean, seen?: boolean}} SavedGame
 */

export const FORMAT = "tabletop-kit game";
export const VERSION = 1;

/** @type {Promise<IDBDatabase> | null} */
let opened = null;

/** @returns {Promise<IDBDatabase>} */
function database() {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: "name" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return opened;
}

/**
 * @template T
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest<T>} work
 * @returns {Promise<T>}
 */
async function run(mode, work) {
  const db = await database();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = work(tx.objectStore(STORE));
    // resolved when the transaction is committed, not when the request succeeds: a tap counts as
    // saved only once it is on the disk
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/** Every game on this device, the last played first. */
export async function listGames() {
  const all = /** @type {SavedGame[]} */ (await run("readonly", (store) => store.getAll()));
  return all.sort((a, b) => b.updated - a.updated);
}

/**
 * @param {string} name
 * @returns {Promise<SavedGame | undefined>}
 */
export function loadGame(name) {
  return run("readonly", (store) => store.get(name));
}

/** @param {SavedGame} game */
export async function saveGame(game) {
  await run("readwrite", (store) => store.put({ ...game, updated: Date.now() }));
}

/** @param {string} name */
export async function deleteGame(name) {
  await run("readwrite", (store) => store.delete(name));
}

/**
 * The first of "base", "base 2", "base 3"… that no game on this device has.
 * @param {string} base
 */
export async function freeName(base) {
  const taken = new Set((await listGames()).map((g) => g.name));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base} ${n}`)) n++;
  return `${base} ${n}`;
}

/** A seed as the terminal makes one: 32 random bits. */
export function newSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}
