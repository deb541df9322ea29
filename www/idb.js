// Raw IndexedDB I/O: the tile store (src/wasm/idb_store.rs keeps its logic), the storage
// panel and the book cache. Rust imports this very file; the worker imports it too.
//
// Database layout (version 1):
//   tiles:  key [fingerprint, ...counts] -> Blob (a tile encoded by src/store/codec.rs; a
//           Uint8Array of the same bytes reads back too)
//   solves: key fingerprint -> { fingerprint, label, tiles: [[...counts, bytes], ..], finished, updated }
//   books:  key name -> { name, bytes: Uint8Array, checksum, saved }
// A solve's record lists its tiles and is written in the same transaction as them, so the
// listing and the tiles never disagree, and the storage panel reads sizes without tiles.

const VERSION = 1;

/** Opens (creating on first use) the database `name`. */
export function openDb(name) {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(name, VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      for (const store of ['tiles', 'solves', 'books']) {
        if (!db.objectStoreNames.contains(store)) db.createObjectStore(store);
      }
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error(`IndexedDB '${name}' is blocked by another tab`));
  });
}

function done(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    tx.onerror = () => {};
  });
}

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The record of solve `fp`, or undefined. */
export function getSolve(db, fp) {
  return request(db.transaction('solves').objectStore('solves').get(fp));
}

/** Every solve's record (for the storage panel). */
export function listSolves(db) {
  return request(db.transaction('solves').objectStore('solves').getAll());
}

/** The stored bytes of tiles `ids` ([[...counts], ..], lines drawn per group) of solve `fp`; undefined where missing. */
export async function getTiles(db, fp, ids) {
  const store = db.transaction('tiles').objectStore('tiles');
  const values = await Promise.all(ids.map((counts) => request(store.get([fp, ...counts]))));
  return Promise.all(values.map(async (v) => (v instanceof Blob ? new Uint8Array(await v.arrayBuffer()) : v)));
}

/**
 * A tile as stored: its encoded `header` and its `values` (a view of wasm memory) copied
 * at once into one Blob, which IndexedDB stores without serialising it again.
 */
export function tileBlob(header, values) {
  return new Blob([header, values]);
}

let writeLimit = Infinity;
let written = 0;

/**
 * Test hook: after `bytes` more tile bytes, writes fail with a QuotaExceededError exactly as
 * a full origin makes them fail (Infinity lifts the limit).
 */
export function limitWritesForTests(bytes) {
  writeLimit = bytes;
  written = 0;
}

/**
 * Writes tiles `puts` ([[...counts, Blob], ..]), deletes tiles `removes` ([[...counts], ..])
 * and stores the solve's record, all in one transaction: either everything lands or nothing.
 * Every request is issued and the transaction committed before this returns its promise
 * (settled once the transaction is committed), so the caller may compute on meanwhile.
 * Later transactions on the same stores see this one's writes (IndexedDB orders them).
 */
export async function writeTiles(db, fp, puts, removes, record) {
  const size = puts.reduce((n, put) => n + put.at(-1).size, 0);
  if (written + size > writeLimit) {
    throw new DOMException('the origin storage quota is exhausted', 'QuotaExceededError');
  }
  const tx = db.transaction(['tiles', 'solves'], 'readwrite');
  const committed = done(tx);
  const tiles = tx.objectStore('tiles');
  for (const put of puts) tiles.put(put.at(-1), [fp, ...put.slice(0, -1)]);
  for (const counts of removes) tiles.delete([fp, ...counts]);
  tx.objectStore('solves').put(record, fp);
  // Commit now rather than once this thread has seen every request succeed, which a worker
  // busy computing would delay.
  tx.commit?.();
  await committed;
  written += size;
}

/** Overwrites one stored tile's bytes as they are (tests use it to damage a tile). */
export async function putRawTile(db, fp, hi, lo, bytes) {
  const tx = db.transaction('tiles', 'readwrite');
  tx.objectStore('tiles').put(bytes, [fp, hi, lo]);
  await done(tx);
}

/** Deletes solve `fp`: its record and every tile. */
export async function deleteSolve(db, fp) {
  const tx = db.transaction(['tiles', 'solves'], 'readwrite');
  tx.objectStore('tiles').delete(IDBKeyRange.bound([fp], [fp, []]));
  tx.objectStore('solves').delete(fp);
  await done(tx);
}

/** The cached book `name`, or undefined. */
export function getBook(db, name) {
  return request(db.transaction('books').objectStore('books').get(name));
}

/** Caches a book's bytes under `name` with its checksum. */
export async function putBook(db, name, bytes, checksum) {
  const tx = db.transaction('books', 'readwrite');
  tx.objectStore('books').put({ name, bytes, checksum, saved: Date.now() }, name);
  await done(tx);
}

/** Every cached book's name and size (for the storage panel). */
export async function listBooks(db) {
  const all = await request(db.transaction('books').objectStore('books').getAll());
  return all.map(({ name, bytes, checksum }) => ({ name, bytes: bytes.length, checksum }));
}

/** Forgets the cached book `name`. */
export async function deleteBook(db, name) {
  const tx = db.transaction('books', 'readwrite');
  tx.objectStore('books').delete(name);
  await done(tx);
}
