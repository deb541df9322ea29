// Whole games against the engine on the booked boards too large to solve whole in the
// browser (4x4, 3x5): every book listed in www/books/index.json for such a board, and any
// given in DOTBOX_EXTRA_BOOKS (colon-separated paths, served beside www/ through the
// server's overlay, for books not shipped yet). At every human turn each shown score equals
// the native `dotbox analyze --book` (the book within its depth, the retrograde solver past
// it), and every engine move is optimal. A book of a board that is not square plays the
// transposed board too (5x3 from the 3x5 book). With no such book the test says so and skips.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename } from 'node:path';
import { serveAndLaunch, openPage, nativeAnalyze, settled, shownScores, clickLine, ROOT } from './harness.mjs';

const lineCount = (board) => {
  const [r, c] = board.split('x').map(Number);
  return (r + 1) * c + r * (c + 1);
};

const index = JSON.parse(readFileSync(`${ROOT}www/books/index.json`, 'utf8'));
const extra = (process.env.DOTBOX_EXTRA_BOOKS ?? '').split(':').filter(Boolean);
const overlay = mkdtempSync(`${tmpdir()}/dotbox-booked-`);
mkdirSync(`${overlay}/books`);
const books = index.books.filter((b) => /^\d+x\d+$/.test(b.board) && lineCount(b.board) > 32 && !b.predrawn)
  .map((b) => ({ ...b, path: `${ROOT}www/books/${b.file}` }));
for (const path of extra) {
  const bytes = readFileSync(path);
  const entry = { file: basename(path), board: `${bytes[10]}x${bytes[11]}`, predrawn: '', depth: bytes[20], format: 2, made_by: 'DOTBOX_EXTRA_BOOKS' };
  symlinkSync(path, `${overlay}/books/${entry.file}`);
  index.books = index.books.filter((b) => b.board !== entry.board).concat(entry);
  books.push({ ...entry, path });
}
writeFileSync(`${overlay}/books/index.json`, JSON.stringify(index));
// A book answers its board's transpose too (the 3x5 book plays 5x3 games).
for (const b of [...books]) {
  const [r, c] = b.board.split('x');
  if (r !== c) books.push({ ...b, board: `${c}x${r}` });
}

const env = serveAndLaunch(['--overlay', overlay]);

if (!books.length) test('booked games on 4x4 and 3x5', { skip: 'no 4x4 or 3x5 book is listed in www/books/index.json or DOTBOX_EXTRA_BOOKS' }, () => {});

for (const book of books) {
  test(`a whole ${book.board} game against the engine from ${book.file}`, { timeout: 1_200_000 }, async () => {
    const context = await env.browser.newContext();
    const { page, errors } = await openPage(context, env.server.url, `#board=${book.board}&mode=p1`);
    // The board picker says how far the book reaches: exact from the first move when the
    // book meets the handover (30 open lines), as this test's game checks.
    const label = await page.$eval(`#board option[value="${book.board}"]`, (o) => o.textContent);
    const meets = lineCount(book.board) - book.depth <= 30;
    assert.match(label, meets ? /exact from the first move: opening book/ : new RegExp(`opening book for ${book.depth} lines`), label);
    // The book is open for this board (its own, or its transpose's).
    await page.waitForFunction(() => Boolean(document.body.dataset.book), null, { timeout: 60_000 });
    let rnd = 7;
    const random = (n) => { rnd = (rnd * 1103515245 + 12345) % 2147483648; return rnd % n; };
    for (let turn = 0; turn < lineCount(book.board); turn++) {
      if ((await settled(page)) === 'over') break;
      const lines = await page.evaluate(() => document.body.dataset.lines);
      const drawn = lines ? lines.split(',').map(Number) : [];
      const native = nativeAnalyze(book.board, drawn, book.path);
      assert.deepEqual(await shownScores(page), native.moves, `scores shown at ${book.board}:${lines}`);
      assert.match(await page.textContent('#value'), new RegExp(`^Value ${native.value > 0 ? '\\+' : ''}${native.value} `));
      const open = native.moves.map((m) => m.line);
      await clickLine(page, open[random(open.length)]);
      await page.waitForFunction((n) => document.body.dataset.lines.split(',').filter(Boolean).length > n, drawn.length, { timeout: 120_000 });
    }
    assert.ok(await page.evaluate(() => window.dotboxApp.state.game.isOver()), 'the game was played to the end');
    const history = await page.evaluate(() => window.dotboxApp.history());
    const drawn = [];
    for (const move of history) {
      if (move.player === 1) {
        const native = nativeAnalyze(book.board, drawn, book.path);
        assert.equal(native.moves.find((m) => m.line === move.line).score, native.value, `engine move ${move.line} at ${drawn}`);
      }
      drawn.push(move.line);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}
