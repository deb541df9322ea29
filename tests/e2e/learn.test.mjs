// Learn mode (#learn) in the real page: every exercise of the shipped lessons.json accepts
// exactly the best moves of the native CLI's analysis; every lesson opens, one exercise is
// answered right and one wrong, the answer then shown with the explanation; a wrong pick
// gives nothing of the answer away and the chains are shaded only once answered or asked for;
// progress survives a reload and can be reset; the keyboard alone answers; a phone screen fits. Screenshots of each lesson
// at desktop and 390 px go to test-results/learn/ (or $LEARN_SHOTS, e.g. docs/learn).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { serveAndLaunch, openPage, nativeAnalyze, settled, RESULTS, ROOT } from './harness.mjs';

const env = serveAndLaunch();
const { lessons } = JSON.parse(readFileSync(`${ROOT}www/lessons.json`, 'utf8'));
const SHOTS = process.env.LEARN_SHOTS ? `${ROOT}${process.env.LEARN_SHOTS}` : `${RESULTS}/learn`;
mkdirSync(SHOTS, { recursive: true });
const NO_SCORES = { force: true }; // before an answer a line has no score text: a flat box

/** Every move of a position with who then makes the next loony move with best play, as
 * `dotbox analyze --loony --json` gives them: [{line, score, next}]. */
function nativeLoony(board, lines) {
  const args = ['analyze', board, '--json', '--loony'];
  if (lines.length) args.push('--lines', lines.join(','));
  const out = JSON.parse(execFileSync(`${ROOT}target/release/dotbox`, args, { encoding: 'utf8', maxBuffer: 1 << 20 }));
  return out.moves.map((m) => ({ line: m.line, score: m.score, next: m.next_loony }));
}

test('every exercise accepts exactly the best moves of the native solver', () => {
  assert.ok(lessons.length >= 8, `${lessons.length} lessons`);
  for (const [l, lesson] of lessons.entries()) {
    assert.ok(lesson.exercises.length >= 5, lesson.title);
    for (const [e, ex] of lesson.exercises.entries()) {
      const native = nativeAnalyze(ex.board, ex.lines);
      const best = native.moves.filter((m) => m.score === native.value).map((m) => m.line);
      assert.deepEqual(ex.answer, best, `lesson ${l + 1} exercise ${e + 1}`);
      assert.ok(best.length < native.moves.length, `lesson ${l + 1} exercise ${e + 1}: some move is not best`);
      assert.equal(ex.value, native.value);
      assert.deepEqual(ex.scores, nativeLoony(ex.board, ex.lines), `lesson ${l + 1} exercise ${e + 1}: scores and next-loony flags`);
    }
  }
});

/** The label the exercise board gives `line` (from its aria-label "line a1b1"). */
const labelOf = (page, line) => page.$eval(`#learn-svg g.move[data-line="${line}"]`, (g) => g.getAttribute('aria-label').split(/[ ,]/)[1]);
const signed = (v) => `${v > 0 ? '+' : ''}${v}`;

async function openLearn(context, hash = '#learn') {
  const { page, errors } = await openPage(context, env.server.url, hash);
  await page.waitForSelector('#learn[data-ready="1"]');
  return { page, errors };
}

