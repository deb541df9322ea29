// A solve in two workers (the solving worker and its helper, computing tiles of each layer
// side by side) stores exactly the tiles one worker stores, and answers as the native solver.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndLaunch, openPage, nativeAnalyze, settled, shownScores, showPosition } from './harness.mjs';

const env = serveAndLaunch();

/** Every tile IndexedDB holds: {key: SHA-256 of its bytes}. */
function storedDigests(page) {
  return page.evaluate(async () => {
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('dotbox');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = (store, method) => new Promise((resolve, reject) => {
      const req = db.transaction(store).objectStore(store)[method]();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const [keys, values] = [await all('tiles', 'getAllKeys'), await all('tiles', 'getAll')];
    db.close();
    const digests = {};
    for (const [i, key] of keys.entries()) {
      const bytes = values[i] instanceof Blob ? await values[i].arrayBuffer() : values[i];
      const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
      digests[key.join(',')] = [...hash].map((b) => b.toString(16).padStart(2, '0')).join('');
    }
    return digests;
  });
}

/** Solves `board` in a fresh profile with `?workers=N`: the stored tiles and the page. */
async function solveWith(board, workers) {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, `#board=${board}&mode=hh`, { query: `&workers=${workers}` });
  await page.click('#solve');
  await page.waitForFunction(() => ['finished', 'error'].includes(document.body.dataset.solve), null, { timeout: 120_000 });
  assert.equal(await page.evaluate(() => document.body.dataset.solve), 'finished', await page.textContent('#solve-text'));
  await settled(page);
  const figures = await page.evaluate(() => ({ workers: Number(document.body.dataset.workers), helperTiles: Number(document.body.dataset.helperTiles) }));
  return { context, page, errors, figures, tiles: await storedDigests(page) };
}

test('2x5: two workers store the very tiles one worker stores, and score as natively', { timeout: 300_000 }, async () => {
  const one = await solveWith('2x5', 1);
  const two = await solveWith('2x5', 2);
  assert.equal(one.figures.workers, 1);
  assert.equal(two.figures.workers, 2);
  assert.ok(two.figures.helperTiles > 0, `the second worker computed ${two.figures.helperTiles} tiles`);
  assert.ok(Object.keys(two.tiles).length >= 5, 'the kept layers are stored');
  assert.deepEqual(two.tiles, one.tiles, 'the same tiles, byte for byte');
  for (const moves of [[], [3, 11], [0, 5, 9, 20]]) {
    if (moves.length) await showPosition(two.page, '2x5', moves);
    assert.deepEqual(await shownScores(two.page), nativeAnalyze('2x5', moves).moves, `scores after ${moves}`);
  }
  for (const s of [one, two]) {
    assert.deepEqual(s.errors, []);
    await s.context.close();
  }
});
