// The coach panel and the puzzles in the real page: the chains, the long chain count and the
// loony moves it shows equal the native `dotbox chains`, the v/^ suffixes the native
// `dotbox analyze --loony`; the move just played is judged by its
// exact score; a puzzle is answered wrongly, then rightly, then by keyboard alone. Screenshots
// go to test-results/ (coach-flags-3x3.png, coach-3x3.png, coach-phone.png).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { serveAndLaunch, openPage, nativeAnalyze, settled, labelOf, clickLine, RESULTS, ROOT } from './harness.mjs';

const env = serveAndLaunch();

/** The native CLI's `dotbox chains --json`. */
function nativeChains(board, lines) {
  const args = ['chains', board, '--json'];
  if (lines.length) args.push('--lines', lines.join(','));
  return JSON.parse(execFileSync(process.env.DOTBOX_CLI ?? `${ROOT}target/release/dotbox`, args, { encoding: 'utf8' }));
}

/** The native CLI's `dotbox analyze --loony --json`. */
function nativeLoony(board, lines) {
  const args = ['analyze', board, '--loony', '--json', '--lines', lines.join(',')];
  return JSON.parse(execFileSync(process.env.DOTBOX_CLI ?? `${ROOT}target/release/dotbox`, args, { encoding: 'utf8' }));
}

/** Waits until the coach shows the position with `lines` drawn. */
async function coachShows(page, board, lines) {
  await page.waitForFunction((key) => document.querySelector('#coach')?.dataset.key === key, `${board}||${lines.join(',')}`, { timeout: 30_000 });
}

// Before an answer the puzzle's lines carry no score text, so a line's box is flat (zero
// height or width) and Playwright calls it invisible: click its centre anyway.
const NO_SCORES = { force: true };

// The page lists the small boards' set, then the 5x5 set, each easiest first.
const PUZZLES = ['puzzles.json', 'puzzles-5x5.json'].flatMap((f) => JSON.parse(readFileSync(`${ROOT}www/${f}`, 'utf8')).sort((a, b) => a.difficulty - b.difficulty));

