// The shipped opening book in the page: fetched from www/books/ with progress, verified,
// cached in IndexedDB (the second visit reads the cache), and its scores equal the native
// solver's; past its depth the page says what it does; a book that cannot be loaded, or a
// site without its books/ folder, is said so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { serveAndLaunch, openPage, nativeAnalyze, settled, shownScores, ROOT } from './harness.mjs';

const env = serveAndLaunch();

const { books } = JSON.parse(readFileSync(`${ROOT}www/books/index.json`, 'utf8'));

const shown = (page) => page.$$eval('#svg g.move', (gs) => gs.map((g) => ({ line: Number(g.dataset.line), score: Number(g.dataset.score) })).sort((a, b) => a.line - b.line));

test('the shipped book loads, verifies, is cached, and its scores are exact', { timeout: 300_000 }, async () => {
  assert.ok(books.length >= 1, 'a book ships with the page');
  const entry = books[0];
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, `#board=${entry.board}&mode=hh`);
  await page.waitForFunction(() => document.body.dataset.book === 'fetched', null, { timeout: 120_000 });
  await settled(page);
  assert.match(await page.textContent('#message'), /from the opening book/);
  // Positions inside the book, compared with the native solver.
  for (const moves of [[], [3], [3, 17, 8], [0, 1, 2, 3, 4].slice(0, Math.max(0, entry.depth - 1))]) {
    await page.evaluate((m) => { location.hash = `#board=${m.board}&mode=hh${m.moves.length ? `&moves=${m.moves.join(',')}` : ''}`; }, { board: entry.board, moves });
    await page.waitForFunction((l) => document.body.dataset.lines === l, [...moves].sort((a, b) => a - b).join(','));
    await settled(page);
    assert.deepEqual(await shown(page), nativeAnalyze(entry.board, moves).moves, `book scores after ${moves}`);
  }
  // Past the book's depth the page says how it answers, and the scores stay exact.
  const deep = [0, 1, 2, 3, 4, 5, 6, 7].slice(0, entry.depth);
  await page.evaluate((m) => { location.hash = `#board=${m.board}&mode=hh&moves=${m.moves.join(',')}`; }, { board: entry.board, moves: deep });
  await page.waitForFunction((l) => document.body.dataset.lines === l, deep.join(','));
  await settled(page);
  assert.match(await page.textContent('#message'), /past the book's depth/);
  assert.deepEqual(await shown(page), nativeAnalyze(entry.board, deep).moves, 'scores past the book');
  // The storage panel lists the cached book; a new page reads it from the cache.
  await page.click('#storage summary');
  await page.waitForFunction(() => /book .*cached/.test(document.querySelector('#storage-table').textContent));
  const again = await context.newPage();
  await again.goto(`${env.server.url}?delay=0#board=${entry.board}&mode=hh`);
  await again.waitForFunction(() => document.body.dataset.book === 'cached');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a position set up on 4x4 is answered from the 4x4 book, exactly: its lines are pre-drawn lines of a board the book holds', { timeout: 300_000 }, async () => {
  const entry = books.find((b) => b.board === '4x4');
  assert.ok(entry, 'the 4x4 book ships');
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=4x4&mode=hh&moves=0,4');
  await page.waitForFunction(() => document.body.dataset.book === 'fetched', null, { timeout: 120_000 });
  await settled(page);
  // Set up: the moves become pre-drawn lines (38 open, too many to solve here), then a line
  // more; every score shown is the book's, exact, none an estimate.
  await page.locator('body').press('d');
  await page.waitForFunction(() => /[#&]pre=0,4(&|$)/.test(location.hash));
  await page.click('#svg g.move[data-line="9"]', { force: true });
  await page.waitForFunction(() => /[#&]pre=0,4,9(&|$)/.test(location.hash));
  await settled(page);
  assert.match(await page.textContent('#message'), /from the opening book \(depth 7\)/);
  assert.deepEqual(await shownScores(page), nativeAnalyze('4x4', [0, 4, 9]).moves, 'the book scores of the position set up');
  assert.equal(await page.$$eval('#svg g.move[data-estimate]:not([data-estimate=""])', (gs) => gs.length), 0, 'no estimate');
  // Played on from it: still the book, until its depth there (7 more lines).
  await page.locator('body').press('d');
  await page.waitForFunction(() => document.querySelector('#set-up').getAttribute('aria-pressed') === 'false');
  await page.click('#svg g.move[data-line="20"]', { force: true });
  await page.waitForFunction(() => /[#&]moves=20(&|$)/.test(location.hash));
  await settled(page);
  assert.match(await page.textContent('#message'), /from the opening book/);
  assert.deepEqual(await shown(page), nativeAnalyze('4x4', [0, 4, 9, 20]).moves, 'a move later');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a book that cannot be loaded is said so beside the offer to solve, not only in a passing message', { timeout: 120_000 }, async () => {
  // 3x4: a board the page can also solve, whose unsolved analysis clears the message line.
  const context = await env.browser.newContext();
  await context.route('**/books/3x4-d7.book', (route) => route.abort('internetdisconnected'));
  const { page, errors } = await openPage(context, env.server.url, '#board=3x4&mode=hh');
  await page.waitForFunction(() => /The opening book could not be loaded/.test(document.querySelector('#solve-text')?.textContent ?? ''), null, { timeout: 60_000 });
  assert.equal(await page.isVisible('#solve-panel'), true);
  assert.match(await page.textContent('#solve-text'), /reload when online to play from it, or solve the board here/);
  // Another board does not carry it (3x3 has no book; its panel is hidden or silent on it).
  await page.evaluate(() => { location.hash = '#board=3x3&mode=hh'; });
  await settled(page);
  const said = await page.isVisible('#solve-panel') ? await page.textContent('#solve-text') : '';
  assert.doesNotMatch(said, /opening book/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a large board\'s book that cannot be loaded is said at the top; back online it is read and the position answered from it', { timeout: 180_000 }, async () => {
  // 4x4: too large to solve in the page, so without its book only estimates are in reach.
  const context = await env.browser.newContext();
  const book = '**/books/4x4-d10.book';
  await context.route(book, (route) => route.abort('internetdisconnected'));
  const { page, errors } = await openPage(context, env.server.url, '#board=4x4&mode=hh');
  await page.waitForFunction(() => /The opening book 4x4-d10\.book could not be loaded \(.+\): positions are answered another way/.test(document.querySelector('#notice')?.textContent ?? ''), null, { timeout: 60_000 });
  assert.equal(await page.isVisible('#notice'), true);
  await settled(page);
  assert.match(await page.textContent('#value'), /^Estimated value ~/);
  assert.doesNotMatch(await page.textContent('#message'), /opening the book/, 'the message line no longer says the book is being opened');
  // The network is back: the browser says so, the book opens, the scores are the book's.
  await context.unroute(book);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
  await page.waitForFunction(() => document.body.dataset.book === 'fetched', null, { timeout: 60_000 });
  // The position is asked again once the book is open: until its answer, the page may still
  // stand idle on the estimate, its message saying the book is ready.
  await page.waitForFunction(() => /from the opening book/.test(document.querySelector('#message').textContent), null, { timeout: 60_000 });
  await settled(page);
  assert.match(await page.textContent('#message'), /from the opening book/);
  assert.deepEqual(await shown(page), nativeAnalyze('4x4', []).moves, 'the book\'s scores');
  assert.equal(await page.isVisible('#notice'), false, 'the notice is withdrawn');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a site without its books/ folder says so once, in the notice and on the console, and plays without them', { timeout: 120_000 }, async () => {
  const context = await env.browser.newContext();
  await context.route('**/books/index.json', (route) => route.fulfill({ status: 404, body: 'not found' }));
  const warned = [];
  context.on('console', (m) => m.type() === 'warning' && warned.push(m.text()));
  const { page, errors } = await openPage(context, env.server.url, '#board=3x3&mode=hh');
  await settled(page);
  const said = 'The opening books (books/index.json) could not be loaded: HTTP 404';
  assert.match(await page.textContent('#notice'), new RegExp(`^${said.replace(/[().]/g, '\\$&')}.*; boards play without them`));
  assert.equal(await page.isVisible('#notice'), true);
  assert.ok(warned.some((w) => w.startsWith('dotbox: books/index.json could not be loaded (HTTP 404')), warned.join('\n'));
  // Said once: the next game's notice does not repeat it.
  await page.evaluate(() => { location.hash = '#board=2x2&mode=hh'; });
  await page.waitForFunction(() => document.body.dataset.lines === '' && /2x2/.test(location.hash));
  await settled(page);
  assert.doesNotMatch(await page.textContent('#notice'), /opening books/);
  assert.deepEqual(errors, []);
  await context.close();
});
