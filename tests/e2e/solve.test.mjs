// The icelandic board solved in the page (on every core): reloading mid-way resumes from the
// last checkpoint stored in IndexedDB (not from scratch) and the finished solve gives the native
// solver's value and scores; with a tile written after every step (?checkpoint=0) a reload
// loses no finished tile; a full storage quota stops the solve with a clear message, keeping its tiles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndLaunch, openPage, nativeAnalyze, settled, storedTiles, clickLine, shownScores } from './harness.mjs';

const env = serveAndLaunch();

const percent = (page) => page.evaluate(() => Number(document.body.dataset.percent ?? 0));

/** `{done, total, saved}` tiles of the progress line: computed, to compute, and covered by
 * the last committed checkpoint. */
async function tiles(page) {
  const stats = await page.textContent('#solve-stats');
  const [, done, total] = /tile (\d+)\/(\d+)/.exec(stats).map(Number);
  const saved = Number(/(\d+) saved/.exec(stats)[1]);
  return { done, total, saved };
}

async function waitForStoredTiles(page) {
  for (let i = 0; i < 600 && (await storedTiles(page)) === 0; i++) await page.waitForTimeout(100);
  assert.ok((await storedTiles(page)) > 0, 'the solve writes its tiles as it goes');
}

test('icelandic: a solve reloaded mid-way resumes and finishes with the native value', { timeout: 900_000 }, async () => {
  const context = await env.browser.newContext();
  // Checkpoints every quarter second rather than every five: the solve takes two seconds.
  const { page, errors } = await openPage(context, env.server.url, '#board=icelandic&mode=hh', { query: '&checkpoint=0.25' });
  await page.click('#solve');
  await page.waitForFunction(() => Number(document.body.dataset.percent ?? 0) >= 10, null, { timeout: 600_000 });
  // A checkpoint has committed and the progress line says so.
  await page.waitForFunction(() => /[1-9]\d* saved/.test(document.querySelector('#solve-stats').textContent), null, { timeout: 600_000 });
  const before = await percent(page);
  const { saved, total } = await tiles(page);
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  // The page resumes the solve by itself, from the stored tiles.
  await page.waitForFunction(() => document.body.dataset.solve === 'running', null, { timeout: 60_000 });
  await page.waitForFunction(() => /tiles from storage/.test(document.querySelector('#solve-stats').textContent), null, { timeout: 60_000 });
  const stats = await page.textContent('#solve-stats');
  const reused = Number(/(\d+) tiles from storage/.exec(stats)[1]);
  assert.ok(reused > 0, `resumed with ${reused} stored tiles (was at ${before} %)`);
  // The work of the last checkpoint before the reload is kept: the resumed run has at most
  // the rest to compute.
  const left = Number(/tile \d+\/(\d+)/.exec(stats)[1]);
  assert.ok(saved > 0, `a checkpoint was written before the reload: ${stats}`);
  assert.ok(left <= total - saved, `resumed with ${left} of ${total} tiles left, ${saved} were saved before the reload`);
  await page.waitForFunction(() => document.body.dataset.solve === 'finished', null, { timeout: 800_000 });
  // Every core solved: the threaded wasm's pool has a thread per core.
  const threads = await page.evaluate(() => document.body.dataset.threads);
  assert.equal(Number(threads), await page.evaluate(() => navigator.hardwareConcurrency), 'a thread per core');
  await settled(page);
  const native = nativeAnalyze('icelandic', []);
  const shown = await page.$$eval('#svg g.move', (gs) => gs.map((g) => ({ line: Number(g.dataset.line), score: Number(g.dataset.score) })).sort((a, b) => a.line - b.line));
  assert.deepEqual(shown, native.moves, 'every first move scores as natively');
  assert.match(await page.textContent('#value'), new RegExp(`^Value ${native.value > 0 ? '\\+' : ''}${native.value} `));
  // A position answered from the stored layers, and one past them (in memory).
  for (const moves of [[0, 13], [0, 13, 21, 22, 30, 2, 7]]) {
    await page.evaluate((m) => { location.hash = `#board=icelandic&mode=hh&moves=${m.join(',')}`; }, moves);
    await page.waitForFunction((l) => document.body.dataset.lines === l, [...moves].sort((a, b) => a - b).join(','));
    await settled(page);
    const nat = nativeAnalyze('icelandic', moves);
    const got = await page.$$eval('#svg g.move', (gs) => gs.map((g) => ({ line: Number(g.dataset.line), score: Number(g.dataset.score) })).sort((a, b) => a.line - b.line));
    assert.deepEqual(got, nat.moves, `scores after ${moves}`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('?threads=100000 starts no more threads than cores: the page loads and solves on a thread per core', { timeout: 300_000 }, async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=2x5&mode=hh', { query: '&threads=100000' });
  await page.click('#solve');
  await page.waitForFunction(() => ['finished', 'error'].includes(document.body.dataset.solve), null, { timeout: 240_000 });
  assert.equal(await page.evaluate(() => document.body.dataset.solve), 'finished', await page.textContent('#solve-text'));
  assert.equal(Number(await page.evaluate(() => document.body.dataset.threads)), await page.evaluate(() => navigator.hardwareConcurrency));
  await settled(page);
  assert.deepEqual(await page.$$eval('#svg g.move', (gs) => gs.map((g) => ({ line: Number(g.dataset.line), score: Number(g.dataset.score) })).sort((a, b) => a.line - b.line)), nativeAnalyze('2x5', []).moves);
  assert.deepEqual(errors, []);
  await context.close();
});

test('with a checkpoint after every step, a reload at any point resumes from every tile finished before it', { timeout: 600_000 }, async () => {
  const context = await env.browser.newContext();
  // On the single-threaded wasm (?threads=1), which pages not cross-origin isolated get.
  const { page, errors } = await openPage(context, env.server.url, '#board=icelandic&mode=hh', { query: '&checkpoint=0&threads=1' });
  await page.click('#solve');
  for (const at of [15, 40, 65]) {
    // The page's own count of finished tiles, read at the moment of the reload.
    await page.waitForFunction((p) => Number(document.body.dataset.percent ?? 0) >= p && /tile \d+\/\d+/.test(document.querySelector('#solve-stats').textContent), at, { timeout: 600_000 });
    const { done, total, saved } = await tiles(page);
    // Each tile is written while the next is computed: at most the last one is not saved yet.
    assert.ok(done - saved <= 1, `tile ${done}/${total} computed, ${saved} saved`);
    await page.reload();
    await page.waitForSelector('body[data-ready="1"]');
    await page.waitForFunction(() => /tiles from storage/.test(document.querySelector('#solve-stats').textContent), null, { timeout: 60_000 });
    const left = Number(/tile \d+\/(\d+)/.exec(await page.textContent('#solve-stats'))[1]);
    assert.ok(left <= total - saved, `reloaded at ${at} % with ${saved} of ${total} tiles saved: ${left} left, so ${left - (total - saved)} saved tiles were lost`);
  }
  await page.waitForFunction(() => document.body.dataset.solve === 'finished', null, { timeout: 300_000 });
  assert.equal(await page.evaluate(() => document.body.dataset.threads), '1');
  await settled(page);
  const native = nativeAnalyze('icelandic', []);
  assert.match(await page.textContent('#value'), new RegExp(`^Value ${native.value > 0 ? '\\+' : ''}${native.value} `));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a full storage quota stops the solve with a clear message and keeps the finished tiles', { timeout: 300_000 }, async () => {
  const context = await env.browser.newContext();
  // Every tile written as it finishes, so the quota runs out part-way. Room for what the
  // page keeps first (the 3x5 book's index and chunks for icelandic's first moves, some 225
  // kB) and the solve's first writes (its first tiles are tiny), not for the rest. Set before
  // the page stores anything: Chromium does not lower the quota of an origin already using it.
  let cdp;
  const beforeLoad = async (page) => {
    cdp = await context.newCDPSession(page);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: env.server.url.replace(/\/$/, ''), quotaSize: 500_000 });
  };
  const { page } = await openPage(context, env.server.url, '#board=icelandic&mode=hh', { query: '&checkpoint=0', beforeLoad });
  await page.click('#solve');
  await page.waitForFunction(() => ['error', 'finished'].includes(document.body.dataset.solve), null, { timeout: 240_000 });
  assert.equal(await page.evaluate(() => document.body.dataset.solve), 'error');
  const text = await page.textContent('#solve-text');
  assert.match(text, /refused more storage[\s\S]*every finished tile is kept/, text);
  await page.click('#storage summary');
  await page.waitForFunction(() => /partial \(\d+ tiles\)/.test(document.querySelector('#storage-table').textContent));
  // With the quota lifted the solve resumes from the kept tiles and finishes.
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: env.server.url.replace(/\/$/, '') });
  await page.click('#solve');
  await page.waitForFunction(() => document.body.dataset.solve === 'finished', null, { timeout: 240_000 });
  assert.match(await page.textContent('#solve-stats'), /tiles from storage/);
  await settled(page);
  const native = nativeAnalyze('icelandic', []);
  assert.match(await page.textContent('#value'), new RegExp(`^Value ${native.value > 0 ? '\\+' : ''}${native.value} `));
  // The storage panel deletes the board's tiles; the book it read stays.
  await page.click('#storage-table button[aria-label^="Delete icelandic"]');
  await page.waitForFunction(() => !/icelandic/.test(document.querySelector('#storage-table').textContent));
  assert.match(await page.textContent('#storage-table'), /book 3x5-d10\.book/);
  await context.close();
});

