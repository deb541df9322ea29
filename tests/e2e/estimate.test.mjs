// The engine's estimates in the page, on the boards no exact method reaches from the first
// move (5x5, 4x5): the engine plays from the first move and its replies by estimates stay
// within the limits (from the click to the engine's move: median at most 1 s, none over 3 s,
// with no display delay; the estimates of the position the human then faces within 3 s of
// the click too), and its estimates are marked as such everywhere they are shown (board,
// value line, move list, graph) and never shown or labelled as exact scores; a position the
// engine solves within its time is shown as exact, with the native solver's scores. The
// checks hold for any engine keeping the engine's contract.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serveAndLaunch, openPage, settled, clickLine, nativeAnalyze, shownScores } from './harness.mjs';

const env = serveAndLaunch();

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** A random generator with a fixed seed, so a failing game can be replayed. */
function seeded(seed) {
  let s = seed;
  return (n) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
}

const movesPlayed = (page) => page.evaluate(() => window.dotboxApp.state.game.moves.length);

/**
 * Draws a random open line (by `random`) and waits for the engine's reply: its move(s) made
 * and `human` to move again (or the game over). Returns the page's clock when the line was
 * drawn and the milliseconds the reply took.
 */
async function playAndTimeReply(page, random, human, timeout = 30_000) {
  const open = await page.$$eval('#svg g.move', (gs) => gs.map((g) => Number(g.dataset.line)));
  const before = await movesPlayed(page);
  const t0 = await page.evaluate(() => performance.now());
  await clickLine(page, open[random(open.length)]);
  await page.waitForFunction(([n, h]) => {
    const g = window.dotboxApp.state.game;
    return g.moves.length > n && (g.turn === h || g.isOver());
  }, [before, human], { timeout, polling: 20 });
  return { t0, ms: (await page.evaluate(() => performance.now())) - t0 };
}

