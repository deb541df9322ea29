// Opening books in the page, read lazily: the header and index first (from IndexedDB when a
// past visit kept them), then for each position only the chunks it reads: from IndexedDB
// when cached, else by HTTP range request. The wasm reader checks every chunk's length and
// CRC32 before it answers anything; a chunk that fails is downloaded once more, then
// reported as damaged (an Error with code ERROR.bookDamaged, protocol.js), and never used; a
// chunk that cannot be downloaded (offline) is ERROR.bookUnreachable, and asked for again later.
// A file shorter (or longer) on the server than its header says, or a range past its end
// (an upload broken off: ranges.js), is ERROR.bookDamaged too, refused at open where the
// first answer tells the file's size, and it names the file and both sizes.
// Verified chunks are cached under the book's index checksum, so a second visit needs no
// network for what it saw and a changed book never reads old chunks. A server that ignores ranges sends the
// whole file once: all its chunks are cached then (and checked when read).
import { ERROR } from './protocol.js';
import {
  openDb, getBookIndex, putBookIndex, getBookChunks, putBookChunks, deleteBookChunk, deleteBook,
} from './idb.js';
import { RangeFile } from './ranges.js';
import { SITE_ROOT } from './site.js';

// Most chunks one range request asks for (neighbouring chunks share a request).
const RUN_CHUNKS = 64;

/**
 * The IndexedDB cache of the books: a cache only, so a failure of it (the site's data cleared
 * under an open page closes the connection; a full quota refuses writes) never keeps a book
 * from answering: the book goes on from the network and from memory. A closed connection is
 * opened again, once.
 */
class BookCache {
  constructor(dbName, db) {
    this.dbName = dbName;
    this.db = db;
    this.reopened = false;
  }

  /** `work(db)`'s result, or `fallback` where IndexedDB fails (or could not be opened). */
  async use(work, fallback) {
    if (!this.db) return fallback;
    try {
      return await work(this.db);
    } catch (e) {
      if (e?.name === 'InvalidStateError' && !this.reopened) {
        this.reopened = true;
        try {
          this.db = await openDb(this.dbName);
          return await work(this.db);
        } catch (again) {
          return this.failed(again, fallback);
        }
      }
      return this.failed(e, fallback);
    }
  }

  failed(e, fallback) {
    if (!this.warned) console.warn(`dotbox: the book cache failed (${e?.name ?? 'Error'}: ${e?.message ?? e}); the books are read from the network without keeping them`);
    this.warned = true;
    return fallback;
  }

  close() {
    this.db?.close();
  }
}

/** A v2 book read chunk by chunk; open it with `LazyBookSource.open`. */
export class LazyBookSource {
  constructor(wasm, cache, file, book, cached) {
    this.wasm = wasm;
    this.cache = cache;
    this.file = file;
    this.book = book;
    this.cached = cached; // the index came from IndexedDB
    this.damaged = new Map(); // chunk -> message, after two failed downloads
    this.refused = null; // the error, once the file on the server proved not the book's length
    this.stats = { chunksFetched: 0, chunksFromCache: 0 };
  }

  /**
   * Opens the book at `url` (split into `parts` where books/index.json lists them) in
   * database `dbName`: its index from the cache, else from the network (two range requests:
   * the fixed header, then the whole index).
   */
  static async open(wasm, dbName, url, onProgress, parts = null) {
    // No IndexedDB at all (a private window of some browsers): the book is read uncached.
    const db = await openDb(dbName).catch((e) => {
      console.warn(`dotbox: no book cache (${e?.name ?? 'Error'}: ${e?.message ?? e})`);
      return null;
    });
    const cache = new BookCache(dbName, db);
    try {
      return await LazyBookSource.readIndex(wasm, cache, url, onProgress, parts);
    } catch (e) {
      cache.close(); // an open connection would block a later version upgrade of the database
      throw e;
    }
  }

  /** What `open` reads, with the book cache `cache`. */
  static async readIndex(wasm, cache, url, onProgress, parts) {
    const file = new RangeFile(url, parts, () => currentParts(url));
    const saved = await cache.use((db) => getBookIndex(db, url), undefined);
    if (saved) {
      try {
        const book = wasm.LazyBook.open(saved.bytes);
        file.expectBytes(book.fileBytes);
        return new LazyBookSource(wasm, cache, file, book, true);
      } catch {
        // A cached index that no longer parses: fetch it again.
        await cache.use((db) => deleteBook(db, url), undefined);
      }
    }
    // A server without ranges answers the first read with the whole file (or first part):
    // its length is the total then.
    let done = 0;
    const prefixBytes = wasm.LazyBook.prefixBytes();
    let book;
    let index;
    try {
      const prefix = await file.read(0, prefixBytes, (n, whole) => onProgress((done += n), whole ?? null));
      const indexLen = wasm.LazyBook.indexLen(prefix);
      index = await file.read(0, indexLen, (n) => onProgress((done += n), indexLen + prefixBytes));
      book = wasm.LazyBook.open(index);
      // The size the server gave with its first answer, against the header's: a book cut
      // short on the server is refused now, not at the first position past the cut.
      file.expectBytes(book.fileBytes);
    } catch (e) {
      book?.free();
      throw e.damaged ? damagedFile(url, e, '') : e;
    }
    await cache.use((db) => putBookIndex(db, url, book.checksum, index, book.fileBytes), undefined);
    return new LazyBookSource(wasm, cache, file, book, false);
  }

