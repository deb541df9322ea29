// The solving worker: every solve and every analysis runs here, so the page never freezes.
//
// The protocol (operations, events, error codes) is protocol.js's.
import { OP, EVENT, ERROR } from './protocol.js';
import { boardKey } from './position-key.js';
import { openDb, listSolves, deleteSolve, listBooks, deleteBook } from './idb.js';
import { LazyBookSource } from './books.js';
import { Subgames } from './subgames.js';
import { loadDotbox } from './wasm-loader.js';
import { bestStep } from './proven.js';

const DB = 'dotbox';
// The wasm module's exports, set once loaded (every operation awaits `ready` first).
let wasm = null;
// The wasm instance's linear memory, reported with progress (the benchmark reads its peak).
let memory = null;
// Threads the retro kernel and the search run on (1: the one-thread build).
let threads = 1;
// The threaded build's pool workers (kept referenced while they run).
let pool = [];
let subgames = null;
const ready = loadDotbox().then((loaded) => {
  ({ wasm, memory, threads, pool } = loaded);
  subgames = new Subgames(wasm, DB, post);
});
const solvers = new Map(); // board key -> opened Solver (only used outside a running solve)
let cancelRequested = false;
let solving = null; // the board being solved: {key, board}
let solvingFingerprint = null;

// Whether the request being served is the page's background work ({quiet: true}): its
// progress events say so, and the page's bar leaves them out.
let quiet = false;
const QUIET_EVENTS = new Set([EVENT.searchProgress, EVENT.estimateProgress, EVENT.pseudoProgress, EVENT.handoverProgress]);

function post(msg) {
  self.postMessage(quiet && QUIET_EVENTS.has(msg.op) ? { ...msg, quiet } : msg);
}

/** Open lines of the position `lines` (comma-separated; none: the board's start) on the board. */
function openLines(board, predrawn, lines = '') {
  const game = new wasm.Game(board, predrawn ?? '');
  const n = game.open;
  game.free();
  return n - (lines ? lines.split(',').length : 0);
}

async function solverFor(board, predrawn) {
  const key = boardKey(board, predrawn);
  let solver = solvers.get(key);
  // An unfinished solve may have progressed in another tab: read its listing again.
  if (solver && !solver.finished) {
    forget(key);
    solver = null;
  }
  if (!solver) {
    solver = await wasm.Solver.open(DB, board, predrawn ?? '');
    solvers.set(key, solver);
  }
  return solver;
}

function forget(key) {
  const solver = solvers.get(key);
  if (solver) {
    solvers.delete(key);
    solver.free();
  }
}

/**
 * The exact analysis of a position, by the method the answer policy names
 * (wasm.answerMethod, the page's budget): the book, the retrograde solver (at once, 'retro',
 * or the handover solve of a board too large to solve whole, 'subgame'), the board's stored
 * solve, chains as pseudo-lines, or the search within its time limit. Where the policy names the estimate, or
 * the search runs out of time, it refuses with ERROR.tooBig (the page then asks OP.estimate).
 */
async function analyze({ board, predrawn, lines }) {
  predrawn = predrawn ?? '';
  lines = lines ?? '';
  const book = await bookOf(board, predrawn);
  let method = wasm.answerMethod(board, predrawn, lines, book?.depth, 'browser');
  if (method === 'book') {
    try {
      return await booked(book, lines);
    } catch (e) {
      // A damaged chunk, or one that cannot be downloaded (offline): the page is told (it
      // says so until the next game), and the position is answered as without the book.
      const op = { [ERROR.bookDamaged]: EVENT.bookDamaged, [ERROR.bookUnreachable]: EVENT.bookUnreachable }[e.code];
      if (!op) throw e;
      post({ op, message: e.message, book: boardKey(board, predrawn) });
      method = wasm.answerMethod(board, predrawn, lines, undefined, 'browser');
    }
  }
  if (method === 'retro') return { ...wasm.analyze(board, predrawn, lines), source: 'memory' };
  // A subgame solved already (the game handed over before few safe lines were left)
  // answers at once where the policy would search.
  if (method === 'subgame' || (method === 'search' && subgames.holding(board, predrawn, lines))) {
    return subgames.analysis(board, predrawn, lines, yieldToMessages);
  }
  if (method === 'stored') return storedAnalysis(board, predrawn, lines);
  if (method === 'pseudo') return pseudoAnalysis(board, predrawn, lines);
  if (method === 'estimate') {
    const open = openLines(board, predrawn, lines);
    const budget = wasm.answerBudget();
    const message = `This position has ${open} open lines: ${exactAt(budget)} (${open - budget.retroMaxOpen} more moves).`;
    throw Object.assign(new Error(message), { code: ERROR.tooBig });
  }
  return search({ board, predrawn, lines });
}