for (const [board, lines] of [['5x5', 60], ['4x5', 49]]) {
  test(`on ${board} the engine plays from the first move and replies within the limits`, { timeout: 300_000 }, async () => {
    const context = await env.browser.newContext();
    // The engine plays A: it moves first.
    const { page, errors } = await openPage(context, env.server.url, `#board=${board}&mode=p2`);
    await page.waitForFunction(() => window.dotboxApp.state.game.moves.length > 0, null, { timeout: 30_000 });
    assert.match(await page.textContent('#message'), /The engine drew \S+ by its estimate \(~[+-]?\d+\.\d\): not an exact move/);
    // The coach says in plain sentences why it cannot judge the move exactly, and what the
    // engine's estimate, marked as one, says of it: the engine's own choice.
    await page.waitForFunction(() => /no exact analysis/.test(document.querySelector('#coach-move').textContent));
    assert.match(await page.textContent('#coach-move'), new RegExp(`^\\S+: no exact analysis of the position before it\\. This position has ${lines} open lines: [^()]*\\(\\d+ more moves\\)\\. By the engine's estimate \\(not exact\\), it is the move the estimate prefers there \\(~[+-]?\\d+\\.\\d\\)\\.$`));
    // The time each estimate of the position on the board is asked for, and who moves there.
    await page.evaluate(() => {
      const { client, state } = window.dotboxApp;
      const call = client.call.bind(client);
      window.estimatesAsked = [];
      client.call = (op, args, options) => {
        if (op === 'estimate' && args.lines === state.game.lines) window.estimatesAsked.push({ turn: state.game.turn, seconds: args.seconds });
        return call(op, args, options);
      };
    });
    const random = seeded(lines);
    const replies = [];
    for (let turn = 0; turn < 8; turn++) {
      if ((await settled(page)) === 'over') break;
      // The reply: the engine has made its move(s) and the human (B) may move.
      const { t0, ms } = await playAndTimeReply(page, random, 1);
      // Then the estimate of the position the human faces is shown.
      await settled(page);
      const shown = (await page.evaluate(() => performance.now())) - t0;
      // Only replies by estimates alone count: the engine moved by its estimate and the person
      // faces one (a reply reaching the search, chains as pseudo-lines or the handover solve
      // runs those exact methods as before).
      const estimated = await page.evaluate(() => {
        const s = window.dotboxApp.state;
        return /by its estimate/.test(document.querySelector('#message').textContent) && s.estimate?.lines === s.game.lines;
      });
      if (estimated) replies.push({ ms, shown });
    }
    assert.ok(replies.length >= 5, `${replies.length} replies by estimates`);
    const ms = replies.map((r) => r.ms);
    assert.ok(median(ms) <= 1000, `median reply ${median(ms).toFixed(0)} ms of ${ms.map(Math.round)}`);
    assert.ok(Math.max(...ms) <= 3000, `longest reply ${Math.max(...ms).toFixed(0)} ms`);
    const shown = replies.map((r) => r.shown);
    assert.ok(Math.max(...shown) <= 3000, `the human's position shown with its estimates at most ${Math.max(...shown).toFixed(0)} ms after the click`);
    // The engine thinks longer before its own moves (after taking a box, shorter again) than
    // for the estimates shown to the human.
    const { estimateSeconds, moveEstimateSeconds, lineEstimateSeconds } = await page.evaluate(async () => (await import('./pkg/dotbox.js')).answerBudget());
    assert.ok(moveEstimateSeconds > estimateSeconds);
    const asked = await page.evaluate(() => window.estimatesAsked);
    const engine = asked.filter((a) => a.turn === 0).map((a) => a.seconds);
    const human = asked.filter((a) => a.turn === 1).map((a) => a.seconds);
    assert.ok(engine.filter((t) => t === moveEstimateSeconds).length >= 5, JSON.stringify(asked));
    assert.ok(engine.every((t) => t === moveEstimateSeconds || t === lineEstimateSeconds), JSON.stringify(asked));
    assert.ok(human.length >= 5 && human.every((t) => t === estimateSeconds), JSON.stringify(asked));
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('estimates are marked as estimates on the board, the value line, the move list and the graph', { timeout: 120_000 }, async () => {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 900 } });
  // Two players, four moves in: every position so far is past exact reach.
  const { page, errors } = await openPage(context, env.server.url, '#board=5x5&mode=hh&moves=0,31,17,44');
  await settled(page);
  // The value line: an estimate, said to be one, styled apart.
  const value = await page.textContent('#value');
  assert.match(value, /^Estimated value ~[+-]?\d+\.\d for A — not exact/);
  assert.ok(await page.evaluate(() => document.querySelector('#value').classList.contains('estimate')));
  assert.match(await page.textContent('#exactness'), /^Estimates only: with 56 open lines no exact score is in reach here/);
  // The board: every open line carries an estimate, marked ~, in its own class, and no exact
  // score anywhere.
  const moves = await page.$$eval('#svg g.move', (gs) => gs.map((g) => ({
    score: g.dataset.score, estimate: g.dataset.estimate, best: g.dataset.best, label: g.getAttribute('aria-label'),
    text: g.querySelector('text.score')?.textContent ?? null, cls: g.querySelector('text.score')?.getAttribute('class') ?? null,
  })));
  assert.equal(moves.length, 56);
  for (const m of moves) {
    assert.equal(m.score, '', 'no exact score');
    assert.equal(m.best, '0', 'no exact best move');
    assert.ok(Number.isFinite(Number(m.estimate)) && m.estimate !== '', `an estimate: ${JSON.stringify(m)}`);
    assert.match(m.text, /^~[+-]?\d+\.\d$/);
    assert.match(m.cls, /^score estimate( pick)?$/);
    assert.match(m.label, /estimated score ~[+-]?\d+\.\d \(not exact\)/);
  }
  assert.equal(moves.filter((m) => m.cls.includes('pick')).length, 1, "the engine's choice is marked once");
  assert.equal(await page.$$eval('#svg text.score.best, #svg text.score.worse', (ts) => ts.length), 0);
  // The coach judged the last move before the position it was played in had an estimate;
  // once the move list has estimated that position, the coach adds the engine's estimate of
  // the move, marked as one, without the move being shown again.
  await page.waitForFunction(() => /By the engine's estimate/.test(document.querySelector('#coach-move').textContent), null, { timeout: 30_000 });
  assert.match(await page.textContent('#coach-move'), /^\S+: no exact analysis of the position before it\. .* By the engine's estimate \(not exact\), it (scores ~[+-]?\d+\.\d, against ~[+-]?\d+\.\d for the move the estimate prefers there, [a-f]\d[a-f]\d|is the move the estimate prefers there \(~[+-]?\d+\.\d\))\.$/);
  const listed = await page.$$eval('#moves li[data-ply]', (ls) => ls.map((l) => ({
    loss: l.dataset.loss, estimated: l.dataset.estimatedLoss, text: l.querySelector('.loss').textContent, cls: l.querySelector('.loss').className,
    fits: l.querySelector('.loss').scrollWidth <= l.querySelector('.loss').clientWidth,
  })));
  assert.equal(listed.length, 4);
  for (const l of listed) assert.equal(l.loss, '', 'no exact loss');
  const last = listed[3];
  assert.ok(last.estimated !== undefined, JSON.stringify(listed));
  assert.match(last.text, /^~(-\d+\.\d|0\.0)$/);
  // An estimated loss of nothing has no minus sign.
  for (const l of listed) if (l.estimated === '0') assert.equal(l.text, '~0.0');
  assert.equal(last.cls, 'loss estimate');
  assert.ok(last.fits, 'the estimated loss fits its column, not clipped');
  // The graph: estimated points only, dashed where two follow each other.
  const graph = await page.evaluate(() => {
    const svg = document.querySelector('#graph');
    return {
      points: Number(svg.dataset.points), estimated: Number(svg.dataset.estimatedPoints),
      dashed: [...svg.querySelectorAll('polyline.eval.estimate')].map((p) => getComputedStyle(p).strokeDasharray),
      solid: svg.querySelectorAll('polyline.eval:not(.estimate)').length,
    };
  });
  assert.equal(graph.points, 0, 'no exact margin');
  assert.ok(graph.estimated >= 2, JSON.stringify(graph));
  assert.equal(graph.solid, 0);
  assert.ok(graph.dashed.length >= 1 && graph.dashed.every((d) => d !== 'none'), JSON.stringify(graph));
  // The engine's own pick loses nothing by its estimate: `~0.0`, with no minus sign.
  const pick = await page.$eval('#svg g.move:has(text.score.pick)', (g) => Number(g.dataset.line));
  await clickLine(page, pick);
  await page.waitForFunction(() => document.querySelectorAll('#moves li[data-ply]').length === 5);
  await settled(page);
  const fifth = await page.$eval('#moves li[data-ply="5"]', (l) => ({ estimated: l.dataset.estimatedLoss, text: l.querySelector('.loss').textContent }));
  assert.deepEqual(fifth, { estimated: '0', text: '~0.0' });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a game loaded past exact reach gets an estimated loss for every move and a point for every position', { timeout: 120_000 }, async () => {
  const context = await env.browser.newContext();
  // Loaded from the address, not played here: no position of it was estimated on the way.
  const { page, errors } = await openPage(context, env.server.url, '#board=5x5&mode=hh&moves=0,31,17,44,9,22');
  await settled(page);
  assert.match(await page.textContent('#value'), /^Estimated value ~[+-]?\d+\.\d for A — not exact/);
  await page.waitForFunction(() => document.querySelectorAll('#moves li[data-estimated-loss]').length === 6, null, { timeout: 60_000 });
  const listed = await page.$$eval('#moves li[data-ply]', (ls) => ls.map((l) => ({
    loss: l.dataset.loss, text: l.querySelector('.loss').textContent, cls: l.querySelector('.loss').className,
  })));
  assert.equal(listed.length, 6);
  for (const l of listed) {
    assert.equal(l.loss, '', 'no exact loss');
    assert.match(l.text, /^~(-\d+\.\d|0\.0)$/);
    assert.equal(l.cls, 'loss estimate');
  }
  // Every position, the start included, has its estimated point on the graph, and no exact one.
  await page.waitForFunction(() => document.querySelector('#graph').dataset.estimatedPoints === '7', null, { timeout: 30_000 });
  assert.equal(await page.$eval('#graph', (svg) => svg.dataset.points), '0');
  // Said to a screen reader too: the points inside the image are not read.
  assert.match(await page.getAttribute('#graph', 'aria-label'), /^Evaluation graph: .*; 0 points exact \(perfect play\), 7 the engine's estimates \(not exact\)\. Now: after move 6: estimated .*\(the engine's estimate, not exact\)\.$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the best line from a position with estimates starts from the estimate the value line shows', { timeout: 180_000 }, async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=5x5&mode=hh&moves=0,31,17,44,9,22');
  await settled(page);
  const value = (await page.textContent('#value')).match(/^Estimated value (~[+−-]?\d+\.\d) for A/)?.[1];
  assert.ok(value, await page.textContent('#value'));
  const pick = await page.evaluate(() => window.dotboxApp.state.estimate.best);
  await page.locator('body').press('l');
  await page.waitForFunction(() => /^Best line \(/.test(document.querySelector('#best-line').textContent), null, { timeout: 150_000 });
  assert.match(await page.textContent('#best-line'), new RegExp(`^Best line \\(A to move, value estimated ${value.replace('+', '\\+')}, not exact\\): `));
  assert.equal(Number((await page.getAttribute('#best-line', 'data-lines')).split(',')[0]), pick, 'its first move is the engine\'s choice shown on the board');
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a phone a 5x5 game with estimates shows its board near the top, its estimates clear of each other', { timeout: 120_000 }, async () => {
  const game = '#board=5x5&mode=hh&moves=0,31,17,44,9,22';
  const phone = await env.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const { page, errors } = await openPage(phone, env.server.url, game);
  await settled(page);
  await page.waitForSelector('#exactness:not([hidden])');
  const laid = await page.evaluate(() => {
    const box = (el) => el.getBoundingClientRect();
    const labels = [...document.querySelectorAll('#svg text.score.estimate')].map((t) => ({ text: t.textContent, ...box(t).toJSON() }));
    return { board: box(document.querySelector('#svg')).top, exactness: box(document.querySelector('#exactness')).top, labels };
  });
  // The board first (under the header, the form and the status); why its scores are
  // estimates follows it.
  assert.ok(laid.board < 300, `the board starts ${laid.board} px down`);
  assert.ok(laid.exactness > laid.board);
  assert.equal(laid.labels.length, 54, 'every open line has its estimate');
  const apart = (a, b) => a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
  laid.labels.forEach((a, i) => laid.labels.slice(i + 1).forEach((b) => assert.ok(apart(a, b), `${a.text} and ${b.text} overlap`)));
  assert.ok(laid.labels.every((l) => l.height >= 9), 'readable');
  assert.deepEqual(errors, []);
  await phone.close();
  // On a desktop the order is as it was: the exactness above the board.
  const desktop = await env.browser.newContext({ viewport: { width: 1100, height: 900 } });
  const { page: wide } = await openPage(desktop, env.server.url, game);
  await settled(wide);
  await wide.waitForSelector('#exactness:not([hidden])');
  const tops = await wide.evaluate(() => ['#exactness', '#svg'].map((s) => document.querySelector(s).getBoundingClientRect().top));
  assert.ok(tops[0] < tops[1], `${tops}`);
  await desktop.close();
});

test('a position the engine solves within its time is shown as exact, with the native scores', { timeout: 120_000 }, async () => {
  const context = await env.browser.newContext();
  // 5x5 with 35 open lines: past the page's search (32) and its chains as pseudo-lines, so
  // the engine answers; its exact search, beside the trees, solves it in a few hundredths
  // of a second natively.
  const lines = [1, 2, 10, 12, 15, 16, 18, 19, 24, 26, 30, 31, 33, 34, 35, 36, 39, 40, 41, 47, 48, 51, 56, 57, 59];
  const { page, errors } = await openPage(context, env.server.url, `#board=5x5&mode=hh&moves=${lines.join(',')}`);
  await settled(page);
  // Its work in thousands or millions of nodes, never "0.0 M nodes".
  assert.match(await page.textContent('#message'), /^exact: solved by the engine's search in \d+\.\d s \((\d+ k|\d\.\d M|\d{2,} M) nodes\)$/);
  assert.doesNotMatch(await page.textContent('#message'), /\(0 k|\(0\.0 M/);
  assert.equal(await page.isVisible('#exactness'), false, 'no "estimates only" notice');
  const native = nativeAnalyze('5x5', lines);
  assert.equal(native.exact, true);
  const sign = native.value > 0 ? '\\+' : '';
  assert.match(await page.textContent('#value'), new RegExp(`^Value ${sign}${native.value} for `));
  assert.equal(await page.evaluate(() => document.querySelector('#value').classList.contains('estimate')), false);
  const shown = await page.$$eval('#svg g.move', (gs) => gs.map((g) => ({ line: Number(g.dataset.line), score: g.dataset.score, estimate: g.dataset.estimate }))
    .sort((a, b) => a.line - b.line));
  assert.deepEqual(shown.map((m) => [m.line, Number(m.score)]), native.moves.map((m) => [m.line, m.score]));
  assert.ok(shown.every((m) => m.score !== '' && m.estimate === ''), 'exact scores, no estimates');
  assert.equal(await page.$$eval('#svg text.score.estimate', (ts) => ts.length), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the estimate of a position left is not shown on the exact position come back to', { timeout: 120_000 }, async () => {
  const context = await env.browser.newContext();
  // 5x5 with every horizontal line and the left border drawn: 25 open lines, no box taken,
  // exact at once. Its start, 60 open lines, has only estimates.
  const lines = [...Array.from({ length: 30 }, (_, i) => i), 30, 36, 42, 48, 54];
  const { page, errors } = await openPage(context, env.server.url, `#board=5x5&mode=hh&moves=${lines.join(',')}`);
  await settled(page);
  const exactShown = async () => page.evaluate(() => ({
    value: document.querySelector('#value').textContent,
    exactness: document.querySelector('#exactness').hidden ? '' : document.querySelector('#exactness').textContent,
    estimates: document.querySelectorAll('#svg text.score.estimate').length,
  }));
  const before = await exactShown();
  assert.match(before.value, /^Value [+-]?\d+ for /);
  assert.deepEqual([before.exactness, before.estimates], ['', 0]);
  // To the start and straight back, before the start's estimate comes (the engine takes a
  // few tenths of a second there); then long enough for it to have come.
  await page.locator('body').press('Home');
  await page.locator('body').press('End');
  await page.waitForFunction((n) => document.body.dataset.lines.split(',').length === n, lines.length);
  await new Promise((resolve) => setTimeout(resolve, 2500));
  assert.deepEqual(await exactShown(), before);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a value and move the engine proved are shown exact among its estimates, with the native scores', { timeout: 120_000 }, async () => {
  const context = await env.browser.newContext();
  // 5x5 with 36 open lines: with a work budget of a few hundred thousand nodes a thread, the
  // engine's exact search proves the value and a move but not every move's score. The
  // budget is swept (the threads share it, and their number is the machine's), each answer
  // the same on every run.
  const lines = [1, 2, 3, 4, 8, 11, 15, 16, 18, 19, 22, 24, 26, 27, 29, 30, 32, 37, 39, 45, 49, 51, 54, 55];
  const { page, errors } = await openPage(context, env.server.url, '#board=5x5&mode=hh');
  await settled(page);
  const found = await page.evaluate(async (lines) => {
    const { OP } = await import('./protocol.js');
    for (let k = 14; k <= 22; k++) {
      const e = await window.dotboxApp.client.call(OP.estimate, { board: '5x5', predrawn: '', lines, seconds: 60, nodes: 2 ** k });
      if (e.valueExact && !e.exact) return e;
      if (e.exact) return null;
    }
    return null;
  }, lines.join(','));
  assert.ok(found, 'some budget proves the value but not every score');
  const native = nativeAnalyze('5x5', lines);
  assert.equal(native.exact, true);
  assert.equal(found.value, native.value);
  const truth = new Map(native.moves.map((m) => [m.line, m.score]));
  const proven = found.moves.filter((m) => m.exact);
  assert.ok(proven.some((m) => m.line === found.best), 'the move played is proven');
  for (const m of proven) assert.equal(m.score, truth.get(m.line), `line ${m.line}`);
  // Drawn by the page's board: the proven moves as exact scores (the played one best), every
  // other move as an estimate.
  const shown = await page.evaluate(async ({ found, lines }) => {
    const { renderBoard } = await import('./board.js');
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    const g = window.dotboxApp.state.game;
    renderBoard(svg, {
      geometry: g.geometry(), drawn: new Set(lines), last: null, analysis: null, estimate: found, boxes: [],
      showScores: true, showLabels: false, cursor: null, hint: null, marked: null, interactive: false,
    });
    return [...svg.querySelectorAll('g.move')].map((m) => ({
      line: Number(m.dataset.line), score: m.dataset.score, estimate: m.dataset.estimate, best: m.dataset.best,
      text: m.querySelector('text.score').textContent, cls: m.querySelector('text.score').getAttribute('class'),
    }));
  }, { found, lines });
  assert.equal(shown.length, 36);
  for (const m of shown) {
    const exact = proven.find((p) => p.line === m.line);
    if (exact) {
      assert.equal(Number(m.score), exact.score, JSON.stringify(m));
      assert.equal(m.estimate, '');
      assert.doesNotMatch(m.text, /~/);
      assert.equal(m.best, exact.score === native.value ? '1' : '0');
    } else {
      assert.equal(m.score, '', JSON.stringify(m));
      assert.match(m.text, /^~[+-]?\d+\.\d$/);
      assert.match(m.cls, /^score estimate/);
    }
  }
  // Kept as the page keeps the engine's answers (seeded here, as if the page's own time had
  // run out there, as it does on some such positions), the proven value is exact in the
  // value line, the move list and the graph, and the other scores stay estimates.
  const { page: game, errors: gameErrors } = await openPage(context, env.server.url, `#board=5x5&mode=hh&moves=${lines.slice(0, -1).join(',')}`);
  await settled(game);
  await game.evaluate(async ({ found, lines }) => {
    const { estimateOf } = await import('./analyses.js');
    // The answer the worker gave above, handed over as a worker would.
    await estimateOf({ call: async () => found }, '5x5', '', lines);
  }, { found, lines: lines.join(',') });
  await clickLine(game, lines.at(-1));
  await settled(game);
  const sign = native.value > 0 ? '\\+' : '';
  assert.match(await game.textContent('#value'), new RegExp(`^Value ${sign}${native.value} for [AB] \\((?:[AB] wins by \\d+|a draw) with perfect play\\) — exact, proven by the engine's search`));
  assert.equal(await game.evaluate(() => document.querySelector('#value').classList.contains('estimate')), false);
  assert.match(await game.textContent('#exactness'), /^The value is exact, the scores marked ~ are estimates/);
  const at = lines.length;
  assert.ok(await game.$(`#graph circle.point:not(.estimate)[data-ply="${at}"]`), 'an exact margin where the value is proven');
  await clickLine(game, found.best);
  await settled(game);
  assert.equal(await game.$eval(`#moves li[data-ply="${at + 1}"]`, (l) => l.dataset.loss), '0', 'the proven move loses nothing');
  assert.deepEqual(errors, []);
  assert.deepEqual(gameErrors, []);
  await context.close();
});

test('the value after a move the engine proved is exact, where only estimates reach that position', { timeout: 120_000 }, async () => {
  const context = await env.browser.newContext();
  // 5x5 with 37 open lines: a budget of some hundred thousand nodes a thread proves the value
  // and the engine's move but not every score (swept: the threads share it), and the page's
  // exact methods do not reach the position after that move.
  const lines = [4, 6, 8, 13, 14, 15, 17, 19, 20, 27, 30, 32, 33, 36, 39, 40, 41, 42, 43, 46, 48, 50, 52];
  const { page, errors } = await openPage(context, env.server.url, `#board=5x5&mode=hh&moves=${lines.slice(0, -1).join(',')}`);
  await settled(page);
  const { found, after, method, guess } = await page.evaluate(async (lines) => {
    const { OP } = await import('./protocol.js');
    const { answerMethod } = await import('./pkg/dotbox.js');
    const estimate = (lines, nodes) => window.dotboxApp.client.call(OP.estimate, { board: '5x5', predrawn: '', lines, seconds: 60, nodes });
    let found = null;
    for (let k = 14; k <= 22 && !found?.valueExact && !found?.exact; k++) found = await estimate(lines, 2 ** k);
    if (!found.valueExact || found.exact) return { found };
    const after = [...lines.split(','), found.best].map(Number).sort((a, b) => a - b).join(',');
    // The estimate the page shows there, made in a budget too small to prove anything.
    return { found, after, method: answerMethod('5x5', '', after, undefined, 'browser'), guess: await estimate(after, 2 ** 10) };
  }, lines.join(','));
  assert.ok(found.valueExact && !found.exact, 'some budget proves the value but not every score');
  assert.equal(method, 'estimate', 'no exact method of the page reaches the position after the move');
  assert.equal(guess.valueExact, false, 'the small budget proves nothing');
  const native = nativeAnalyze('5x5', after.split(',').map(Number));
  assert.equal(native.exact, true);
  // An estimate above the exact value (the engine's samples may rate a move higher than any
  // move scores): shown at the value.
  guess.moves[0] = { ...guess.moves[0], score: native.value + 0.7, exact: false };
  // Both kept as the page keeps the engine's answers (as if the page's own time had run out
  // there), then the two moves drawn.
  await page.evaluate(async ({ found, guess, lines, after }) => {
    const { estimateOf } = await import('./analyses.js');
    await estimateOf({ call: async () => found }, '5x5', '', lines);
    await estimateOf({ call: async () => guess }, '5x5', '', after);
  }, { found, guess, lines: lines.join(','), after });
  await clickLine(page, lines.at(-1));
  await settled(page);
  await clickLine(page, found.best);
  await settled(page);
  const sign = native.value > 0 ? '\\+' : '';
  assert.match(await page.textContent('#value'), new RegExp(`^Value ${sign}${native.value} for [AB] \\((?:[AB] wins by \\d+|a draw) with perfect play\\) — exact, proven by the exact score of the move that led here; the scores marked ~ are estimates$`));
  assert.equal(await page.evaluate(() => document.querySelector('#value').classList.contains('estimate')), false);
  const shown = await page.$$eval('#svg g.move[data-estimate]:not([data-estimate=""])', (gs) => gs.map((g) => Number(g.dataset.estimate)));
  assert.ok(shown.length > 0 && shown.every((e) => e <= native.value), `no estimate above the value ${native.value}: ${shown}`);
  assert.match(await page.textContent('#exactness'), /^The value is exact \(proven by the exact score of the move that led here\), the scores marked ~ are the engine's estimates/);
  // The best line from here says the same value.
  await page.locator('body').press('l');
  await page.waitForFunction(() => /^Best line \(/.test(document.querySelector('#best-line').textContent), null, { timeout: 100_000 });
  assert.match(await page.textContent('#best-line'), new RegExp(`^Best line \\([AB] to move, value ${sign}${native.value}, proven by the exact score of the move that led here\\): `));
  const at = lines.length + 1;
  assert.ok(await page.$(`#graph circle.point:not(.estimate)[data-ply="${at}"]`), 'an exact margin after the proven move');
  assert.equal(await page.$eval(`#moves li[data-ply="${at}"]`, (l) => l.dataset.loss), '0', 'the proven move loses nothing');
  // The coach judges the move by the proof, not as an estimate.
  await page.waitForFunction(() => /^\S+: no exact/.test(document.querySelector('#coach-move').textContent));
  assert.match(await page.textContent('#coach-move'), /: no exact analysis of the position before it\. .* The engine's search proved it a best move there \(score [+-]?\d+, exact\)\.$/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('with the best line shown, the engine replies as fast: the line waits for the reply, and its work is not the game\'s bar', { timeout: 180_000 }, async () => {
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, '#board=5x5&mode=p1', { delay: 0 });
  await settled(page);
  await page.locator('body').press('l');
  assert.equal(await page.isVisible('#best-line'), true);
  // Every bar the page shows, with its text (the best line's own search, chains as
  // pseudo-lines and handover solves would otherwise show in it).
  await page.evaluate(() => {
    window.barTexts = [];
    new MutationObserver(() => {
      const bar = document.querySelector('#wait');
      if (bar && !bar.hidden) window.barTexts.push(bar.textContent);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
  const random = seeded(7);
  const replies = [];
  for (let turn = 0; turn < 4; turn++) {
    if ((await settled(page)) === 'over') break;
    // Give the line a moment to start, as a person looking at it would.
    await page.waitForFunction(() => /Finding the best line… \d|Best line \(/.test(document.querySelector('#best-line').textContent), null, { timeout: 30_000 });
    replies.push((await playAndTimeReply(page, random, 0, 60_000)).ms);
  }
  // At most one step of the line (under way when the person moved) comes before a reply.
  assert.ok(Math.max(...replies) <= 3500, `replies ${replies.map(Math.round)} ms`);
  const foreign = (await page.evaluate(() => window.barTexts)).filter((t) => /pseudo-lines|subgame|searching/.test(t));
  assert.deepEqual(foreign, [], 'no background work in the bar');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the engine thinks on the person\'s time, and stops when the person moves', { timeout: 120_000 }, async () => {
  const context = await env.browser.newContext();
  // The person plays A on 5x5: the engine thinks while the person is to move.
  const { page, errors } = await openPage(context, env.server.url, '#board=5x5&mode=p1');
  await settled(page);
  const { ponderSeconds, moveEstimateSeconds } = await page.evaluate(async () => (await import('./pkg/dotbox.js')).answerBudget());
  assert.ok(ponderSeconds > moveEstimateSeconds);
  // The person's moves, best first by the page's estimate, each with the key of the position
  // after it and how long the estimate kept of that position was asked for (none: null).
  const candidates = () => page.evaluate(async () => {
    const { estimated } = await import('./analyses.js');
    const { positionKey } = await import('./position-key.js');
    const { state } = window.dotboxApp;
    const g = state.game;
    return [...state.estimate.moves].sort((a, b) => b.score - a.score).map(({ line }) => {
      const key = positionKey(g.board, g.predrawn, [...g.lines.split(',').filter(Boolean).map(Number), line].sort((a, b) => a - b).join(','));
      return { line, key, asked: estimated(key)?.asked ?? null };
    });
  });
  const kept = (key) => page.evaluate(async (key) => (await import('./analyses.js')).estimated(key) ?? null, key);
  // The person's move and the engine's reply (no box is taken this early): its time.
  const replyTo = async (line) => {
    const before = await movesPlayed(page);
    const t0 = await page.evaluate(() => performance.now());
    await clickLine(page, line);
    await page.waitForFunction((n) => window.dotboxApp.state.game.moves.length > n + 1, before, { timeout: 30_000, polling: 10 });
    return (await page.evaluate(() => performance.now())) - t0;
  };
  // The person's best move gets the engine's thought within the pondering time.
  let first;
  for (let waited = 0; ; waited += 100) {
    [first] = await candidates();
    if (first.asked === ponderSeconds) break;
    assert.ok(waited < 30_000, 'the engine thought on the best move');
    await new Promise((r) => setTimeout(r, 100));
  }
  // Moving there, the reply is ready: no time of its own to think (that is
  // moveEstimateSeconds at least), and the engine plays the move it found while pondering.
  const pondered = await kept(first.key);
  const ms = await replyTo(first.line);
  assert.ok(ms < moveEstimateSeconds * 1000, `a reply of ${ms.toFixed(0)} ms to a move thought on`);
  assert.equal(await page.evaluate(() => window.dotboxApp.state.game.history()[1].line), pondered.best);
  // Then the engine thinks on the person's next position; the person moves at once, to a
  // move it is not thinking on. It stops, keeps nothing of what it stopped, and thinks for
  // its own move as usual: the reply does not wait for the pondering.
  await settled(page);
  const now = await candidates();
  const ms2 = await replyTo(now.at(-1).line);
  assert.ok(ms2 < ponderSeconds * 1000, `a reply of ${ms2.toFixed(0)} ms while the engine pondered`);
  assert.equal(await kept(now[0].key), null, 'the stopped estimate is not kept');
  assert.deepEqual(errors, []);
  await context.close();
});

test('stepping through a game, the note that the scores are estimates goes wherever the board shows only exact scores', { timeout: 300_000 }, async () => {
  // A 5x5 game whose positions turn exact around its 24th move (36 open lines), where the
  // engine's search solves them within its time (on a loaded machine it may not: then they
  // stay estimates, and the note with them). Seen once, a position's answer is at hand when
  // it is stepped onto again, which is where the note once stayed.
  const moves = '0,30,6,41,49,2,51,53,18,1,19,28,55,26,33,47,8,58,16,27,39,22,48,12,35,36,10,14';
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, `#board=5x5&mode=p1&moves=${moves}`);
  const at = (ply) => page.waitForFunction((n) => document.body.dataset.lines.split(',').filter(Boolean).length === n, ply);
  const check = async (how) => {
    await settled(page);
    // The position's own answer is in when the value line says what it is.
    await page.waitForFunction(() => !/…/.test(document.querySelector('#value').textContent), null, { timeout: 60_000 });
    const { estimates, note } = await page.evaluate(() => ({
      estimates: document.querySelectorAll('#svg .score.estimate').length,
      note: document.querySelector('#exactness').hidden ? null : document.querySelector('#exactness').textContent,
    }));
    if (estimates === 0) assert.equal(note, null, `${how}: only exact scores on the board, yet the note says: ${note}`);
    else assert.match(note ?? '', /estimates/, `${how}: estimates on the board without the note`);
  };
  for (const ply of [24, 25, 24, 23, 22]) {
    await page.click(`#moves li[data-ply="${ply}"] button`);
    await at(ply);
    await check(`move ${ply}, its row clicked`);
  }
  for (let ply = 23; ply <= 26; ply++) {
    await page.click('#nav-next');
    await at(ply);
    await check(`move ${ply}, stepped onto with Next`);
  }
  // Where the graph has exact margins before and after a move, the move list has its exact
  // loss, the same (the values the engine proved count for both).
  const { points, rows } = await page.evaluate(() => ({
    points: Object.fromEntries([...document.querySelectorAll('#graph circle.point:not(.estimate)')].map((c) => [c.dataset.ply, Number(c.dataset.margin)])),
    rows: [...document.querySelectorAll('#moves li[data-ply]')].map((li) => ({ ply: li.dataset.ply, player: Number(li.dataset.player), loss: li.dataset.loss })),
  }));
  let compared = 0;
  for (const { ply, player, loss } of rows) {
    const [before, after] = [points[Number(ply) - 1], points[ply]];
    if (before === undefined || after === undefined) continue;
    compared++;
    assert.equal(Number(loss === '' ? NaN : loss), player === 0 ? before - after : after - before, `move ${ply}: the graph's margins ${before} and ${after}, the list's loss '${loss}'`);
  }
  assert.ok(compared > 0 || Object.keys(points).length < 2, `compared ${compared} moves`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a finished game\'s positions the engine only estimated are searched to the end in the background, and their exact scores shown', { timeout: 600_000 }, async () => {
  const moves = '0,30,6,41,49,2,51,53,18,1,19,28,55,26,33,47,8,58,16,27,39,22,48,12,35,36,10,14,46,29,15,20,44,4,25,54,43,11,42,3,34,9,40,13,45,17,50,21,56,57,23,52,59,24,5,31,32,7,37,38'.split(',').map(Number);
  const context = await env.browser.newContext();
  const { page, errors } = await openPage(context, env.server.url, `#board=5x5&mode=hh&moves=${moves.join(',')}`);
  assert.equal(await settled(page), 'over');
  // The review says which position it searches, from the end of the game back.
  await page.waitForFunction(() => /^Working out exactly what the engine only estimated/.test(document.querySelector('#review').textContent) && !document.querySelector('#review').hidden, null, { timeout: 240_000 });
  const ply = Number((await page.textContent('#review')).match(/after move (\d+)/)[1]);
  const lines = moves.slice(0, ply);
  // Once searched (the review goes on to another position, or ends), the loss of the move
  // played there is exact, and shown on the board the position's scores are the native
  // search's.
  await page.waitForFunction((k) => {
    const note = document.querySelector('#review');
    return note.hidden || !note.textContent.includes(`after move ${k} `);
  }, ply, { timeout: 300_000 });
  assert.notEqual(await page.getAttribute(`#moves li[data-ply="${ply + 1}"]`, 'data-loss'), '', `the loss of move ${ply + 1}`);
  await page.click(`#moves li[data-ply="${ply}"] button`);
  await page.waitForFunction((n) => document.body.dataset.lines.split(',').filter(Boolean).length === n, ply);
  await settled(page);
  assert.deepEqual(await shownScores(page), nativeAnalyze('5x5', lines, null, { method: 'search' }).moves, `the scores after move ${ply}`);
  assert.deepEqual(errors, []);
  await context.close();
});