  get checksum() {
    return this.book.checksum;
  }

  /** What this book has cost so far: requests, bytes downloaded, chunks fetched and cached. */
  figures() {
    return { ...this.file.stats, ...this.stats, held: this.book.held, chunks: this.book.chunks, fileBytes: this.book.fileBytes };
  }

  /**
   * The analysis of the position with `lines` drawn on `board` with `predrawn` lines (fewer
   * beyond that start than the book's depth on it), loading the chunks it reads first.
   * `onProgress(done, total)` counts bytes downloaded for it.
   */
  async analysis(board, predrawn, lines, onProgress) {
    const needed = Array.from(this.book.needed(board, predrawn, lines));
    if (needed.some((i) => this.damaged.has(i))) throw this.damage();
    if (needed.length) await this.load(needed, onProgress);
    return this.book.analysis(board, predrawn, lines);
  }

  async load(needed, onProgress) {
    const cached = await this.cache.use((db) => getBookChunks(db, this.checksum, needed), []);
    const missing = [];
    for (const [k, i] of needed.entries()) {
      if (cached[k] && this.insert(i, cached[k])) this.stats.chunksFromCache += 1;
      else {
        if (cached[k]) await this.cache.use((db) => deleteBookChunk(db, this.checksum, i), undefined);
        missing.push(i);
      }
    }
    if (!missing.length) return;
    if (this.refused) throw this.refused;
    if (this.cached) await this.stillHere();
    const total = missing.reduce((n, i) => n + this.length(i), 0);
    let done = 0;
    const progress = (n, whole) => onProgress?.((done += n), whole ?? total);
    const verified = [];
    const failed = [];
    // A read that fails (offline, the host down) loses nothing verified before it.
    let unread = null;
    try {
      for (const run of runs(missing)) {
        const [start] = this.book.range(run[0]);
        const end = this.book.range(run.at(-1))[1];
        const bytes = await this.read(start, end, progress);
        for (const i of run) {
          const [a, b] = this.book.range(i);
          const chunk = bytes.slice(a - start, b - start);
          if (this.insert(i, chunk)) verified.push([i, chunk]);
          else failed.push(i);
        }
      }
      // A damaged or truncated chunk is downloaded once more, on its own, past any cache.
      for (const i of failed) {
        const [a, b] = this.book.range(i);
        const chunk = await this.read(a, b, progress, { fresh: true });
        const error = this.check(i, chunk);
        if (error) this.damaged.set(i, error);
        else verified.push([i, chunk]);
      }
    } catch (e) {
      unread = e;
    }
    this.stats.chunksFetched += verified.length;
    if (verified.length) await this.cache.use((db) => putBookChunks(db, this.checksum, verified), undefined);
    await this.keepWhole();
    if (unread) throw unread;
    if (failed.some((i) => this.damaged.has(i))) throw this.damage();
  }

  /** Bytes [start, end) of the book from the network; a failed read is an Error with code
   * ERROR.bookUnreachable (the position is answered another way, and asked again later:
   * offline is not damage). */
  async read(start, end, progress, options) {
    const laidOut = this.file.parts;
    let bytes;
    try {
      bytes = await this.file.read(start, end, progress, options);
    } catch (e) {
      // Reading again would not help: every later download is refused at once.
      if (e.damaged) throw (this.refused = damagedFile(this.file.url, e, PARTLY));
      const message = `The opening book ${this.file.url} could not be read (${e.message}): positions that need a part of it not kept on this device are answered another way.`;
      throw Object.assign(new Error(message), { code: ERROR.bookUnreachable });
    }
    // Laid out otherwise on the host since (ranges.js, relayout): the cached index is checked
    // against the book there now, as before any first download (its old first part was gone,
    // so that check could not be made): a book rebuilt as well is said to have changed.
    if (this.file.parts !== laidOut && this.cached) {
      this.revalidation = null;
      await this.stillHere();
    }
    return bytes;
  }

  /**
   * Where a server sent a whole file (or part) instead of a range: every chunk in it goes
   * to the cache, so no later visit downloads that file again. They are checked as every
   * cached chunk is, when a position reads them (a chunk that fails is fetched again).
   */
  async keepWhole() {
    const spans = this.file.takeWhole();
    if (!spans.length) return;
    const chunks = [];
    for (let i = 0; i < this.book.chunks; i++) {
      const [a, b] = this.book.range(i);
      if (b > a && !this.damaged.has(i) && spans.some(([s, e]) => s <= a && b <= e)) chunks.push([i, this.file.cut(a, b)]);
    }
    await this.cache.use((db) => putBookChunks(db, this.checksum, chunks), undefined);
  }

