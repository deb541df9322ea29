// Whole games against the engine in the real page: every engine move must be optimal and
// every score the page shows must equal the native solver's, on 2x2 and 3x3, with the human
// or the engine starting.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndLaunch, openPage, nativeAnalyze, settled, clickLine, RESULTS } from './harness.mjs';

const env = serveAndLaunch();

/** The scores shown on the page's open lines: [{line, score}] in line order. */
async function shownScores(page) {
  return page.$$eval('#svg g.move', (gs) => gs.map((g) => ({ line: Number(g.dataset.line), score: Number(g.dataset.score) })).sort((a, b) => a.line - b.line));
}

async function playGame(board, mode, seed) {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, `#board=${board}&mode=${mode}`);
  const human = mode === 'p1' ? 0 : 1;
  let rnd = seed;
  const random = (n) => {
    rnd = (rnd * 1103515245 + 12345) % 2147483648;
    return rnd % n;
  };
  let checkedPositions = 0;
  for (let moves = 0; moves < 100; moves++) {
    if ((await settled(page)) === 'over') break;
    const lines = await page.evaluate(() => document.body.dataset.lines);
    const drawn = lines ? lines.split(',').map(Number) : [];
    const turn = await page.evaluate(() => window.dotboxApp.state.game.turn);
    assert.equal(turn, human, 'the page waits for the human only on the human turn');
    const native = nativeAnalyze(board, drawn);
    assert.deepEqual(await shownScores(page), native.moves, `scores shown at ${board}:${lines}`);
    assert.match(await page.textContent('#value'), new RegExp(`^Value ${native.value > 0 ? '\\+' : ''}${native.value} `));
    checkedPositions++;
    // The human plays a random line, good or bad, by clicking it.
    const open = native.moves.map((m) => m.line);
    const line = open[random(open.length)];
    await page.click(`#svg g.move[data-line="${line}"]`);
  }
  const history = await page.evaluate(() => window.dotboxApp.history());
  const over = await page.evaluate(() => window.dotboxApp.state.game.isOver());
  assert.ok(over, 'the game was played to the end');
  let engineMoves = 0;
  const drawn = [];
  for (const move of history) {
    if (move.player !== human) {
      const native = nativeAnalyze(board, drawn);
      const score = native.moves.find((m) => m.line === move.line).score;
      assert.equal(score, native.value, `engine move ${move.line} at ${board}:${drawn.join(',')} scores ${score}, best is ${native.value}`);
      engineMoves++;
    }
    drawn.push(move.line);
  }
  assert.ok(engineMoves > 0);
  assert.deepEqual(errors, []);
  await context.close();
  return { page, engineMoves, checkedPositions };
}

for (const board of ['2x2', '3x3']) {
  for (const mode of ['p1', 'p2']) {
    test(`a whole ${board} game, ${mode === 'p1' ? 'human' : 'engine'} first: engine moves optimal, scores exact`, async () => {
      const { engineMoves, checkedPositions } = await playGame(board, mode, board.length * 7 + mode.length);
      assert.ok(engineMoves + checkedPositions >= (board === '2x2' ? 12 : 24));
    });
  }
}

test('the board with its scores, for a look (screenshot)', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 850 } });
  const { page } = await openPage(context, env.server.url, '#board=3x3&mode=hh&moves=0,4,9,15,20');
  await settled(page);
  await page.screenshot({ path: `${RESULTS}/board-3x3.png` });
  const phone = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const { page: small } = await openPage(phone, env.server.url, '#board=icelandic&mode=hh&moves=0,1,2,3,4,5,6,7');
  await settled(small);
  const best = await small.$$eval('#svg g.move[data-best="1"]', (gs) => gs.length);
  assert.ok(best >= 1, 'best moves are marked');
  await small.tap(`#svg g.move[data-best="1"]`);
  await settled(small);
  assert.equal((await small.evaluate(() => document.body.dataset.lines)).split(',').length, 9, 'a tap plays a line');
  const width = await small.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `nothing overflows a phone screen (page is ${width} px wide)`);
  await small.screenshot({ path: `${RESULTS}/phone-icelandic.png`, fullPage: true });
  await context.close();
  await phone.close();
});

