// A helper worker that cannot start (its script served damaged, so it fails to load): the
// solving worker takes back the tiles it handed over and finishes the solve alone, to the
// native scores, saying that the second worker stopped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndLaunch, openPage, nativeAnalyze, settled, shownScores, showPosition } from './harness.mjs';

const env = serveAndLaunch(['--damage', 'tile-worker.js:0-64']);

test('a helper worker that fails to load: the solve goes on in one worker to the native scores', { timeout: 300_000 }, async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=2x5&mode=hh', { query: '&workers=2' });
  await page.click('#solve');
  await page.waitForFunction(() => ['finished', 'error'].includes(document.body.dataset.solve), null, { timeout: 120_000 });
  assert.equal(await page.evaluate(() => document.body.dataset.solve), 'finished', await page.textContent('#solve-text'));
  await settled(page);
  assert.equal(await page.evaluate(() => document.body.dataset.workers), '1');
  assert.match(await page.textContent('#solve-stats'), /the second worker stopped/);
  for (const moves of [[], [3, 11], [0, 5, 9, 20]]) {
    if (moves.length) await showPosition(page, '2x5', moves);
    assert.deepEqual(await shownScores(page), nativeAnalyze('2x5', moves).moves, `scores after ${moves}`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});