/** When exact play begins at the latest, in words. */
const exactAt = (budget) => `exact play begins at the latest once at most ${budget.retroMaxOpen} are open`;

/**
 * The exact search of a position within the policy's time and nodes (searchSeconds,
 * searchMaxNodes), refused with ERROR.tooBig past them: where the policy names it, and for
 * the move list where chains as pseudo-lines left unproven a score it reads (the command line
 * searches such a position too). Posts EVENT.searchProgress, then {final: true}.
 */
function search({ board, predrawn, lines }) {
  predrawn = predrawn ?? '';
  lines = lines ?? '';
  const budget = wasm.answerBudget();
  const start = performance.now();
  const deadline = start + budget.searchSeconds * 1000;
  const progress = (nodes, done, total) => {
    post({ op: EVENT.searchProgress, nodes, done, total, seconds: (performance.now() - start) / 1000 });
    return performance.now() < deadline;
  };
  try {
    const found = wasm.searchAnalyze(board, predrawn, lines, budget.searchMaxNodes, budget.searchTableMib, progress);
    return { ...found, source: 'search' };
  } catch (e) {
    const open = openLines(board, predrawn, lines);
    const message = `The search found no exact scores within ${budget.searchSeconds} s (${open} open lines); ${exactAt(budget)}.`;
    throw Object.assign(new Error(message), { code: ERROR.tooBig, cause: e });
  } finally {
    post({ op: EVENT.searchProgress, final: true });
  }
}

/** A position of a board solved whole once, from its stored solve or that of a board
 * holding it (refused while unsolved). */
async function storedAnalysis(board, predrawn, lines) {
  if (solving?.key === boardKey(board, predrawn)) {
    throw Object.assign(new Error('this board is being solved; its scores come when the solve finishes'), { code: ERROR.unsolved });
  }
  const own = await solverFor(board, predrawn);
  const held = own.finished ? null : await heldBy(board, predrawn);
  if (!own.finished && !held) {
    throw Object.assign(new Error('this board must be solved first'), { code: ERROR.unsolved });
  }
  const [solver, base, drawn] = held
    ? [held.solver, held.base, [predrawn, lines].filter(Boolean).join(',')]
    : [own, { board, predrawn }, lines];
  try {
    return { ...(await solver.analysis(drawn)), source: 'solve', heldBy: held?.base.board ?? null };
  } catch (e) {
    // A damaged stored tile was found and dropped: the board must be solved again (resuming).
    const unsolved = !solver.finished;
    if (unsolved) forget(boardKey(base.board, base.predrawn));
    throw Object.assign(e, { code: unsolved ? ERROR.damaged : undefined });
  }
}

/** The finished stored solve of a board by name holding `board` with `predrawn` lines
 * (wasm.boardsHolding: icelandic's holds a position set up on it), and that board, if any:
 * its positions are the asked board's, line for line, with the asked board's pre-drawn
 * lines drawn. */
async function heldBy(board, predrawn) {
  for (const name of wasm.boardsHolding(board, predrawn ?? '')) {
    if (solving?.key === boardKey(name, '')) continue;
    const solver = await solverFor(name, '');
    if (solver.finished) return { solver, base: { board: name, predrawn: '' } };
  }
  return null;
}

/**
 * The analysis of a position past the plain solve's reach with its chains collapsed into
 * pseudo-lines (wasm.pseudoAnalyze, with {op: EVENT.pseudoProgress} events), as the policy chose.
 */
