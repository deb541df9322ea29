// Byte ranges of a file over HTTP: `Range: bytes=a-b`, answered with 206 and the range, or
// (by servers that ignore ranges) with 200 and the whole file, which is then kept so every
// later range is cut from it without another request. A file split into parts (hosts that
// limit a file's size; books/index.json lists them) reads as one: a range across two parts
// is asked of each. Bytes are counted as they arrive for the progress bar and for the page's
// download figures. No HEAD request is ever needed: the file's size is not asked for, but
// where an answer tells it (200: the whole body; 206: Content-Range's total) it is compared
// with the size the file should have (a part's in books/index.json; a whole book's in its
// header, once read: `expectBytes`), and a file cut short on the server (an upload broken
// off) is an error with `damaged` set, as is a range past its end (HTTP 416), not a read
// that failed on the way.
import { SITE_ROOT } from './site.js';

/**
 * A file read by byte ranges. `url` is relative to the site's root (it names the file in
 * messages and caches); `parts`, where the file is split, are [{file, offset, bytes}]: part
 * files beside `url` holding bytes [offset, offset + bytes) of it. `stats` counts requests
 * and bytes received.
 */
export class RangeFile {
  /**
   * `relayout()`, where given, answers a file the host no longer has (HTTP 404): the parts
   * the host lays the file out in now (null: whole; undefined: not known), read again once.
   */
  constructor(url, parts = null, relayout = null) {
    this.url = url;
    this.totalBytes = null; // the whole file's size, where known (expectBytes)
    this.href = new URL(url, SITE_ROOT).href;
    this.relayout = relayout;
    this.layOut(parts);
    this.stats = { requests: 0, bytes: 0 };
    this.wholeSpans = []; // [start, end) of the file held whole since the last takeWhole()
  }

  /** The pieces of the file: its `parts`, or the file whole. */
  layOut(parts) {
    this.parts = parts?.length ? parts : null;
    // `name`: the file a message names (a part's own, its offsets its own).
    // `expect`: the bytes the piece should have, and who says so; `size`: what the server
    // said it has.
    const piece = (href, name, offset, end, expect) => ({ href, name, offset, end, whole: null, expect, size: null });
    const beside = (file) => this.url.replace(/[^/]*$/, file);
    this.pieces = this.parts
      ? this.parts.map((p) => piece(new URL(p.file, this.href).href, beside(p.file), p.offset, p.offset + p.bytes, { bytes: p.bytes, by: 'books/index.json says' }))
      : [piece(this.href, this.url, 0, Infinity, this.totalBytes === null ? null : { bytes: this.totalBytes, by: 'its header says' })];
  }

  /**
   * The whole file has `bytes` bytes (a book's header says so): a piece the server said
   * otherwise of is refused now, and every later answer is checked against it. Checked for
   * the file whole only: a split file's parts have their sizes from books/index.json.
   */
  expectBytes(bytes) {
    this.totalBytes = bytes;
    if (this.parts) return;
    const [piece] = this.pieces;
    piece.expect = { bytes, by: 'its header says' };
    this.checkSize(piece);
  }

  /** Throws the `damaged` error where the server said `piece` has another size than it should. */
  checkSize(piece) {
    if (!piece.expect || piece.size === null || piece.size === piece.expect.bytes) return;
    const n = (x) => x.toLocaleString('en');
    // A part of another size may be the host's layout changing (another release's
    // --part-bytes: part0 is there in both): `read` asks the host's index first.
    throw Object.assign(new Error(`${piece.name} on the server has ${n(piece.size)} bytes, ${piece.expect.by} ${n(piece.expect.bytes)}: upload it again`), { damaged: true, relaid: Boolean(this.parts) });
  }

  /**
   * Bytes [start, end) of the file. `onBytes(n, whole)` is called as bytes arrive (`whole`:
   * the length of a whole file sent instead of the range, else undefined); `fresh` asks
   * past any cache (a second try after a damaged download).
   */
  async read(start, end, onBytes = () => {}, options = {}) {
    try {
      return await this.readPieces(start, end, onBytes, options);
    } catch (e) {
      // Gone from the host, or a part of another size: laid out otherwise since (split into
      // parts, or joined, or by another part size), as a release of the site after this
      // page's may do. Read as the host has it now, once.
      if ((e.status !== 404 && !e.relaid) || !this.relayout || this.relaid) throw e;
      this.relaid = true;
      const parts = await this.relayout().catch(() => undefined);
      if (parts === undefined || JSON.stringify(parts?.length ? parts : null) === JSON.stringify(this.parts)) throw e;
      this.layOut(parts);
      return this.readPieces(start, end, onBytes, options);
    }
  }

