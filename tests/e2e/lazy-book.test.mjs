// The opening book read lazily: a position fetches only the chunks it reads (by range
// request), a second visit reads them from IndexedDB with no request at all (the server
// stopped once the page has loaded), a server that
// ignores ranges still works, and a chunk served damaged is caught by its checksum, fetched
// once more, then reported, while the game goes on; a book cut short on the server (an
// upload broken off) is refused as damaged, naming the file and both sizes.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import {
  serveAndLaunch, openPage, nativeAnalyze, settled, recordBookRequests, bookFigures, countedBookFigures, bytesRequested, shownScores, showPosition, clickLine, ROOT,
} from './harness.mjs';

const BOOK = '3x4-d7.book';
const bytes = readFileSync(`${ROOT}www/books/${BOOK}`);
const indexLen = Number(bytes.readBigUInt64LE(24));
// Positions inside the book's depth (7): the start, one line, three lines, six lines.
/** Chunk `i`'s byte range [start, end) in the book, from its index (chunk entries: length, CRC32). */
function chunkRange(i) {
  const count = bytes.readUInt32LE(40);
  const table = indexLen - 4 - 8 * count;
  let start = indexLen;
  for (let k = 0; k < i; k++) start += bytes.readUInt32LE(table + 8 * k);
  return [start, start + bytes.readUInt32LE(table + 8 * i)];
}
const POSITIONS = [[], [3], [3, 17, 8], [0, 1, 2, 3, 4, 5]];

describe('a server with ranges', () => {
  const env = serveAndLaunch();

  test('only the chunks a position reads are fetched, verified, and a second visit fetches nothing, with the server stopped', { timeout: 300_000 }, async () => {
    const context = await env.browser.newContext();
    const requests = recordBookRequests(context);
    const { page, errors } = await openPage(context, env.server.url, '#board=3x4&mode=hh');
    await page.waitForFunction(() => document.body.dataset.book === 'fetched', null, { timeout: 60_000 });
    for (const moves of POSITIONS) {
      await showPosition(page, '3x4', moves);
      assert.match(await page.textContent('#message'), /from the opening book/);
      assert.deepEqual(await shownScores(page), nativeAnalyze('3x4', moves).moves, `book scores after ${moves}`);
    }
    const first = await countedBookFigures(page, requests);
    assert.ok(first.fetched > 0 && first.fetched < first.chunks / 2, `fetched ${first.fetched} of ${first.chunks} chunks`);
    assert.ok(first.bytes < bytes.length / 2, `downloaded ${first.bytes} of ${bytes.length} bytes`);
    assert.ok(requests.length > 0 && requests.every((r) => /^bytes=\d+-\d+$/.test(r.range)), 'every book request is a range request');
    assert.equal(first.requests, requests.length, 'the page counts every book request');
    assert.equal(first.bytes, bytesRequested(requests), 'the page counts every byte requested');

    // A second visit in the same browser profile, with the server stopped once the page has
    // loaded: the same positions, answered from IndexedDB, no book request.
    requests.length = 0;
    const again = await openPage(context, env.server.url, '#board=3x4&mode=hh');
    await again.page.waitForFunction(() => document.body.dataset.book === 'cached');
    env.server.stop();
    for (const moves of POSITIONS) {
      await showPosition(again.page, '3x4', moves);
      assert.deepEqual(await shownScores(again.page), nativeAnalyze('3x4', moves).moves, `cached scores after ${moves}`);
    }
    // The move list's own questions (each position's history, in the background) read their
    // chunks in their own time: every chunk the first visit fetched is read from the cache.
    await again.page.waitForFunction((n) => Number(document.body.dataset.bookFromCache) >= n, first.fetched, { timeout: 30_000 })
      .catch(() => {});
    const second = await bookFigures(again.page);
    assert.deepEqual(requests, [], 'the second visit makes no book request');
    assert.equal(second.fetched, 0);
    assert.ok(second.fromCache >= first.fetched, `${second.fromCache} chunks from the cache`);
    // The storage panel lists the cached book with its chunks.
    await again.page.click('#storage summary');
    await again.page.waitForFunction(() => /book 3x4-d7\.book.*cached \(\d+ chunks\)/.test(document.querySelector('#storage-table').textContent));
    assert.deepEqual([...errors, ...again.errors], []);
    await context.close();
  });
});