test('keyboard only: ↓ enters the board, arrows select a line, Enter plays it, U undoes, R redoes', async () => {
  const context = await env.browser.newContext();
  const { page } = await openPage(context, env.server.url, '#board=2x2&mode=hh');
  await settled(page);
  await page.locator('body').press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  const cursor = await page.evaluate(() => window.dotboxApp.state.cursor);
  assert.notEqual(cursor, null);
  await page.keyboard.press('Enter');
  await settled(page);
  assert.equal(await page.evaluate(() => document.body.dataset.lines), String(cursor));
  assert.match(page.url(), new RegExp(`moves=${cursor}$`), 'the position is in the address');
  await page.keyboard.press('u');
  await settled(page);
  assert.equal(await page.evaluate(() => document.body.dataset.lines), '');
  await page.keyboard.press('r');
  await settled(page);
  assert.equal(await page.evaluate(() => document.body.dataset.lines), String(cursor));
  await page.keyboard.press('h');
  const hinted = await page.$$eval('#svg g.move.hinted', (gs) => gs.map((g) => g.dataset.best));
  assert.deepEqual(hinted, ['1'], 'the hint is a best move');
  await context.close();
});

test('the letter and ? shortcuts can be turned off in the keys\' help (WCAG 2.1.4), and stay off on this device', async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=2x2&mode=hh&moves=0');
  await settled(page);
  await page.click('#help-open');
  assert.equal(await page.isChecked('#letter-keys'), true, 'on by default');
  await page.uncheck('#letter-keys');
  await page.keyboard.press('Escape');
  await page.evaluate(() => document.activeElement.blur());
  for (const key of ['u', 'n', '?']) await page.keyboard.press(key);
  await settled(page);
  assert.equal(await page.evaluate(() => document.body.dataset.lines), '0', 'U and N do nothing');
  assert.equal(await page.isVisible('#help'), false, '? does nothing');
  // Kept on this device: off after a reload too, until turned on again.
  await page.reload();
  await settled(page);
  await page.keyboard.press('u');
  await settled(page);
  assert.equal(await page.evaluate(() => document.body.dataset.lines), '0', 'still off after a reload');
  await page.click('#help-open');
  assert.equal(await page.isChecked('#letter-keys'), false);
  await page.check('#letter-keys');
  await page.keyboard.press('Escape');
  await page.evaluate(() => document.activeElement.blur());
  await page.keyboard.press('u');
  await settled(page);
  assert.equal(await page.evaluate(() => document.body.dataset.lines), '', 'on again: U undoes');
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard only: the arrow keys pass through the Players options without applying them; Enter or leaving the select applies the one chosen', async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=3x3&mode=hh');
  await settled(page);
  await page.focus('#mode');
  await page.keyboard.press('ArrowUp'); // Engine against engine, passed on the way
  await page.keyboard.press('ArrowUp'); // The engine plays A, you B
  assert.equal(await page.inputValue('#mode'), 'p2');
  await page.waitForTimeout(1500); // time for an engine that had started to move
  assert.equal(await page.evaluate(() => document.body.dataset.lines), '', 'no engine played while passing');
  assert.equal(await page.evaluate(() => window.dotboxApp.state.mode), 'hh');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => window.dotboxApp.state.mode), 'p2', 'Enter applies it');
  await settled(page);
  assert.match(page.url(), /mode=p2/);
  // Leaving the select applies it too.
  await page.focus('#mode');
  await page.keyboard.press('ArrowUp'); // You play A, the engine B
  assert.equal(await page.evaluate(() => window.dotboxApp.state.mode), 'p2');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => window.dotboxApp.state.mode), 'p1', 'leaving applies it');
  // A typed letter moves the choice too (T: The engine plays A), applied only on Enter.
  await page.focus('#mode');
  await page.keyboard.press('t');
  const typed = await page.inputValue('#mode');
  assert.notEqual(typed, 'p1');
  assert.equal(await page.evaluate(() => window.dotboxApp.state.mode), 'p1', 'a typed letter does not apply it');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => window.dotboxApp.state.mode), typed);
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard only: a control disabled or gone under the focus hands it on, never to the page; arrow keys leave the status alone', async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=2x2&mode=hh&moves=0,1');
  await settled(page);
  const focused = () => page.evaluate(() => document.activeElement.id || document.activeElement.textContent.trim());
  const press = async (id, times = 1) => {
    await page.focus(`#${id}`);
    for (let k = 0; k < times; k++) await page.keyboard.press('Enter');
    await settled(page);
  };
  await press('nav-prev', 2);
  assert.equal(await focused(), 'nav-next', 'the first position: on to the step forward');
  await press('nav-last');
  assert.equal(await focused(), 'nav-prev', 'the last position: on to the step back');
  // The status says the move that led here, in words (a screen reader hears the engine's).
  assert.match(await page.textContent('#last-move'), /^B drew [a-c][1-3][a-c][1-3]$/);
  await press('undo', 2);
  assert.equal(await focused(), 'redo', 'nothing to take back: on to Redo');
  // A button's name is what it does: its shortcut's letter, shown beside it, is not read.
  for (const name of ['Undo', 'Redo', 'Hint', 'New game', 'Best line', 'Puzzles']) assert.equal(await page.getByRole('button', { name, exact: true }).count(), 1, name);
  // Arrow keys move the board's cursor; the status (a live region) is not written again.
  await page.evaluate(() => {
    window.statusWrites = 0;
    new MutationObserver((m) => { window.statusWrites += m.length; }).observe(document.querySelector('#status'), { subtree: true, childList: true, characterData: true });
  });
  await page.locator('body').press('ArrowDown');
  for (const key of ['ArrowRight', 'ArrowDown', 'ArrowLeft']) await page.keyboard.press(key);
  assert.equal(await page.evaluate(() => window.statusWrites), 0);
  // The game's last line drawn from the board: on to the board itself, whose description
  // says how it ended; a player still pressing Enter there starts no new game.
  await page.evaluate(() => { location.hash = '#board=2x2&mode=hh&moves=0,1,2,3,4,5,6,7,8,9,10'; });
  await page.waitForFunction(() => document.body.dataset.lines?.split(',').length === 11);
  await settled(page);
  await page.locator('body').press('ArrowDown');
  await page.keyboard.press('Enter');
  assert.equal(await settled(page), 'over');
  assert.equal(await focused(), 'svg');
  await page.keyboard.press('Enter');
  assert.equal(await settled(page), 'over');
  assert.equal(await page.evaluate(() => document.body.dataset.lines.split(',').length), 12);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a line\'s name says what it does to the boxes beside it, as the eye sees it on the board', async () => {
  const context = await env.browser.newContext();
  // Box a2b3 (top left) has three sides, box b2c3 (top right) two.
  const { page, errors } = await openPage(context, env.server.url, '#board=2x2&mode=hh&moves=0,6,2,1,3');
  await settled(page);
  const name = (line) => page.getAttribute(`#svg g.move[data-line="${line}"]`, 'aria-label');
  assert.match(await name(7), /^line b2b3, completes box a2b3, gives box b2c3 its third side, score /);
  assert.match(await name(8), /^line c2c3, gives box b2c3 its third side, score /);
  assert.match(await name(4), /^line a1b1, score /);
  // The board's description says what is drawn and who has which box.
  const described = () => page.evaluate(() => {
    const svg = document.getElementById('svg');
    return svg.getAttribute('aria-describedby').split(' ').map((id) => document.getElementById(id).textContent).join(' ');
  });
  assert.match(await described(), /^5 of 12 lines drawn: .*\. No box taken\.$/);
  await clickLine(page, 7);
  await settled(page);
  assert.match(await described(), /^6 of 12 lines drawn: .*b2b3.*\. Boxes: B has a2b3\.$/);
  await page.goto(`${env.server.url}#board=icelandic&mode=hh`);
  await settled(page);
  assert.match(await described(), /^8 of 38 lines drawn: a1b1 \(pre-drawn\), .*\. No box taken\.$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('in a dark high-contrast theme (forced colours) the board keeps its contrast: dots and drawn lines in the text colour, open lines apart from them', async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=3x3&mode=hh&moves=0,5,12');
  await page.emulateMedia({ forcedColors: 'active', colorScheme: 'dark' });
  await settled(page);
  const colours = await page.evaluate(() => {
    const probe = document.body.appendChild(Object.assign(document.createElement('div'), { style: 'background: Canvas' }));
    const paint = (selector, property) => getComputedStyle(document.querySelector(selector))[property];
    return {
      page: getComputedStyle(probe).backgroundColor,
      dot: paint('#svg .dot', 'fill'),
      drawn: paint('#svg .line.drawn', 'stroke'),
      open: paint('#svg .line.open:not(.best)', 'stroke'),
    };
  });
  const luminance = (rgb) => {
    const [r, g, b] = rgb.match(/\d+(\.\d+)?/g).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a, b) => {
    const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  assert.ok(luminance(colours.page) < 0.1, `a dark page: ${colours.page}`);
  for (const part of ['dot', 'drawn', 'open']) assert.ok(contrast(colours[part], colours.page) >= 3, `${part} ${colours[part]} on ${colours.page}`);
  assert.notEqual(colours.open, colours.drawn, 'open lines apart from drawn ones');
  assert.deepEqual(errors, []);
  await context.close();
});

test('with the engine first, its first move cannot be taken back: Undo is off and U does nothing', async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=3x3&mode=p2');
  // The engine (A) moves first; then the person (B) is to move.
  await page.waitForFunction(() => document.body.dataset.lines.split(',').filter(Boolean).length === 1, null, { timeout: 60_000 });
  await settled(page);
  const first = await page.evaluate(() => document.body.dataset.lines);
  assert.equal(await page.isDisabled('#undo'), true, 'no earlier turn of the person to go back to');
  // Taking the engine's move back left the engine to move, and it never moved.
  await page.locator('body').press('u');
  await settled(page);
  assert.equal(await page.evaluate(() => document.body.dataset.lines), first);
  // Once the person has moved, Undo takes that move back (and the engine's reply, if any).
  const open = await page.$$eval('#svg g.move', (gs) => gs.map((g) => Number(g.dataset.line)));
  await clickLine(page, open[0]);
  await page.waitForFunction((n) => document.body.dataset.lines.split(',').filter(Boolean).length > n, 1, { timeout: 60_000 });
  await settled(page);
  assert.equal(await page.isDisabled('#undo'), false);
  await page.locator('body').press('h');
  assert.match(await page.textContent('#message'), /^Hint: /);
  await page.locator('body').press('u');
  await settled(page);
  assert.equal(await page.evaluate(() => document.body.dataset.lines), first);
  // The hint was for the position taken back: it is not said of this one.
  assert.doesNotMatch(await page.textContent('#message'), /Hint/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('engine against engine plays a whole 3x3 game of optimal moves to the value', async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=3x3&mode=ee');
  await page.waitForFunction(() => document.body.dataset.state === 'over', null, { timeout: 120_000 });
  const history = await page.evaluate(() => window.dotboxApp.history());
  const drawn = [];
  for (const move of history) {
    const native = nativeAnalyze('3x3', drawn);
    assert.equal(native.moves.find((m) => m.line === move.line).score, native.value, `move ${move.line} after ${drawn}`);
    drawn.push(move.line);
  }
  const [a, b] = await page.evaluate(() => window.dotboxApp.state.game.taken);
  assert.equal(a - b, nativeAnalyze('3x3', []).value, 'perfect play ends at the empty board value');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the result of a finished game says who won (against the engine: you or the engine) and leaves the message line when a move is taken back', async () => {
  const context = await env.browser.newContext();
  const all = Array.from({ length: 12 }, (_, i) => i).join(',');
  const { page, errors } = await openPage(context, env.server.url, `#board=2x2&mode=hh&moves=${all}`);
  assert.equal(await settled(page), 'over');
  assert.match(await page.textContent('#message'), /^Game over: /);
  await page.click('#nav-prev');
  assert.equal(await settled(page), 'idle');
  await page.waitForFunction(() => document.querySelector('#message').textContent === '', null, { timeout: 10_000 });
  assert.equal(await page.evaluate(() => window.dotboxApp.state.game.isOver()), false);
  assert.deepEqual(errors, []);
  // Against the engine, the result says whether the person won: the same game, each side.
  for (const [mode, person] of [['p1', 0], ['p2', 1]]) {
    const other = await openPage(context, env.server.url, `#board=2x2&mode=${mode}&moves=${all}`);
    assert.equal(await settled(other.page), 'over');
    const [a, b] = await other.page.evaluate(() => Array.from(window.dotboxApp.state.game.taken));
    const won = (person === 0 ? a - b : b - a) > 0;
    const expected = a === b ? /^Game over: a draw/ : won ? /^Game over: you win \d–\d \([AB]\)\.$/ : /^Game over: the engine wins \d–\d \([AB]\); you lose as [AB]\.$/;
    assert.match(await other.page.textContent('#message'), expected, `${mode}, ${a}–${b}`);
    assert.deepEqual(other.errors, []);
  }
  await context.close();
});

test('a solving worker that cannot start fails every answer at once, with its reason, instead of leaving the page analysing', async () => {
  const context = await env.browser.newContext();
  // The worker's script broken on the way: the real worker fails to load, as it would from a
  // damaged cache or a bad deploy.
  await context.route('**/worker.js*', (route) => route.fulfill({ contentType: 'text/javascript', body: 'export const broken = ;' }));
  const { page } = await openPage(context, env.server.url, '#board=3x3&mode=hh');
  const stops = async () => page.waitForFunction(() => document.body.dataset.state === 'idle' && /worker failed/.test(document.querySelector('#message').textContent), null, { timeout: 10_000 });
  await stops();
  // A later position asks again: refused at once, not queued behind a worker that is gone.
  await clickLine(page, 0);
  await page.waitForFunction(() => document.body.dataset.lines === '0');
  await stops();
  await context.close();
});