  /** `read` from the pieces as laid out. */
  async readPieces(start, end, onBytes, { fresh = false }) {
    // A chunk of a one-valued layer codes to no bytes at all: nothing to ask for.
    if (end <= start) return new Uint8Array(0);
    const got = [];
    for (const piece of this.pieces) {
      const a = Math.max(start, piece.offset);
      const b = Math.min(end, piece.end);
      if (a < b) got.push(await this.readPiece(piece, a - piece.offset, b - piece.offset, onBytes, fresh));
    }
    const bytes = concat(got);
    // Short of what the index says is there: the file ends early on the server.
    if (bytes.length !== end - start) throw Object.assign(new Error(`${this.url}: bytes ${start}-${end - 1} asked, ${bytes.length} bytes there (the file on the server is shorter than it should be: upload it again)`), { damaged: true });
    return bytes;
  }

  /** Bytes [start, end) of `piece` (offsets within it). */
  async readPiece(piece, start, end, onBytes, fresh) {
    if (piece.whole) return piece.whole.slice(start, end);
    this.stats.requests += 1;
    let response;
    try {
      response = await fetch(piece.href, {
        headers: { Range: `bytes=${start}-${end - 1}` },
        cache: fresh ? 'reload' : 'no-store',
      });
    } catch (e) {
      // "Failed to fetch" alone named neither the file nor what failed.
      throw new Error(`${piece.name}: no answer from the server for bytes ${start}-${end - 1} (${e.message})`);
    }
    if (response.status === 206) {
      const got = /^bytes (\d+)-(\d+)\/(\d+|\*)/.exec(response.headers.get('content-range') ?? '');
      if (!got || Number(got[1]) !== start) {
        await response.body?.cancel();
        throw new Error(`${piece.name}: the server answered bytes ${got ? `${got[1]}-${got[2]}` : '(no Content-Range)'} for bytes ${start}-${end - 1}`);
      }
      // The file's size on the server (not where it was compressed on the way: the range
      // is then of the compressed file).
      if (got[3] !== '*' && !response.headers.get('content-encoding')) piece.size = Number(got[3]);
      try {
        this.checkSize(piece);
      } catch (e) {
        await response.body?.cancel();
        throw e;
      }
      return this.body(piece, response, onBytes);
    }
    if (response.status === 200) {
      // No range support: the whole file came; keep it for every later read. Its length
      // is the progress's total.
      const total = Number(response.headers.get('content-length')) || null;
      const whole = await this.body(piece, response, (n) => onBytes(n, total));
      piece.size = whole.length;
      // A file cut short is not kept: none of it is read, and no chunk of it is cached.
      this.checkSize(piece);
      piece.whole = whole;
      this.wholeSpans.push([piece.offset, piece.offset + piece.whole.length]);
      return piece.whole.slice(start, end);
    }
    await response.body?.cancel();
    // Range Not Satisfiable: the bytes asked for lie past the file's end on the server,
    // which Content-Range may give (`bytes */N`).
    if (response.status === 416) {
      const size = /^bytes \*\/(\d+)/.exec(response.headers.get('content-range') ?? '');
      if (size) piece.size = Number(size[1]);
      this.checkSize(piece);
    }
    const past = response.status === 416 ? ': the file on the server ends before them (it is shorter than it should be: upload it again)' : '';
    throw Object.assign(new Error(`${piece.name}: HTTP ${response.status} for bytes ${start}-${end - 1}${past}`), { status: response.status, damaged: response.status === 416 });
  }

  /**
   * The spans [start, end) of the file that servers sent whole since the last call, with a
   * `cut(start, end)` of their bytes: so the caller may keep what it was given.
   */
  takeWhole() {
    const spans = this.wholeSpans;
    this.wholeSpans = [];
    return spans;
  }

  /** Bytes [start, end) from the parts held whole (all of them must be). */
  cut(start, end) {
    return concat(this.pieces.filter((p) => p.offset < end && p.offset + (p.whole?.length ?? 0) > start)
      .map((p) => p.whole.slice(Math.max(start, p.offset) - p.offset, Math.min(end, p.end) - p.offset)));
  }

  /** The body of `response` (for `piece`), counted as it arrives. */
  async body(piece, response, onBytes) {
    const reader = response.body.getReader();
    const parts = [];
    for (;;) {
      let read;
      try {
        read = await reader.read();
      } catch (e) {
        throw new Error(`${piece.name}: the download broke off (${e.message})`);
      }
      const { value, done } = read;
      if (done) break;
      parts.push(value);
      this.stats.bytes += value.length;
      onBytes(value.length);
    }
    return concat(parts);
  }
}

function concat(parts) {
  if (parts.length === 1) return parts[0];
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  return bytes;
}
