// Chains as pseudo-lines in the real page: 5x5 problem positions of the CLI's fixture
// (tests/fixtures/pseudo_5x5.jsonl), past the plain solve's reach, loaded from an address,
// solved in the worker with their chains collapsed; every score shown equals the native
// `dotbox analyze 5x5 --lines ... --pseudo-lines --json`, each collapsed chain is drawn and
// named, the coach panel says what is exact; a 5x5 puzzle is answered. Screenshots at
// desktop and phone size, and of the puzzle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { serveAndLaunch, openPage, nativeAnalyze, settled, shownScores, RESULTS, ROOT } from './harness.mjs';

const env = serveAndLaunch();

const PROBLEMS = readFileSync(`${ROOT}tests/fixtures/pseudo_5x5.jsonl`, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
// Past the handover (30 open lines) and the search (32): only the reduction answers.
const FAR = PROBLEMS.filter((p) => p.open > 32);

const address = (p) => `#board=5x5&mode=hh&moves=${p.lines.join(',')}`;

/** Checks the page's answer for problem `p` against the native CLI. */
async function checkProblem(page, p) {
  await settled(page);
  const native = nativeAnalyze('5x5', p.lines, null, { pseudo: true });
  assert.equal(native.value, p.value, 'the fixture and the CLI agree');
  assert.deepEqual(await shownScores(page), native.moves, `scores shown at 5x5:${p.lines}`);
  assert.match(await page.textContent('#value'), new RegExp(`^Value ${native.value > 0 ? '\\+' : ''}${native.value} `));
  assert.match(await page.textContent('#message'), new RegExp(`chains as pseudo-lines: ${native.pseudo_lines.units} units for ${p.open} open lines`));
  // Every collapsed chain drawn once, its lines marked with its number, named in the legend.
  const chains = native.pseudo_lines.chains;
  assert.equal(await page.locator('#svg .pseudo-path').count(), chains.length);
  for (const [i, chain] of chains.entries()) {
    const marked = await page.$$eval(`#svg g.move[data-chain="${i + 1}"]`, (gs) => gs.map((g) => Number(g.dataset.line)).sort((a, b) => a - b));
    assert.deepEqual(marked, chain.lines, `chain ${i + 1}'s lines`);
    const item = await page.textContent(`#pseudo-chains li[data-chain="${i + 1}"]`);
    assert.match(item, new RegExp(`^Chain ${i + 1}: (long chain|loop) of ${chain.boxes} boxes`));
  }
  // The page answers by chains as pseudo-lines only where they prove the value.
  assert.equal(native.pseudo_lines.value_exact, true);
  const upper = native.pseudo_lines.unproven_moves;
  assert.equal(await page.getAttribute('#coach-pseudo', 'data-exact'), upper.length ? '0' : '1');
  assert.match(await page.textContent('#pseudo-exact'), upper.length ? /^The value is exact\. The scores of .* are upper bounds only/ : /^Exact: /);
  // Upper bounds equal to the value are not called best.
  const best = native.moves.filter((m) => m.score === native.value && !upper.includes(m.line)).map((m) => m.line);
  const advice = await page.textContent('#pseudo-advice');
  assert.match(advice, new RegExp(`^Best for [AB] \\(value ${native.value > 0 ? '\\+' : ''}${native.value}\\): `));
  for (const line of best) {
    const i = chains.findIndex((c) => c.lines.includes(line));
    const label = await page.evaluate((l) => window.dotboxApp.state.game.label(l), line);
    assert.ok(advice.includes(i >= 0 ? `chain ${i + 1}` : label), `the advice names best move ${label}: ${advice}`);
  }
}

test('5x5 problems past the plain solve are solved by pseudo-lines in the page, as the CLI does, with their chains drawn', { timeout: 300_000 }, async () => {
  assert.ok(FAR.length >= 2, 'the fixture has problems past 32 open lines');
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const { page, errors } = await openPage(context, env.server.url, address(FAR[0]));
  await checkProblem(page, FAR[0]);
  await page.screenshot({ path: `${RESULTS}/pseudo-desktop.png`, fullPage: true });
  // The next problem by address in the same page.
  await page.evaluate((h) => { location.hash = h; }, address(FAR[1]));
  await page.waitForFunction((l) => document.body.dataset.lines === l, [...FAR[1].lines].sort((a, b) => a - b).join(','));
  await checkProblem(page, FAR[1]);
  assert.deepEqual(errors, []);
  await context.close();

  const phone = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const { page: small, errors: phoneErrors } = await openPage(phone, env.server.url, address(FAR[0]));
  await checkProblem(small, FAR[0]);
  const width = await small.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `nothing overflows a phone screen (page is ${width} px wide)`);
  await small.screenshot({ path: `${RESULTS}/pseudo-phone.png`, fullPage: true });
  assert.deepEqual(phoneErrors, []);
  await phone.close();
});

// 5x5 with 33 open lines after a sacrifice (a box stands capturable): chains as pseudo-lines
// prove the value, but not the score of entering a chain while the box stands (an upper bound).
const CAPTURABLE = [20, 31, 50, 51, 52, 54, 15, 53, 7, 37, 46, 5, 40, 2, 4, 8, 41, 21, 34, 43, 6, 57, 58, 56, 59, 47, 18];

