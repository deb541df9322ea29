// Byte ranges of a file over HTTP: `Range: bytes=a-b`, answered with 206 and the range, or
// (by servers that ignore ranges) with 200 and the whole file, which is then kept so every
// later range is cut from it without another request. Bytes are counted as they arrive for
// the progress bar and for the page's download figures.

/** A file read by byte ranges. `stats` counts requests and bytes received. */
export class RangeFile {
  constructor(url) {
    this.url = url;
    this.whole = null; // the whole file, once a server sent it instead of a range
    this.stats = { requests: 0, bytes: 0 };
  }

  /**
   * Bytes [start, end) of the file. `onBytes(n)` is called as bytes arrive; `fresh` asks
   * past any cache (a second try after a damaged download).
   */
  async read(start, end, onBytes = () => {}, { fresh = false } = {}) {
    // A chunk of a one-valued layer codes to no bytes at all: nothing to ask for.
    if (end <= start) return new Uint8Array(0);
    if (this.whole) return this.whole.slice(start, end);
    this.stats.requests += 1;
    const response = await fetch(this.url, {
      headers: { Range: `bytes=${start}-${end - 1}` },
      cache: fresh ? 'reload' : 'no-store',
    });
    if (response.status === 206) {
      const got = /^bytes (\d+)-(\d+)\//.exec(response.headers.get('content-range') ?? '');
      if (!got || Number(got[1]) !== start) {
        throw new Error(`${this.url}: the server answered bytes ${got ? `${got[1]}-${got[2]}` : '(no Content-Range)'} for bytes ${start}-${end - 1}`);
      }
      return this.body(response, onBytes);
    }
    if (response.status === 200) {
      // No range support: the whole file came; keep it for every later read.
      this.whole = await this.body(response, onBytes);
      return this.whole.slice(start, end);
    }
    throw new Error(`${this.url}: HTTP ${response.status} for bytes ${start}-${end - 1}`);
  }

  async body(response, onBytes) {
    const reader = response.body.getReader();
    const parts = [];
    let length = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parts.push(value);
      length += value.length;
      this.stats.bytes += value.length;
      onBytes(value.length);
    }
    const bytes = new Uint8Array(length);
    let at = 0;
    for (const p of parts) {
      bytes.set(p, at);
      at += p.length;
    }
    return bytes;
  }
}
