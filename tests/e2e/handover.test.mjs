// Exact play past a book on a board too large to solve whole in the browser: a 1x11 strip
// (34 lines) with a book of depth 4, built here by the native CLI and served beside www/
// through the server's overlay. The book answers the first moves, at its depth the page
// hands over to the solve of the game's position (30 open lines) with a progress bar, and
// from then on every score shown equals the native solver's and every engine move is optimal.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import {
  serveAndLaunch, openPage, nativeAnalyze, settled, shownScores, clickLine, ROOT,
} from './harness.mjs';

const BOARD = '1x11';
const DEPTH = 4;
const LINES = 34;
const overlay = mkdtempSync(`${tmpdir()}/dotbox-overlay-`);

before(() => {
  mkdirSync(`${overlay}/books`);
  const file = `${BOARD}-d${DEPTH}.book`;
  execFileSync(`${ROOT}target/release/dotbox`, ['book', 'build', BOARD, '--depth', String(DEPTH), '--out', `${overlay}/books/${file}`], { stdio: 'ignore' });
  const index = JSON.parse(readFileSync(`${ROOT}www/books/index.json`, 'utf8'));
  index.books.push({ file, board: BOARD, predrawn: '', depth: DEPTH, format: 2, made_by: 'tests/e2e/handover.test.mjs' });
  // An entry without its depth, which decides the boards a book answers: left out, and said.
  index.books.push({ file: 'no-depth.book', board: '1x10', predrawn: '', format: 2 });
  writeFileSync(`${overlay}/books/index.json`, JSON.stringify(index));
});

const env = serveAndLaunch(['--overlay', overlay]);

test('the book answers the first moves, then the handover solve plays exactly to the end', { timeout: 600_000 }, async () => {
  const context = await env.browser.newContext();
  const warnings = [];
  context.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  const { page, errors } = await openPage(context, env.server.url, `#board=${BOARD}&mode=p1`);
  assert.ok(warnings.some((w) => /books\/index\.json lists no-depth\.book without its depth/.test(w)), `warnings: ${warnings}`);
  // The progress bar is seen whenever the page waits on the worker.
  await page.evaluate(() => {
    window.waits = [];
    new MutationObserver(() => { if (!document.querySelector('#wait').hidden) window.waits.push(`${document.querySelector('#wait-text').textContent} | ${document.querySelector('#message').textContent}`); })
      .observe(document.querySelector('#wait'), { attributes: true, subtree: true, characterData: true, childList: true });
  });
  let rnd = 11;
  const random = (n) => { rnd = (rnd * 1103515245 + 12345) % 2147483648; return rnd % n; };
  const sources = new Set();
  for (let turn = 0; turn < LINES; turn++) {
    if ((await settled(page)) === 'over') break;
    const lines = await page.evaluate(() => document.body.dataset.lines);
    const drawn = lines ? lines.split(',').map(Number) : [];
    const native = nativeAnalyze(BOARD, drawn);
    assert.deepEqual(await shownScores(page), native.moves, `scores shown at ${BOARD}:${lines}`);
    assert.match(await page.textContent('#value'), new RegExp(`^Value ${native.value > 0 ? '\\+' : ''}${native.value} `));
    const message = await page.textContent('#message');
    if (drawn.length < DEPTH) assert.match(message, /from the opening book/, `at ${lines}`);
    sources.add(/from the opening book/.test(message) ? 'book' : /exact: from the solve of this game's position/.test(message) ? 'handover' : 'other');
    const open = native.moves.map((m) => m.line);
    const before = drawn.length;
    await clickLine(page, open[random(open.length)]);
    await page.waitForFunction((n) => document.body.dataset.lines.split(',').filter(Boolean).length > n, before, { timeout: 60_000 });
  }
  assert.ok(await page.evaluate(() => window.dotboxApp.state.game.isOver()), 'the game was played to the end');
  assert.ok(sources.has('book') && sources.has('handover'), `answered by ${[...sources]}`);
  const waits = await page.evaluate(() => window.waits);
  assert.ok(waits.some((w) => /solving this position's subgame/.test(w)), `the handover showed its progress: ${waits.slice(0, 5)}`);
  // While the handover solves, the message line no longer says the last position's scores
  // came from the book.
  const stale = waits.filter((w) => /solving this position's subgame/.test(w) && /from the opening book/.test(w));
  assert.deepEqual(stale, [], 'the book named during the handover');
  // Every engine move was optimal.
  const history = await page.evaluate(() => window.dotboxApp.history());
  const drawn = [];
  for (const move of history) {
    if (move.player === 1) {
      const native = nativeAnalyze(BOARD, drawn);
      assert.equal(native.moves.find((m) => m.line === move.line).score, native.value, `engine move ${move.line} at ${drawn}`);
    }
    drawn.push(move.line);
  }
  // The handover's solve is noted as a subgame (so old ones are pruned, not the user's).
  const noted = await page.evaluate(() => new Promise((resolve) => {
    const open = indexedDB.open('dotbox');
    open.onsuccess = () => {
      const all = open.result.transaction('subgames').objectStore('subgames').getAll();
      all.onsuccess = () => resolve(all.result.map((s) => s.board));
    };
  }));
  assert.ok(noted.length >= 1 && noted.every((b) => b === `${BOARD}|`), `subgames noted: ${noted}`);
  assert.deepEqual(errors, []);
  await context.close();
});