test('each lesson: one exercise right, one wrong, explained; progress kept across a reload and reset', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 900 } });
  const { page, errors } = await openLearn(context);
  assert.equal(await page.isVisible('main'), false, 'the game is hidden in Learn mode');
  assert.equal(await page.evaluate(() => location.hash), '#learn/1.1', 'the address names the exercise shown');
  assert.equal(await page.locator('#learn-lessons button').count(), lessons.length);
  for (const [l, lesson] of lessons.entries()) {
    await page.click(`#learn-lessons button[data-lesson="${l}"]`);
    assert.equal(await page.textContent('#lesson-title'), `Lesson ${l + 1} of ${lessons.length}: ${lesson.title}`);
    assert.equal(await page.textContent('#lesson-text'), lesson.text);
    // Before the answer the chains are not coloured (the colouring answers questions).
    assert.equal(await page.$$eval('#learn-svg rect.box-kind', (rs) => rs.length), 0, `lesson ${l + 1}: nothing shaded before the answer`);

    // Exercise 1, answered right.
    const ex = lesson.exercises[0];
    assert.equal(await page.textContent('#exercise-question'), ex.question);
    const open = await page.$$eval('#learn-svg g.move', (gs) => gs.map((g) => Number(g.dataset.line)));
    assert.deepEqual(open, ex.scores.map((s) => s.line), 'the board shows the open lines');
    const good = ex.answer[0];
    const goodLabel = await labelOf(page, good);
    await page.click(`#learn-svg g.move[data-line="${good}"]`, NO_SCORES);
    assert.equal(await page.getAttribute('#learn', 'data-answered'), 'right');
    const right = await page.textContent('#exercise-feedback');
    assert.ok(right.startsWith(`Right: ${goodLabel} scores ${signed(ex.value)}, the best here.`), right);
    assert.ok(right.includes(ex.explanation), 'the exercise explanation is shown');
    assert.ok(ex.explanation.includes(goodLabel) || ex.answer.length > 1, ex.explanation);
    // Once answered the exact scores are on the board, the answers best, and the chains are
    // coloured as the coach colours them.
    for (const a of ex.answer) assert.equal(await page.getAttribute(`#learn-svg g.move[data-line="${a}"]`, 'data-best'), '1');
    const kinds = await page.$$eval('#learn-svg rect.box-kind', (rs) => rs.length);
    assert.ok(kinds > 0, `lesson ${l + 1}: components coloured`);
    await page.locator('#learn').screenshot({ path: `${SHOTS}/lesson-${l + 1}-desktop.png`, scale: 'css' });

    // Exercise 2, answered wrong: what the move scores against the best and why, not which
    // move is best; then the answer shown.
    await page.click('#exercise-next');
    const ex2 = lesson.exercises[1];
    const wrong = ex2.scores.filter((s) => !ex2.answer.includes(s.line)).sort((a, b) => a.score - b.score)[0];
    const wrongLabel = await labelOf(page, wrong.line);
    await page.click(`#learn-svg g.move[data-line="${wrong.line}"]`, NO_SCORES);
    assert.equal(await page.getAttribute('#learn', 'data-answered'), 'wrong');
    const bad = await page.textContent('#exercise-feedback');
    assert.ok(bad.startsWith(`Not the best: ${wrongLabel} (dashed red) scores ${signed(wrong.score)}; the best scores ${signed(ex2.value)}. Try another line, or show the answer.`), bad);
    for (const a of ex2.answer) assert.ok(!new RegExp(`\\b${await labelOf(page, a)}\\b`).test(bad), `does not name the best move ${a}: ${bad}`);
    assert.ok(!bad.includes(ex2.explanation));
    await page.click('#exercise-show');
    assert.equal(await page.getAttribute('#learn', 'data-answered'), 'shown');
    const shown = await page.textContent('#exercise-feedback');
    for (const a of ex2.answer) assert.ok(shown.includes(await labelOf(page, a)), `names the best move ${a}`);
    assert.ok(shown.includes(ex2.explanation));
    // Try again clears the answer; the best move, found now that it was shown, is right but
    // not counted as answered right.
    await page.click('#exercise-retry');
    assert.equal(await page.getAttribute('#learn', 'data-answered'), null);
    const countedBefore = await page.getAttribute('#learn', 'data-exercises-right');
    await page.click(`#learn-svg g.move[data-line="${ex2.answer[0]}"]`, NO_SCORES);
    assert.equal(await page.getAttribute('#learn', 'data-answered'), 'right');
    assert.ok((await page.textContent('#exercise-feedback')).includes('Not counted as answered right'));
    assert.equal(await page.getAttribute('#learn', 'data-exercises-right'), countedBefore);
  }
  assert.equal(await page.getAttribute('#learn', 'data-exercises-right'), String(lessons.length));

  // Finish lesson 1: every exercise right makes it done.
  await page.click('#learn-lessons button[data-lesson="0"]');
  assert.equal(await page.isDisabled('#exercise-prev'), true, 'nothing before the first exercise');
  for (const [e, ex] of lessons[0].exercises.entries()) {
    assert.equal(await page.getAttribute('#learn', 'data-exercise'), String(e));
    await page.click(`#learn-svg g.move[data-line="${ex.answer.at(-1)}"]`, NO_SCORES);
    assert.equal(await page.getAttribute('#learn', 'data-answered'), 'right');
    const last = e === lessons[0].exercises.length - 1;
    assert.equal(await page.textContent('#exercise-next'), last ? 'Next lesson' : 'Next exercise');
    await page.click('#exercise-next');
  }
  assert.equal(await page.getAttribute('#learn', 'data-lesson'), '1', 'Next leaves a lesson for the next one');
  assert.equal(await page.getAttribute('#learn', 'data-lessons-done'), '1');
  // The course's last exercise has no Next: the course does not start over.
  const final = lessons.length - 1;
  await page.click(`#learn-lessons button[data-lesson="${final}"]`);
  for (let e = 1; e < lessons[final].exercises.length; e++) await page.click('#exercise-next');
  assert.equal(await page.isDisabled('#exercise-next'), true);
  assert.equal(await page.getAttribute('#learn', 'data-lesson'), String(final));
  assert.equal(await page.getAttribute('#learn', 'data-exercise'), String(lessons[final].exercises.length - 1));
  await page.click('#learn-lessons button[data-lesson="1"]');
  const rightCount = lessons.length - 1 + lessons[0].exercises.length;

  // A reload finds the progress (and the place in the course).
  await page.reload();
  await page.waitForSelector('#learn[data-ready="1"]');
  assert.equal(await page.getAttribute('#learn', 'data-lessons-done'), '1');
  assert.equal(await page.getAttribute('#learn', 'data-exercises-right'), String(rightCount));
  assert.equal(await page.getAttribute('#learn-lessons button[data-lesson="0"]', 'data-done'), '1');
  assert.match(await page.getAttribute('#learn-lessons button[data-lesson="1"]', 'aria-label'), /, 1 of \d+ exercises right$/);
  assert.equal(await page.getAttribute('#learn', 'data-lesson'), '1', 'back where the course was left');
  assert.match(await page.textContent('#learn-progress'), new RegExp(`^Progress: 1 of ${lessons.length} lessons done, ${rightCount} of \\d+ exercises answered right\\.$`));

  // Reset: one press only asks for a second, which erases.
  await page.click('#learn-reset');
  assert.equal(await page.getAttribute('#learn', 'data-exercises-right'), String(rightCount));
  assert.match(await page.textContent('#learn-reset'), /Press again/);
  await page.click('#learn-reset');
  assert.equal(await page.getAttribute('#learn', 'data-exercises-right'), '0');
  assert.equal(await page.textContent('#learn-reset'), 'Reset progress');
  await page.reload();
  await page.waitForSelector('#learn[data-ready="1"]');
  assert.equal(await page.getAttribute('#learn', 'data-lessons-done'), '0');
  assert.equal(await page.getAttribute('#learn', 'data-exercises-right'), '0');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a wrong pick says who makes the next loony move with best play, also where control would force the other', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 900 } });
  const { page, errors } = await openLearn(context);
  // The first wrong pick, in course order, that keeps control in nimstring's sense and still
  // has its player make the next loony move with best play (from the exercise's flags).
  const found = await page.evaluate(async (lessons) => {
    const { explainMove } = await import('./pkg/dotbox.js');
    for (const [l, lesson] of lessons.entries()) {
      for (const [e, ex] of lesson.exercises.entries()) {
        for (const s of ex.scores.filter((m) => !ex.answer.includes(m.line))) {
          const text = explainMove(ex.board, '', ex.lines.join(','), s.line, { value: ex.value, moves: ex.scores }).text;
          if (text.includes('You keep control') && s.next === 'v') return { l, e, line: s.line };
        }
      }
    }
    return null;
  }, lessons);
  assert.ok(found, 'some wrong pick keeps control yet makes the next loony move');
  await page.click(`#learn-lessons button[data-lesson="${found.l}"]`);
  for (let e = 0; e < found.e; e++) await page.click('#exercise-next');
  await page.click(`#learn-svg g.move[data-line="${found.line}"]`, NO_SCORES);
  assert.equal(await page.getAttribute('#learn', 'data-answered'), 'wrong');
  // The pick's own paragraph (after the verdict); the exercise's explanation is not shown.
  const why = await page.textContent('#exercise-feedback p:nth-child(2)');
  assert.ok(why.includes('You keep control: you can still force your opponent to open the next long chain or loop (or to take the last box). With best play after it, though, you make the next loony move: keeping control costs you more than it brings.'), why);
  assert.deepEqual(errors, []);
  await context.close();
});

