// Cancelling a solve in the page: the page says it stopped, every tile computed so far is
// kept in IndexedDB (the resumed run has exactly the rest to do), and the resumed solve
// finishes with the native solver's value.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndLaunch, openPage, nativeAnalyze, settled, storedTiles } from './harness.mjs';

const env = serveAndLaunch();

/** `{done, total, reused}` tiles from the solve's progress line. */
async function tiles(page) {
  const stats = await page.textContent('#solve-stats');
  const [, done, total] = /tile (\d+)\/(\d+)/.exec(stats) ?? [];
  assert.ok(done, `progress names the tiles: ${stats}`);
  const reused = /(\d+) tiles from storage/.exec(stats)?.[1] ?? 0;
  return { done: Number(done), total: Number(total), reused: Number(reused) };
}

test('a cancelled solve keeps its tiles and a restart resumes to the native value', { timeout: 300_000 }, async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=icelandic&mode=hh');
  await page.click('#solve');
  await page.waitForFunction(() => Number(document.body.dataset.percent ?? 0) >= 30, null, { timeout: 120_000, polling: 20 });
  await page.click('#cancel');
  await page.waitForFunction(() => document.body.dataset.solve !== 'running', null, { timeout: 60_000 });
  assert.equal(await page.evaluate(() => document.body.dataset.solve), 'cancelled', 'the solve stopped before finishing');
  // The page says the solve stopped part-way and offers to resume it.
  await page.waitForFunction(() => /stopped part-way/.test(document.querySelector('#solve-text').textContent), null, { timeout: 30_000 });
  const text = await page.textContent('#solve-text');
  const kept = Number(/\((\d+) tiles stored\)/.exec(text)?.[1]);
  assert.equal(await page.textContent('#solve'), 'Resume the solve');
  assert.equal(await storedTiles(page), kept, `the page's count is what IndexedDB holds: ${text}`);
  const first = await tiles(page);
  assert.ok(first.done > 0 && first.done < first.total, `cancelled part-way: tile ${first.done}/${first.total}`);
  // The progress line's "MB stored" is what the storage panel lists for this solve.
  const stored = /([\d.]+) MB stored/.exec(await page.textContent('#solve-stats'))[1];
  await page.click('#storage summary');
  await page.waitForFunction(() => /partial/.test(document.querySelector('#storage-table').textContent));
  const listed = await page.$eval('#storage-table tbody tr', (tr) => tr.cells[1].textContent);
  assert.equal(listed, `${stored} MB`, 'the stored size agrees with the storage panel');
  await page.click('#storage summary');

  await page.click('#solve');
  await page.waitForFunction(() => /tiles from storage/.test(document.querySelector('#solve-stats').textContent), null, { timeout: 60_000 });
  const resumed = await tiles(page);
  assert.equal(resumed.reused, kept, 'the restart starts from every kept tile');
  assert.equal(resumed.total, first.total - first.done, 'and computes only the tiles the cancelled run had not');
  await page.waitForFunction(() => ['finished', 'error'].includes(document.body.dataset.solve), null, { timeout: 240_000 });
  assert.equal(await page.evaluate(() => document.body.dataset.solve), 'finished', await page.textContent('#solve-text'));
  await settled(page);
  const native = nativeAnalyze('icelandic', []);
  assert.match(await page.textContent('#value'), new RegExp(`^Value ${native.value > 0 ? '\\+' : ''}${native.value} `));
  const shown = await page.$$eval('#svg g.move', (gs) => gs.map((g) => ({ line: Number(g.dataset.line), score: Number(g.dataset.score) })).sort((a, b) => a.line - b.line));
  assert.deepEqual(shown, native.moves, 'every first move scores as natively');
  assert.deepEqual(errors, []);
  await context.close();
});
