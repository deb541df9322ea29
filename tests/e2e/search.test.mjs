// Boards too large to solve whole in the browser: a position with at most 30 open lines
// (past the 4x4 book's depth) and many safe lines is handed over to the retrograde solve of
// its subgame in the worker; one with few safe lines left is answered by the search at once,
// no subgame solved; both with scores equal to the native solver's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndLaunch, openPage, nativeAnalyze, settled, shownScores } from './harness.mjs';

const env = serveAndLaunch();

test('a 4x4 position past the browser solver is answered exactly by the handover solve', { timeout: 300_000 }, async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=4x4&mode=hh');
  await settled(page);
  // 15 lines drawn, 25 open: more than the in-memory analysis takes, so the subgame is solved.
  const moves = [0, 1, 2, 3, 4, 5, 6, 7, 8, 20, 21, 22, 23, 24, 25];
  await page.evaluate((m) => { location.hash = `#board=4x4&mode=hh&moves=${m.join(',')}`; }, moves);
  await page.waitForFunction((l) => document.body.dataset.lines === l, moves.join(','));
  await settled(page);
  assert.match(await page.textContent('#message'), /exact: from the solve of this game's position after \d+ lines/);
  assert.ok(await page.isHidden('#exactness'));
  assert.deepEqual(await shownScores(page), nativeAnalyze('4x4', moves).moves);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a 5x5 position with no safe line left is answered exactly by the search, no subgame solved', { timeout: 300_000 }, async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=5x5&mode=hh');
  await settled(page);
  // Every horizontal line drawn: 30 open lines, every box with two sides, so no line is safe.
  const moves = Array.from({ length: 30 }, (_, i) => i);
  await page.evaluate((m) => { location.hash = `#board=5x5&mode=hh&moves=${m.join(',')}`; }, moves);
  await page.waitForFunction((l) => document.body.dataset.lines === l, moves.join(','));
  await settled(page);
  assert.match(await page.textContent('#message'), /found by search/);
  assert.ok(await page.isHidden('#exactness'));
  assert.deepEqual(await shownScores(page), nativeAnalyze('5x5', moves).moves);
  // No handover solve was made or stored (the page opens its database only to store a solve).
  const subgames = await page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((d) => d.name === 'dotbox')) return 0;
    return new Promise((resolve, reject) => {
      const open = indexedDB.open('dotbox');
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('subgames')) return resolve(0);
        const all = db.transaction('subgames').objectStore('subgames').getAll();
        all.onsuccess = () => resolve(all.result.length);
        all.onerror = () => reject(all.error);
      };
      open.onerror = () => reject(open.error);
    });
  });
  assert.equal(subgames, 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the search\'s bar shows only once it has run a second', { timeout: 300_000 }, async () => {
  const context = await env.browser.newContext();
  // Every text the bar shows, from the page's first script on.
  await context.addInitScript(() => {
    window.barTexts = [];
    new MutationObserver(() => {
      const bar = document.querySelector('#wait');
      if (bar && !bar.hidden) window.barTexts.push(document.querySelector('#wait-text').textContent);
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  // 4x5 with 32 open lines: the page's one-second search, 2.7 M nodes natively (1.2 s on one
  // thread), so it reports its progress within its first second, and may run out.
  const moves = [0, 2, 3, 5, 8, 10, 14, 16, 21, 22, 23, 24, 30, 36, 39, 40, 43];
  const { page, errors } = await openPage(context, env.server.url, `#board=4x5&mode=hh&moves=${moves.join(',')}`);
  await page.waitForFunction((l) => document.body.dataset.lines === l, moves.join(','));
  await settled(page);
  const searching = (await page.evaluate(() => window.barTexts)).filter((t) => t.startsWith('searching'));
  for (const text of searching) {
    const seconds = text.match(/^searching… (\d+\.\d) s, /);
    assert.ok(seconds && Number(seconds[1]) >= 1, `the search's bar in its first second: ${text}`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});