test("a wrong pick the lesson's own rule calls good is told where the rule misleads", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 900 } });
  const { page, errors } = await openLearn(context);
  // Lessons 3 and 6 teach a count; each of their notes belongs to a wrong pick.
  for (const l of [2, 5]) {
    const e = lessons[l].exercises.findIndex((ex) => ex.notes.length > 0);
    assert.ok(e >= 0, `lesson ${l + 1} has a wrong pick its rule calls good`);
    const ex = lessons[l].exercises[e];
    for (const n of ex.notes) assert.ok(!ex.answer.includes(n.line), `lesson ${l + 1}: a note on a best move`);
    const { line, text } = ex.notes[0];
    await page.evaluate((hash) => { location.hash = hash; }, `#learn/${l + 1}.${e + 1}`);
    await page.waitForFunction((at) => document.querySelector('#learn').dataset.exercise === at, String(e));
    await page.click(`#learn-svg g.move[data-line="${line}"]`, NO_SCORES);
    assert.equal(await page.getAttribute('#learn', 'data-answered'), 'wrong');
    // Below the verdict and the pick's own explanation, before any answer is shown.
    const paragraphs = await page.$$eval('#exercise-feedback p', (ps) => ps.map((p) => p.textContent));
    const note = paragraphs.at(-1);
    assert.equal(note, text);
    assert.match(note, l === 2 ? /the long chain rule favours you/ : /an even number, as the count asks/);
    assert.match(note, new RegExp(`^After ${await labelOf(page, line)}, .*your opponent answers `));
  }
  // A wrong pick in a lesson teaching no count gets no note; shown, the answer names the best
  // moves first.
  const plain = lessons[0].exercises[0];
  await page.evaluate(() => { location.hash = '#learn/1.1'; });
  await page.waitForFunction(() => document.querySelector('#learn').dataset.lesson === '0');
  const wrong = plain.scores.find((m) => !plain.answer.includes(m.line)).line;
  await page.click(`#learn-svg g.move[data-line="${wrong}"]`, NO_SCORES);
  assert.ok((await page.$$eval('#exercise-feedback p', (ps) => ps.length)) <= 2, 'a verdict and its explanation, no note');
  await page.click('#exercise-show');
  assert.equal(await page.textContent('#exercise-feedback p:first-child'), `${plain.answer.length === 1 ? 'The best move' : `The ${plain.answer.length} best moves`} (green): ${(await Promise.all(plain.answer.map((a) => labelOf(page, a)))).join(', ')}.`);
  assert.deepEqual(errors, []);
  await context.close();
});

/** The id stored progress keeps an exercise under: its position (www/position-key.js). */
const idOf = (ex) => `${ex.board}||${ex.lines.join(',')}`;

test('stored progress counts only exercises of this course, each once', async () => {
  // Saved under other courses: an id twice, an id naming no exercise, a key by place
  // ("lesson.exercise", as progress was kept before ids), not a string.
  const [first, second, third] = lessons[0].exercises.map(idOf);
  const missing = '3x3||0,1,2';
  assert.ok(lessons.every((lesson) => lesson.exercises.every((ex) => idOf(ex) !== missing)));
  const stored = [first, missing, first, second, '0.2', 7];
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 900 } });
  await context.addInitScript((right) => localStorage.setItem('dotbox-learn', JSON.stringify({ right })), stored);
  const { page, errors } = await openLearn(context);
  const total = lessons.reduce((n, lesson) => n + lesson.exercises.length, 0);
  assert.equal(await page.getAttribute('#learn', 'data-exercises-right'), '2');
  assert.equal(await page.textContent('#learn-progress'), `Progress: 0 of ${lessons.length} lessons done, 2 of ${total} exercises answered right.`);
  assert.match(await page.getAttribute('#learn-lessons button[data-lesson="0"]', 'aria-label'), /, 2 of \d+ exercises right$/);
  // The key by place names no exercise: the third exercise is not marked.
  await page.click('#exercise-next');
  await page.click('#exercise-next');
  assert.doesNotMatch(await page.textContent('#exercise-title'), /answered right before/);
  // Answering keeps each id once; the ids of no exercise stay stored, uncounted; the key by
  // place is gone.
  await page.click('#learn-lessons button[data-lesson="0"]');
  await page.click(`#learn-svg g.move[data-line="${lessons[0].exercises[0].answer[0]}"]`, NO_SCORES);
  assert.equal(await page.getAttribute('#learn', 'data-exercises-right'), '2');
  const kept = await page.evaluate(() => JSON.parse(localStorage.getItem('dotbox-learn')).right);
  assert.deepEqual(kept, [first, missing, second]);
  assert.ok(!kept.includes(third));
  assert.deepEqual(errors, []);
  await context.close();
});

