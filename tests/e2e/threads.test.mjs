// Where the page is not cross-origin isolated (most static hosts: no COOP/COEP headers), shared
// memory is refused, so the solving worker falls back to the single-threaded wasm and still
// answers as the native solver.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndLaunch, openPage, nativeAnalyze, settled, shownScores } from './harness.mjs';

const env = serveAndLaunch(['--no-isolation']);

test('without cross-origin isolation a solve runs on one thread, to the native scores', { timeout: 300_000 }, async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=2x5&mode=hh');
  assert.equal(await page.evaluate(() => self.crossOriginIsolated), false);
  await page.click('#solve');
  await page.waitForFunction(() => ['finished', 'error'].includes(document.body.dataset.solve), null, { timeout: 120_000 });
  assert.equal(await page.evaluate(() => document.body.dataset.solve), 'finished', await page.textContent('#solve-text'));
  assert.equal(await page.evaluate(() => document.body.dataset.threads), '1');
  await settled(page);
  assert.deepEqual(await shownScores(page), nativeAnalyze('2x5', []).moves);
  assert.deepEqual(errors, []);
  await context.close();
});