describe('a server that ignores ranges', () => {
  const env = serveAndLaunch(['--no-ranges']);

  test('the whole file comes once and every chunk is cut from it', { timeout: 120_000 }, async () => {
    const context = await env.browser.newContext();
    const requests = recordBookRequests(context);
    const { page, errors } = await openPage(context, env.server.url, '#board=3x4&mode=hh');
    await page.waitForFunction(() => document.body.dataset.book === 'fetched', null, { timeout: 60_000 });
    for (const moves of POSITIONS.slice(0, 3)) {
      await showPosition(page, '3x4', moves);
      assert.deepEqual(await shownScores(page), nativeAnalyze('3x4', moves).moves);
    }
    assert.equal(requests.length, 1, 'one request: the 200 answer carries the whole book');
    assert.equal((await bookFigures(page)).bytes, bytes.length);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('a server that sends damaged chunks', () => {
  // Every chunk byte inverted: the header and index are sound, each chunk fails its CRC32.
  const env = serveAndLaunch(['--damage', `books/${BOOK}:${indexLen}-${bytes.length}`]);

  test('a damaged chunk is caught, fetched once more, reported, and the engine still moves', { timeout: 120_000 }, async () => {
    const context = await env.browser.newContext();
    const requests = recordBookRequests(context);
    const { page, errors } = await openPage(context, env.server.url, '#board=3x4&mode=p1');
    await page.waitForFunction(() => document.body.dataset.bookDamaged === '1', null, { timeout: 60_000 });
    const notice = await page.textContent('#notice');
    assert.match(notice, /opening book books\/3x4-d7\.book is damaged on the server: (chunk \d+ failed its check|chunks [\d, ]+ failed their checks) twice \((chunk \d+: )?.*checksum mismatch/);
    const chunk = Number(/chunks? (\d+)/.exec(notice)[1]);
    // The chunk was asked for twice: within its run of neighbours, then alone.
    const [a, b] = chunkRange(chunk);
    const covering = requests.filter((r) => { const [from, to] = r.range.slice(6).split('-').map(Number); return from <= a && to >= b - 1; });
    assert.equal(covering.length, 2, `requests covering chunk ${chunk}: ${JSON.stringify(covering)}`);
    assert.ok(covering.some((r) => r.range === `bytes=${a}-${b - 1}`), 'the second request asks for the chunk alone');
    // Nothing damaged was cached.
    const cachedChunks = await page.evaluate(() => new Promise((resolve) => {
      const open = indexedDB.open('dotbox');
      open.onsuccess = () => {
        const all = open.result.transaction('bookChunks').objectStore('bookChunks').count();
        all.onsuccess = () => resolve(all.result);
      };
    }));
    assert.equal(cachedChunks, 0);
    // The game goes on: the human moves, the engine answers (by its estimates, and says so).
    await settled(page);
    await clickLine(page, 0);
    await page.waitForFunction(() => document.body.dataset.lines.split(',').filter(Boolean).length === 2, null, { timeout: 60_000 });
    // What the page says once it has also answered the position the human now faces.
    await settled(page);
    assert.match(await page.textContent('#message'), /by its estimate \(~[+-]?\d+\.\d\): not an exact move/);
    assert.match(await page.textContent('#exactness'), /^Estimates only/);
    // Every damaged chunk met since is named in the one sentence, not one sentence each.
    const later = await page.textContent('#notice');
    assert.equal(later.split('is damaged on the server').length, 2, later);
    assert.match(later, /chunks [\d, ]+ failed their checks twice/, later);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

/** www/ served with an overlay (serve.py --overlay) whose books/ a test may change between
 * visits, holding the shipped 3x4 book if `copy`; `args` are serve.py's further options. */
function overlaid(copy, args = []) {
  const overlay = mkdtempSync(`${tmpdir()}/dotbox-overlay-`);
  mkdirSync(`${overlay}/books`);
  if (copy) copyFileSync(`${ROOT}www/books/${BOOK}`, `${overlay}/books/${BOOK}`);
  return { overlay, env: serveAndLaunch(['--overlay', overlay, ...args]) };
}

/** A 3x4 game on `env`'s page whose book was fetched (a first visit) and answered the empty
 * board. */
async function answeredByTheBook(env, context) {
  const { page, errors } = await openPage(context, env.server.url, '#board=3x4&mode=hh');
  await page.waitForFunction(() => document.body.dataset.book === 'fetched', null, { timeout: 60_000 });
  await showPosition(page, '3x4', []);
  assert.match(await page.textContent('#message'), /from the opening book/);
  return { page, errors };
}

describe('a book replaced on the server', () => {
  // The shipped 3x4 book, served from an overlay so that it can be replaced between visits.
  const { overlay, env } = overlaid(true);

  test('a visit reading its cached index first checks that the server still has that book, and says so when it does not', { timeout: 240_000 }, async () => {
    const context = await env.browser.newContext();
    const { page, errors } = await answeredByTheBook(env, context);
    await page.close();
    // Another book under the same name: its index (and so its checksum) differs.
    execFileSync(`${ROOT}target/release/dotbox`, ['book', 'build', '3x4', '--depth', '5', '--out', `${overlay}/books/${BOOK}`], { stdio: 'ignore' });
    const again = await openPage(context, env.server.url, '#board=3x4&mode=hh');
    await again.page.waitForFunction(() => document.body.dataset.book === 'cached');
    // A position whose chunks the first visit did not read: the index cached is checked first.
    await showPosition(again.page, '3x4', [0, 1, 2, 3, 4, 5]);
    await again.page.waitForFunction(() => /changed on the server since this browser cached it: reload the page/.test(document.querySelector('#notice').textContent), null, { timeout: 60_000 });
    // The position is answered another way meanwhile, never from the new file read against the
    // old index (as damaged chunks).
    await settled(again.page);
    assert.doesNotMatch(await again.page.textContent('#notice'), /damaged/);
    assert.deepEqual([...errors, ...again.errors], []);
    await context.close();
  });
});

/** The shipped 3x4 book cut to its first `length` bytes, as an upload broken off leaves it, in `overlay`. */
function cutShort(overlay, length) {
  writeFileSync(`${overlay}/books/${BOOK}`, bytes.subarray(0, length));
}

// Each chunk past the index (a third of the way in) lies past the cut.
const CUT = indexLen + Math.floor((bytes.length - indexLen) / 3);
const n = (x) => x.toLocaleString('en');
const CUT_SAID = new RegExp(`The opening book books/3x4-d7\\.book is damaged on the server \\(books/3x4-d7\\.book on the server has ${n(CUT)} bytes, its header says ${n(bytes.length)}: upload it again\\)`);

for (const [name, args] of [['with', []], ['without', ['--no-ranges']]]) {
  describe(`a book cut short on a server ${name} ranges`, () => {
    const { overlay, env } = overlaid(false, args);

    test('is refused when it opens, as damaged, naming the file and both sizes; the board plays without it', { timeout: 120_000 }, async () => {
      cutShort(overlay, CUT);
      const context = await env.browser.newContext();
      const warned = [];
      context.on('console', (m) => m.type() === 'warning' && warned.push(m.text()));
      const { page, errors } = await openPage(context, env.server.url, '#board=3x4&mode=hh');
      await page.waitForFunction(() => document.body.dataset.bookDamaged === '1', null, { timeout: 60_000 });
      await settled(page);
      const notice = await page.textContent('#notice');
      assert.match(notice, CUT_SAID, notice);
      assert.doesNotMatch(notice, /could not be (read|loaded)/);
      assert.doesNotMatch(await page.textContent('#message'), /opening book ready/);
      assert.ok((await page.$$eval('#svg g.move[data-score]', (gs) => gs.length)) > 0, 'the board is answered without the book');
      assert.ok(warned.some((w) => w.includes(`has ${n(CUT)} bytes, its header says ${n(bytes.length)}`)), warned.join('\n'));
      assert.deepEqual(errors, []);
      await context.close();
    });
  });
}

describe('a book cut short on the server after its index was read', () => {
  const { overlay, env } = overlaid(true);

  test('a later read says the book is damaged (its size, or a range past its end), not unreachable', { timeout: 120_000 }, async () => {
    const context = await env.browser.newContext();
    const { page, errors } = await answeredByTheBook(env, context);
    cutShort(overlay, CUT);
    await showPosition(page, '3x4', [0, 1, 2, 3, 4, 5]);
    await page.waitForFunction(() => document.body.dataset.bookDamaged === '1', null, { timeout: 60_000 });
    const notice = await page.textContent('#notice');
    assert.match(notice, CUT_SAID, notice);
    assert.doesNotMatch(notice, /could not be read/);
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('storage failing under the page', () => {
  const env = serveAndLaunch();

  test("the site's data cleared mid-game: the book goes on answering, from the network", { timeout: 120_000 }, async () => {
    const context = await env.browser.newContext();
    const { page, errors } = await openPage(context, env.server.url, '#board=3x4&mode=hh');
    await page.waitForFunction(() => document.body.dataset.book === 'fetched', null, { timeout: 60_000 });
    await showPosition(page, '3x4', POSITIONS[1]);
    // As "Clear site data" does: the open database connections close under the worker.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', { origin: new URL(env.server.url).origin, storageTypes: 'indexeddb' });
    for (const moves of POSITIONS.slice(2)) {
      await showPosition(page, '3x4', moves);
      assert.deepEqual(await shownScores(page), nativeAnalyze('3x4', moves).moves, `book scores after ${moves}`);
      assert.doesNotMatch(await page.textContent('#message'), /IDBDatabase|transaction/);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a full storage quota: the 4x4 book still answers (uncached) and the handover solves in memory', { timeout: 240_000 }, async () => {
    const context = await env.browser.newContext();
    const first = await context.newPage();
    await first.goto(`${env.server.url}robots.txt`).catch(() => {});
    const cdp = await context.newCDPSession(first);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: new URL(env.server.url).origin, quotaSize: 50_000 });
    const game = [20, 7, 5, 2, 13, 27, 0, 32];
    const { page, errors } = await openPage(context, env.server.url, `#board=4x4&mode=hh&moves=${game.join(',')}`);
    await settled(page);
    assert.doesNotMatch(await page.textContent('#notice'), /could not be loaded/);
    assert.deepEqual(await shownScores(page), nativeAnalyze('4x4', game).moves, 'book scores under a full quota');
    // Ten lines drawn (30 open): past the book, the handover's solve cannot be kept, so the
    // position is solved in memory, exactly.
    const handover = [...game, 4, 21];
    await showPosition(page, '4x4', handover);
    await page.waitForFunction(() => document.querySelectorAll('#svg g.move[data-score]:not([data-score=""])').length > 0, null, { timeout: 120_000 });
    assert.deepEqual(await shownScores(page), nativeAnalyze('4x4', handover).moves, 'exact scores at the handover');
    assert.doesNotMatch(await page.textContent('#message'), /tile store is full/);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