test('progress stays with its exercises when the course is reordered', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 900 } });
  const { page, errors } = await openLearn(context);
  // Lesson 1's first two exercises answered right; the second is the last shown.
  for (const ex of lessons[0].exercises.slice(0, 2)) {
    await page.click(`#learn-svg g.move[data-line="${ex.answer[0]}"]`, NO_SCORES);
    assert.equal(await page.getAttribute('#learn', 'data-answered'), 'right');
    await page.click('#exercise-next');
  }
  await page.click('#exercise-prev');
  // A new course: lessons 1 and 2 swapped, lesson 1's exercises in reverse order.
  const edited = structuredClone(lessons);
  edited[0].exercises.reverse();
  [edited[0], edited[1]] = [edited[1], edited[0]];
  await page.route('**/lessons.json', (route) => route.fulfill({ json: { lessons: edited } }));
  await page.reload();
  await page.waitForSelector('#learn[data-ready="1"]');
  assert.equal(await page.getAttribute('#learn', 'data-exercises-right'), '2');
  assert.match(await page.getAttribute('#learn-lessons button[data-lesson="0"]', 'aria-label'), /, 0 of \d+ exercises right$/);
  assert.match(await page.getAttribute('#learn-lessons button[data-lesson="1"]', 'aria-label'), /, 2 of \d+ exercises right$/);
  // Back at the exercise last shown, now in lesson 2, second from its end.
  const n = edited[1].exercises.length;
  assert.equal(await page.getAttribute('#learn', 'data-lesson'), '1');
  assert.equal(await page.getAttribute('#learn', 'data-exercise'), String(n - 2));
  assert.match(await page.textContent('#exercise-title'), /answered right before/);
  await page.click('#exercise-next');
  assert.match(await page.textContent('#exercise-title'), /answered right before/);
  await page.click('#learn-lessons button[data-lesson="1"]');
  assert.doesNotMatch(await page.textContent('#exercise-title'), /answered right before/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Learn is reached from the header and left for the same game; the keyboard alone answers', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 900 } });
  const { page, errors } = await openPage(context, env.server.url, '#board=3x3&mode=hh&moves=0,5');
  await settled(page);
  const title = await page.title();
  await page.click('#learn-link');
  await page.waitForSelector('#learn[data-ready="1"]');
  assert.equal(await page.evaluate(() => location.hash), '#learn/1.1');
  assert.equal(await page.isVisible('main'), false);
  assert.equal(await page.title(), `Learn chain theory — ${title}`);
  // The game's letter shortcuts do nothing here (N would set up a new game).
  await page.locator('body').press('n');
  // Keyboard: the board is focusable, arrows choose a line, Enter plays it.
  await page.focus('#learn-svg');
  await page.keyboard.press('ArrowRight');
  const cursor = await page.$eval('#learn-svg g.move.cursor', (g) => Number(g.dataset.line));
  // The cursor is the line's colour alone: no focus ring (Chromium's drew a black disc).
  const ring = await page.evaluate(() => [document.activeElement.closest('#learn-svg') !== null, getComputedStyle(document.activeElement).outlineStyle]);
  assert.deepEqual(ring, [true, 'none']);
  await page.keyboard.press('Enter');
  const ex = lessons[0].exercises[0];
  assert.equal(await page.getAttribute('#learn', 'data-answered'), ex.answer.includes(cursor) ? 'right' : 'wrong');
  if (!ex.answer.includes(cursor)) {
    // A wrong pick: the keyboard stays on the board, which still plays; then the answer is
    // shown from the keyboard too.
    assert.equal(await page.evaluate(() => document.activeElement.id), 'learn-svg');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-disabled')), null);
    await page.focus('#exercise-show');
    await page.keyboard.press('Enter');
    assert.equal(await page.getAttribute('#learn', 'data-answered'), 'shown');
  }
  assert.equal(await page.evaluate(() => document.activeElement.id), 'exercise-next');
  // Both in sight: the verdict's first lines (they began below the screen) and the button the
  // keyboard is on, which stays at the screen's foot.
  const inSight = await page.evaluate(() => {
    const r = (id) => document.getElementById(id).getBoundingClientRect();
    return [r('exercise-feedback').top < innerHeight - 80, r('exercise-next').top >= 0 && r('exercise-next').bottom <= innerHeight];
  });
  assert.deepEqual(inSight, [true, true]);
  // Answered, the arrows still walk the lines, each read with its score, and none plays.
  const answered = await page.getAttribute('#learn', 'data-answered');
  await page.focus('#learn-svg');
  await page.keyboard.press('ArrowRight');
  const walked = await page.evaluate(() => [document.activeElement.getAttribute('aria-disabled'), document.activeElement.getAttribute('aria-label')]);
  assert.equal(walked[0], 'true');
  assert.match(walked[1], /^line [a-z]\d[a-z]\d.*, score [+-]?\d/);
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute('#learn', 'data-answered'), answered);
  // The board is one tab stop: Tab from it leaves it.
  await page.focus('#learn-svg');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.closest('#learn-svg')), null);
  await page.focus('#exercise-next');
  await page.keyboard.press('Enter');
  assert.equal(await page.getAttribute('#learn', 'data-exercise'), '1');
  // Without sight: the board is described by the exercise's question and, once asked for
  // (C, as on the Play page), in words by what its shading shows.
  const described = () => page.$eval('#learn-svg', (svg) => svg.getAttribute('aria-describedby').split(' ').map((id) => document.getElementById(id).textContent).join(' '));
  assert.ok((await described()).includes(lessons[0].exercises[1].question), await described());
  assert.doesNotMatch(await described(), /On the board:/);
  await page.keyboard.press('c');
  assert.equal(await page.getAttribute('#exercise-chains', 'aria-pressed'), 'true');
  assert.match(await described(), /On the board: .*(short chain|long chain|loop|unsettled region) of \d+ box/);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'learn-svg');
  await page.keyboard.press('c');
  assert.doesNotMatch(await described(), /On the board:/);
  // A lesson begun from the list: its title and text are read with the board's question.
  await page.click('#learn-lessons button[data-lesson="1"]');
  const begun = await page.$eval('#learn-svg', (svg) => svg.getAttribute('aria-describedby').split(' '));
  assert.deepEqual(begun.slice(0, 2), ['lesson-title', 'lesson-text']);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'learn-svg');
  // Back to play: the same game.
  await page.click('#play-link');
  assert.equal(await page.isVisible('main'), true);
  assert.equal(await page.title(), title);
  assert.equal(await page.isVisible('#learn'), false);
  assert.equal(await page.evaluate(() => document.body.dataset.lines), '0,5');
  assert.match(await page.evaluate(() => location.hash), /board=3x3.*moves=0,5/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Learn shades a chain that closes into a loop at its junction as the loop it counts as, as the game board does', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 900 } });
  // Lesson 7, exercise 3: one of its chains closes into a loop.
  const { page, errors } = await openLearn(context, '#learn/7.3');
  await page.click('#exercise-chains');
  const { loops, shaded, expected } = await page.evaluate(async () => {
    const { chainsReport } = await import('./pkg/dotbox.js');
    const { lessons } = await (await fetch('./lessons.json')).json();
    const ex = lessons[6].exercises[2];
    const { components } = chainsReport(ex.board, '', ex.lines.join(','));
    const kind = (c) => (c.kind === 'chain' ? (c.loop ? 'loop' : c.long ? 'long' : 'short') : c.kind);
    const at = (row, col) => `${row},${col}`;
    return {
      loops: components.filter((c) => c.kind === 'chain' && c.loop).length,
      expected: components.flatMap((c) => c.boxes.map(([r, col]) => `${at(r, col)} ${kind(c)}`)).sort(),
      shaded: [...document.querySelectorAll('#learn-svg rect.box-kind')]
        .map((r) => `${at(Math.round(Number(r.getAttribute('y'))), Math.round(Number(r.getAttribute('x'))))} ${[...r.classList].filter((k) => !['coach', 'box-kind'].includes(k))[0]}`).sort(),
    };
  });
  assert.ok(loops > 0, 'the exercise has a chain closing into a loop');
  assert.deepEqual(shaded, expected);
  assert.ok(shaded.some((s) => s.endsWith(' loop')), JSON.stringify(shaded));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a teacher links to an exercise; an answer shown is not counted until another exercise was answered, across a reload', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 900 } });
  // Lesson 4, exercise 3, by the address (from 1); the address follows the exercise shown.
  const { page, errors } = await openLearn(context, '#learn/4.3');
  assert.deepEqual([await page.getAttribute('#learn', 'data-lesson'), await page.getAttribute('#learn', 'data-exercise')], ['3', '2']);
  assert.match(await page.textContent('#lesson-title'), /^Lesson 4 of /);
  await page.click('#exercise-next');
  assert.equal(await page.evaluate(() => location.hash), '#learn/4.4');
  // A lesson alone names its first exercise; an address past the course opens where the
  // course was left.
  await page.evaluate(() => { location.hash = '#learn/2'; });
  await page.waitForFunction(() => location.hash === '#learn/2.1' && document.querySelector('#learn').dataset.lesson === '1');
  // ... and says so: a mistyped link, or one to an exercise an older course had.
  await page.evaluate(() => { location.hash = '#learn/99.1'; });
  await page.waitForFunction(() => document.querySelector('#exercise-feedback').textContent.includes('lesson 99'));
  assert.equal(await page.evaluate(() => location.hash), '#learn/2.1');
  assert.equal(await page.textContent('#exercise-feedback'), `The address names lesson 99, exercise 1, which this course does not have (the course has lessons 1 to ${lessons.length}); showing the exercise shown last instead.`);
  // The answer shown: a right pick after a reload is not counted ...
  const ex = lessons[1].exercises[0];
  await page.click('#exercise-show');
  assert.equal(await page.getAttribute('#learn', 'data-answered'), 'shown');
  await page.reload();
  await page.waitForSelector('#learn[data-ready="1"]');
  assert.equal(await page.getAttribute('#learn', 'data-lesson'), '1');
  assert.match(await page.textContent('#exercise-title'), /answer shown before/);
  await page.click(`#learn-svg g.move[data-line="${ex.answer[0]}"]`, NO_SCORES);
  assert.equal(await page.getAttribute('#learn', 'data-answered'), 'right');
  assert.match(await page.textContent('#exercise-feedback'), /Not counted as answered right: the answer was shown\. Answer another exercise, then come back to it\./);
  assert.equal(await page.getAttribute('#learn', 'data-exercises-right'), '0');
  // ... nor after going to another exercise and back.
  await page.click('#exercise-next');
  await page.click('#exercise-prev');
  await page.click(`#learn-svg g.move[data-line="${ex.answer[0]}"]`, NO_SCORES);
  assert.equal(await page.getAttribute('#learn', 'data-exercises-right'), '0');
  // Once another exercise is answered, it counts when answered right again.
  await page.click('#exercise-next');
  await page.click(`#learn-svg g.move[data-line="${lessons[1].exercises[1].answer[0]}"]`, NO_SCORES);
  assert.equal(await page.getAttribute('#learn', 'data-exercises-right'), '1');
  await page.click('#exercise-prev');
  await page.click(`#learn-svg g.move[data-line="${ex.answer[0]}"]`, NO_SCORES);
  assert.equal(await page.getAttribute('#learn', 'data-exercises-right'), '2');
  // An exercise past a lesson's last (a link from when it had more): the lesson's last.
  const past = lessons[2].exercises.length + 1;
  await page.evaluate((hash) => { location.hash = hash; }, `#learn/3.${past}`);
  await page.waitForFunction(() => document.querySelector('#exercise-feedback').textContent.includes('lesson 3,'));
  assert.equal(await page.evaluate(() => location.hash), `#learn/3.${past - 1}`);
  assert.equal(await page.textContent('#exercise-feedback'), `The address names lesson 3, exercise ${past}, which this course does not have (lesson 3 has ${past - 1} exercises); showing its exercise ${past - 1} instead.`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a link to an exercise the course does not have, followed from the game, keeps its notice', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 900 } });
  const { page, errors } = await openPage(context, env.server.url, '#board=3x3&mode=hh&moves=0,5');
  await settled(page);
  // Both events of the address change come while the course loads: one entry, not a second
  // clearing the first's notice.
  const past = lessons[1].exercises.length + 1;
  await page.evaluate((hash) => { location.hash = hash; }, `#learn/2.${past}`);
  await page.waitForSelector('#learn[data-ready="1"]');
  await page.waitForTimeout(500);
  assert.match(await page.textContent('#exercise-feedback'), new RegExp(`^The address names lesson 2, exercise ${past}, which this course does not have`));
  assert.deepEqual(errors, []);
  await context.close();
});

