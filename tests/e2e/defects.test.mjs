// The defects of issue 12, each driven as a new user meets it: the focus ring, the coach's
// "undefined", the solve panel's stale state, silently replaced addresses, the coach's
// wording and colours, keyboard gaps and the phone layout, and build.sh's messages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { serveAndLaunch, openPage, settled, showPosition, RESULTS, ROOT } from './harness.mjs';

const env = serveAndLaunch();

test('1: keyboard play draws no focus ring around the board, only the amber cursor line, at 3:1 against the page at least', async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=3x3&mode=hh');
  await settled(page);
  await page.keyboard.press('ArrowDown'); // enters the board
  await page.keyboard.press('ArrowRight');
  const focused = await page.evaluate(() => {
    const el = document.activeElement;
    const style = getComputedStyle(el);
    return { inBoard: Boolean(el.closest('#svg')), outline: style.outlineStyle, width: style.outlineWidth, stroke: getComputedStyle(el.querySelector('.line')).stroke };
  });
  assert.ok(focused.inBoard, 'a line of the board has the focus');
  assert.ok(focused.outline === 'none' || focused.width === '0px', `no outline: ${JSON.stringify(focused)}`);
  // Amber (#d97706), seen against the white page (WCAG 1.4.11: 3:1 at least; #f59e0b was 2.2:1).
  assert.equal(focused.stroke, 'rgb(217, 119, 6)', 'the cursor line is amber');
  const luminance = (rgb) => {
    const [r, g, b] = rgb.match(/\d+/g).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  assert.ok(1.05 / (luminance(focused.stroke) + 0.05) >= 3, `${focused.stroke} against white`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('2: the coach never says "undefined" (openings of 3x3 and icelandic)', async () => {
  const context = await env.browser.newContext();
  for (const hash of ['#board=3x3&mode=hh', '#board=icelandic&mode=hh', '#board=4x4&mode=hh']) {
    const { page } = await openPage(context, env.server.url, hash);
    await page.waitForFunction(() => document.querySelector('#coach-control').textContent !== '');
    const text = await page.textContent('#coach');
    assert.doesNotMatch(text, /undefined|null|NaN/, `${hash}: ${text}`);
    await page.close();
  }
  await context.close();
});

test('3: the solve panel: no Solve for a booked 3x4 (nor 4x3, from the same book), no stale Cancel or "must be solved first", progress never goes back', { timeout: 300_000 }, async () => {
  const context = await env.browser.newContext();
  for (const board of ['3x4', '4x3']) {
    const { page: booked } = await openPage(context, env.server.url, `#board=${board}&mode=hh`);
    await settled(booked);
    assert.equal(await booked.isVisible('#solve-panel'), false, `${board} is answered by the 3x4 book and the in-memory analysis`);
    assert.match(await booked.textContent('#value'), /^Value /);
    await booked.close();
  }

  const { page, errors } = await openPage(context, env.server.url, '#board=icelandic&mode=hh');
  await page.waitForSelector('#solve:not([hidden])');
  await page.click('#solve');
  // Sample the progress bar while the solve runs: it only moves forward.
  const samples = [];
  while ((await page.evaluate(() => document.body.dataset.solve)) === 'running') {
    samples.push(await page.evaluate(() => document.querySelector('#solve-progress').value));
    assert.doesNotMatch(await page.textContent('#message'), /must be solved first/);
    // Read with the solve's state in one go: the solve may finish between two separate reads.
    const cancel = await page.evaluate(() => ({ running: document.body.dataset.solve === 'running', shown: !document.querySelector('#cancel').hidden }));
    if (cancel.running) assert.equal(cancel.shown, true, 'Cancel is offered while solving');
    await page.waitForTimeout(100);
  }
  assert.equal(await page.evaluate(() => document.body.dataset.solve), 'finished');
  for (let i = 1; i < samples.length; i++) assert.ok(samples[i] >= samples[i - 1], `progress went back: ${samples}`);
  await settled(page);
  assert.equal(await page.isVisible('#cancel'), false, 'no Cancel once the solve ended');
  assert.equal(await page.isVisible('#solve'), false, 'no Solve once solved');
  assert.match(await page.textContent('#solve-text'), /^Solved/);
  assert.doesNotMatch(await page.textContent('#message'), /solved first/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('4: a bad address says what is wrong and what is shown instead', async () => {
  const context = await env.browser.newContext();
  const cases = [
    ['#board=9x9', /'9x9'.*showing an empty 3x3 board instead/],
    ['#board=0x3', /'0x3'.*at least one row.*showing an empty 3x3 board instead/],
    ['#board=junk', /'junk'.*showing an empty 3x3 board instead/],
    ['#board=&moves=1', /names board '': no board is given.*showing an empty 3x3 board instead/],
    ['#board=3x3&moves=0,abc,5', /move 2 \('abc'\).*neither a line number nor a line label.*the first move is played/],
    ['#board=3x3&moves=0,0', /move 2 \('0'\): line 0 is already drawn/],
    ['#board=4x4&moves=abc', /move 1 \('abc'\).*; no move is played\./],
    ['#board=3x3&moves=0,5&at=7', /shows the position after move '7', which is not a number from 0 to 2; the last position is shown/],
    ['#board=3x3&mode=zz', /players 'zz'.*two players/],
    ['#board=3x3&pre=99', /pre-drawn lines '99'.*line 99 does not exist/],
    // Every line pre-drawn: not a drawn game at 0–0 but nothing to play.
    [`#board=2x2&pre=${[...Array(12).keys()].join(',')}`, /every line of the 2x2 board is drawn: nothing is left to play.*showing an empty 3x3 board instead/],
  ];
  for (const [hash, want] of cases) {
    const { page, errors } = await openPage(context, env.server.url, hash);
    await settled(page);
    assert.equal(await page.isVisible('#notice'), true, `${hash}: a notice`);
    const notice = await page.textContent('#notice');
    assert.match(notice, want, `${hash}: ${notice}`);
    // The notice stays once the analysis arrives (it is not the transient message line).
    await page.waitForTimeout(300);
    assert.equal(await page.textContent('#notice'), notice);
    assert.deepEqual(errors, []);
    await page.close();
  }
  // A good address shows no notice; the moves it names are played.
  const { page } = await openPage(context, env.server.url, '#board=3x3&moves=0,a3b3');
  await settled(page);
  assert.equal(await page.isVisible('#notice'), false);
  assert.equal(await page.evaluate(() => document.body.dataset.lines), '0,3', 'a label in the address is line 3');
  await context.close();
});

test('5: the coach names lines as the board labels them, players by letter, counts honestly; puzzles mark the wrong pick once', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 1000 } });
  const { page, errors } = await openPage(context, env.server.url, '#board=icelandic&mode=hh&moves=0,1,2,3,4,5,6,7');
  await settled(page);
  await page.click('#svg g.move[data-best="1"]');
  await settled(page);
  await page.waitForFunction(() => document.querySelector('#coach-move strong'));
  const coach = await page.textContent('#coach');
  assert.doesNotMatch(coach, /\bline \d|\blines \d/, `no bare line numbers: ${coach}`);
  assert.doesNotMatch(await page.textContent('#coach-move'), /\byou\b|\byour\b/i, 'the judged move names players, not "you"');
  assert.doesNotMatch(coach, /\d+ dots/, 'no dot count that is not the board\'s');
  // Plain words first; the rule's count (honestly named) in the detail one click away.
  assert.match(await page.textContent('#coach-control'), /^[AB] is to move\. (There|Besides the \d+ boxes offered, there) (is|are) (no|one|\d+) (long chains?|loops?)/);
  assert.match(await page.textContent('#coach-rule'), /rule count \d+ \(open lines − boxes left \+ 1\)/);
  // The coach's colours differ from the score colours and the players'.
  const colours = await page.evaluate(() => {
    const css = getComputedStyle(document.documentElement);
    return ['--long', '--short', '--loop', '--capturable', '--loony', '--best', '--worse', '--p0', '--p1', '--focus'].map((v) => css.getPropertyValue(v).trim());
  });
  assert.equal(new Set(colours).size, colours.length, `distinct colours: ${colours}`);

  await page.locator('body').press('p');
  await page.waitForSelector('#puzzle:not([hidden])');
  const wrong = await page.evaluate(() => {
    const moves = [...document.querySelectorAll('#puzzle-svg g.move')];
    return Number(moves[0].dataset.line);
  });
  const solution = await page.evaluate(async () => (await (await fetch('puzzles.json')).json()).sort((a, b) => a.difficulty - b.difficulty)[0].solution);
  const pick = wrong === solution ? Number(await page.$$eval('#puzzle-svg g.move', (gs) => gs[1].dataset.line)) : wrong;
  await page.click(`#puzzle-svg g.move[data-line="${pick}"]`, { force: true });
  assert.equal(await page.locator(`#puzzle-svg g.move.picked-wrong[data-line="${pick}"]`).count(), 1, 'the wrong pick is marked');
  const feedback = await page.textContent('#puzzle-feedback');
  assert.equal((feedback.match(/against the best move|less than/g) ?? []).length, 1, `the loss is said once: ${feedback}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('6: keys: Shift works, N starts a new game, ? shows the keys, Tab reaches every control; a phone shows the board near the top', async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=2x2&mode=hh&moves=0,1');
  await settled(page);
  await page.locator('body').press('Shift+U');
  await settled(page);
  assert.equal(await page.evaluate(() => document.body.dataset.lines), '0', 'Shift+U undoes');
  // N pressed at once after Escape closes the keys, as a quick typist does, a few times over:
  // the key must not go to the closed dialog's hidden Close button, which the browser may
  // still report as focused until its next rendering step.
  for (let round = 0; round < 5; round++) {
    if (round > 0) {
      await showPosition(page, '2x2', [0]);
      await page.evaluate(() => document.activeElement.blur()); // out of the board choice N focused
    }
    await page.keyboard.press('?');
    assert.equal(await page.isVisible('#help'), true, '? opens the keys');
    assert.match(await page.textContent('#help'), /previous \/ next move/);
    await page.keyboard.press('Escape');
    assert.equal(await page.isVisible('#help'), false);
    await page.keyboard.press('n');
    // The new game is drawn as the key is handled, before any answer arrives.
    assert.equal(await page.evaluate(() => document.body.dataset.lines), '', `N starts a new game (round ${round + 1})`);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'board', 'and offers the board choice');
    await settled(page);
  }
  // Tab from the top: every control and the board take the focus in order.
  await page.evaluate(() => document.activeElement.blur());
  const reached = [];
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    reached.push(await page.evaluate(() => {
      const el = document.activeElement;
      return el.closest('#svg') ? 'board' : el.id || el.tagName.toLowerCase();
    }));
  }
  // (Undo and redo are disabled on a new game, so not in the tab order.)
  for (const id of ['board', 'predrawn', 'hint', 'show-scores', 'show-labels', 'help-open', 'mode', 'play-here', 'switch-sides']) {
    assert.ok(reached.includes(id), `Tab reaches #${id}: ${reached}`);
  }
  assert.ok(reached.indexOf('board') > reached.indexOf('predrawn') && reached.indexOf('board') < reached.indexOf('hint'), `the board in reading order: ${reached}`);
  assert.deepEqual(errors, []);
  await context.close();

  const phone = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const { page: small } = await openPage(phone, env.server.url, '#board=3x3&mode=hh&moves=0,4');
  await settled(small);
  assert.equal(await small.evaluate(() => window.scrollY), 0, 'the page is not scrolled away from the top by itself');
  const top = await small.evaluate(() => document.querySelector('#svg').getBoundingClientRect().top);
  assert.ok(top < 200, `the board starts ${top} px from the top`);
  await small.screenshot({ path: `${RESULTS}/phone-top.png` });
  await phone.close();
});

test('7: ./build.sh says what it builds without false alarms', { timeout: 600_000 }, () => {
  const run = spawnSync('./build.sh', ['wasm'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const out = run.stdout + run.stderr;
  assert.doesNotMatch(out, /--locked|error|missing is older/i, out);
  assert.equal((out.match(/==> building the wasm/g) ?? []).length, 1, out);
  let optVersion = null;
  try {
    optVersion = Number(execFileSync('wasm-opt', ['--version'], { encoding: 'utf8' }).split(' ')[2]);
  } catch {
    // not installed: nothing is said about it
  }
  if (optVersion === null) assert.doesNotMatch(out, /wasm-opt/, out);
});