test('the coach shows chains, control and loony moves, and judges the move just played', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 1000 } });
  const start = [0, 1, 2, 3, 4, 5];
  const { page, errors } = await openPage(context, env.server.url, `#board=3x3&mode=hh&moves=${start.join(',')}`);
  await settled(page);
  await coachShows(page, '3x3', start);
  const native = nativeChains('3x3', start);

  // Components coloured on the board: one rect per box of each kind.
  for (const kind of ['long', 'short', 'loop', 'capturable', 'unsettled']) {
    const want = native.components
      .filter((c) => (c.kind === 'chain' ? (c.long ? 'long' : 'short') : c.kind) === kind)
      .reduce((n, c) => n + c.boxes.length, 0);
    assert.equal(await page.locator(`#svg rect.box-kind.${kind}`).count(), want, `${kind} boxes`);
  }
  assert.equal(await page.locator('#coach-components li').count(), native.components.length);
  // Each chain names its boxes as the board's coordinates do (a box by its lower left and
  // upper right dots: a1b2 is the bottom left box of 3x3), never by row and column.
  const boxLabel = ([r, c]) => `${'abcd'[c]}${3 - r}${'abcd'[c + 1]}${4 - r}`;
  const items = await page.$$eval('#coach-components li', (ls) => ls.map((l) => l.textContent));
  const chain = native.components.findIndex((c) => c.kind === 'chain');
  const { boxes } = native.components[chain];
  assert.ok(items[chain].includes(`from ${boxLabel(boxes[0])} to ${boxLabel(boxes.at(-1))}`), items[chain]);
  assert.ok(items.every((t) => !/\(\d+,\d+\)/.test(t)), `no (row,col) in: ${items.join(' | ')}`);
  // Control: one long chain, and with a rule count of 10 the rule favours B (A is to move).
  assert.equal(native.control.long_chains, 1);
  assert.equal(native.control.mover_has_parity, false);
  // In plain words first: who is to move, the long chains and loops, and who has control
  // (exactly, by nimstring, on a position this small).
  const control = await page.textContent('#coach-control');
  assert.match(control, /^A is to move\. There is one long chain and no loops\. /);
  assert.match(control, native.nimstring === '*0' ? /B has control: A cannot win it against best play/ : /A can take control with the right move\./);
  // The exact detail one click away: the rule's count and verdict, the nimstring value.
  assert.equal(await page.isVisible('#coach-rule'), false, 'the detail starts folded');
  await page.click('#coach-details summary');
  const rule = await page.textContent('#coach-rule');
  assert.match(rule, /^1 long chain, 0 loops, rule count 10 \(open lines − boxes left \+ 1\): B has control by the long chain rule/);
  assert.match(rule, new RegExp(`nimstring value \\${native.nimstring}`));
  // Loony moves marked on the board, exactly the native ones.
  const marked = await page.$$eval('#svg g.move.loony', (gs) => gs.map((g) => Number(g.dataset.line)).sort((a, b) => a - b));
  assert.deepEqual(marked, native.loony_moves.map((m) => m.line));
  assert.match(await page.getAttribute('#svg g.move.loony', 'aria-label'), /loony move$/);

  // Who must make the next loony move: each score's v/^ suffix, exactly the native ones.
  const flagged = nativeLoony('3x3', start);
  await page.waitForFunction((n) => document.querySelectorAll('#svg g.move[data-next]').length === n, flagged.moves.length);
  const shown = await page.$$eval('#svg g.move', (gs) => gs.map((g) => ({ line: Number(g.dataset.line), next: g.dataset.next, text: g.querySelector('text.score').textContent })));
  for (const m of flagged.moves) {
    const s = shown.find((g) => g.line === m.line);
    assert.equal(s.next, m.next_loony, `line ${m.line}`);
    assert.equal(s.text, `${m.score > 0 ? '+' : ''}${m.score}${m.next_loony}`, `line ${m.line}`);
  }
  assert.ok(flagged.moves.some((m) => m.next_loony !== ''), 'some move carries a flag');
  const who = { v: 'A \\(to move\\) must make it', '^': 'B must make it', '': 'nobody has to make one' }[flagged.next_loony];
  assert.match(await page.textContent('#coach-next-loony'), new RegExp(`^Next loony move under perfect play: ${who}\\. After a score on the board, v means A must make the next loony move from that line on`));
  await page.screenshot({ path: `${RESULTS}/coach-flags-3x3.png`, fullPage: true });

  // C hides the overlay (suffixes too) and shows it again.
  await page.locator('body').press('c');
  assert.equal(await page.locator('#svg rect.box-kind').count(), 0);
  assert.equal(await page.locator('#svg g.move[data-next]').count(), 0);
  assert.ok(!(await page.textContent('#svg')).match(/\d[v^]/), 'no suffix without the overlay');
  assert.doesNotMatch(await page.textContent('#coach-next-loony'), /After a score/, 'nor their legend');
  await page.locator('body').press('c');
  assert.equal(await page.locator('#svg rect.box-kind').count(), 9);
  assert.equal(await page.locator('#svg g.move[data-next]').count(), flagged.moves.length);
  // Said as well as drawn: a line's name tells who must make the next loony move after it
  // (a loony line's name says it is one), once, however often the overlay is drawn.
  await page.locator('body').press('c');
  await page.locator('body').press('c');
  const names = await page.$$eval('#svg g.move[data-next]', (gs) => gs.map((g) => ({ next: g.dataset.next, loony: g.classList.contains('loony'), name: g.getAttribute('aria-label') })));
  const toMove = (await page.textContent('#turn')).trim()[0];
  const spoken = { v: toMove, '^': toMove === 'A' ? 'B' : 'A' };
  assert.ok(names.some((n) => !n.loony) && names.some((n) => n.loony));
  for (const n of names) {
    const said = n.loony ? /, loony move$/ : new RegExp(`score [^,]*(, best)?, then ${spoken[n.next]} must make the next loony move$`);
    assert.match(n.name, said);
    // Said once, however often the overlay was drawn: one phrase or the other, not both.
    assert.equal(n.name.split('next loony move').length + n.name.split(', loony move').length, 3, n.name);
  }
  assert.equal(await page.getAttribute('#value', 'aria-busy'), 'false');
  assert.equal(await page.getAttribute('#status', 'aria-busy'), null, 'the move and the turn are never held back');

  // Play the loony move 12: the coach judges it with its exact score.
  const before = nativeAnalyze('3x3', start);
  const score = before.moves.find((m) => m.line === 12).score;
  await page.click('#svg g.move[data-line="12"]');
  await settled(page);
  await page.waitForFunction(() => document.querySelector('#coach-move').dataset.line === '12');
  const judged = await page.textContent('#coach-move p:first-child');
  assert.ok(judged.startsWith(`A drew ${await labelOf(page, 12)} (score ${score > 0 ? '+' : ''}${score}, best ${before.value > 0 ? '+' : ''}${before.value})`), judged);
  assert.match(judged, /loony move/);
  // A loony move is itself the next loony move (its flag is the mover's, v): the verdict says
  // nothing of who makes one after it, which its flag does not tell.
  assert.equal(flagged.moves.find((m) => m.line === 12).next_loony, 'v');
  assert.doesNotMatch(judged, /With best play after it/);
  assert.equal(await page.getAttribute('#coach-move', 'data-best'), score === before.value ? '1' : '0');
  if (score < before.value) assert.match(judged, new RegExp(`It loses ${before.value - score} box`));
  // The new position's offer is listed with its all-but-two reply.
  await coachShows(page, '3x3', [...start, 12]);
  assert.ok((await page.textContent('#coach-standing')).includes(`all but 2: ${await labelOf(page, 13)} then double-deal with ${await labelOf(page, 15)}`));

  // A best move is called one. A screen reader hears each verdict once: the one just judged
  // is added to the live region, the one before is left where it is (removed and added
  // again, it was read out again), and "Judging …" is said while the region is busy.
  await page.evaluate(() => {
    window.verdictsAdded = [];
    const out = document.querySelector('#coach-move');
    new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) window.verdictsAdded.push({ text: n.textContent, busy: out.getAttribute('aria-busy') });
    }).observe(out, { childList: true });
  });
  const now = nativeAnalyze('3x3', [...start, 12]);
  const best = now.moves.find((m) => m.score === now.value).line;
  await page.click(`#svg g.move[data-line="${best}"]`);
  await settled(page);
  await page.waitForFunction((l) => document.querySelector('#coach-move').dataset.line === String(l), best);
  assert.equal(await page.getAttribute('#coach-move', 'data-best'), '1');
  assert.match(await page.textContent('#coach-move p:first-child'), /^B drew [a-d]\d[a-d]\d .*(the only best move|equally good best moves)/);
  // The move before stays readable below it.
  assert.ok((await page.textContent('#coach-move p.previous')).startsWith(judged), 'the loony move is still judged below');
  const added = await page.evaluate(() => window.verdictsAdded);
  assert.ok(!added.some((a) => a.text.startsWith(judged)), `the verdict before is not added again: ${JSON.stringify(added)}`);
  assert.ok(added.every((a) => a.text.startsWith('Judging') || a.text.startsWith('B drew')), JSON.stringify(added));
  assert.equal(await page.getAttribute('#coach-move', 'aria-busy'), 'false');
  await page.click('#undo');
  await settled(page);
  await coachShows(page, '3x3', [...start, 12]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('puzzles: a wrong answer is explained, the right one confirmed, keyboard only works', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 1000 } });
  const { page, errors } = await openPage(context, env.server.url, '#board=3x3&mode=hh&moves=0,1,2,3,4,5');
  await settled(page);
  await coachShows(page, '3x3', [0, 1, 2, 3, 4, 5]);
  await page.locator('body').press('p');
  await page.waitForSelector('#puzzle:not([hidden])');
  const p = PUZZLES[0];
  assert.match(await page.textContent('#puzzle-title'), new RegExp(`^Puzzle 1 of ${PUZZLES.length} · ${p.board}`));
  const open = await page.$$eval('#puzzle-svg g.move', (gs) => gs.map((g) => Number(g.dataset.line)));
  assert.deepEqual(open, p.scores.map((s) => s.line), 'the puzzle board shows its open lines');

  // A tempting move loses: the feedback says how much and why.
  const wrong = p.tempting[0];
  const wrongScore = p.scores.find((s) => s.line === wrong).score;
  await page.click(`#puzzle-svg g.move[data-line="${wrong}"]`, NO_SCORES);
  assert.equal(await page.getAttribute('#puzzle', 'data-answered'), 'wrong');
  const feedback = await page.textContent('#puzzle-feedback');
  const name = (l) => page.$eval(`#puzzle-svg g.move[data-line="${l}"]`, (g) => g.getAttribute('aria-label').split(/[ ,]/)[1]);
  assert.ok(feedback.startsWith(`Not the best: ${await name(wrong)} (dashed red) scores ${wrongScore > 0 ? '+' : ''}${wrongScore}.`), feedback);
  assert.ok(feedback.includes(`It loses ${p.value - wrongScore} box`), feedback);
  assert.ok(feedback.includes(`Why ${await name(p.solution)} (`), feedback);
  // A small board's puzzle carries the loony analysis: each pick says who then makes the next
  // loony move with best play.
  assert.ok(p.scores.every((s) => 'next' in s), 'the first puzzle has next-loony flags');
  assert.equal(feedback.match(/With best play after it,/g)?.length, 2, feedback);
  // The scores are shown once answered.
  assert.equal(await page.getAttribute(`#puzzle-svg g.move[data-line="${p.solution}"]`, 'data-best'), '1');

  // Try again and find it.
  await page.click('#puzzle-retry');
  assert.equal(await page.getAttribute('#puzzle', 'data-answered'), null);
  await page.click(`#puzzle-svg g.move[data-line="${p.solution}"]`, NO_SCORES);
  assert.equal(await page.getAttribute('#puzzle', 'data-answered'), 'right');
  assert.match(await page.textContent('#puzzle-feedback'), new RegExp(`^Right: ${await name(p.solution)} \\(.*This is the only best move`));
  await page.screenshot({ path: `${RESULTS}/coach-3x3.png`, fullPage: true });

  // A damaged puzzle file is refused with the puzzle and what is wrong.
  const refused = await page.evaluate(async (good) => {
    const { loadPuzzles } = await import('./pkg/dotbox.js');
    const tries = [
      [good, { ...good, solution: good.tempting[0] }],
      [{ ...good, board: '9x9' }],
      [{ ...good, scores: good.scores.slice(1) }],
      { not: 'a list' },
    ];
    return tries.map((t) => {
      try {
        loadPuzzles(t);
        return 'accepted';
      } catch (e) {
        return e.message;
      }
    });
  }, p);
  assert.match(refused[0], /^puzzle 2: line \d+ is not the only move keeping the value/);
  assert.match(refused[1], /^puzzle 1: .*9/);
  assert.match(refused[2], /^puzzle 1: its scores do not cover exactly the open lines/);
  assert.match(refused[3], /^the puzzle file is not a list of puzzles/);

  // Keyboard only: the next puzzle, an arrow key selects a line, Enter plays it; the game
  // board's shortcuts do not react meanwhile.
  await page.keyboard.press('Enter'); // on the focused "Next puzzle" button
  assert.equal(await page.getAttribute('#puzzle', 'data-index'), '1');
  await page.focus('#puzzle-svg');
  await page.keyboard.press('ArrowRight');
  const cursor = await page.$eval('#puzzle-svg g.move.cursor', (g) => Number(g.dataset.line));
  await page.keyboard.press('Enter');
  const q = PUZZLES[1];
  assert.equal(await page.getAttribute('#puzzle', 'data-answered'), cursor === q.solution ? 'right' : 'wrong');
  assert.equal(await page.evaluate(() => document.body.dataset.lines), '0,1,2,3,4,5', 'the game is untouched');
  assert.deepEqual(errors, []);
  await context.close();
});

