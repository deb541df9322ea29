// The built site (`./build.sh dist`, scripts/dist.mjs) on real static hosts: Debian's nginx
// with its stock configuration (no COOP/COEP headers; or Caddy, see HOSTS), scripts/serve.py
// sending COOP/COEP itself, and scripts/serve.py ignoring ranges.
// The page becomes cross-origin isolated through its service worker and solves on every
// thread; 4x4 plays from its book, split into parts, by range requests; with the server
// stopped the page opens from the service worker and answers; a damaged cached file is
// fetched again; a rebuilt site replaces the release whole; a host's own headers and a
// browser without service workers change nothing; a book sent whole is read once and cached;
// a first visit sends at most 1.5 MB before its first score, in a few requests, and the
// service worker downloads the release only after it; the bundled search worker answers; the
// Storage panel follows the install through a reload during it, and says when a hard reload
// bypassed the worker; a script the host adds from another origin runs on every visit.
// The site is built with parts of 4 MiB, so the 4x4 book (19 MB) is split as a 25 MiB limit
// would split a larger one.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  ROOT, launch, launchPersistent, openPage, settled, nativeAnalyze, shownScores, showPosition, recordBookRequests, bookFigures, countedBookFigures, bytesRequested, startServer, sleep,
} from './harness.mjs';
import { buildSite, releaseFiles, removeSite, siteDir, startCaddy, startNginx } from './static-host.mjs';

const PART_BYTES = 4 * 1024 * 1024;
// The host of the main checks: Debian's stock nginx, or with STATIC_HOST=caddy Caddy's file
// server (`STATIC_HOST=caddy node --test tests/e2e/dist.test.mjs`; Caddy is not installed by
// build.sh, this is how it was tried).
const HOSTS = {
  nginx: { name: 'a stock nginx', start: startNginx },
  caddy: { name: "Caddy's file server", start: startCaddy },
};
const HOST = HOSTS[process.env.STATIC_HOST ?? 'nginx'];
const BOOK_4X4 = `${ROOT}www/books/4x4-d10.book`;
const BOOK_3X4 = `${ROOT}www/books/3x4-d7.book`;
// Nine lines: its move scores read the book's last layer, in a later part than the index.
const DEEP_4X4 = [0, 1, 2, 3, 4, 5, 6, 7, 8];

