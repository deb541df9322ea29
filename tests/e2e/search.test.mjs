// Boards too large to solve whole in the browser: a position with at most 30 open lines
// (past the 4x4 book's depth) is handed over to the retrograde solve of its subgame in the
// worker, with scores equal to the native solver's.
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
