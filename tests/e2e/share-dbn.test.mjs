// OpenSpiel's `dbn` string in the page's export and import, checked against the real
// OpenSpiel (the pinned open-spiel package in .venv-python, as ./build.sh test installs it):
// the exported string is OpenSpiel's for the same moves, and OpenSpiel's string loads its
// position; a full board's string, with nothing left to play, is refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { serveAndLaunch, openPage, settled, ROOT } from './harness.mjs';

const env = serveAndLaunch();
const PYTHON = `${ROOT}.venv-python/bin/python`;

/** OpenSpiel's dbn string after `actions` on its rows × cols dots_and_boxes. */
function openSpielDbn(rows, cols, actions) {
  assert.ok(existsSync(PYTHON), `${PYTHON} is missing: ./build.sh test installs it`);
  const script = 'import sys, pyspiel\n'
    + 'r, c, *moves = map(int, sys.argv[1:])\n'
    + 's = pyspiel.load_game("dots_and_boxes", {"num_rows": r, "num_cols": c}).new_initial_state()\n'
    + 'for m in moves: s.apply_action(m)\n'
    + 'print(s.dbn_string())';
  return execFileSync(PYTHON, ['-c', script, String(rows), String(cols), ...actions.map(String)], { encoding: 'utf8' }).trim();
}

test('export gives OpenSpiel\'s dbn string; OpenSpiel\'s dbn string loads its position', async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=3x3&mode=hh&moves=0,4,9,20');
  await settled(page);
  await page.locator('body').press('x');
  await page.waitForFunction(() => document.querySelector('#share-dbn').value !== '');
  assert.equal(await page.inputValue('#share-dbn'), openSpielDbn(3, 3, [0, 4, 9, 20]));

  const load = async (text) => {
    await page.fill('#import-text', text);
    await page.click('#import');
  };
  // With its board named: 2x3 is OpenSpiel's num_rows=2, num_cols=3 (17 lines).
  const moves = [16, 0, 7, 3, 12];
  await load(`2x3 ${openSpielDbn(2, 3, moves)}`);
  await settled(page);
  assert.equal(await page.textContent('#import-error'), '');
  // A position's lines are loaded as the pre-drawn lines of a game with no moves yet.
  const state = () => page.evaluate(() => [window.dotboxApp.state.game.board, window.dotboxApp.state.game.predrawn].join('|'));
  assert.equal(await state(), `2x3|${[...moves].sort((a, b) => a - b).join(',')}`);
  assert.equal(await page.inputValue('#share-dbn'), openSpielDbn(2, 3, moves));
  // Alone: read on the board shown.
  await load(openSpielDbn(2, 3, [1, 2]));
  await settled(page);
  assert.equal(await state(), '2x3|1,2');
  // A string of another length is refused with the reason; the game stays.
  await load(openSpielDbn(3, 3, [1]));
  assert.match(await page.textContent('#import-error'), /Not loaded: a dbn string of 24 lines is not of the 2x3 board \(17 lines\): give it as RxC BITS/);
  assert.equal(await state(), '2x3|1,2');
  assert.deepEqual(errors, []);
  await context.close();
});

test('on icelandic a dbn string is read when its borders are drawn, and refused naming them when not', async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=icelandic&mode=hh');
  await settled(page);
  await page.locator('body').press('x');
  await page.waitForFunction(() => document.querySelector('#share-dbn').value !== '');
  // Icelandic is OpenSpiel's 3x5 with the bottom (15-19) and left (20, 26, 32) borders drawn.
  const borders = [15, 16, 17, 18, 19, 20, 26, 32];
  assert.equal(await page.inputValue('#share-dbn'), openSpielDbn(3, 5, borders));
  const load = async (text) => {
    await page.fill('#import-text', text);
    await page.click('#import');
  };
  const state = () => page.evaluate(() => [window.dotboxApp.state.game.board, window.dotboxApp.state.game.predrawn].join('|'));
  // A position's lines become the pre-drawn lines of a game: icelandic's borders and 0, 37.
  await load(openSpielDbn(3, 5, [...borders, 0, 37]));
  await settled(page);
  assert.equal(await page.textContent('#import-error'), '');
  const loaded = `3x5|${[0, ...borders, 37].join(',')}`;
  assert.equal(await state(), loaded);
  await load('#board=icelandic&mode=hh');
  await settled(page);
  assert.equal(await state(), 'icelandic|');
  // Without its borders the string is another 3x5 position: refused on icelandic, loaded as 3x5.
  await load(openSpielDbn(3, 5, [0, 15]));
  assert.match(await page.textContent('#import-error'), /Not loaded: lines 16, 17, 18, 19, 20, 26, 32 are pre-drawn on icelandic but not drawn in the dbn string/);
  assert.equal(await state(), 'icelandic|');
  await load(`3x5 ${openSpielDbn(3, 5, [0, 15])}`);
  await settled(page);
  assert.equal(await state(), '3x5|0,15');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a full board\'s dbn string is refused: nothing is left to play, and no drawn game is shown', async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=3x3&mode=hh&moves=0,4');
  await settled(page);
  await page.locator('body').press('x');
  const load = async (text) => {
    await page.fill('#import-text', text);
    await page.click('#import');
  };
  // OpenSpiel's string of a finished 3x3 game: every line drawn, who took the boxes unsaid
  // (these 24 moves are a win for OpenSpiel's second player, not a draw).
  const full = openSpielDbn(3, 3, Array.from({ length: 24 }, (_, i) => i));
  assert.equal(full, '1'.repeat(24));
  const refusal = 'Not loaded: every line of the 3x3 board is drawn: nothing is left to play, and a position does not say who took the boxes.';
  for (const text of [`3x3 ${full}`, full, `3x3:${Array.from({ length: 24 }, (_, i) => i).join(',')}`]) {
    await load(text);
    assert.equal(await page.textContent('#import-error'), refusal, text);
    assert.equal(await page.evaluate(() => document.body.dataset.lines), '0,4', 'the game stays');
    assert.doesNotMatch(await page.textContent('body'), /Game over/);
  }
  // One line short of full still loads: one move is left to play.
  await load(`3x3 ${'1'.repeat(23)}0`);
  await settled(page);
  assert.equal(await page.textContent('#import-error'), '');
  assert.equal(await page.evaluate(() => window.dotboxApp.state.game.predrawn.split(',').length), 23);
  assert.deepEqual(errors, []);
  await context.close();
});