/** A comma-separated run of more than six line labels (a1b1, ..): the coach lists none. */
const LONG_LIST = /(?:[a-z]\d+[a-z]\d+, ){6,}[a-z]\d+[a-z]\d+/;

test('on 5x5 the coach speaks plainly and lists no more than a handful of labels', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 1000 } });
  const start = [0, 1, 2, 3, 4, 5, 6, 7];
  const { page, errors } = await openPage(context, env.server.url, `#board=5x5&mode=hh&moves=${start.join(',')}`);
  await coachShows(page, '5x5', start);
  const native = nativeChains('5x5', start);
  const unsettled = native.components.find((c) => c.kind === 'unsettled');
  assert.ok(unsettled.lines.length > 40, `the unsettled region has ${unsettled.lines.length} lines`);
  assert.match(await page.textContent('#coach-control'), /^A is to move\. There (is|are) (no|one|\d+) long chains?/);
  const text = await page.textContent('#coach');
  assert.doesNotMatch(text, LONG_LIST, text);
  // The region's lines are counted, not listed.
  assert.ok((await page.textContent('#coach-lines')).includes(` and ${unsettled.lines.length - 6} more`));
  assert.deepEqual(errors, []);
  await context.close();
});

test('the coach\'s replies to an offer take first the box free to take beside it, as dotbox chains does', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 1000 } });
  // B double-dealt: a box hangs free on the border (c3c4 takes it) beside a loop of 6 that a2b2
  // (line 6) then offers, the last boxes: B takes them all, the free box first (declining
  // would keep control of nothing, so no decline is suggested).
  const lines = [7, 10, 3, 15, 19, 5, 1, 4, 0, 16, 20, 9, 11, 23, 12, 13, 2, 6];
  const { page, errors } = await openPage(context, env.server.url, `#board=3x3&mode=hh&moves=${lines.join(',')}`);
  await settled(page);
  await coachShows(page, '3x3', [...lines].sort((a, b) => a - b));
  const [offer] = nativeChains('3x3', lines).standing_offers;
  assert.equal(offer.take_all[0], 14, 'the free box first');
  const names = async (list) => (await Promise.all(list.map((l) => labelOf(page, l)))).join(', ');
  const standing = await page.textContent('#coach-standing');
  assert.equal(standing, `Offered to B: ${offer.boxes.length} boxes: take all with ${await names(offer.take_all)}.`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('with only a loop left, the coach says who has control exactly and never that it is still open; a loony move just made leaves the mover in control, unless nothing is left to keep it for', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 1000 } });
  const loop = [7, 10, 3, 15, 19, 5, 1, 4, 0, 16, 20, 9, 11, 23, 12, 13, 2, 14];
  const { page, errors } = await openPage(context, env.server.url, `#board=3x3&mode=hh&moves=${loop.join(',')}`);
  await settled(page);
  await coachShows(page, '3x3', [...loop].sort((a, b) => a - b));
  assert.equal(nativeChains('3x3', loop).nimstring, '*0');
  assert.match(await page.textContent('#coach-control'), /^A is to move\. There are no long chains and one loop\. B has control: A cannot win it against best play/);
  const rule = await page.textContent('#coach-rule');
  assert.doesNotMatch(rule, /still open/, rule);
  assert.match(rule, /only loops are left: A \(to move\) must open one\..*Exactly \(nimstring value \*0\): A cannot win control/, rule);
  assert.match(await page.textContent('#coach-control'), /A cannot win it against best play, and will have to open the next long chain or loop, or take the last box\.$/);
  // A opens the loop (a2b2), the last boxes: B takes them all (declining keeps control of
  // nothing).
  await clickLine(page, 6);
  await settled(page);
  assert.equal(nativeChains('3x3', [...loop, 6]).nimstring, 'loony');
  assert.match(await page.textContent('#coach-control'), /A just offered the last boxes: B takes them all, as nothing is left to keep control for\.$/);
  // Three chains of three, A opens one: B may take it or decline the last two.
  const rows = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
  const chains = await openPage(context, env.server.url, `#board=3x3&mode=hh&moves=${[...rows, 12].join(',')}`);
  await settled(chains.page);
  await coachShows(chains.page, '3x3', [...rows, 12]);
  assert.match(await chains.page.textContent('#coach-control'), /^B is to move\. Besides the 3 boxes offered, there are 2 long chains and no loops\. B has control: A just made a loony move, and B may take the boxes offered or decline the last of them\.$/);
  // With long chains left the decline is offered beside taking them all.
  assert.match(await chains.page.textContent('#coach-standing'), /^Offered to B: 3 boxes: take all with \S+, \S+, \S+, or all but 2: \S+ then double-deal with \S+\.$/);
  // Two boxes offered with only short chains left: no long chain (the course's word: three
  // boxes or more), and nothing to keep control for, so they are taken whole.
  const short = [0, 1, 2, 4, 5, 6, 7, 8, 10, 11, 13, 17, 18, 19, 21, 22, 23];
  const offer = nativeChains('3x3', short);
  assert.deepEqual(offer.standing_offers.map((o) => o.boxes.length), [2]);
  assert.ok(offer.components.every((k) => k.kind === 'capturable' || k.boxes.length < 3), 'only short chains beside the offer');
  const rest = await openPage(context, env.server.url, `#board=3x3&mode=hh&moves=${short.join(',')}`);
  await settled(rest.page);
  await coachShows(rest.page, '3x3', [...short].sort((a, b) => a - b));
  assert.match(await rest.page.textContent('#coach-control'), /^([AB]) is to move\. Besides the 2 boxes offered, there are no long chains and no loops\. [AB] just offered 2 boxes: \1 takes them all, as no long chain or loop is left to keep control for\.$/);
  const restRule = await rest.page.textContent('#coach-rule');
  assert.match(restRule, /^Rule count 3 \(open lines − boxes left \+ 1\): the 2 boxes offered count as a long chain only while they can be declined, and no long chain or loop is left beside them: [AB] \(to move\) takes them all\.$/, restRule);
  // The reply offered is taking them all; no decline is suggested.
  const restStanding = await rest.page.textContent('#coach-standing');
  assert.match(restStanding, /^Offered to [AB]: 2 boxes: take all with \S+, \S+\.$/, restStanding);
  assert.deepEqual(rest.errors, []);
  // Only short chains, no offer: control decides nothing, and the coach says so.
  const shortOnly = [3, 4, 5, 8, 10, 12, 14];
  assert.ok(nativeChains('2x3', shortOnly).components.every((k) => k.kind === 'chain' && k.boxes.length < 3));
  const few = await openPage(context, env.server.url, `#board=2x3&mode=hh&moves=${shortOnly.join(',')}`);
  await settled(few.page);
  await coachShows(few.page, '2x3', [...shortOnly].sort((a, b) => a - b));
  assert.match(await few.page.textContent('#coach-control'), /^[AB] is to move\. There are no long chains and no loops\. Only short chains are left: no long chain or loop for control to win\.$/);
  assert.match(await few.page.textContent('#coach-rule'), /: only short chains are left: no long chain or loop to count\./);
  assert.deepEqual(few.errors, []);
  assert.deepEqual(chains.errors, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the coach counts long chains and loops in plain words: no, one, or a number', async () => {
  const context = await env.browser.newContext();
  const cases = [
    // The empty 5x5: nothing settled into chains yet.
    ['5x5', [], 'There are no long chains and no loops.'],
    // The top row of 3x3 a chain of three.
    ['3x3', [0, 1, 2, 3, 4, 5], 'There is one long chain and no loops.'],
    // Every horizontal line: each row a chain of three.
    ['3x3', [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 'There are 3 long chains and no loops.'],
    // The bottom left 2×2 boxes closed round: a loop of four.
    ['3x3', [0, 1, 6, 7, 12, 16, 14, 18], 'There are no long chains and one loop.'],
    ['3x3', [0, 1, 6, 7, 12, 16, 14, 18, 2, 15, 23, 9, 10, 11], 'There is one long chain and one loop.'],
  ];
  for (const [board, lines, words] of cases) {
    const native = nativeChains(board, lines).control;
    const { page, errors } = await openPage(context, env.server.url, `#board=${board}&mode=hh&moves=${lines.join(',')}`);
    await coachShows(page, board, [...lines].sort((a, b) => a - b));
    const control = await page.textContent('#coach-control');
    assert.ok(control.includes(` ${words} `), `${board} ${lines} (${native.long_chains} long chains, ${native.loops} loops): ${control}`);
    assert.doesNotMatch(control, /no long chain |no loop\b|\b1 (long chain|loop)/, control);
    assert.deepEqual(errors, []);
    await page.close();
  }
  await context.close();
});