function pseudoAnalysis(board, predrawn, lines) {
  const { units } = wasm.pseudoReduce(board, predrawn, lines);
  const start = performance.now();
  let last = 0;
  post({ op: EVENT.pseudoProgress, percent: 0, seconds: 0, eta: null, units });
  const progress = (done, total) => {
    const now = performance.now();
    if (now - last < 150) return;
    last = now;
    const share = total ? done / total : 1;
    const seconds = (now - start) / 1000;
    post({ op: EVENT.pseudoProgress, percent: 100 * share, seconds, eta: share > 0 ? seconds / share - seconds : null, units });
  };
  try {
    return { ...wasm.pseudoAnalyze(board, predrawn, lines, progress), source: 'pseudo', seconds: (performance.now() - start) / 1000 };
  } finally {
    post({ op: EVENT.pseudoProgress, final: true });
  }
}

/**
 * The engine's estimate of a position no exact method answers (wasm.engineEstimate on every
 * thread of the worker): {value, moves: [{line, score, exact}], best, depth, nodes, threads,
 * exact, valueExact, source: 'estimate', seconds, open, exactAt}, within `seconds` (default
 * the policy's) and `nodes` (a work budget, default none: the answer is then the same on
 * every run); `exact` only where the engine solved the position, `valueExact` where it
 * proved the value and the move `best`, a move's `exact` where its score is proven.
 * Posts {op: EVENT.estimateProgress, seconds} while it runs, so the page can show a bar past a
 * second. With `stop` (an Int32Array on a SharedArrayBuffer: the engine thinking while the
 * person is to move) it posts nothing, and ends early once the page sets `stop[0]`, saying
 * `stopped: true` (its estimate then is one of less time than asked).
 */
function estimate({ board, predrawn, lines, seconds, seed, nodes, stop }) {
  predrawn = predrawn ?? '';
  lines = lines ?? '';
  const budget = wasm.answerBudget();
  const start = performance.now();
  let stopped = false;
  // Returning false stops the engine.
  const progress = stop
    ? () => !(stopped = Atomics.load(stop, 0) !== 0)
    : (depth, nodes, elapsed) => post({ op: EVENT.estimateProgress, depth, nodes, seconds: elapsed });
  try {
    const found = wasm.engineEstimate(board, predrawn, lines, seconds ?? budget.estimateSeconds, seed ?? 0, progress, nodes);
    const open = openLines(board, predrawn, lines);
    return { ...found, source: 'estimate', seconds: (performance.now() - start) / 1000, open, exactAt: budget.retroMaxOpen, stopped };
  } finally {
    if (!stop) post({ op: EVENT.estimateProgress, final: true });
  }
}

// Books opened in this worker: url -> Promise<LazyBookSource>; and the book's url OP.book
// gave each board (its key).
const books = new Map();
const bookUrls = new Map();

/** The analysis of a position within the depth on its board of the book `bookOf` gave,
 * downloading the chunks it needs. */
async function booked({ source, board, predrawn, depth }, lines) {
  const progress = (done, total) => post({ op: EVENT.bookProgress, url: source.file.url, done, total });
  try {
    const analysis = await source.analysis(board, predrawn, lines, progress);
    return { ...analysis, source: 'book', bookDepth: depth };
  } finally {
    post({ op: EVENT.bookFigures, figures: source.figures() });
  }
}

async function status({ board, predrawn }) {
  const open = openLines(board, predrawn);
  const { directOpen, wholeBoardOpen } = wasm.answerBudget();
  const direct = open <= directOpen;
  if (direct || open > wholeBoardOpen) return { open, direct, solved: direct, tooBig: open > wholeBoardOpen };
  if (solving?.key === boardKey(board, predrawn)) return { open, direct, solved: false, solving: true };
  const solver = await solverFor(board, predrawn);
  const held = solver.finished ? null : await heldBy(board, predrawn);
  if (held) return { open, direct, solved: true, keep: held.solver.keep, progress: held.solver.progress() };
  return { open, direct, solved: solver.finished, keep: solver.keep, progress: solver.progress() };
}

