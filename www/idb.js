// Raw IndexedDB I/O: the tile store (src/wasm/idb_store.rs keeps its logic), the storage
// panel and the book cache. Rust imports this very file; the worker imports it too.
//
// Database layout (version 2):
//   tiles:      key [fingerprint, ...counts] -> Blob (a tile encoded by src/store/codec.rs; a
//               Uint8Array of the same bytes reads back too)
//   solves:     key fingerprint -> { fingerprint, label, tiles: [[...counts, bytes], ..], finished, updated }
//   books:      key name -> { name, bytes: Uint8Array, checksum, saved } (whole books, version 1
//               of the page; only listed and deleted now)
//   bookIndex:  key name (the book's URL) -> { name, checksum, bytes: Uint8Array (header and
//               index), fileBytes, saved }
//   bookChunks: key [checksum, chunk] -> Uint8Array: chunks that passed their CRC32, under the
//               index checksum that names their book, so a changed book never reads old chunks
//   subgames:   key fingerprint -> { fingerprint, board, used }: the solves the handover made
//               (www/subgames.js), so only those are pruned, never a solve the user started
// A solve's record lists its tiles and is written in the same transaction as them, so the
// listing and the tiles never disagree, and the storage panel reads sizes without tiles.

const VERSION = 2;

/** Opens (creating on first use) the database `name`. */
export function openDb(name) {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(name, VERSION);
    req.onupgradeneeded = () => {
      const db = req.result;
      for (const store of ['tiles', 'solves', 'books', 'bookIndex', 'bookChunks', 'subgames']) {
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
 * at once into one Blob, which IndexedDB stores without serialising it again. A Blob refuses
 * views of shared memory (the threaded wasm's): those are copied out first.
 */
export function tileBlob(header, values) {
  const own = (view) => (view.buffer instanceof ArrayBuffer ? view : view.slice());
  return new Blob([own(header), own(values)]);
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
  const tx = db.transaction(['tiles', 'solves', 'subgames'], 'readwrite');
  tx.objectStore('tiles').delete(IDBKeyRange.bound([fp], [fp, []]));
  tx.objectStore('solves').delete(fp);
  tx.objectStore('subgames').delete(fp);
  await done(tx);
}

/** Notes that solve `fp` of `board` is a handover subgame, used now. */
export async function noteSubgame(db, fp, board) {
  const tx = db.transaction('subgames', 'readwrite');
  tx.objectStore('subgames').put({ fingerprint: fp, board, used: Date.now() }, fp);
  await done(tx);
}

/** Every handover subgame solve noted. */
export function listSubgames(db) {
  return request(db.transaction('subgames').objectStore('subgames').getAll());
}

/** The cached header and index of book `name` (its URL), or undefined. */
export function getBookIndex(db, name) {
  return request(db.transaction('bookIndex').objectStore('bookIndex').get(name));
}

/** Caches the header and index of book `name`. */
export async function putBookIndex(db, name, checksum, bytes, fileBytes) {
  const tx = db.transaction('bookIndex', 'readwrite');
  tx.objectStore('bookIndex').put({ name, checksum, bytes, fileBytes, saved: Date.now() }, name);
  await done(tx);
}

/** The cached chunks `ids` of the book named by `checksum`: bytes, or undefined where missing. */
export function getBookChunks(db, checksum, ids) {
  const store = db.transaction('bookChunks').objectStore('bookChunks');
  return Promise.all(ids.map((i) => request(store.get([checksum, i]))));
}

/** Caches verified chunks `[[i, bytes], ..]` of the book named by `checksum`, in one transaction. */
export async function putBookChunks(db, checksum, chunks) {
  const tx = db.transaction('bookChunks', 'readwrite');
  const store = tx.objectStore('bookChunks');
  for (const [i, bytes] of chunks) store.put(bytes, [checksum, i]);
  tx.commit?.();
  await done(tx);
}

/** Forgets one cached chunk (it no longer verifies). */
export async function deleteBookChunk(db, checksum, i) {
  const tx = db.transaction('bookChunks', 'readwrite');
  tx.objectStore('bookChunks').delete([checksum, i]);
  await done(tx);
}

const chunkRange = (checksum) => IDBKeyRange.bound([checksum], [checksum, []]);

/** Chunks and bytes cached for the book named by `checksum`. */
function chunkUsage(db, checksum) {
  return new Promise((resolve, reject) => {
    let chunks = 0;
    let bytes = 0;
    const req = db.transaction('bookChunks').objectStore('bookChunks').openCursor(chunkRange(checksum));
    req.onsuccess = () => {
      const cursor = req.result;
      if (!cursor) return resolve({ chunks, bytes });
      chunks += 1;
      bytes += cursor.value.byteLength;
      cursor.continue();
    };
    req.onerror = () => reject(req.error);
  });
}

/** Every cached book's name, bytes and chunks held (for the storage panel). */
export async function listBooks(db) {
  const whole = await request(db.transaction('books').objectStore('books').getAll());
  const lazy = await request(db.transaction('bookIndex').objectStore('bookIndex').getAll());
  const listed = whole.map(({ name, bytes, checksum }) => ({ name, bytes: bytes.length, checksum, chunks: null }));
  for (const { name, checksum, bytes } of lazy) {
    const usage = await chunkUsage(db, checksum);
    listed.push({ name, bytes: bytes.length + usage.bytes, checksum, chunks: usage.chunks });
  }
  return listed;
}

/** Forgets the cached book `name`: its whole copy, or its index and every chunk. */
export async function deleteBook(db, name) {
  const index = await getBookIndex(db, name);
  const tx = db.transaction(['books', 'bookIndex', 'bookChunks'], 'readwrite');
  tx.objectStore('books').delete(name);
  tx.objectStore('bookIndex').delete(name);
  if (index) tx.objectStore('bookChunks').delete(chunkRange(index.checksum));
  await done(tx);
}