  /** Inserts chunk `i` if its bytes verify: whether they did. */
  insert(i, bytes) {
    return this.check(i, bytes) === null;
  }

  /** Inserts chunk `i`: null when its bytes verify, else what is wrong with them. */
  check(i, bytes) {
    try {
      this.book.insert(i, bytes);
      return null;
    } catch (e) {
      return e.message;
    }
  }

  length(i) {
    const [a, b] = this.book.range(i);
    return b - a;
  }

  /** The error for damaged chunks: it names every chunk found damaged so far (the page shows
   * the latest in place of the earlier), with the failure of the first. */
  damage() {
    const [first, ...more] = [...this.damaged.keys()].sort((a, b) => a - b);
    const why = this.damaged.get(first);
    const chunks = more.length ? `chunks ${[first, ...more].join(', ')} failed their checks twice (chunk ${first}: ${why})` : `chunk ${first} failed its check twice (${why})`;
    const message = `The opening book ${this.file.url} is damaged on the server: ${chunks}; positions that need ${more.length ? 'them' : 'it'} are answered another way.`;
    return Object.assign(new Error(message), { code: ERROR.bookDamaged });
  }

  /**
   * `revalidate`, once for this book (a relayout on the host asks again): its answer stands
   * for every later download, so that once the book changed on the server, no chunk of the
   * new one is read against the cached index (a background question that met the change
   * first kept it to itself, and later downloads read the new file as damaged chunks).
   */
  stillHere() {
    this.revalidation ??= this.revalidate();
    return this.revalidation;
  }

  /**
   * Before the first download from a cached index: checks that the server still has the
   * book that index describes (the bytes of its index checksum, which the wasm reader
   * locates and compares). A visit answered wholly from the cache makes no request at all.
   * A changed book drops the cache and asks for a reload; where the check cannot be made
   * (offline, no ranges), the index serves.
   */
  async revalidate() {
    const [start, end] = this.book.checksumRange();
    let response;
    try {
      // The index is in the first part of a split book.
      response = await fetch(this.file.pieces[0].href, { headers: { Range: `bytes=${start}-${end - 1}` }, cache: 'no-store' });
    } catch {
      return;
    }
    if (response.status !== 206) {
      await response.body?.cancel(); // No ranges here: not worth the whole file.
      return;
    }
    if (!this.book.isChecksum(new Uint8Array(await response.arrayBuffer()))) {
      await this.cache.use((db) => deleteBook(db, this.file.url), undefined);
      // Said as a book that cannot be read: the page tells it once and answers the position
      // another way, until a reload reads the new book.
      const message = `The opening book ${this.file.url} changed on the server since this browser cached it: reload the page to read the new one. Until then positions past what this device kept are answered another way.`;
      throw Object.assign(new Error(message), { code: ERROR.bookUnreachable });
    }
  }

  close() {
    this.book.free();
    this.cache.close();
  }
}

const warnedDamaged = new Set(); // what was logged, once each

/** What a book refused after it opened still answers (`damagedFile`'s `after`). */
const PARTLY = ': positions that need a part of it not kept on this device are answered another way.';

/**
 * The error for the book `url` whose file on the server is not as long as it should be
 * (`e`, from ranges.js, says which file and how long): damaged, not unreachable (reading
 * again will not help; the host must upload it again), and logged for whoever hosts the site.
 * `after` follows the reason: what is answered meanwhile ('' where the book is refused as it
 * opens: the page says that itself).
 */
function damagedFile(url, e, after) {
  if (!warnedDamaged.has(e.message)) console.warn(`dotbox: the opening book ${url} is damaged on the server: ${e.message} (docs/deploy.md)`);
  warnedDamaged.add(e.message);
  const message = `The opening book ${url} is damaged on the server (${e.message})${after}`;
  return Object.assign(new Error(message), { code: ERROR.bookDamaged });
}

/**
 * The parts the host splits the book `url` into now (null: whole), from its current
 * books/index.json, read past this release's copy (the service worker serves its own; a
 * query it has not cached goes to the host); undefined where the index does not list it. A
 * release built with another part size lays the same book out otherwise: its chunks stay
 * cached, under the book's checksum.
 */
async function currentParts(url) {
  const name = url.replace(/^.*\//, '');
  const response = await fetch(new URL(`books/index.json?current=${Date.now()}`, SITE_ROOT), { cache: 'no-store' });
  if (!response.ok) return undefined;
  const entry = ((await response.json()).books ?? []).find((b) => b.file === name);
  return entry ? entry.parts ?? null : undefined;
}

/** Consecutive chunk indices (contiguous in the file) grouped into runs of at most RUN_CHUNKS. */
function runs(sorted) {
  const out = [];
  for (const i of sorted) {
    const run = out.at(-1);
    if (run && run.at(-1) === i - 1 && run.length < RUN_CHUNKS) run.push(i);
    else out.push([i]);
  }
  return out;
}