test('the moves the coach says change the count are never loony moves, which it names apart as offers', async () => {
  const context = await env.browser.newContext();
  for (const moves of [
    // A loop and a 5-chain, A to move against the rule: only c3d3 and c3c4, which open the
    // chain in its middle (-5 against the best -1), change the count.
    [0, 1, 2, 3, 4, 9, 10, 15, 16, 18, 19, 20, 22, 23],
    // A box to take and a 4-chain: only the loony move splitting the chain changes it.
    [7, 15, 20, 22, 19, 1, 3, 5, 4, 0, 6, 11, 12, 21, 9, 10, 13, 14],
  ]) {
    const native = nativeChains('3x3', moves);
    const loony = new Set(native.loony_moves.map((m) => m.line));
    assert.ok(native.parity_moves.length > 0 && native.parity_moves.every((l) => loony.has(l)), JSON.stringify(native.parity_moves));
    const { page, errors } = await openPage(context, env.server.url, `#board=3x3&mode=hh&moves=${moves.join(',')}`);
    await coachShows(page, '3x3', [...moves].sort((a, b) => a - b));
    const rule = await page.textContent('#coach-rule');
    const labels = await Promise.all(native.parity_moves.map((l) => labelOf(page, l)));
    assert.ok(rule.includes(` Only loony moves change the count, each offering boxes for the other player to take or decline: ${labels.join(', ')}.`), rule);
    assert.doesNotMatch(rule, /Moves that change the count/, rule);
    assert.deepEqual(errors, []);
    await page.close();
  }
  await context.close();
});

