// The icelandic board solved in the page (in two workers): reloading mid-way resumes from the
// tiles stored in IndexedDB (not from scratch) and the finished solve gives the native
// solver's value and scores; a full storage quota stops the solve with a clear message, keeping its tiles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndLaunch, openPage, nativeAnalyze, settled, storedTiles } from './harness.mjs';

const env = serveAndLaunch();

const percent = (page) => page.evaluate(() => Number(document.body.dataset.percent ?? 0));

async function waitForStoredTiles(page) {
  for (let i = 0; i < 600 && (await storedTiles(page)) === 0; i++) await page.waitForTimeout(100);
  assert.ok((await storedTiles(page)) > 0, 'the solve writes its tiles as it goes');
}

test('icelandic: a solve reloaded mid-way resumes and finishes with the native value', { timeout: 900_000 }, async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=icelandic&mode=hh', { query: '&workers=2' });
  await page.click('#solve');
  await page.waitForFunction(() => Number(document.body.dataset.percent ?? 0) >= 25, null, { timeout: 600_000 });
  await waitForStoredTiles(page);
  const before = await percent(page);
  const [, done, total] = /tile (\d+)\/(\d+)/.exec(await page.textContent('#solve-stats')).map(Number);
  await page.reload();
  await page.waitForSelector('body[data-ready="1"]');
  // The page resumes the solve by itself, from the stored tiles.
  await page.waitForFunction(() => document.body.dataset.solve === 'running', null, { timeout: 60_000 });
  await page.waitForFunction(() => /tiles from storage/.test(document.querySelector('#solve-stats').textContent), null, { timeout: 60_000 });
  const stats = await page.textContent('#solve-stats');
  const reused = Number(/(\d+) tiles from storage/.exec(stats)[1]);
  assert.ok(reused > 0, `resumed with ${reused} stored tiles (was at ${before} %)`);
  // The tiles finished before the reload are kept (all but those of the last half second):
  // the resumed run has at most the rest and a few more to compute.
  const left = Number(/tile \d+\/(\d+)/.exec(stats)[1]);
  assert.ok(left <= total - done / 2, `resumed with ${left} of ${total} tiles left, ${done} were done before the reload`);
  await page.waitForFunction(() => document.body.dataset.solve === 'finished', null, { timeout: 800_000 });
  // Both cores solved: the helper worker computed tiles of the resumed run too.
  const { workers, helperTiles } = await page.evaluate(() => ({ ...document.body.dataset }));
  assert.equal(workers, '2');
  assert.ok(Number(helperTiles) > 0, `the second worker computed ${helperTiles} tiles`);
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

test('a reload at any point of a solve resumes from every tile finished before it', { timeout: 600_000 }, async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=icelandic&mode=hh');
  await page.click('#solve');
  for (const at of [15, 40, 65]) {
    // The page's own count of finished tiles, read at the moment of the reload.
    await page.waitForFunction((p) => Number(document.body.dataset.percent ?? 0) >= p && /tile \d+\/\d+/.test(document.querySelector('#solve-stats').textContent), at, { timeout: 600_000 });
    const [, done, total] = /tile (\d+)\/(\d+)/.exec(await page.textContent('#solve-stats')).map(Number);
    await page.reload();
    await page.waitForSelector('body[data-ready="1"]');
    await page.waitForFunction(() => /tiles from storage/.test(document.querySelector('#solve-stats').textContent), null, { timeout: 60_000 });
    const left = Number(/tile \d+\/(\d+)/.exec(await page.textContent('#solve-stats'))[1]);
    assert.ok(left <= total - done, `reloaded at ${at} % with ${done} of ${total} tiles done: ${left} left, so ${left - (total - done)} finished tiles were lost`);
  }
  await page.waitForFunction(() => document.body.dataset.solve === 'finished', null, { timeout: 300_000 });
  await settled(page);
  const native = nativeAnalyze('icelandic', []);
  assert.match(await page.textContent('#value'), new RegExp(`^Value ${native.value > 0 ? '\\+' : ''}${native.value} `));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a full storage quota stops the solve with a clear message and keeps the finished tiles', { timeout: 300_000 }, async () => {
  const context = await env.browser.newContext();
  const { page } = await openPage(context, env.server.url, '#board=4x3&mode=hh');
  const cdp = await context.newCDPSession(page);
  // Room for the solve's first writes (its first tiles are tiny), not for the rest.
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: env.server.url.replace(/\/$/, ''), quotaSize: 500_000 });
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
  const native = nativeAnalyze('4x3', []);
  assert.match(await page.textContent('#value'), new RegExp(`^Value ${native.value > 0 ? '\\+' : ''}${native.value} `));
  // The storage panel deletes the board's tiles.
  await page.click('#storage-table button');
  await page.waitForFunction(() => /Nothing stored yet/.test(document.querySelector('#storage-table').textContent));
  await context.close();
});

test('Web Locks: a second tab waits while the first solves the same board, then finds it solved', { timeout: 400_000 }, async () => {
  const context = await env.browser.newContext();
  // icelandic: its solve lasts long enough (seconds) for a second tab to open meanwhile.
  const { page: first } = await openPage(context, env.server.url, '#board=icelandic&mode=hh');
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