test('Back and Forward while the course loads: the view follows the address, and the course shows only in Learn', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 900 } });
  const { page, errors } = await openPage(context, env.server.url, '#board=3x3&mode=hh&moves=0,5');
  await settled(page);
  // The course held back until released.
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route('**/lessons.json', async (route) => { await held; await route.continue(); });
  const view = () => page.evaluate(() => [document.body.dataset.view, document.querySelector('main').hidden, document.querySelector('#learn').hidden]);
  await page.click('#learn-link');
  await page.goBack();
  await page.waitForFunction(() => document.body.dataset.view === 'play');
  await page.goForward();
  await page.waitForFunction(() => location.hash.startsWith('#learn'));
  assert.deepEqual(await view(), ['learn', true, false], 'Learn shown at once, the course still loading');
  release();
  await page.waitForSelector('#learn[data-ready="1"]');
  assert.deepEqual(await view(), ['learn', true, false]);
  assert.match(await page.textContent('#lesson-title'), /^Lesson 1 of /);
  // Left while it loads: the game stays.
  const again = await openPage(context, env.server.url, '#board=3x3&mode=hh&moves=0,5');
  await settled(again.page);
  let releaseAgain;
  const heldAgain = new Promise((resolve) => { releaseAgain = resolve; });
  await again.page.route('**/lessons.json', async (route) => { await heldAgain; await route.continue(); });
  await again.page.click('#learn-link');
  await again.page.goBack();
  await again.page.waitForFunction(() => document.body.dataset.view === 'play');
  releaseAgain();
  await again.page.waitForTimeout(500);
  assert.deepEqual(await again.page.evaluate(() => [document.body.dataset.view, document.querySelector('main').hidden]), ['play', false]);
  assert.deepEqual([...errors, ...again.errors], []);
  await context.close();
});