test('past the loony analysis\'s reach the coach says from when the v/^ flags appear', async () => {
  const context = await env.browser.newContext();
  // An unsolved board past the browser's direct analysis: no scores, but the coach reads it.
  const { page, errors } = await openPage(context, env.server.url, '#board=icelandic&mode=hh');
  await page.waitForFunction(() => document.querySelector('#coach-next-loony').textContent !== '');
  assert.equal(await page.textContent('#coach-next-loony'), 'Who must make the next loony move (v/^ after each score) is shown once at most 24 lines are open (30 now).');
  assert.equal(await page.locator('#svg g.move[data-next]').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('coach and puzzles fit a phone screen', async () => {
  const phone = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const { page, errors } = await openPage(phone, env.server.url, '#board=3x3&mode=hh&moves=0,1,2,3,4,5,12');
  await settled(page);
  await coachShows(page, '3x3', [0, 1, 2, 3, 4, 5, 12]);
  await page.tap('#puzzle-open');
  await page.waitForSelector('#puzzle:not([hidden])');
  const p = PUZZLES[0];
  await page.tap(`#puzzle-svg g.move[data-line="${p.solution}"]`, NO_SCORES);
  assert.equal(await page.getAttribute('#puzzle', 'data-answered'), 'right');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `nothing overflows a phone screen (page is ${width} px wide)`);
  await page.screenshot({ path: `${RESULTS}/coach-phone.png`, fullPage: true });
  assert.deepEqual(errors, []);
  await phone.close();
});

test("the long chain rule's verdict, where the regions are too large for the exact one, is said to be an estimate; where nimstring's work is small the verdict is exact past 20 open lines too", async () => {
  const context = await env.browser.newContext();
  // 5x5, the top row a chain of five, the rest one region of 44 open lines: the rule's.
  const chain = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  assert.equal(nativeChains('5x5', chain).control.mover_has_parity, false);
  const { page, errors } = await openPage(context, env.server.url, `#board=5x5&pre=${chain.join(',')}&mode=hh`);
  await page.waitForFunction(() => /long chain rule/.test(document.querySelector('#coach-control').textContent), null, { timeout: 60_000 });
  assert.match(await page.textContent('#coach-control'), /By the long chain rule B has control \(the rule is an estimate: the regions are too large to work the exact answer out on every move\): A needs to change the number of long chains\.$/);
  // 4x4 with 23 open lines in one region, past 20: nimstring's work is small, so the coach
  // gives the exact verdict (A cannot win control), where the rule favours A.
  const pre = [0, 1, 2, 3, 5, 10, 13, 14, 16, 18, 19, 20, 25, 26, 31, 34, 39];
  const native = nativeChains('4x4', pre);
  assert.match(native.control.text, /favours the player to move; exactly, nimstring \*0: the player to move cannot win control/);
  await page.evaluate((p) => { location.hash = `#board=4x4&pre=${p}&mode=hh`; }, pre.join(','));
  await page.waitForFunction(() => /cannot win it against best play/.test(document.querySelector('#coach-control').textContent), null, { timeout: 60_000 });
  assert.match(await page.textContent('#coach-control'), /B has control: A cannot win it against best play/);
  assert.deepEqual(errors, []);
  await context.close();
});