async function solve({ board, predrawn, checkpoint }) {
  const key = boardKey(board, predrawn);
  if (solving) throw new Error(`already solving ${solving.board}; cancel it first`);
  solving = { key, board };
  cancelRequested = false;
  forget(key);
  try {
    const probe = await wasm.Solver.open(DB, board, predrawn ?? '');
    solvingFingerprint = probe.fingerprint;
    const lockName = `dotbox-solve:${probe.fingerprint}`;
    probe.free();
    const run = async () => {
      // Opened inside the lock: another tab may have stored tiles meanwhile.
      const solver = await wasm.Solver.open(DB, board, predrawn ?? '');
      if (checkpoint !== undefined) solver.checkpointEvery(checkpoint);
      try {
        return await steps(key, solver);
      } finally {
        solver.free();
      }
    };
    if (!self.navigator.locks) return await run();
    let result = await self.navigator.locks.request(lockName, { ifAvailable: true }, (lock) => (lock ? run() : null));
    if (result === null) {
      post({ op: EVENT.progress, key, waiting: true, message: 'another tab is solving this board; waiting for it to finish or close' });
      const abort = new AbortController();
      const poll = setInterval(() => cancelRequested && abort.abort(), 200);
      try {
        result = await self.navigator.locks.request(lockName, { signal: abort.signal }, run);
      } catch (e) {
        if (cancelRequested) return { cancelled: true };
        throw e;
      } finally {
        clearInterval(poll);
      }
    }
    return result;
  } finally {
    solving = null;
    solvingFingerprint = null;
  }
}

// Lets the worker take the page's messages (cancel) between two steps. A message to
// itself, not setTimeout(0): nested timers are clamped to 4 ms, which over a solve's couple
// of hundred steps adds about a second.
const yieldChannel = new MessageChannel();
const yieldWaiters = [];
yieldChannel.port1.onmessage = () => yieldWaiters.shift()?.();
function yieldToMessages() {
  return new Promise((resolve) => {
    yieldWaiters.push(resolve);
    yieldChannel.port2.postMessage(null);
  });
}

/**
 * Runs the solve to the end (or a cancel), tile by tile (each tile's chunks on every thread
 * of the threaded wasm), writing at the solver's checkpoints.
 */
async function steps(key, solver) {
  const start = performance.now();
  let lastPost = 0;
  const report = (final) => {
    const p = solver.progress();
    const now = performance.now();
    const seconds = (now - start) / 1000;
    const rate = seconds > 0 ? p.positionsDone / seconds : 0;
    const left = p.positionsTotal - p.positionsDone;
    post({
      op: EVENT.progress, key, ...p,
      percent: p.positionsTotal ? (100 * p.positionsDone) / p.positionsTotal : 100,
      rate, seconds, eta: rate > 0 ? left / rate : null, final, wasmBytes: memory?.buffer.byteLength ?? null,
      threads, computeSeconds: solver.computeSeconds,
    });
    lastPost = now;
  };
  report(false);
  let finished = solver.finished;
  while (!finished) {
    if (cancelRequested) {
      await solver.persist(); // a checkpoint: everything computed is kept
      report(true); // The page shows exactly where the solve stopped (everything is stored).
      return { cancelled: true };
    }
    finished = await solver.step();
    if (performance.now() - lastPost > 150) report(false);
    await yieldToMessages();
  }
  report(true);
  return { finished: true };
}

async function storage() {
  const db = await openDb(DB);
  const solves = await listSolves(db);
  const cached = await listBooks(db);
  db.close();
  const estimate = self.navigator.storage?.estimate ? await self.navigator.storage.estimate() : {};
  return {
    solves: solves.map(({ fingerprint, label, bytes, tiles, finished, updated }) =>
      ({ fingerprint, label, bytes, tiles: tiles.length, finished, updated })),
    books: cached,
    usage: estimate.usage ?? null,
    quota: estimate.quota ?? null,
  };
}

async function remove({ fingerprint, book }) {
  const db = await openDb(DB);
  try {
    if (book) {
      await deleteBook(db, book);
    } else {
      if (solvingFingerprint === fingerprint) throw new Error('cancel the solve before deleting its tiles');
      for (const [key, solver] of solvers) if (solver.fingerprint === fingerprint) forget(key);
      await deleteSolve(db, fingerprint);
    }
  } finally {
    db.close();
  }
  return {};
}

