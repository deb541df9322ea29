// Opening books in the page: fetched from www/books/ with progress, verified by the book
// reader (magic, version, checksum), and cached in IndexedDB so the next visit skips the
// download. A cached copy that no longer verifies is dropped and fetched again.
import { openDb, getBook, putBook } from './idb.js';

async function fetchWithProgress(url, onProgress) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`book ${url}: HTTP ${response.status}`);
  const total = Number(response.headers.get('content-length')) || null;
  const reader = response.body.getReader();
  const chunks = [];
  let done = 0;
  for (;;) {
    const { value, done: end } = await reader.read();
    if (end) break;
    chunks.push(value);
    done += value.length;
    onProgress(done, total);
  }
  const bytes = new Uint8Array(done);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.length;
  }
  return bytes;
}

/** Loads the book at `url` (from the cache in database `dbName` when there) as a wasm Book. */
export async function loadBook(wasm, dbName, url, onProgress) {
  const db = await openDb(dbName);
  try {
    const cached = await getBook(db, url);
    if (cached) {
      try {
        const book = wasm.Book.load(cached.bytes);
        onProgress(cached.bytes.length, cached.bytes.length);
        return Object.assign(book, { cached: true });
      } catch {
        // The cached copy is damaged: fetch a fresh one below.
      }
    }
    const bytes = await fetchWithProgress(url, onProgress);
    const book = wasm.Book.load(bytes);
    await putBook(db, url, bytes, book.checksum);
    return Object.assign(book, { cached: false });
  } finally {
    db.close();
  }
}
