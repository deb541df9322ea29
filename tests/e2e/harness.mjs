// Shared pieces of the end-to-end tests: the static server, the system Chromium (driven by
// playwright-core, never a downloaded browser), and the native CLI as the reference.
import { spawn, execFileSync } from 'node:child_process';
import { before, after } from 'node:test';
import { mkdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';

export const ROOT = new URL('../../', import.meta.url).pathname;
export const RESULTS = `${ROOT}test-results`;
mkdirSync(RESULTS, { recursive: true });

const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

/**
 * Serves `dir` (www/ unless told) on a free port until `stop()`; `args` are serve.py's
 * options (--no-ranges, --damage).
 */
export async function startServer(args = [], dir = `${ROOT}www`) {
  const server = spawn('python3', [`${ROOT}scripts/serve.py`, dir, '0', '-q', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise((resolve, reject) => {
    server.stdout.once('data', (data) => resolve(String(data)));
    server.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  const url = /http:\/\/\S+/.exec(line)[0];
  return { url, stop: () => server.kill() };
}

/**
 * The server and the browser of one test file: started before its tests, stopped after.
 * Returns `{ server, browser }`, filled in once the tests start.
 */
export function serveAndLaunch(args = []) {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await startServer(args);
    env.browser = await launch();
  });
  after(async () => {
    await env.browser?.close();
    env.server?.stop();
  });
  return env;
}

/** Headless system Chromium with a fresh profile. */
export function launch() {
  return chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Headless system Chromium with its profile in `dir`: a browser context that is not incognito. */
export function launchPersistent(dir) {
  return chromium.launchPersistentContext(dir, { executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Opens the page at `hash` and waits until it is ready; page errors fail the test. */
export async function openPage(context, base, hash, { delay = 0, query = '', beforeLoad = null } = {}) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await beforeLoad?.(page);
  await page.goto(`${base}?delay=${delay}${query}${hash}`);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 60_000 });
  return { page, errors };
}

const cache = new Map();

/** The native CLI's analysis: {value, moves: [{line, score}]}; with `book`, from that book
 * within its depth (as the page answers); with `pseudo`, by chains as pseudo-lines (with the
 * report's `pseudo_lines`); with `method`, by that solver (`--method`). */
export function nativeAnalyze(board, lines, book = null, { pseudo = false, method = null } = {}) {
  const key = `${board}:${lines.join(',')}:${book ?? ''}:${pseudo}:${method ?? ''}`;
  if (!cache.has(key)) {
    const args = ['analyze', board, '--json'];
    if (lines.length) args.push('--lines', lines.join(','));
    if (book) args.push('--book', book);
    if (pseudo) args.push('--pseudo-lines');
    if (method) args.push('--method', method);
    const out = execFileSync(`${ROOT}target/release/dotbox`, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
    // Each move as the board shows it, {line, score}: whether a score is proven is the
    // answer's `exact` and, for pseudo-lines, `pseudo_lines.unproven_moves`.
    const answer = JSON.parse(out);
    answer.moves = answer.moves.map(({ exact, ...move }) => move);
    cache.set(key, answer);
  }
  return cache.get(key);
}

/** Waits for the page to settle: the engine has no move pending and the analysis is shown (or the game is over). */
export async function settled(page) {
  await page.waitForFunction(() => {
    const s = document.body.dataset.state;
    return s === 'over' || (s === 'idle' && document.querySelector('#value').textContent !== 'Value: …');
  }, null, { timeout: 60_000 });
  return page.evaluate(() => document.body.dataset.state);
}

/** Tiles the page's solves have written to IndexedDB so far, read from the database itself. */
export function storedTiles(page) {
  return page.evaluate(async () => {
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open('dotbox');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const solves = await new Promise((resolve) => {
      const all = db.transaction('solves').objectStore('solves').getAll();
      all.onsuccess = () => resolve(all.result);
    });
    db.close();
    return solves.reduce((n, s) => n + s.tiles.length, 0);
  });
}

export { sleep };

/** The label the page gives `line` (a1b1), from the page's own game. */
export function labelOf(page, line) {
  return page.evaluate((l) => window.dotboxApp.state.game.label(l), line);
}

/** The moves listed in the move list: [{ply, line, player, loss}] (loss null while unknown). */
export function listedMoves(page) {
  return page.$$eval('#moves li[data-ply]', (ls) => ls.map((l) => ({
    ply: Number(l.dataset.ply), line: Number(l.dataset.line), player: Number(l.dataset.player),
    loss: l.dataset.loss === '' ? null : Number(l.dataset.loss),
  })));
}

/** Waits until every move of the move list shows its loss. */
export async function lossesKnown(page) {
  await page.waitForFunction(() => [...document.querySelectorAll('#moves li[data-ply]')].every((l) => l.dataset.loss !== ''), null, { timeout: 60_000 });
  return listedMoves(page);
}

/**
 * Records the book requests every page of `context` makes (the worker's included): each as
 * {url, range} (range null for a whole-file request).
 */
export function recordBookRequests(context) {
  const seen = [];
  context.on('request', (r) => {
    // The page's own reads only: the built site's service worker downloads the small books
    // whole when it installs (precached), whenever that happens to fall.
    if (r.url().endsWith('.book') && !r.serviceWorker()) seen.push({ url: r.url(), range: r.headers().range ?? null });
  });
  return seen;
}

/** The page's book download figures (body[data-book-*]), as numbers. */
export function bookFigures(page) {
  return page.evaluate(() => {
    const d = document.body.dataset;
    return { bytes: Number(d.bookBytes), requests: Number(d.bookRequests), fetched: Number(d.bookFetched), fromCache: Number(d.bookFromCache), chunks: Number(d.bookChunks) };
  });
}

/** The bytes the book requests `requests` (from recordBookRequests) asked for. */
export const bytesRequested = (requests) => requests.reduce((n, r) => {
  const [a, b] = r.range.slice(6).split('-').map(Number);
  return n + b - a + 1;
}, 0);

/**
 * The page's book figures once they count every book request in `requests` (from
 * recordBookRequests), each read to its end; or, after 30 s, as they stand. The page reads
 * book positions in the background after the one shown (the move list's losses, the graph),
 * and posts its figures when a read ends: figures read at once race those reads.
 */
export async function countedBookFigures(page, requests) {
  let figures = await bookFigures(page);
  for (const until = Date.now() + 30_000; Date.now() < until && (figures.requests !== requests.length || figures.bytes !== bytesRequested(requests));) {
    await sleep(50);
    figures = await bookFigures(page);
  }
  return figures;
}

/** The scores the board shows on its open lines: [{line, score}] by line (while setting up,
 * drawn lines are buttons too, without a score). */
export function shownScores(page) {
  return page.$$eval('#svg g.move:not(.erasable)', (gs) => gs.map((g) => ({ line: Number(g.dataset.line), score: Number(g.dataset.score) })).sort((a, b) => a.line - b.line));
}

/** Shows the position after `moves` on `board` (two players) and waits until it is analysed. */
export async function showPosition(page, board, moves) {
  await page.evaluate((m) => { location.hash = `#board=${m.board}&mode=hh${m.moves.length ? `&moves=${m.moves.join(',')}` : ''}`; }, { board, moves });
  await page.waitForFunction((l) => document.body.dataset.lines === l, [...moves].sort((a, b) => a - b).join(','));
  return settled(page);
}

/**
 * Clicks open line `line` on the board. Forced: a line without a score shown has a zero-height
 * (or zero-width) box, which Playwright deems invisible, though its wide hit stroke takes the
 * click as a user's would.
 */
export function clickLine(page, line) {
  return page.click(`#svg g.move[data-line="${line}"]`, { force: true });
}
