// Boards too large to solve in the browser: positions with at most 32 open lines get exact
// scores by search in the worker (equal to the native solver's), and an opening position
// gets a clear message instead of a stalled page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndLaunch, openPage, nativeAnalyze, settled } from './harness.mjs';

const env = serveAndLaunch();

const shown = (page) => page.$$eval('#svg g.move', (gs) => gs.map((g) => ({ line: Number(g.dataset.line), score: Number(g.dataset.score) })).sort((a, b) => a.line - b.line));

test('a 4x4 position past the browser solver is answered exactly by search', { timeout: 300_000 }, async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=4x4&mode=hh');
  await page.waitForFunction(() => /by search once at most 32/.test(document.querySelector('#message').textContent), null, { timeout: 60_000 });
  // 15 lines drawn, 25 open: more than the in-memory analysis takes, so the search answers.
  const moves = [0, 1, 2, 3, 4, 5, 6, 7, 8, 20, 21, 22, 23, 24, 25];
  await page.evaluate((m) => { location.hash = `#board=4x4&mode=hh&moves=${m.join(',')}`; }, moves);
  await page.waitForFunction((l) => document.body.dataset.lines === l, moves.join(','));
  await settled(page);
  assert.match(await page.textContent('#message'), /found by search/);
  assert.deepEqual(await shown(page), nativeAnalyze('4x4', moves).moves);
  assert.deepEqual(errors, []);
  await context.close();
});
