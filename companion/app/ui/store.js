// The games on this device, in IndexedDB: each kept as its game file (companion/session.py's JSON:
// header and journal), under its name. A tap is written here before the page shows its result, so a
// reload, a crash or a closed tab resumes exactly where the table was.

const DB_NAME = "tabletop-kit";
const STORE = "games";
// The finished games' records (ui/records.js), one per game: they stay when a game is deleted.
const RECORDS = "records";

/**
 * A game file as the terminal saves it (`id`: none in a game from before ids), plus when it was last played
 * (for the home list); a game kept in step with a server (ui/sync.js) holds the server's journal and the
 * lines still to send.
 * @typedef {{format: string, version: number, game: string, id?: string, options: Record<string, unknown>, seed: number,
 *            revision: number, entries: string[][], undone?: string[][], name: string, updated: number,
 *            over?: boolean, seen?: boolean, sync?: import("./sync.js").Synced}} SavedGame
 */

export const FORMAT = "tabletop-kit game";
export const VERSION = 1;

/** @type {Promise<IDBDatabase> | null} */
let opened = null;
/** @type {IDBDatabase | null} the database once open */
let db = null;

/** @returns {Promise<IDBDatabase>} */
function database() {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 2);
    request.onupgradeneeded = () => {
      // each store made once, whichever version the device had: the games kept by version 1 stay
      const db = request.result;
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE, { keyPath: "name" });
      if (!db.objectStoreNames.contains(RECORDS)) db.createObjectStore(RECORDS, { keyPath: "id" });
    };
    request.onsuccess = () => {
      db = request.result;
      resolve(request.result);
    };
    request.onerror = () => reject(request.error);
  });
  return opened;
}

/**
 * @template T
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest<T>} work
 * @param {string} [storeName]
 * @returns {Promise<T>}
 */
function run(mode, work, storeName = STORE) {
  // once the database is open the request is made at once, in the caller's task: a tap's save is
  // under way while the page for it is being built
  return db ? transact(db, mode, work, storeName) : database().then((opened) => transact(opened, mode, work, storeName));
}

/**
 * @template T
 * @param {IDBDatabase} db
 * @param {IDBTransactionMode} mode
 * @param {(store: IDBObjectStore) => IDBRequest<T>} work
 * @param {string} storeName
 * @returns {Promise<T>}
 */
function transact(db, mode, work, storeName) {
  return new Promise((resolve, reject) => {
    const tx = db.transaction(storeName, mode);
    const request = work(tx.objectStore(storeName));
    // no other request follows: committing now lets the write go ahead while the page for it is built,
    // instead of waiting for the task that asked for it to end
    tx.commit();
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

/**
 * A finished game's record (ui/records.js builds it).
 * @typedef {{id: string, game: string, name: string, finished: number, options: Record<string, unknown>,
 *            ranking: {place: number, who: string, score: number, bot?: boolean}[], winners: string[],
 *            figures: Record<string, unknown>}} GameRecord
 */

/** Every record on this device, the latest first. */
export async function listRecords() {
  const all = /** @type {GameRecord[]} */ (await run("readonly", (store) => store.getAll(), RECORDS));
  return all.sort((a, b) => b.finished - a.finished);
}

/**
 * @param {string} id
 * @returns {Promise<GameRecord | undefined>}
 */
export function loadRecord(id) {
  return run("readonly", (store) => store.get(id), RECORDS);
}

/** @param {GameRecord} record */
export async function saveRecord(record) {
  await run("readwrite", (store) => store.put(record), RECORDS);
}

export async function clearRecords() {
  await run("readwrite", (store) => store.clear(), RECORDS);
}

/** A seed as the terminal makes one: 32 random bits. */
export function newSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}