test('a 5x5 position whose pseudo-line scores are not all proven marks those ~, never as exact', { timeout: 120_000 }, async () => {
  const native = nativeAnalyze('5x5', CAPTURABLE, null, { pseudo: true });
  assert.equal(native.pseudo_lines.value_exact, true);
  const unproven = native.pseudo_lines.unproven_moves;
  assert.ok(unproven.length > 0 && unproven.length < native.moves.length, 'some scores proven, some not');
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, `#board=5x5&mode=hh&moves=${CAPTURABLE.join(',')}`);
  await settled(page);
  assert.match(await page.textContent('#message'), /chains as pseudo-lines: \d+ units for 33 open lines, solved in [\d.]+ s/);
  // The scores are the reduction's, as the CLI gives them; the unproven ones marked so.
  assert.deepEqual(await shownScores(page), native.moves);
  const marks = await page.$$eval('#svg g.move', (gs) => gs.map((g) => ({
    line: Number(g.dataset.line), unproven: g.dataset.unproven, text: g.querySelector('text.score')?.textContent, aria: g.getAttribute('aria-label'),
  })));
  assert.equal(marks.length, 33);
  for (const m of marks) {
    if (unproven.includes(m.line)) {
      assert.equal(m.unproven, '1', m.aria);
      assert.match(m.text, /^~[+−-]?\d+$/, m.aria);
      assert.match(m.aria, /, score ~[+−-]?\d+ \(not proven exact\)/);
    } else {
      assert.notEqual(m.unproven, '1', m.aria);
      assert.match(m.text, /^[+−-]?\d+$/, m.aria);
    }
  }
  // The value is proven: shown exact.
  assert.match(await page.textContent('#value'), new RegExp(`^Value ${native.value > 0 ? '\\+' : ''}${native.value} `));
  assert.equal(await page.getAttribute('#coach-pseudo', 'data-exact'), '0');
  await page.screenshot({ path: `${RESULTS}/pseudo-unproven.png`, fullPage: true });
  // A move played there whose score is unproven is first not judged as if it were exact (the
  // move list's search, up to a second, then proves it: the next test). Every verdict shown
  // is watched, as the search's may replace the first before a frame is painted.
  await page.evaluate(() => {
    window.verdicts = [];
    new MutationObserver(() => window.verdicts.push(document.querySelector('#coach-move').textContent))
      .observe(document.querySelector('#coach-move'), { childList: true, subtree: true, characterData: true });
  });
  await page.click(`#svg g.move[data-line="${unproven[0]}"]`, { force: true });
  await page.waitForFunction(() => window.verdicts.some((v) => /not judged exactly/.test(v)), null, { timeout: 30_000 });
  const verdict = await page.evaluate(() => window.verdicts.find((v) => /not judged exactly/.test(v)));
  assert.match(verdict, /^\S+: not judged exactly\. Chains as pseudo-lines score it ~[+−-]?\d+, but do not prove that score\.$/);
  // Nor is its loss listed until it is proven.
  const loss = await page.getAttribute('#moves li[data-ply="28"]', 'data-loss');
  assert.ok(loss === '' || Number(loss) === native.value - (await nativeAnalyze('5x5', CAPTURABLE, null, { method: 'search' })).moves.find((m) => m.line === unproven[0]).score, `loss ${loss}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a position whose chains would not prove its value is left to the engine, not shown as pseudo-lines', { timeout: 120_000 }, async () => {
  // Three chains of 4 boxes from the left border into junction boxes of the right column: 28
  // units for 40 open lines, junction-ended, so the reduction would prove no value.
  const lines = [0, 1, 2, 3, 5, 6, 7, 8, 10, 11, 12, 13, 15, 16, 17, 18, 25, 26, 27, 28];
  const native = nativeAnalyze('5x5', lines, null, { pseudo: true });
  assert.equal(native.pseudo_lines.value_exact, false);
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, `#board=5x5&mode=hh&moves=${lines.join(',')}`);
  await settled(page);
  await page.waitForFunction(() => !/analysing|estimating/i.test(document.querySelector('#message').textContent));
  assert.doesNotMatch(await page.textContent('#message'), /chains as pseudo-lines/);
  assert.ok(await page.$eval('#coach-pseudo', (p) => p.hidden), 'no pseudo-lines panel');
  assert.equal(await page.locator('#svg .pseudo-path').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a move chains as pseudo-lines could not judge is judged once the move list\'s search makes the position before it exact', { timeout: 300_000 }, async () => {
  const context = await env.browser.newContext();
  // The position with a box standing capturable, then a chain entered (line 1): pseudo-lines
  // do not prove that move's score; the move list's search of the position finds it.
  const lines = [...CAPTURABLE, 1];
  assert.ok(nativeAnalyze('5x5', CAPTURABLE, null, { pseudo: true }).pseudo_lines.unproven_moves.includes(1));
  const { page, errors } = await openPage(context, env.server.url, `#board=5x5&mode=hh&moves=${lines.join(',')}`);
  await page.waitForFunction(() => /: (not judged exactly|It |This )/.test(document.querySelector('#coach-move').textContent), null, { timeout: 60_000 });
  const before = nativeAnalyze('5x5', CAPTURABLE, null, { method: 'search' });
  const score = before.moves.find((m) => m.line === 1).score;
  // Judged with the search's exact score, whether the search came before the verdict or after.
  await page.waitForFunction(() => document.querySelector('#coach-move').dataset.line !== undefined, null, { timeout: 240_000 });
  const judged = await page.textContent('#coach-move p:first-child');
  assert.match(judged, new RegExp(`^B drew \\S+ \\(score ${score > 0 ? '\\+' : ''}${score}, best ${before.value > 0 ? '\\+' : ''}${before.value}\\)`), judged);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a 5x5 chain puzzle: the best move is found and confirmed', async () => {
  const small = JSON.parse(readFileSync(`${ROOT}www/puzzles.json`, 'utf8'));
  const set = JSON.parse(readFileSync(`${ROOT}www/puzzles-5x5.json`, 'utf8')).sort((a, b) => a.difficulty - b.difficulty);
  assert.ok(set.length >= 1);
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=3x3&mode=hh');
  await page.click('#puzzle-open');
  await page.waitForSelector('#puzzle:not([hidden])');
  // The 5x5 set follows the small boards' set: step back from the first puzzle to the last.
  await page.click('#puzzle-prev');
  const p = set.at(-1);
  assert.equal(await page.getAttribute('#puzzle', 'data-index'), String(small.length + set.length - 1));
  assert.match(await page.textContent('#puzzle-title'), / · 5x5 · /);
  const open = await page.$$eval('#puzzle-svg g.move', (gs) => gs.map((g) => Number(g.dataset.line)));
  assert.deepEqual(open, p.scores.map((s) => s.line));
  // The solution is the only move keeping the value the CLI gives by pseudo-lines.
  const native = nativeAnalyze('5x5', p.lines, null, { pseudo: true });
  assert.equal(native.value, p.value);
  assert.deepEqual(native.moves.filter((m) => m.score === native.value).map((m) => m.line), [p.solution]);
  await page.click(`#puzzle-svg g.move[data-line="${p.solution}"]`, { force: true });
  assert.equal(await page.getAttribute('#puzzle', 'data-answered'), 'right');
  assert.match(await page.textContent('#puzzle-feedback'), /^Right: .*This is the only best move/);
  await page.locator('#puzzle').screenshot({ path: `${RESULTS}/pseudo-puzzle.png` });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a 5x5 position past every method the page runs on its own is searched when asked, with the scores of the native search', { timeout: 180_000 }, async () => {
  // 32 units for 39 open lines: past the handover, the quick search and the page's pseudo-line
  // limit; the search answers it in a few seconds.
  const lines = [2, 5, 6, 9, 16, 17, 20, 21, 22, 23, 24, 26, 29, 32, 38, 40, 42, 43, 45, 46, 48];
  const native = nativeAnalyze('5x5', lines, null, { method: 'search' });
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, `#board=5x5&mode=hh&moves=${lines.join(',')}`);
  await page.waitForSelector('#deep-search:not([hidden])', { timeout: 60_000 });
  assert.match(await page.textContent('#deep-search'), /^Search for the exact scores \(up to \d+ s\)$/);
  assert.ok(await page.$$eval('#svg g.move', (gs) => gs.every((g) => g.dataset.score === '')), 'no score before the search');
  // The search runs in a worker of its own: it can be stopped at once, and asked for again.
  await page.click('#deep-search');
  await page.waitForFunction(() => document.body.dataset.deepSearch === 'running');
  assert.equal(await page.textContent('#deep-search'), 'Stop searching');
  await page.click('#deep-search');
  assert.equal(await page.evaluate(() => document.body.dataset.deepSearch), undefined);
  assert.match(await page.textContent('#deep-search'), /^Search for the exact scores/);
  assert.ok(await page.$$eval('#svg g.move', (gs) => gs.every((g) => g.dataset.score === '')), 'a stopped search shows no score');
  await page.click('#deep-search');
  await page.waitForFunction(() => document.querySelectorAll('#svg g.move:not([data-score=""])').length > 0, null, { timeout: 150_000 });
  await settled(page);
  assert.deepEqual(await shownScores(page), native.moves);
  assert.match(await page.textContent('#value'), new RegExp(`^Value ${native.value > 0 ? '\\+' : ''}${native.value} `));
  assert.match(await page.textContent('#message'), /found by search/);
  assert.ok(await page.isHidden('#deep-search'));
  // Another position takes the offer back; the empty board, too large, gets none.
  await page.evaluate(() => { location.hash = '#board=5x5&mode=hh'; });
  await page.waitForFunction(() => document.body.dataset.lines === '');
  await page.waitForFunction(() => document.body.dataset.state === 'idle');
  assert.ok(await page.isHidden('#deep-search'));
  assert.deepEqual(errors, []);
  await context.close();
});
