// What the page keeps as a person uses it: the keyboard focus on the board after a line is
// drawn (and after the engine's reply), no final margin shown exact for a value not proven,
// booked boards labelled by their book in the picker, the game and its variations on
// the browser's Back from Learn, the exact search's progress bar while it runs and the best
// line found again once it answers, a move of
// the list keeping the focus as the list fills in, and on a phone the Tab order of the
// panels as they are shown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndLaunch, openPage, settled, clickLine, sleep, listedMoves, nativeAnalyze } from './harness.mjs';

const env = serveAndLaunch();

/** The focused element: whether it is an open line of the board, and its line. */
const focusOf = (page) => page.evaluate(() => {
  const el = document.activeElement;
  return { tag: el.tagName, id: el.id, onBoard: Boolean(el.closest('#svg g.move')), line: el.dataset?.line ?? null };
});

test('drawing a line with the keyboard keeps the focus on the board', async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=3x3&mode=hh');
  await settled(page);
  await page.keyboard.press('ArrowDown'); // enters the board
  const first = await focusOf(page);
  assert.ok(first.onBoard, JSON.stringify(first));
  await page.keyboard.press('Enter');
  await page.waitForFunction((l) => document.body.dataset.lines === l, first.line);
  await settled(page);
  // The line drawn is gone: the focus is on the open line nearest it, the board's cursor.
  const after = await focusOf(page);
  assert.ok(after.onBoard, `the focus stays on the board: ${JSON.stringify(after)}`);
  assert.notEqual(after.line, first.line);
  assert.equal(await page.$eval('#svg g.move.cursor', (g) => g.dataset.line), after.line, 'the focused line is the cursor');
  // The next arrow key moves on the board, not through the move list.
  await page.keyboard.press('ArrowRight');
  const moved = await focusOf(page);
  assert.ok(moved.onBoard && moved.line !== after.line, JSON.stringify(moved));
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.body.dataset.lines.split(',').length === 2);
  await settled(page);
  assert.ok((await focusOf(page)).onBoard);
  assert.match(await page.evaluate(() => location.hash), new RegExp(`moves=${first.line},${moved.line}$`), 'both moves played, none stepped back');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the engine\'s reply keeps the keyboard focus on the board, and leaves a form field focused', async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=3x3&mode=p1', { delay: 1000 });
  await settled(page);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.body.dataset.lines.split(',').length === 2, null, { timeout: 30_000 });
  await settled(page);
  assert.ok((await focusOf(page)).onBoard, 'the engine replied and the focus is on the board');
  // A person who went on to the form while the engine thinks keeps the focus there.
  await page.keyboard.press('Enter');
  await page.focus('#predrawn');
  await page.waitForFunction(() => document.body.dataset.lines.split(',').length === 4, null, { timeout: 30_000 });
  await settled(page);
  assert.equal((await focusOf(page)).id, 'predrawn');
  // A line drawn with the mouse does not put a keyboard cursor on the board.
  await page.$eval('#predrawn', (e) => e.blur());
  const open = await page.$eval('#svg g.move', (g) => Number(g.dataset.line));
  await clickLine(page, open);
  await page.waitForFunction(() => document.body.dataset.lines.split(',').length === 6, null, { timeout: 30_000 });
  await settled(page);
  assert.equal(await page.$$eval('#svg g.move.cursor', (gs) => gs.length), 0, 'no cursor after a click');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a value not proven is never shown with an exact final margin', { timeout: 120_000 }, async () => {
  // 23 even lines of 5x5 (37 open lines): past the page's exact methods, the engine answers,
  // solved or with the value proven by its search (then exact, with the final margin it
  // implies) or estimated (then no final margin at all).
  const moves = Array.from({ length: 23 }, (_, i) => 2 * i);
  const { value: exact } = nativeAnalyze('5x5', moves, null, { method: 'search' });
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, `#board=5x5&mode=hh&moves=${moves.join(',')}`);
  await settled(page);
  await page.waitForFunction(() => /^(Value [+−-]?\d|Estimated value)/.test(document.querySelector('#value').textContent));
  const value = await page.textContent('#value');
  if (value.startsWith('Estimated')) {
    assert.doesNotMatch(value, /wins by|a draw|with perfect play/, value);
  } else {
    // B is to move: the final margin for B is the value (no box taken yet).
    const shown = exact > 0 ? `+${exact}` : `${exact}`;
    const ends = exact === 0 ? 'a draw' : `${exact > 0 ? 'B' : 'A'} wins by ${Math.abs(exact)}`;
    assert.match(value, new RegExp(`^Value ${shown} for B \\(${ends} with perfect play\\)`), value);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('the board picker labels 3x4 and 4x3 as played from their opening book', async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=3x3&mode=hh');
  const labels = await page.$$eval('#board option', (os) => Object.fromEntries(os.map((o) => [o.value, o.textContent])));
  for (const board of ['3x4', '4x3']) {
    assert.match(labels[board], /^\d×\d \(31 lines, exact from the first move: opening book\)$/, labels[board]);
  }
  // Boards without a book keep their labels; the larger booked ones theirs.
  assert.equal(labels['2x5'], '2×5 (27 lines, solved once)');
  assert.equal(labels['4x4'], '4×4 (40 lines, exact from the first move: opening book)');
  assert.equal(labels['5x3'], '5×3 (38 lines, exact from the first move: opening book)');
  assert.equal(labels['5x5'], '5×5 (60 lines, exact from 30 open lines)');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the browser\'s Back from Learn returns to the game with its variations', async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=3x3&mode=hh&moves=0,5,7');
  await settled(page);
  await page.click('#moves li[data-ply="1"] button');
  await page.waitForFunction(() => document.body.dataset.lines === '0');
  await settled(page);
  await clickLine(page, 9);
  await page.waitForFunction(() => document.body.dataset.lines === '0,9');
  await settled(page);
  const variations = () => page.$$eval('#moves li.variation button[data-moves]', (bs) => bs.map((b) => b.dataset.moves));
  const before = await variations();
  assert.ok(before.length > 0, 'the old line is a variation');
  await page.click('#learn-link');
  await page.waitForSelector('#learn[data-ready="1"]');
  await page.goBack();
  await page.waitForFunction(() => document.body.dataset.view === 'play');
  await sleep(300); // a new game, were one set up, would come now
  await settled(page);
  assert.equal(await page.evaluate(() => document.body.dataset.lines), '0,9');
  assert.deepEqual(await variations(), before);
  assert.match(await page.evaluate(() => location.hash), /moves=0,9$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the exact search\'s progress bar stays shown while it runs, the background estimates paused', { timeout: 180_000 }, async () => {
  // 20 even lines of 5x5, 40 open: offered the search; the move list estimates the line.
  const moves = Array.from({ length: 20 }, (_, i) => 2 * i);
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, `#board=5x5&mode=hh&moves=${moves.join(',')}`);
  await page.waitForSelector('#deep-search:not([hidden])', { timeout: 60_000 });
  const estimatedLosses = () => page.$$eval('#moves li[data-estimated-loss]', (ls) => ls.length);
  await page.click('#deep-search');
  await page.waitForFunction(() => document.body.dataset.deepSearch === 'running');
  await page.waitForSelector('#wait:not([hidden])');
  const atStart = await estimatedLosses();
  const hidden = [];
  for (let i = 0; i < 60; i++) {
    await sleep(50);
    const s = await page.evaluate(() => ({ running: document.body.dataset.deepSearch === 'running', hidden: document.querySelector('#wait').hidden }));
    if (!s.running) break;
    if (s.hidden) hidden.push(i);
  }
  assert.deepEqual(hidden, [], 'the bar never hid while the search ran');
  // At most the estimate under way when the search began ends meanwhile.
  assert.ok(await estimatedLosses() <= atStart + 1, 'no estimate asked for while the search runs');
  // Stopped, or finished on its own (a fast machine may finish it while the bar is watched),
  // the search gives the cores back: the move list's estimates go on. Clicked in the page, so
  // that a search ending just then does not leave a hidden button to wait for.
  await page.evaluate(() => {
    const stop = document.querySelector('#deep-search');
    if (document.body.dataset.deepSearch === 'running' && !stop.hidden) stop.click();
  });
  await page.waitForFunction((n) => document.querySelectorAll('#moves li[data-estimated-loss]').length > n, atStart + 1, { timeout: 60_000 });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the best line found from the engine\'s estimate is found again once the search asked for gives the exact scores', { timeout: 240_000 }, async () => {
  // 20 even lines of 5x5, 40 open: estimates only, until the search asked for (a few seconds).
  const moves = Array.from({ length: 20 }, (_, i) => 2 * i);
  // The truth first: the native search (some seconds) does not compete with the page's.
  const exact = nativeAnalyze('5x5', moves, null, { method: 'search' });
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, `#board=5x5&mode=hh&moves=${moves.join(',')}`);
  await page.waitForSelector('#deep-search:not([hidden])', { timeout: 60_000 });
  await page.locator('body').press('l');
  await page.waitForFunction(() => document.querySelector('#best-line').dataset.lines !== undefined, null, { timeout: 120_000 });
  assert.match(await page.textContent('#best-line'), /value estimated ~/);
  await page.click('#deep-search');
  await page.waitForFunction((v) => document.querySelector('#best-line').dataset.lines !== undefined
    && document.querySelector('#best-line').textContent.startsWith(`Best line (A to move, value ${v}):`), `${exact.value > 0 ? '+' : ''}${exact.value}`, { timeout: 200_000 });
  const first = Number((await page.getAttribute('#best-line', 'data-lines')).split(',')[0]);
  assert.equal((await page.getAttribute('#best-line', 'data-exact')).split(',')[0], '1');
  assert.equal(exact.moves.find((m) => m.line === first).score, exact.value, `${first} is a best move`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a move of the list keeps the keyboard focus while the list fills in its estimates, and the focus follows ←/→', { timeout: 120_000 }, async () => {
  // 20 even lines of 5x5: the list asks the engine for the positions before, one at a time,
  // and is drawn anew with each answer.
  const moves = Array.from({ length: 20 }, (_, i) => 2 * i);
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, `#board=5x5&mode=hh&moves=${moves.join(',')}`);
  await settled(page);
  const estimated = () => page.$$eval('#moves li[data-estimated-loss]', (ls) => ls.length);
  const before = await estimated();
  await page.focus('#moves li[data-ply="20"] button');
  await page.waitForFunction((n) => document.querySelectorAll('#moves li[data-estimated-loss]').length > n, before, { timeout: 60_000 });
  assert.ok(await estimated() > before, 'the list was drawn anew');
  const focusedPly = () => page.evaluate(() => document.activeElement.closest('#moves li')?.dataset.ply);
  assert.equal(await focusedPly(), '20');
  // ←/→ with the focus in the list step the position, and the focus goes with it.
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector('#moves li[data-ply="19"][aria-current]');
  assert.equal(await focusedPly(), '19');
  await page.keyboard.press('Home');
  await page.waitForFunction(() => !document.querySelector('#moves li[aria-current]'));
  assert.equal(await focusedPly(), '1', 'at the start, the first move (the one Tab reaches)');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('#moves li[data-ply="2"][aria-current]');
  assert.equal(await focusedPly(), '2');
  assert.deepEqual(errors, []);
  await context.close();
});

/** The page's Tab order from its first link until Tab leaves the page or comes round again:
 * each element reached, named by its id ('svg' for a line of the board; else its tag and the
 * nearest id around it), with its top and bottom on the page. */
async function tabOrder(page) {
  await page.focus('#play-link');
  const order = [];
  for (let i = 0; i < 100; i++) {
    const at = await page.evaluate(() => {
      const el = document.activeElement;
      if (el === document.body) return null;
      const box = el.getBoundingClientRect();
      const name = el.closest('#svg') ? 'svg' : el.id || `${el.tagName.toLowerCase()} in #${el.parentElement.closest('[id]').id}`;
      return { name, top: box.top + scrollY, bottom: box.bottom + scrollY };
    });
    if (!at || (i > 0 && at.name === 'play-link')) break;
    order.push(at);
    await page.keyboard.press('Tab');
  }
  return order;
}

/** Asserts that Tab never goes back up the page: each element it reaches ends below the top
 * of the one before it (elements side by side in a row may differ a little in height). */
function assertTopToBottom(order) {
  const names = order.map((o) => o.name).join(', ');
  order.slice(1).forEach((o, i) => assert.ok(o.bottom > order[i].top, `Tab goes up the page from ${order[i].name} to ${o.name}: ${names}`));
}

/** Asserts that Tab reaches each of `names` in that order. */
function assertReached(order, ...names) {
  const at = names.map((name) => order.findIndex((o) => o.name === name));
  assert.ok(at.every((i, j) => i !== -1 && (j === 0 || at[j - 1] < i)), `${names.join(' < ')}: ${order.map((o) => o.name).join(', ')}`);
}

test('on a phone Tab follows the panels in the order shown; on a desktop it is as before', { timeout: 180_000 }, async () => {
  // 20 even lines of 5x5, 40 open: the search offer and why the scores are estimates, which a
  // phone shows after the board's controls, as it shows the puzzles after the coach.
  const moves = Array.from({ length: 20 }, (_, i) => 2 * i);
  const context = await env.browser.newContext({ viewport: { width: 390, height: 844 } });
  const { page, errors } = await openPage(context, env.server.url, `#board=5x5&mode=hh&moves=${moves.join(',')}`);
  await page.waitForSelector('#deep-search:not([hidden])', { timeout: 60_000 });
  await settled(page);
  const phone = async () => {
    const order = await tabOrder(page);
    assertTopToBottom(order);
    assertReached(order, 'svg', 'switch-sides', 'deep-search', 'nav-first', 'coach-on', 'puzzle-open');
  };
  await phone();
  // On a desktop, the search offer above the board and the puzzles under it in the first
  // column come before the board and the side column, as they did; a control moved back
  // keeps the focus.
  await page.focus('#deep-search');
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.waitForFunction(() => document.querySelector('#deep-search').nextElementSibling?.id === 'wait');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'deep-search');
  assertReached(await tabOrder(page), 'deep-search', 'svg', 'switch-sides', 'puzzle-open', 'nav-first', 'coach-on');
  // Back to a phone's width, and Learn: the lesson first, then the list of lessons.
  await page.setViewportSize({ width: 390, height: 844 });
  await phone();
  await page.click('#learn-link');
  await page.waitForSelector('#learn[data-ready="1"]');
  const learn = await tabOrder(page);
  assertTopToBottom(learn);
  assertReached(learn, 'learn-svg', 'learn-reset');
  await page.setViewportSize({ width: 1100, height: 900 });
  assertReached(await tabOrder(page), 'learn-reset', 'learn-svg');
  assert.deepEqual(errors, []);
  await context.close();
});