test('a right pick is explained as itself where the best moves differ; after the last exercise the focus stays on the exercise', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 900 } });
  // An exercise with a best move that the exercise's explanation does not explain.
  const at = lessons.flatMap((lesson, l) => lesson.exercises.map((ex, e) => ({ ex, l, e })))
    .find(({ ex }) => ex.answer.some((a) => a !== ex.explained));
  assert.ok(at, 'an exercise with several best moves');
  const other = at.ex.answer.find((a) => a !== at.ex.explained);
  const { page, errors } = await openLearn(context, `#learn/${at.l + 1}.${at.e + 1}`);
  const own = await page.evaluate(async ({ ex, other }) => {
    const { explainMove } = await import('./pkg/dotbox.js');
    return explainMove(ex.board, '', ex.lines.join(','), other, { value: ex.value, moves: ex.scores }).text;
  }, { ex: at.ex, other });
  await page.click(`#learn-svg g.move[data-line="${other}"]`, NO_SCORES);
  assert.equal(await page.getAttribute('#learn', 'data-answered'), 'right');
  const first = await page.textContent('#exercise-feedback p:first-child');
  assert.ok(first.startsWith(`Right: ${await labelOf(page, other)} scores`) && first.endsWith(own), first);
  // The explained best move is not explained twice.
  await page.click('#exercise-retry');
  await page.click(`#learn-svg g.move[data-line="${at.ex.explained}"]`, NO_SCORES);
  assert.match(await page.textContent('#exercise-feedback p:first-child'), /^Right: \S+ scores [+-]?\d+, the best here\.( Not counted.*)?$/);
  // The nearest other move, which the explanation explains, is explained on its own when it
  // is picked, the explanation not being shown yet.
  await page.click('#exercise-retry');
  await page.click(`#learn-svg g.move[data-line="${at.ex.rival}"]`, NO_SCORES);
  assert.match(await page.textContent('#exercise-feedback p:first-child'), /^Not the best: \S+ \(dashed red\) scores [+-]?\d+; the best scores [+-]?\d+\. Try another line, or show the answer\.$/);
  assert.ok(at.ex.explanation.includes(`The nearest other move, ${await labelOf(page, at.ex.rival)} (`), at.ex.explanation);
  assert.ok(!(await page.textContent('#exercise-feedback')).includes(at.ex.explanation));
  // The course's last exercise: Next is disabled, so the keyboard goes on from Try again.
  const l = lessons.length;
  await page.evaluate((hash) => { location.hash = hash; }, `#learn/${l}.${lessons[l - 1].exercises.length}`);
  await page.waitForFunction(() => document.querySelector('#exercise-next').disabled);
  assert.equal(await page.textContent('#exercise-next'), 'End of the course');
  await page.click(`#learn-svg g.move[data-line="${lessons[l - 1].exercises.at(-1).answer[0]}"]`, NO_SCORES);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'exercise-retry');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a wrong pick gives nothing away: the board goes on, other scores stay hidden; a right pick after it counts', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 900 } });
  // Lesson 4, exercise 4: "where is the loop?", with at least two wrong lines to try.
  const ex = lessons[3].exercises[3];
  const wrongs = ex.scores.filter((m) => !ex.answer.includes(m.line)).map((m) => m.line);
  assert.ok(wrongs.length >= 2);
  const { page, errors } = await openLearn(context, '#learn/4.4');
  // The chains are not shaded nor described before the answer: the loop is to be found.
  assert.equal(await page.$$eval('#learn-svg rect.box-kind', (rs) => rs.length), 0);
  assert.equal(await page.textContent('#learn-shading'), '');
  assert.equal(await page.isVisible('.learn-hint .legend'), false);
  const scoresShown = () => page.$$eval('#learn-svg text.score', (ts) => ts.length);
  const right = Number(await page.getAttribute('#learn', 'data-exercises-right'));
  for (const [i, line] of wrongs.slice(0, 2).entries()) {
    await page.click(`#learn-svg g.move[data-line="${line}"]`, NO_SCORES);
    assert.equal(await page.getAttribute('#learn', 'data-answered'), 'wrong');
    const said = await page.textContent('#exercise-feedback');
    for (const a of ex.answer) assert.ok(!new RegExp(`\\b${await labelOf(page, a)}\\b`).test(said), `names no best move: ${said}`);
    assert.equal(await scoresShown(), 0, 'no line shows its score');
    assert.equal(await page.$$eval('#learn-svg g.move[data-best="1"]', (gs) => gs.length), 0, 'no line is marked best');
    assert.equal(await page.$$eval('#learn-svg rect.box-kind', (rs) => rs.length), 0, 'the chains stay unshaded');
    // Every line tried is marked, and said so; the board still plays and keeps the focus.
    const tried = await page.$$eval('#learn-svg g.move.picked-wrong', (gs) => gs.map((g) => Number(g.dataset.line)));
    assert.deepEqual(tried.sort((a, b) => a - b), wrongs.slice(0, i + 1).sort((a, b) => a - b));
    assert.match(await page.getAttribute(`#learn-svg g.move[data-line="${line}"]`, 'aria-label'), /tried: not the best$/);
    assert.equal(await page.getAttribute(`#learn-svg g.move[data-line="${ex.answer[0]}"]`, 'aria-disabled'), null);
    assert.equal(await page.evaluate(() => document.activeElement.id), 'learn-svg');
    assert.equal(await page.isDisabled('#exercise-show'), false);
  }
  // Nothing was stored as shown.
  const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('dotbox-learn') ?? '{}'));
  assert.ok(!(idOf(ex) in ((await stored()).shown ?? {})));
  // A hint: Show chains shades and describes them (C toggles it too); the loop is there.
  await page.click('#exercise-chains');
  assert.equal(await page.getAttribute('#exercise-chains', 'aria-pressed'), 'true');
  assert.ok((await page.$$eval('#learn-svg rect.box-kind.loop', (rs) => rs.length)) > 0, 'the loop shaded');
  assert.match(await page.textContent('#learn-shading'), /^On the board: .*loop of \d+ boxes/);
  assert.equal(await scoresShown(), 0);
  // The best move, on the third try: right, counted.
  await page.click(`#learn-svg g.move[data-line="${ex.answer[0]}"]`, NO_SCORES);
  assert.equal(await page.getAttribute('#learn', 'data-answered'), 'right');
  assert.match(await page.textContent('#exercise-feedback p:first-child'), /^Right, on the 3rd try: \S+ scores [+-]?\d+, the best here\./);
  assert.ok((await page.textContent('#exercise-feedback')).includes(ex.explanation));
  assert.equal(Number(await page.getAttribute('#learn', 'data-exercises-right')), right + 1);
  assert.ok((await stored()).right.includes(idOf(ex)));
  assert.ok(await scoresShown() > 0, 'the scores, once answered');
  assert.equal(await page.isDisabled('#exercise-show'), true);
  assert.equal(await page.isDisabled('#exercise-chains'), true, 'shaded once answered, nothing to toggle');
  assert.ok((await page.$$eval('#learn-svg rect.box-kind', (rs) => rs.length)) > 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('Show the answer reveals the best moves, every score and the explanation, and marks the answer shown', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 900 } });
  const ex = lessons[2].exercises[0];
  const { page, errors } = await openLearn(context, '#learn/3.1');
  // Available before any pick.
  assert.equal(await page.isDisabled('#exercise-show'), false);
  assert.equal(await page.isDisabled('#exercise-retry'), true);
  await page.click('#exercise-show');
  assert.equal(await page.getAttribute('#learn', 'data-answered'), 'shown');
  const said = await page.textContent('#exercise-feedback');
  for (const a of ex.answer) {
    assert.ok(said.includes(await labelOf(page, a)), `names the best move ${a}`);
    assert.equal(await page.getAttribute(`#learn-svg g.move[data-line="${a}"]`, 'data-best'), '1');
  }
  assert.ok(said.includes(ex.explanation));
  assert.equal(await page.$$eval('#learn-svg text.score', (ts) => ts.length), ex.scores.length, 'every score');
  assert.ok((await page.$$eval('#learn-svg rect.box-kind', (rs) => rs.length)) > 0, 'the chains shaded');
  assert.equal(await page.getAttribute(`#learn-svg g.move[data-line="${ex.answer[0]}"]`, 'aria-disabled'), 'true', 'the board takes no more picks');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'exercise-next');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('dotbox-learn')));
  assert.ok(Number.isInteger(stored.shown[idOf(ex)]), JSON.stringify(stored));
  // Shown, a best move found is not counted (until another exercise is answered).
  await page.click('#exercise-retry');
  await page.click(`#learn-svg g.move[data-line="${ex.answer[0]}"]`, NO_SCORES);
  assert.match(await page.textContent('#exercise-feedback'), /Not counted as answered right/);
  assert.equal(await page.getAttribute('#learn', 'data-exercises-right'), '0');
  // Nor after a wrong try and a right one.
  await page.click('#exercise-retry');
  await page.click(`#learn-svg g.move[data-line="${ex.scores.find((m) => !ex.answer.includes(m.line)).line}"]`, NO_SCORES);
  await page.click(`#learn-svg g.move[data-line="${ex.answer[0]}"]`, NO_SCORES);
  assert.equal(await page.getAttribute('#learn', 'data-exercises-right'), '0');
  // The progress as text, for a teacher: each lesson's count and the answer shown, by its
  // address; it follows an exercise then answered right (3.2), as the lesson list does.
  await page.click('#learn-report-open');
  const report = () => page.inputValue('#learn-report-text');
  const total = lessons.reduce((n, lesson) => n + lesson.exercises.length, 0);
  assert.match(await report(), new RegExp(`: 0 of ${lessons.length} lessons done, 0 of ${total} exercises answered right\\.\n`));
  assert.match(await report(), new RegExp(`\nLesson 3, ${lessons[2].title}: 0 of ${lessons[2].exercises.length} right; answer shown: 3\\.1\n`));
  await page.click('#exercise-next');
  await page.click(`#learn-svg g.move[data-line="${lessons[2].exercises[1].answer[0]}"]`, NO_SCORES);
  assert.match(await report(), new RegExp(`\nLesson 3, ${lessons[2].title}: 1 of ${lessons[2].exercises.length} right; answer shown: 3\\.1\n`));
  assert.match(await page.textContent('#learn-lessons button[data-lesson="2"]'), new RegExp(` · 1/${lessons[2].exercises.length}$`));
  assert.deepEqual(errors, []);
  await context.close();
});