const sw = (page) => page.evaluate(() => document.documentElement.dataset.sw);
const version = (page) => page.evaluate(() => document.querySelector('meta[name="dotbox-version"]').content);
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** The release folders the page itself loaded its scripts and styles from. */
const releasesLoaded = (page) => page.evaluate(() => [...new Set(performance.getEntriesByType('resource')
  .map((e) => /\/r\/([0-9a-f]+)\//.exec(e.name)?.[1]).filter(Boolean))]);

/** Opens the page, waits for its scores on 3x3 and checks them against the native solver. */
async function answers3x3(context, url) {
  const opened = await openPage(context, url, '#board=3x3&mode=hh');
  await settled(opened.page);
  assert.deepEqual(await shownScores(opened.page), nativeAnalyze('3x3', []).moves, '3x3 scores');
  return opened;
}

describe('scripts/dist.mjs', () => {
  test('a split book is the book cut at chunk boundaries into parts within the limit, listed in books/index.json', () => {
    const dir = siteDir();
    buildSite(dir, { partBytes: PART_BYTES });
    const book = readFileSync(BOOK_4X4);
    const indexLen = Number(book.readBigUInt64LE(24));
    const count = book.readUInt32LE(40);
    const ends = [indexLen];
    for (let k = 0; k < count; k++) ends.push(ends.at(-1) + book.readUInt32LE(indexLen - 4 - 8 * count + 8 * k));
    const { parts } = JSON.parse(readFileSync(join(dir, 'books/index.json'), 'utf8')).books.find((b) => b.board === '4x4');
    assert.equal(parts.length, Math.ceil(book.length / PART_BYTES), 'as few parts as the limit allows');
    const joined = Buffer.concat(parts.map((p) => readFileSync(join(dir, 'books', p.file))));
    assert.ok(joined.equals(book), 'the parts, in order, are the book');
    let at = 0;
    let chunk = 0;
    for (const p of parts) {
      assert.equal(p.offset, at);
      assert.ok(p.bytes <= PART_BYTES, `${p.file}: ${p.bytes} bytes`);
      assert.equal(p.chunks[0], chunk);
      // A part ends where its last chunk ends (the first holds the header and index too).
      assert.equal(p.offset + p.bytes, ends[p.chunks[1]]);
      at += p.bytes;
      chunk = p.chunks[1];
    }
    assert.equal(chunk, count);
    assert.ok(!readdirSync(join(dir, 'books')).includes('4x4-d10.book'), 'no whole copy beside the parts');
    assert.ok(readdirSync(join(dir, 'books')).includes('3x4-d7.book'), 'a book within the limit stays whole');
    removeSite(dir);
  });

  test('an --out folder holding files that are not an earlier build is refused and left as it was', () => {
    const dir = siteDir();
    mkdirSync(join(dir, 'blog'), { recursive: true });
    writeFileSync(join(dir, 'robots.txt'), 'kept');
    const run = spawnSync('node', [`${ROOT}scripts/dist.mjs`, '--out', dir, '--version', 'x'], { encoding: 'utf8' });
    assert.equal(run.status, 2);
    assert.match(run.stderr, /--out \S+ holds files that are not an earlier dotbox build: blog, robots\.txt; the folder is replaced whole, so give an empty or new one/);
    assert.deepEqual(readdirSync(dir).sort(), ['blog', 'robots.txt']);
    assert.equal(readFileSync(join(dir, 'robots.txt'), 'utf8'), 'kept');
    removeSite(dir);
  });

  test('a part size below a book\'s index is refused, naming the book', () => {
    const dir = siteDir();
    const result = spawnSync('node', [`${ROOT}scripts/dist.mjs`, '--out', dir, '--part-bytes', '100000'], { encoding: 'utf8' });
    removeSite(dir);
    assert.equal(result.status, 2);
    assert.match(result.stderr, /^error: books\/4x4-d10\.book cannot be split into files of at most 100000 bytes: a piece of 127019 bytes \(the index, or one chunk\) exceeds 100000/);
  });
});

describe(`the built site on ${HOST.name} (no COOP/COEP headers)`, () => {
  const env = { dir: null, host: null, context: null, release: null, profile: null };
  before(async () => {
    env.dir = siteDir();
    env.release = buildSite(env.dir, { version: 'a', partBytes: PART_BYTES });
    env.host = await HOST.start(env.dir);
    // A profile of its own, not incognito: Chromium installs apps only in one.
    env.profile = mkdtempSync(join(tmpdir(), 'dotbox-profile-'));
    env.context = await launchPersistent(env.profile);
  });
  after(async () => {
    await env.context?.close();
    await env.host?.close();
    if (env.dir) removeSite(env.dir);
    if (env.profile) rmSync(env.profile, { recursive: true, force: true });
  });

  test('the first visit answers on one thread, installs the service worker, and the app is installable', { timeout: 120_000 }, async () => {
    const served = await fetch(env.host.url);
    assert.equal(served.headers.get('cross-origin-opener-policy'), null, 'the host sends no isolation headers');
    const { page, errors } = await answers3x3(env.context, env.host.url);
    assert.equal(await page.evaluate(() => self.crossOriginIsolated), false);
    await page.waitForFunction(() => document.documentElement.dataset.sw === 'installed', null, { timeout: 60_000 });
    const cdp = await env.context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, [], 'Chromium finds the app installable');
    const manifest = await cdp.send('Page.getAppManifest');
    assert.deepEqual(manifest.errors, []);
    // Its identity is the site's folder, set apart from its start address.
    const { appId } = await cdp.send('Page.getAppId');
    assert.equal(appId, new URL('./', page.url()).href);
    // One icon: the release's, not the development page's empty stand-in.
    assert.deepEqual(await page.$$eval('link[rel="icon"]', (ls) => ls.map((l) => l.getAttribute('href'))), ['icons/icon-192.png']);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a hard reload is not served by the service worker, and the Storage panel says so; a normal reload is again', { timeout: 120_000 }, async () => {
    const { page, errors } = await answers3x3(env.context, env.host.url);
    assert.equal(await sw(page), 'controlled');
    // Ctrl+Shift+R: a navigation that bypasses the service worker (and the HTTP cache).
    const cdp = await env.context.newCDPSession(page);
    await cdp.send('Page.reload', { ignoreCache: true });
    await page.waitForFunction(() => document.documentElement.dataset.sw === 'bypassed', null, { timeout: 60_000 });
    await page.waitForSelector('body[data-ready="1"]', { timeout: 60_000 });
    await settled(page);
    assert.equal(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)), false, 'not controlled');
    assert.equal(await page.evaluate(() => self.crossOriginIsolated), false);
    // Registering again once the page has answered changes nothing: it stays said.
    await sleep(1000);
    assert.equal(await sw(page), 'bypassed');
    assert.equal(await page.textContent('#storage-offline'), 'Installed for offline use, but this load bypassed it (a hard reload skips the offline copy, and with it the threads: this page solves on one thread): a normal reload runs the offline copy on every thread.');
    await page.reload();
    await page.waitForSelector('body[data-ready="1"]', { timeout: 60_000 });
    assert.equal(await sw(page), 'controlled');
    assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
    assert.equal(await page.textContent('#storage-offline'), 'Works offline: this version of dotbox is installed on this device.');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a reload while the service worker installs: the reloaded page follows the install to its end', { timeout: 180_000 }, async () => {
    // The same site at another origin (another port: a registration of its own), its
    // threaded build sent slowly, so the install lasts some seconds.
    const slow = await startNginx(env.dir, { slow: { path: '/pkg-threads/', rate: '100k' } });
    const browser = await launch();
    try {
      const context = await browser.newContext();
      const { page, errors } = await answers3x3(context, slow.url);
      await page.waitForFunction(() => document.documentElement.dataset.sw === 'registering', null, { timeout: 60_000 });
      await page.waitForFunction(async () => Boolean((await navigator.serviceWorker.getRegistration())?.installing), null, { timeout: 30_000 });
      // The reloaded page gets its one-thread wasm only once the worker is active (the
      // worker's own downloads pass): the install ends, and the worker takes the page over,
      // before the page answers its first position and registers.
      const activated = async () => {
        for (const until = Date.now() + 120_000; Date.now() < until; await sleep(200)) {
          // Asked of the page itself, which may be between two documents (the reload).
          const state = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state).catch(() => null);
          if (state === 'activated') return sleep(500);
        }
      };
      await context.route('**/pkg/dotbox_bg.wasm', async (route) => {
        if (!route.request().serviceWorker()) await activated();
        await route.continue();
      });
      await page.reload({ waitUntil: 'commit' });
      await page.waitForFunction(() => document.documentElement.dataset.sw === 'registering', null, { timeout: 60_000 });
      assert.equal(await page.textContent('#storage-offline'), 'Being installed for offline use…', 'an earlier load\'s install under way');
      // The install ends: the worker takes the page over, and the line says so for good.
      await page.waitForFunction(() => document.documentElement.dataset.sw === 'installed', null, { timeout: 120_000 });
      await page.waitForSelector('body[data-ready="1"]', { timeout: 60_000 });
      await settled(page);
      await sleep(1000);
      assert.equal(await sw(page), 'installed');
      assert.equal(await page.textContent('#storage-offline'), 'Installed for offline use: the page opens without a network from now on.');
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
      await slow.close();
    }
  });

  test('the next visit is cross-origin isolated through the service worker and solves icelandic on every thread', { timeout: 600_000 }, async () => {
    const { page, errors } = await openPage(env.context, env.host.url, '#board=icelandic&mode=hh');
    assert.equal(await sw(page), 'controlled');
    assert.equal(await page.evaluate(() => self.crossOriginIsolated), true);
    await page.click('#solve');
    await page.waitForFunction(() => ['finished', 'error'].includes(document.body.dataset.solve), null, { timeout: 540_000 });
    assert.equal(await page.evaluate(() => document.body.dataset.solve), 'finished', await page.textContent('#solve-text'));
    const threads = Number(await page.evaluate(() => document.body.dataset.threads));
    assert.ok(threads > 1, `solved on ${threads} threads`);
    await settled(page);
    assert.deepEqual(await shownScores(page), nativeAnalyze('icelandic', []).moves);
    // The site is at the origin's root, so the worker's scope holds the origin's other pages:
    // they are the host's, served as it sends them, not isolated by the site's worker.
    const other = await page.goto(`${env.host.url}other-site/`);
    assert.equal(other.status(), 404);
    assert.equal(other.headers()['cross-origin-embedder-policy'], undefined, 'not isolated by the site');
    assert.equal(await page.evaluate(() => self.crossOriginIsolated), false);
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('4x4 plays from its book, split into parts, by range requests', { timeout: 300_000 }, async () => {
    const index = JSON.parse(readFileSync(join(env.dir, 'books/index.json'), 'utf8'));
    const parts = index.books.find((b) => b.board === '4x4').parts.map((p) => p.file);
    assert.ok(parts.length > 1, 'the book is split');
    const requests = recordBookRequests(env.context);
    const { page, errors } = await openPage(env.context, env.host.url, '#board=4x4&mode=hh');
    for (const moves of [[], DEEP_4X4]) {
      await showPosition(page, '4x4', moves);
      assert.match(await page.textContent('#message'), /from the opening book/);
      assert.deepEqual(await shownScores(page), nativeAnalyze('4x4', moves, BOOK_4X4).moves, `book scores after ${moves}`);
    }
    assert.ok(requests.length > 0 && requests.every((r) => /^bytes=\d+-\d+$/.test(r.range)), 'only range requests');
    const read = new Set(requests.map((r) => r.url.split('/').pop()));
    assert.ok([...read].every((f) => parts.includes(f)), `parts only: ${[...read]}`);
    assert.ok(read.size > 1, `more than one part read: ${[...read]}`);
    const figures = await countedBookFigures(page, requests);
    assert.equal(figures.requests, requests.length, 'the page counts every book request');
    assert.equal(figures.bytes, bytesRequested(requests), 'the page counts every byte requested');
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a book position whose chunks cannot be downloaded (the host gone) gets the engine\'s estimates and a notice, not an error', { timeout: 120_000 }, async () => {
    // A visitor who read 4x4's first position only, then lost the network.
    const browser = await launch();
    try {
      const { page, errors } = await openPage(await browser.newContext(), env.host.url, '#board=4x4&mode=hh');
      await settled(page);
      assert.match(await page.textContent('#message'), /from the opening book/);
      await env.host.stop();
      try {
        await showPosition(page, '4x4', [5, 21]);
        assert.match(await page.textContent('#notice'), /The opening book \S+ could not be read \(.+\): positions that need a part of it not kept on this device are answered another way\./);
        assert.match(await page.textContent('#value'), /^Estimated value ~/);
        assert.ok((await page.$$eval('#svg g.move[data-estimate]', (gs) => gs.length)) > 0, 'estimates drawn');
        assert.deepEqual(errors, []);
      } finally {
        await env.host.start();
      }
    } finally {
      await browser.close();
    }
  });

  test('with the server stopped the page opens from the service worker and answers 3x3, the first 4x4 position and 3x4 from its precached book', { timeout: 120_000 }, async () => {
    await env.host.stop();
    try {
      await assert.rejects(fetch(env.host.url), 'the server is down');
      const { page, errors } = await answers3x3(env.context, env.host.url);
      await showPosition(page, '4x4', []);
      assert.match(await page.textContent('#message'), /from the opening book/);
      assert.deepEqual(await shownScores(page), nativeAnalyze('4x4', [], BOOK_4X4).moves);
      // 3x4 was never opened online: its small book came with the release.
      for (const moves of [[], [0, 5]]) {
        await showPosition(page, '3x4', moves);
        assert.match(await page.textContent('#message'), /from the opening book/);
        assert.deepEqual(await shownScores(page), nativeAnalyze('3x4', moves, BOOK_3X4).moves, `3x4 after ${moves}`);
      }
      // An address that is not the site's (at an origin's root, another site's page) is not
      // answered by the site's worker: the browser's own error.
      await assert.rejects(page.goto(`${env.host.url}other-site/`));
      assert.deepEqual(errors, []);
      await page.close();
    } finally {
      await env.host.start();
    }
  });

  test('a damaged cached file is detected and downloaded again', { timeout: 120_000 }, async () => {
    const damaged = ['r/' + env.release + '/page.js', 'r/' + env.release + '/pkg-threads/dotbox_bg.wasm'];
    const first = await openPage(env.context, env.host.url, '#board=3x3&mode=hh');
    await first.page.evaluate(async (paths) => {
      const cache = await caches.open((await caches.keys()).find((n) => n.startsWith('dotbox-release-')));
      for (const path of paths) {
        const key = new URL(path, location.href).href;
        const held = await cache.match(key);
        const bytes = new Uint8Array(await held.arrayBuffer());
        bytes[bytes.length >> 1] ^= 0xff; // one byte flipped: the length stays
        await cache.put(key, new Response(bytes, { headers: held.headers }));
      }
    }, damaged);
    await first.page.close();
    const { page, errors } = await answers3x3(env.context, env.host.url);
    assert.equal(await page.evaluate(() => self.crossOriginIsolated), true, 'isolated: the worker loads the threaded wasm');
    const cached = await page.evaluate(async (paths) => {
      const cache = await caches.open((await caches.keys()).find((n) => n.startsWith('dotbox-release-')));
      return Promise.all(paths.map(async (p) => [...new Uint8Array(await (await cache.match(new URL(p, location.href).href)).arrayBuffer())]));
    }, damaged);
    damaged.forEach((path, k) => assert.equal(sha256(Buffer.from(cached[k])), sha256(readFileSync(join(env.dir, path))), `${path} cached again whole`));
    assert.deepEqual(errors, []);
    await page.close();
  });

  test('a rebuilt site replaces the release whole: the open release runs to its end, the next visit runs the new one', { timeout: 240_000 }, async () => {
    // Built with books whole, where release a split them into parts: a's index names part
    // files the host no longer has.
    const releaseB = buildSite(env.dir, { version: 'b', partBytes: 64 * 1024 * 1024 });
    assert.ok(!readdirSync(join(env.dir, 'books')).some((f) => f.includes('.part')));
    assert.notEqual(releaseB, env.release);
    assert.deepEqual(readdirSync(join(env.dir, 'r')), [releaseB], 'one release on the server');
    // The visit after the deploy runs release a, whole, and hears of release b.
    const during = await answers3x3(env.context, env.host.url);
    assert.equal(await version(during.page), 'a');
    await during.page.waitForFunction(() => document.documentElement.dataset.sw === 'updated', null, { timeout: 60_000 });
    assert.match(await during.page.textContent('#release-notice'), /new version of dotbox is installed/);
    assert.deepEqual(await releasesLoaded(during.page), [env.release]);
    // What it fetches later is its release's too: the course, from release a's folder.
    await during.page.evaluate(() => { location.hash = '#learn'; });
    await during.page.waitForSelector('#learn[data-ready="1"]');
    const lessons = await during.page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.endsWith('lessons.json')));
    assert.deepEqual([...new Set(lessons)], [`${env.host.url}r/${env.release}/lessons.json`]);
    assert.deepEqual(await releasesLoaded(during.page), [env.release]);
    // The 4x4 book, laid out otherwise on the host now, still answers release a's page: the
    // part it asks for is gone (404), so it reads the host's current index and the book whole.
    const late = [39, 38, 37, 36, 35, 34, 33, 32, 31];
    await showPosition(during.page, '4x4', late);
    assert.deepEqual(await shownScores(during.page), nativeAnalyze('4x4', late).moves, 'book scores across the relayout');
    assert.match(await during.page.textContent('#message'), /from the opening book/);
    // The next visit runs release b, whole, from its cache, which holds its files only.
    const next = await answers3x3(env.context, env.host.url);
    assert.equal(await version(next.page), 'b');
    assert.equal(await sw(next.page), 'controlled');
    assert.deepEqual(await releasesLoaded(next.page), [releaseB]);
    const cached = await next.page.evaluate(async (name) => {
      const cache = await caches.open(name);
      return (await cache.keys()).map((r) => r.url.slice(new URL('./', location.href).href.length)).sort();
    }, `dotbox-release-${releaseB} ${env.host.url}`);
    assert.deepEqual(cached, Object.keys(releaseFiles(env.dir)).sort());
    assert.deepEqual([...during.errors, ...next.errors], []);
    env.release = releaseB;
  });
});

/**
 * Adds scripts to the site's page, as a host's analytics or snippet injection does: one in
 * the page, and one from `elsewhere` (another origin's address of a script), as an
 * analytics snippet loads its code.
 */
function injectScript(dir, elsewhere) {
  const path = join(dir, 'index.html');
  writeFileSync(path, readFileSync(path, 'utf8').replace('</body>', `<script>window.hostAdded = true;</script><script src="${elsewhere}"></script></body>`));
}

// Security headers a host adds to every response: kept when the service worker serves them.
const HOST_HEADERS = { 'X-Frame-Options': 'SAMEORIGIN', 'Content-Security-Policy': "frame-ancestors 'self'", 'Referrer-Policy': 'no-referrer' };

test('the built site works under a path (as GitHub Pages serves a project: /NAME/), beside another copy on the origin, with a script and headers the host adds', { timeout: 240_000 }, async () => {
  const dir = siteDir();
  buildSite(dir, { version: 'path' });
  // A script of another origin (another port) sent without CORP or CORS headers, as an
  // analytics provider may send it.
  const thirdParty = mkdtempSync(join(tmpdir(), 'dotbox-third-party-'));
  writeFileSync(join(thirdParty, 'snippet.js'), 'window.thirdParty = (window.thirdParty ?? 0) + 1;');
  const snippetHost = await startServer(['--no-isolation'], thirdParty);
  injectScript(dir, `${snippetHost.url}snippet.js`);
  const other = join(dirname(dir), 'other');
  buildSite(other, { version: 'other' });
  // The site is at /site/, the other copy at /other/.
  const host = await startNginx(dirname(dir), { headers: HOST_HEADERS });
  const browser = await launch();
  try {
    const context = await browser.newContext();
    const installed = async (url) => {
      const visit = await answers3x3(context, url);
      await visit.page.waitForFunction(() => document.documentElement.dataset.sw === 'installed', null, { timeout: 60_000 });
      return visit;
    };
    const elsewhere = await installed(`${host.url}other/`);
    const first = await installed(`${host.url}site/`);
    assert.equal(await first.page.evaluate(() => window.hostAdded), true, 'the host\'s script runs');
    assert.equal(await first.page.evaluate(() => window.thirdParty), 1, 'the script of another origin runs');
    const scope = await first.page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    assert.equal(scope, `${host.url}site/`);
    const next = await answers3x3(context, `${host.url}site/`);
    assert.equal(await next.page.evaluate(() => self.crossOriginIsolated), true, 'installed though the host changed the page');
    // Isolated with COEP credentialless (Chromium), the script of another origin without
    // CORP or CORS still runs (require-corp would block it).
    assert.equal(await next.page.evaluate(() => window.thirdParty), 1, 'the script of another origin runs on the next visit');
    // Served by the service worker, the page and its scripts keep the host's headers.
    for (const path of ['index.html', Object.keys(releaseFiles(dir)).find((p) => p.endsWith('page.js'))]) {
      const headers = await next.page.evaluate(async (url) => Object.fromEntries((await fetch(url)).headers), `${host.url}site/${path}`);
      assert.equal(headers['x-dotbox-sha256']?.length, 64, `${path}: served by the service worker`);
      for (const [name, value] of Object.entries(HOST_HEADERS)) assert.equal(headers[name.toLowerCase()], value, `${path}: ${name}`);
      assert.equal(headers['cross-origin-embedder-policy'], 'credentialless', `${path}: COEP`);
    }
    // An address the host redirects (a folder without its slash) is followed, as without the worker.
    const redirected = await next.page.goto(`${host.url}site/books`);
    assert.equal(redirected.url(), `${host.url}site/books/`);
    // A new release at /site/ drops its own earlier caches only, not the other copy's.
    buildSite(dir, { version: 'path2' });
    const during = await answers3x3(context, `${host.url}site/`);
    await during.page.waitForFunction(() => document.documentElement.dataset.sw === 'updated', null, { timeout: 60_000 });
    const names = await during.page.evaluate(async () => caches.keys());
    assert.ok(names.some((n) => n.endsWith(` ${host.url}other/`)), `the other copy keeps its cache: ${names}`);
    assert.deepEqual([...elsewhere.errors, ...first.errors, ...next.errors, ...during.errors], []);
  } finally {
    await browser.close();
    await host.close();
    snippetHost.stop();
    rmSync(thirdParty, { recursive: true, force: true });
    removeSite(dir);
  }
});

/** The Storage panel's line on the offline copy. */
const offlineLine = (page) => page.textContent('#storage-offline');

describe('the built site on a host that sends COOP/COEP itself', () => {
  const env = { server: null, browser: null, dir: null, release: null };
  before(async () => {
    env.dir = siteDir();
    env.release = buildSite(env.dir, { version: 'isolated' });
    env.server = await startServer([], env.dir); // serve.py sends both headers
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    env.server?.stop();
    if (env.dir) removeSite(env.dir);
  });

  test('the first visit is isolated already, and so is the next, served by the service worker', { timeout: 120_000 }, async () => {
    const context = await env.browser.newContext();
    const first = await answers3x3(context, env.server.url);
    assert.equal(await first.page.evaluate(() => self.crossOriginIsolated), true);
    await first.page.waitForFunction(() => document.documentElement.dataset.sw === 'installed', null, { timeout: 60_000 });
    assert.equal(await offlineLine(first.page), 'Installed for offline use: the page opens without a network from now on.');
    const next = await answers3x3(context, env.server.url);
    assert.equal(await sw(next.page), 'controlled');
    assert.equal(await offlineLine(next.page), 'Works offline: this version of dotbox is installed on this device.');
    assert.equal(await next.page.evaluate(() => self.crossOriginIsolated), true);
    assert.deepEqual([...first.errors, ...next.errors], []);
    await context.close();
  });

  test('a browser without service workers runs the page as served', { timeout: 120_000 }, async () => {
    const context = await env.browser.newContext();
    await context.addInitScript(() => { delete Navigator.prototype.serviceWorker; });
    const { page, errors } = await answers3x3(context, env.server.url);
    await page.waitForFunction(() => document.documentElement.dataset.sw === 'none', null, { timeout: 60_000 });
    assert.equal(await offlineLine(page), 'No offline copy: this browser keeps none.');
    assert.equal(await page.evaluate(() => self.crossOriginIsolated), true, 'isolated by the host');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test('a file changed on the host by hand costs the offline copy, and the Storage panel says which and why', { timeout: 120_000 }, async () => {
    const changed = `r/${env.release}/lessons.json`;
    assert.ok(changed in releaseFiles(env.dir));
    writeFileSync(join(env.dir, changed), `${readFileSync(join(env.dir, changed), 'utf8')}\n`);
    const context = await env.browser.newContext();
    const warned = [];
    context.on('console', (m) => m.type() === 'warning' && warned.push(m.text()));
    const { page, errors } = await answers3x3(context, env.server.url);
    await page.waitForFunction(() => document.documentElement.dataset.sw === 'failed', null, { timeout: 60_000 });
    const said = `No offline copy: ${changed}: the server sends a file other than release ${env.release}'s (its SHA-256 differs).`;
    assert.equal(await offlineLine(page), said);
    assert.ok(await page.isHidden('#storage-offline'), 'inside the closed Storage panel');
    await page.click('#storage summary');
    assert.ok(await page.isVisible('#storage-offline'));
    assert.ok(warned.some((w) => w.startsWith(`dotbox: ${said.slice(0, -1)}`)), warned.join('\n'));
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe('the built site on a host that ignores ranges', () => {
  const env = { server: null, browser: null, dir: null };
  before(async () => {
    env.dir = siteDir();
    buildSite(env.dir, { version: 'ranges', partBytes: PART_BYTES });
    env.server = await startServer(['--no-ranges', '--no-isolation'], env.dir);
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    env.server?.stop();
    if (env.dir) removeSite(env.dir);
  });

  test('each part of the book comes whole once and is cached: later positions need no request', { timeout: 300_000 }, async () => {
    const context = await env.browser.newContext();
    // What the wait line says while the book downloads.
    await context.addInitScript(() => {
      window.waitTexts = [];
      new MutationObserver(() => window.waitTexts.push(document.querySelector('#wait-text')?.textContent))
        .observe(document, { subtree: true, childList: true, characterData: true });
    });
    const requests = recordBookRequests(context);
    const { page, errors } = await openPage(context, env.server.url, '#board=4x4&mode=hh');
    await showPosition(page, '4x4', []);
    assert.deepEqual(await shownScores(page), nativeAnalyze('4x4', [], BOOK_4X4).moves);
    const files = requests.map((r) => r.url.split('/').pop());
    assert.deepEqual(files, ['4x4-d10.part0.book'], 'one request: the part holding the index and the first layers');
    const part0 = statSync(join(env.dir, 'books/4x4-d10.part0.book')).size;
    assert.equal((await bookFigures(page)).bytes, part0);
    const said = await page.evaluate(() => window.waitTexts);
    assert.ok(said.some((t) => t?.includes(` of ${(part0 / 1e3).toFixed(1)} kB`)), `the download's progress has the part's length as its total: ${said.filter(Boolean).slice(-3)}`);
    // Every chunk of that part went to the cache: positions reading only it need nothing more.
    await page.waitForFunction(() => document.documentElement.dataset.sw === 'installed', null, { timeout: 60_000 });
    env.server.stop();
    requests.length = 0;
    const again = await openPage(context, env.server.url, '#board=4x4&mode=hh');
    for (const moves of [[0], [5, 21]]) {
      await showPosition(again.page, '4x4', moves);
      assert.deepEqual(await shownScores(again.page), nativeAnalyze('4x4', moves, BOOK_4X4).moves, `scores after ${moves}`);
    }
    assert.deepEqual(requests, [], 'no book request');
    assert.deepEqual([...errors, ...again.errors], []);
    await context.close();
  });
});

describe('the bundled site on a stock nginx: the first visit\'s requests (its access log), the search worker', () => {
  const env = { host: null, browser: null, dir: null };
  before(async () => {
    env.dir = siteDir();
    buildSite(env.dir, { version: 'first' });
    env.host = await startNginx(env.dir);
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    await env.host?.close();
    if (env.dir) removeSite(env.dir);
  });

  test('the first score comes after at most 1.5 MB and a handful of requests, the service worker\'s download after it', { timeout: 120_000 }, async () => {
    const context = await env.browser.newContext();
    await context.addInitScript(() => {
      const scored = () => document.querySelector('#svg g.move:not([data-score=""])[data-score]') !== null;
      // When the board first shows a score (a move's data-score set), on the page's clock.
      new MutationObserver((_, observer) => {
        if (scored()) {
          window.firstScoreAt = performance.timeOrigin + performance.now();
          observer.disconnect();
        }
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-score'] });
      // Whether a score was on the board when the page registered its service worker. The
      // page registers in the render that draws the first score, so on a local server
      // sw.js can be served before the observer above runs: the order is checked here, in
      // the page, not by comparing nginx's clock with the page's.
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (...args) {
        window.registeredAfterScore = scored();
        return register.apply(this, args);
      };
    });
    const page = await context.newPage();
    const start = Date.now();
    await page.goto(`${env.host.url}#board=3x3&mode=hh`);
    await page.waitForFunction(() => window.firstScoreAt !== undefined, null, { timeout: 60_000 });
    const scoreAt = await page.evaluate(() => window.firstScoreAt);
    await page.waitForFunction(() => document.documentElement.dataset.sw === 'installed', null, { timeout: 60_000 });
    await sleep(500); // nginx writes a request's line once it is done
    // nginx's $msec (when the request ended), $bytes_sent, $status, $request.
    const log = readFileSync(env.host.accessLog, 'utf8').trim().split('\n').map((line) => {
      const [msec, bytes, status, , path] = line.split(' ');
      return { at: Number(msec) * 1000, bytes: Number(bytes), status, path };
    });
    // sw.js is left out: the page's own check below orders it after the score.
    const before = log.filter((r) => r.at >= start && r.at < scoreAt && r.path !== '/sw.js');
    const sent = before.reduce((n, r) => n + r.bytes, 0);
    assert.ok(sent <= 1.5e6, `${sent} bytes before the first score`);
    // Bundled: the page, its style sheet and script, their chunks, the one-thread wasm and its
    // module, the solving worker, the books' index and the icon (unbundled: 40). Not counted:
    // the solving worker's revalidations (304) of the files the page preloaded, which a site
    // built seconds ago gets (nginx sends no Cache-Control; its files are not fresh yet).
    const sentWhole = before.filter((r) => r.status !== '304');
    assert.ok(sentWhole.length <= 14, `${sentWhole.length} requests before the first score: ${sentWhole.map((r) => r.path)}`);
    const early = before.filter((r) => /^\/r\/[0-9a-f]+\/pkg-threads\//.test(r.path));
    assert.deepEqual(early.map((r) => r.path), [], 'no threaded build before the first score');
    assert.equal(await page.evaluate(() => window.registeredAfterScore), true, 'the service worker registered once a score was on the board');
    assert.ok(log.some((r) => r.path === '/sw.js'), 'the service worker is fetched after it');
    await context.close();
  });

  test('the bundled search worker, which no first visit starts, answers as the native solver', { timeout: 120_000 }, async () => {
    const context = await env.browser.newContext();
    const { page, errors } = await openPage(context, env.host.url, '#board=3x3&mode=hh');
    const release = readdirSync(join(env.dir, 'r'))[0];
    const found = await page.evaluate((release) => new Promise((resolve) => {
      const worker = new Worker(new URL(`r/${release}/search-worker.js`, location.href), { type: 'module' });
      worker.onmessage = ({ data }) => 'ok' in data && resolve(data);
      worker.onerror = (e) => resolve({ ok: false, error: e.message });
      worker.postMessage({ board: '2x2', predrawn: '', lines: '', seconds: 30, tableMib: 16 });
    }), release);
    assert.equal(found.ok, true, found.error);
    const native = nativeAnalyze('2x2', []);
    assert.equal(found.result.value, native.value);
    assert.deepEqual(found.result.moves.map(({ line, score }) => ({ line, score })), native.moves);
    assert.deepEqual(errors, []);
    await context.close();
  });
});