async function book({ url, parts, board, predrawn }) {
  predrawn = predrawn ?? '';
  // One source a book file, opened once: a new game on a board it answers (the same, or a
  // position set up on it) reads the open book and the chunks it holds.
  if (!books.has(url)) {
    const progress = (done, total) => post({ op: EVENT.bookProgress, url, done, total });
    books.set(url, LazyBookSource.open(wasm, DB, url, progress, parts));
  }
  const source = await books.get(url).catch((e) => {
    books.delete(url);
    throw e;
  });
  // The game's board: the book's own, or its transpose (5x3 from 3x5), perhaps with more
  // lines pre-drawn; any other is refused here.
  const { depth, transposed } = source.book.fitOn(board, predrawn);
  bookUrls.set(boardKey(board, predrawn), url);
  return { board: source.book.board, depth, transposed, checksum: source.checksum, cached: source.cached, figures: source.figures() };
}

/** The open book OP.book gave `board` with `predrawn` lines, and its depth there, if any. */
async function bookOf(board, predrawn) {
  const url = bookUrls.get(boardKey(board, predrawn));
  const source = url && await books.get(url)?.catch(() => null);
  return source ? { source, board, predrawn, depth: source.book.fitOn(board, predrawn).depth } : undefined;
}

/** The loony analysis of a position, in memory (refused past wasm.loonyOpen() open lines). */
function loony({ board, predrawn, lines }) {
  return wasm.loonyAnalyze(board, predrawn ?? '', lines ?? '');
}

/**
 * The best line's move from a position (the page builds the principal variation move by
 * move, so a game's requests wait at most one move of it): the best move (lowest line first
 * among equals) where an exact answer is in reach (book, solve, handover, or the search within
 * its time limit), else the engine's move with its estimate, marked not exact unless the engine
 * solved that position; so a line on a board too large to solve goes on to the end, exact
 * again from the handover. `value` is the position's (estimated where `exact` is false and no
 * exact answer was found).
 */
async function bestMove({ board, predrawn, lines }) {
  try {
    // A proven best move (chains as pseudo-lines may score a worse move as high, as an
    // upper bound only).
    return bestStep(await analyze({ board, predrawn, lines }));
  } catch (e) {
    if (e.code !== ERROR.tooBig && e.code !== ERROR.unsolved) throw e;
    // No exact answer: the engine's move, with its estimated score (exact where the engine
    // proved the value and this move, as it does whenever it solves the position: a best
    // move then).
    const guess = estimate({ board, predrawn, lines, seconds: wasm.answerBudget().lineEstimateSeconds });
    const line = guess.best;
    return { line, score: guess.moves.find((m) => m.line === line).score, exact: guess.valueExact, value: guess.value };
  }
}

const ops = {
  [OP.analyze]: analyze,
  [OP.estimate]: estimate,
  [OP.search]: search,
  [OP.status]: status,
  [OP.solve]: solve,
  [OP.storage]: storage,
  [OP.delete]: remove,
  [OP.book]: book,
  [OP.loony]: loony,
  [OP.bestMove]: bestMove,
};

// Operations other than solve run one at a time (a wasm object serves one call at a time);
// a solve runs beside them on its own solver.
let queue = Promise.resolve();

async function answer(data) {
  try {
    await ready;
    const op = ops[data.op];
    if (!op) throw new Error(`unknown operation '${data.op}'`);
    post({ id: data.id, ok: true, result: await op(data) });
  } catch (e) {
    post({ id: data.id, ok: false, error: e?.message ?? String(e), code: e?.code });
  }
}

self.onmessage = ({ data }) => {
  if (data.op === OP.cancel) {
    cancelRequested = true;
  } else if (data.op === OP.solve) {
    answer(data);
  } else {
    queue = queue.then(async () => {
      quiet = Boolean(data.quiet);
      try {
        await answer(data);
      } finally {
        quiet = false;
      }
    });
  }
};