test("a position set up on icelandic is answered from icelandic's stored solve, not solved anew", { timeout: 300_000 }, async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=icelandic&mode=hh');
  await page.click('#solve');
  await page.waitForFunction(() => document.body.dataset.solve === 'finished', null, { timeout: 240_000 });
  await settled(page);
  // Two lines set up (28 open, past the 3x5 book's depth there): a 3x5 board with the
  // borders and those lines pre-drawn, a board of its own to the page, and icelandic's.
  await page.locator('body').press('d');
  await clickLine(page, 0);
  await page.waitForFunction(() => /[#&]pre=0,15,/.test(location.hash));
  await clickLine(page, 5);
  await page.waitForFunction(() => /[#&]pre=0,5,15,/.test(location.hash));
  await settled(page);
  assert.match(await page.textContent('#message'), /from icelandic's stored solve/);
  assert.equal(await page.isVisible('#solve-panel'), false, 'no solve offered');
  assert.deepEqual(await shownScores(page), nativeAnalyze('icelandic', [0, 5]).moves);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Web Locks: a second tab waits while the first solves the same board, then finds it solved', { timeout: 400_000 }, async () => {
  const context = await env.browser.newContext();
  // icelandic on one thread: its solve lasts long enough (seconds) for a second tab to open
  // meanwhile, once a first checkpoint (every quarter second here) is stored.
  const { page: first } = await openPage(context, env.server.url, '#board=icelandic&mode=hh', { query: '&checkpoint=0.25&threads=1' });
  await first.click('#solve');
  await first.waitForFunction(() => Number(document.body.dataset.percent ?? 0) > 5, null, { timeout: 120_000 });
  await waitForStoredTiles(first);
  const { page: second } = await openPage(context, env.server.url, '#board=icelandic&mode=hh');
  // The second tab sees stored tiles, resumes by itself, and waits for the lock.
  await second.waitForFunction(() => /another tab is solving this board/.test(document.querySelector('#solve-text').textContent), null, { timeout: 60_000 });
  await first.waitForFunction(() => document.body.dataset.solve === 'finished', null, { timeout: 300_000 });
  await second.waitForFunction(() => document.body.dataset.solve === 'finished', null, { timeout: 60_000 });
  await settled(second);
  const native = nativeAnalyze('icelandic', []);
  assert.match(await second.textContent('#value'), new RegExp(`^Value ${native.value > 0 ? '\\+' : ''}${native.value} `));
  await context.close();
});