test('Learn fits a phone screen', async () => {
  const phone = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const { page, errors } = await openLearn(phone);
  // Whether the element is on screen (the board's focus scrolled the text above it away).
  const onScreen = (selector) => page.$eval(selector, (e) => {
    const r = e.getBoundingClientRect();
    return r.top >= -1 && r.bottom <= innerHeight + 1; // a scroll lands within a pixel
  });
  for (const [l, lesson] of lessons.entries()) {
    await page.tap(`#learn-lessons button[data-lesson="${l}"]`);
    assert.ok(await onScreen('#lesson-title'), `lesson ${l + 1}: its title is on screen`);
    const ex = lesson.exercises[0];
    await page.tap(`#learn-svg g.move[data-line="${ex.answer[0]}"]`, NO_SCORES);
    assert.equal(await page.getAttribute('#learn', 'data-answered'), 'right');
    // The line tapped stays on screen, with the scores and marks the answer drew.
    assert.ok(await onScreen(`#learn-svg g.move[data-line="${ex.answer[0]}"]`), `lesson ${l + 1}: the board stays on screen after the answer`);
    if (lesson.exercises.length > 1) {
      await page.tap('#exercise-next');
      assert.ok(await onScreen('#exercise-question'), `lesson ${l + 1}: the next question is on screen`);
      await page.tap('#exercise-prev');
    }
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `nothing overflows a phone screen (page is ${width} px wide)`);
    await page.locator('#lesson').screenshot({ path: `${SHOTS}/lesson-${l + 1}-phone.png`, scale: 'css' });
  }
  assert.deepEqual(errors, []);
  await phone.close();
});