/** A 3x3 game against the engine (it plays B), four moves played, shown `back` moves before
 * its end (the lines drawn then are `lines`). */
async function steppedBack(context, back, lines) {
  const opened = await openPage(context, env.server.url, '#board=3x3&mode=p1&moves=0,15,1,18');
  await settled(opened.page);
  for (let k = 0; k < back; k++) await opened.page.locator('body').press('ArrowLeft');
  await opened.page.waitForFunction((l) => document.body.dataset.lines === l, lines);
  await settled(opened.page);
  return opened;
}

test('switching sides at an earlier position, the engine plays on from there; the later moves stay a variation', async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await steppedBack(context, 2, '0,15');
  // A to move; the engine now plays A (it waited before, the game having moves after).
  await page.locator('body').press('f');
  await page.waitForFunction(() => document.body.dataset.lines.split(',').length === 3, null, { timeout: 20_000 });
  const played = (await listedMoves(page)).map((m) => m.line);
  assert.deepEqual(played.slice(0, 2), [0, 15]);
  await settled(page);
  // The line it left stays in the move list: as the line shown, where the engine's move is the
  // game's, or as a variation.
  const variations = await page.$$eval('#moves li.variation button[data-moves]', (bs) => bs.map((b) => b.dataset.moves));
  assert.ok(played[2] === 1 || variations.some((m) => m.startsWith('0,15,1')), JSON.stringify({ played, variations }));
  // Stepping back to a position where the engine is to move, it does not play there: what was
  // asked at one position is not asked of every position browsed.
  await page.locator('body').press('Home');
  await page.waitForFunction(() => document.body.dataset.lines === '');
  await page.locator('body').press('ArrowRight');
  await page.locator('body').press('ArrowRight');
  await page.waitForFunction(() => document.body.dataset.lines === '0,15');
  await settled(page);
  await sleep(1500);
  assert.equal(await page.evaluate(() => document.body.dataset.lines), '0,15');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a reload while stepping back keeps the rest of the game; a new game from the form is a step of Back', async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await steppedBack(context, 3, '0');
  assert.match(await page.evaluate(() => location.hash), /moves=0,15,1,18&at=1$/);
  // The address held only the moves up to the position shown before: the rest was lost.
  await page.reload();
  await page.waitForFunction(() => document.body.dataset.ready === '1');
  await settled(page);
  await sleep(1500); // the engine (B, to move) would have played by now
  assert.equal(await page.evaluate(() => document.body.dataset.lines), '0');
  await page.locator('body').press('End');
  await page.waitForFunction(() => document.body.dataset.lines === '0,1,15,18');
  // A new 4x4 game from the form; Back returns to the 3x3 game.
  await page.selectOption('#board', '4x4');
  await page.click('#new-game button[type=submit]');
  await page.waitForFunction(() => /board=4x4/.test(location.hash));
  await settled(page);
  await page.goBack();
  await page.waitForFunction(() => /board=3x3/.test(location.hash) && document.body.dataset.lines === '0,1,15,18');
  assert.deepEqual(errors, []);
  await context.close();
});

test('in the move list the up and down arrows stay in the list: Enter then draws no line', async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=3x3&mode=hh&moves=0,15');
  await settled(page);
  await page.focus('#moves li[data-ply] > button');
  await page.keyboard.press('ArrowUp');
  const focus = await focusOf(page);
  assert.ok(!focus.onBoard, `the focus left the list for the board: ${JSON.stringify(focus)}`);
  assert.deepEqual(errors, []);
  await context.close();
});
