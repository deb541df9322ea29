// How the board on the page is answered, and the panels that say so: the board picker
// (which boards are solved here, booked, or handed over), the opening book, the solve panel
// with its progress, the storage panel, and which positions the move list may ask for.
import { OP, EVENT, ERROR } from './protocol.js';
import { mark } from './test-hooks.js';
import { Game, answerMethod, answerBudget, bookAnswers, readBookIndex } from './pkg/dotbox.js';
import {
  session, client, shownBoardKey, setBooks, setBoardStatus, setJustSolved, setBook, bookFailed, solveStarted, solveEnded,
} from './session.js';
import { forgetFailures, estimateOf, provenValue } from './analyses.js';
import { boardKey } from './position-key.js';
import { searching } from './deep-search.js';
import { $, nodesText, setMessage, setSource, messageIs, addNotice, dropNotice, showWait, hideWait } from './ui.js';

/** The lines of `board` (`RxC`), from the core's board. */
function lineCount(board) {
  const game = new Game(board, '');
  const n = game.open;
  game.free();
  return n;
}
const hooks = { onSolved: null };
let persisted = false; // whether the browser keeps this site's storage for good
// Why the books' index could not be read, said in the notice of the first game set up (the
// notice is the game's: one said before it would be cleared at once), then no more.
let booksMissing = null;

/** Fills the board picker: every board solved here, icelandic, then the larger ones and books.
 * A board a book answers is labelled as booked whatever its size (3x4 and 4x3 play from
 * theirs at once, no solve). */
export async function fillBoards() {
  try {
    const response = await fetch('books/index.json');
    if (!response.ok) throw new Error(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
    setBooks(usableBooks(await response.text()));
  } catch (e) {
    // A DOMException may have no message: its name says what it is.
    const why = navigator.onLine === false ? 'this device is offline' : e?.message || e?.name || String(e);
    booksMissing = `The opening books (books/index.json) could not be loaded: ${why}; boards play without them, by the engine's estimates (not exact) where nothing exact is in reach.`;
    console.warn(`dotbox: books/index.json could not be loaded (${why}); no opening book is used: publish the books/ folder of the build beside index.html (docs/deploy.md)`);
    setBooks([]);
  }
  const select = $('board');
  const add = (value, text) => select.add(new Option(text, value));
  const larger = []; // too large to solve here: listed last, exact from the handover on
  const { wholeBoardOpen, retroMaxOpen, directOpen } = answerBudget();
  for (let r = 1; r <= 5; r++) {
    for (let c = 1; c <= 5; c++) {
      const board = `${r}x${c}`;
      const n = lineCount(board);
      const book = bookFor(board, '');
      if (n > wholeBoardOpen) larger.push([board, book ? bookedLabel(board, n, book) : `${r}×${c} (${n} lines, exact from ${retroMaxOpen} open lines)`]);
      else add(board, book ? bookedLabel(board, n, book) : `${r}×${c} (${n} lines${n <= directOpen ? '' : ', solved once'})`);
    }
  }
  const icelandic = new Game('icelandic', '');
  add('icelandic', `Icelandic 3×5 (${icelandic.open} open lines, solved once)`);
  icelandic.free();
  for (const [value, text] of larger) add(value, text);
  for (const b of session.books.filter((b) => !b.predrawn)) {
    if (![...select.options].some((o) => o.value === b.board)) add(b.board, `${b.board} (opening book, depth ${b.depth})`);
  }
}

/** The entries of the index `text` (books/index.json) the page can use, as the command line
 * reads it (`readBookIndex`): an entry short of its file, board or depth is left out and named
 * on the console, for whoever hosts the site. */
function usableBooks(text) {
  const { usable, leftOut } = readBookIndex(text);
  for (const why of leftOut) console.warn(`dotbox: books/index.json ${why}; it is left out`);
  const { books } = JSON.parse(text);
  return usable.map((i) => books[i]);
}

/** The listed book that answers `board` with `predrawn` lines, if any: a book of that board
 * or of its transpose, also where more lines are pre-drawn than the book's, fewer than its
 * depth (a position set up on 4x4 is read from the 4x4 book). */
function bookFor(board, predrawn) {
  return session.books.find((b) => bookAnswers(b.board, b.predrawn ?? '', b.depth, board, predrawn));
}

/** A board with an opening book: exact from its first move where the book reaches what the
 * page answers at once past it (the in-memory analysis on a board solved here, the handover
 * on a larger one), else the book's depth and what comes after it. */
function bookedLabel(board, n, book) {
  const [r, c] = board.split('x').map(Number);
  const { wholeBoardOpen, retroMaxOpen, directOpen } = answerBudget();
  const solvedHere = n <= wholeBoardOpen;
  const exact = n - book.depth <= (solvedHere ? directOpen : retroMaxOpen)
    ? 'exact from the first move: opening book'
    : `opening book for ${book.depth} lines, then ${solvedHere ? 'solved once' : `exact from ${retroMaxOpen} open lines`}`;
  return `${r}×${c} (${n} lines, ${exact})`;
}

/** Finds out how this board is answered: in memory, from a stored solve, or a book. */
export async function prepareBoard() {
  const key = shownBoardKey();
  // Read before any wait: a new game started meanwhile frees this game's Game.
  const { board, predrawn } = session.game;
  setJustSolved(false);
  if (booksMissing) {
    addNotice('books missing', booksMissing);
    booksMissing = null;
  }
  const bookEntry = bookFor(board, predrawn);
  if (bookEntry) await loadBook(bookEntry, board, predrawn);
  if (key !== shownBoardKey()) return;
  let status;
  try {
    status = await client.call(OP.status, { board, predrawn });
  } catch (e) {
    setMessage(e.message, true);
    return;
  }
  if (key !== shownBoardKey()) return;
  setBoardStatus(status);
  showSolvePanel();
  // A solve started earlier (this visit or a previous one) and not finished resumes by itself.
  if (!status.solved && !status.tooBig && !status.solving && (status.progress?.tilesReused ?? 0) > 0) startSolve();
}

/** Opens `entry` (an index.json entry) for the game shown, on `board` with `predrawn` lines:
 * the book's board or its transpose (nothing is said or kept if another board is shown by
 * the time it is open). */
async function loadBook(entry, board, predrawn) {
  const key = boardKey(board, predrawn);
  if ((entry.format ?? 2) !== 2) {
    setMessage(`the opening book ${entry.file} is in format ${entry.format}; this page reads format 2 only`, true);
    return;
  }
  const opening = `opening the book ${entry.file}…`;
  setMessage(opening);
  try {
    const info = await client.call(OP.book, { url: `books/${entry.file}`, parts: entry.parts, board, predrawn });
    // Another board came meanwhile (its new game emptied the message line).
    if (key !== shownBoardKey()) return;
    setBook(info);
    mark({ book: info.cached ? 'cached' : 'fetched' });
    showFigures(info.figures);
    const turned = info.transposed ? ` (the ${entry.board} book, read transposed)` : '';
    setMessage(`opening book ready${turned}${info.cached ? ' from this browser\'s cache' : ''}: perfect play for the first ${info.depth} moves; it downloads only what positions need (checksum ${info.checksum})`);
  } catch (e) {
    if (key !== shownBoardKey()) return;
    // Cut short on the server, the book refused as it opened (books.js names the file and
    // both sizes): reading again would not help, the host must upload it again.
    const damaged = e.code === ERROR.bookDamaged;
    // "Failed to fetch" says less than this to a person who went offline.
    const offline = navigator.onLine === false;
    // A DOMException may have no message: its name says what it is.
    const message = damaged ? e.message : offline ? 'this device is offline' : e.message || e.name || String(e);
    // Kept for the solve panel too: an unsolved board's analysis clears the message line.
    bookFailed({ board: key, message, damaged });
    // Said at the top until the next game, or until the book opens when back online.
    const retry = damaged ? '' : offline ? ' It is read again when this device is back online.' : ' Reload the page to try again.';
    const said = damaged ? message : `The opening book ${entry.file} could not be loaded (${message})`;
    // The notice says it now: the message line no longer says the book is being opened.
    if ($('message').textContent === opening) setMessage('');
    addNotice(bookNotice(key), `${said}: positions are answered another way, by the engine's estimates (not exact) where nothing exact is in reach.${retry}`);
    if (damaged) mark({ bookDamaged: '1' });
  } finally {
    hideWait();
  }
}

/** The notice's key for the book of the board `key` that could not be opened. */
const bookNotice = (key) => `book ${key}`;

/** Back online: a book that could not be opened, or whose chunks could not be downloaded, is
 * read again, and the position shown asked again (`again`), so that its estimates give way to
 * the book's exact scores without a new game; the notice goes once the book is open. */
async function backOnline(again) {
  const key = shownBoardKey();
  const unreachable = dropNotice(`${EVENT.bookUnreachable} ${key}`);
  if (session.bookError?.board !== key && !unreachable) return;
  await prepareBoard();
  if (key !== shownBoardKey()) return;
  if (!session.bookError) dropNotice(bookNotice(key));
  again();
}

/** The book's download figures, for the end-to-end tests and the benchmark. */
function showFigures(f) {
  if (!f) return;
  mark({ bookBytes: f.bytes, bookRequests: f.requests, bookFetched: f.chunksFetched, bookFromCache: f.chunksFromCache, bookChunks: f.chunks });
}

/** Whether the board's book and the in-memory analysis answer every position without a solve. */
function bookSuffices(s) {
  return Boolean(session.book) && s.open - session.book.depth <= answerBudget().directOpen;
}

/** Whether the worker answers the position with `lines` drawn on game `g`'s board at once:
 * where the answer policy (wasm.answerMethod) names a method that does (a book, 'retro' in
 * memory, a stored solve), not a search, chains as pseudo-lines, the handover's solve of a
 * subgame ('subgame') or an estimate, of seconds, which the move list asks only once the
 * position on the board has its answer. */
export function canAnalyze(g, lines) {
  const s = session.status;
  if (!s) return false;
  const method = answerMethod(g.board, g.predrawn, lines, session.book?.depth, 'browser');
  return method === 'book' || method === 'retro' || (method === 'stored' && Boolean(s.solved));
}

// ---- Where nothing exact is in reach ------------------------------------------------------

/**
 * The engine's estimates for the position with `lines` drawn, which no exact answer reaches
 * (`why`: the worker's refusal), saying plainly in #exactness that its scores are estimates,
 * not exact, and when exact play begins: the worker's estimate with `lines` (remembered, so
 * a position seen again is not estimated again: `seconds` 0 then). `seconds`: the
 * engine's time (default the policy's estimateSeconds). Where the engine solved the position
 * (its exact search finished within the time: every score exact, as on 5x5 at 33-38
 * open lines), the exact analysis instead, `source: 'engine'`, remembered with the exact
 * analyses: shown and played as exact, never as an estimate. Where it proved only the value
 * and its move (`valueExact`), the estimate says so, and those stay exact on the board.
 * Throws the engine's error where it could not estimate.
 */
export async function estimatePosition(g, lines, why, seconds = undefined) {
  let found = await estimateOf(client, g.board, g.predrawn, lines, seconds);
  if (found.source === 'engine') return found;
  found = { ...found, lines };
  // A new game or another position came while the engine thought: remembered, not shown.
  if (session.game !== g || g.lines !== lines) return found;
  const { open, exactAt } = found;
  // The value may be known otherwise: by the exact score of the move that led here.
  const known = !found.valueExact ? provenValue(g) : null;
  $('exactness').hidden = false;
  $('exactness').textContent = why.code === ERROR.unsolved
    ? 'Estimates only: this board is not solved yet, so the scores shown (marked ~) are the engine\'s estimates, not exact, and so are its moves. Solve the board for perfect play.'
    : `${found.valueExact
      ? `The value is exact, the scores marked ~ are estimates: with ${open} open lines the engine's search proved the value and the move it plays, but not every move's score.`
      : known
        ? `The value is exact (${known.by}), the scores marked ~ are the engine's estimates (none shown above the value): with ${open} open lines no move's exact score is in reach here, and the engine's moves are not exact.`
        : `Estimates only: with ${open} open lines no exact score is in reach here, so the scores shown (marked ~) are the engine's estimates, not exact, and so are its moves.`} Exact play begins at the latest once at most ${exactAt} lines are open${open > exactAt ? `, in ${open - exactAt} moves` : ''}.`;
  return found;
}

/** The seconds a solve's progress report `p` ({percent, seconds, eta}) has left, whole, or
 * null while the figure means nothing yet: before a second of work or one percent done the
 * first layers (few positions, most of the setting up) make the rate look hundreds of
 * thousands of times slower than it is. */
function timeLeft(p) {
  if (p.eta === null || p.seconds < 1 || p.percent < 1) return null;
  return Math.ceil(p.eta);
}

/** Says in the message line where an exact analysis came from (book, handover, pseudo-lines,
 * search). */
export function describeSource(analysis) {
  const { book } = session;
  $('exactness').hidden = true;
  if (analysis.source === 'book') setSource(`from the opening book (depth ${analysis.bookDepth})`);
  else if (analysis.source === 'subgame') setSource(`exact: from the solve of this game's position after ${analysis.handoverAt} lines${book ? ", past the book's depth" : ''}`);
  else if (analysis.source === 'pseudo') setSource(`chains as pseudo-lines: ${analysis.reduction.units} units for ${analysis.reduction.open} open lines, solved in ${analysis.seconds.toFixed(1)} s`);
  else if (analysis.source === 'engine') setSource(`exact: solved by the engine's search in ${analysis.seconds.toFixed(1)} s (${nodesText(analysis.nodes)})`);
  else if (analysis.heldBy) setSource(`from ${analysis.heldBy}'s stored solve: this position is one of ${analysis.heldBy}'s`);
  else if (analysis.source === 'search') setSource(`${book ? "past the book's depth: " : ''}found by search (${nodesText(analysis.nodes)})`);
  else if (book) setSource(`past the book's depth (${book.depth}): solved in the browser`);
  // Solved in memory, said by the scores alone: an earlier position's note goes.
  else if (messageIs('error') || messageIs('result') || messageIs('source')) setMessage('');
}

// ---- Solve panel -----------------------------------------------------------------------

export function showSolvePanel() {
  const s = session.status;
  const panel = $('solve-panel');
  // Buttons follow the solve's state whatever else the panel shows.
  $('cancel').hidden = !session.solving;
  $('solve').hidden = session.solving;
  if (!s || s.direct || (s.solved && !session.solving && !session.justSolved) || (!session.solving && !s.solved && bookSuffices(s) && !(s.progress?.tilesReused))) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  if (s.solved && !session.solving) {
    $('solve-text').textContent = 'Solved: every position of this board is answered now.';
    $('solve').hidden = true;
    return;
  }
  if (s.tooBig) {
    const budget = answerBudget();
    $('solve-text').textContent = session.book
      ? `This board has ${s.open} open lines, too many to solve whole in the browser: the book answers the first ${session.book.depth} moves; from there, once at most ${budget.retroMaxOpen} lines are open, the page solves the game's position (a few seconds) and plays exactly to the end.`
      : `This board has ${s.open} open lines, too many to solve whole in the browser (at most ${budget.wholeBoardOpen}): the engine moves by its estimates (not exact) until exact play is in reach, then plays exactly to the end: from ${budget.searchMaxOpen} open lines once at most ${budget.searchFirstSafe} safe lines are left (by the search, in a fraction of a second), at the latest from ${budget.retroMaxOpen} (by solving the game's position, a few seconds).`;
    // Before that, a position whose long chains leave few enough units is answered by them.
    $('solve-text').textContent += ` Earlier, a position whose long chains and loops, each taken as one line, leave at most ${budget.pseudoMaxUnits} units is solved that way (chains as pseudo-lines).`;
    $('solve').hidden = true;
    $('solve-progress').hidden = true;
    return;
  }
  $('solve-progress').hidden = false;
  if (!session.solving) {
    const resumed = s.progress?.tilesReused ?? 0;
    // Why the last solve of this board stopped stays in view above the way to resume it.
    const error = session.solveError?.board === shownBoardKey() ? `The solve stopped: ${session.solveError.message} ` : '';
    // A board whose book could not be opened says so, or the offer to solve reads as if it
    // had none.
    const failed = session.bookError?.board === shownBoardKey() ? session.bookError : null;
    let book = '';
    if (failed?.damaged) book = `${failed.message}: solve the board here for its exact scores. `;
    else if (failed) book = `The opening book could not be loaded (${failed.message}): reload when online to play from it, or solve the board here. `;
    $('solve-text').textContent = book + error + (resumed
      ? `This board's solve stopped part-way (${resumed} tiles stored). Resume it to get exact scores.`
      : `This board has ${s.open} open lines: solve it once (kept in this browser) to get every position's exact scores.`);
    $('solve').textContent = resumed ? 'Resume the solve' : 'Solve this board';
  }
}

let percentFloor = 0; // the running solve's share so far: the bar never goes back

async function startSolve() {
  if (session.solving) return;
  const { board, predrawn } = session.game;
  solveStarted();
  let error = null;
  let outcome;
  percentFloor = 0;
  mark({ solve: 'running' });
  showSolvePanel();
  $('solve-text').textContent = `Solving ${board}…`;
  setMessage('');
  navigator.storage?.persist?.().catch(() => {});
  try {
    // ?checkpoint=S writes the finished tiles every S seconds (0: after every tile) instead
    // of the default.
    const query = new URLSearchParams(location.search);
    const checkpoint = query.has('checkpoint') ? Number(query.get('checkpoint')) : undefined;
    const result = await client.call(OP.solve, { board, predrawn, checkpoint });
    outcome = result.finished ? 'finished' : 'cancelled';
    $('solve-text').textContent = result.finished ? 'Solved: every position of this board is answered now.' : 'Solve cancelled; finished tiles are kept, resume any time.';
  } catch (e) {
    outcome = 'error';
    error = { board: boardKey(board, predrawn), message: e.message };
    $('solve-text').textContent = `The solve stopped: ${e.message}`;
  } finally {
    solveEnded(error);
  }
  forgetFailures();
  const onPage = session.game.board === board && session.game.predrawn === predrawn;
  // The outcome and, for the board on the page, 'thinking' in one step: its analysis is
  // redone below (after the status), so whoever waits for the outcome and then for the page
  // to settle reads the new answer, never the one from before the solve.
  mark(onPage ? { solve: outcome, state: 'thinking' } : { solve: outcome });
  if (onPage) {
    setBoardStatus(await client.call(OP.status, { board, predrawn }).catch(() => session.status));
    setJustSolved(Boolean(session.status?.solved));
    showSolvePanel();
    hooks.onSolved();
  }
  refreshStorage();
}

/** The worker's events: solve progress, book downloads, the handover solve, pseudo-lines, the
 * search. */
function onProgress(p) {
  // The bar is the game's: the page's background work (quiet) is not shown in it, and the
  // search's while the person's search runs (an estimate or a search under way when it began
  // ends without hiding it). The end of a method's work does not hide it either: the reply
  // (app.js update) hides it when it ends, so a reply of several steps, or of several moves,
  // shows one bar, not a flicker.
  if (p.quiet) return;
  if ((p.op === EVENT.estimateProgress || p.op === EVENT.searchProgress) && searching()) return;
  if (p.op === EVENT.estimateProgress) {
    // A bar once the engine has thought for a second (its budget is the policy's).
    if (p.final) return;
    if (p.seconds > 1) showWait(null, `the engine is thinking… ${p.seconds.toFixed(1)} s (estimates, not exact)`);
    return;
  }
  if (p.op === EVENT.searchProgress) {
    // As the engine's: a search that answers within a second shows no bar (it flashed).
    if (p.final || !(p.seconds > 1)) return;
    showWait(p.total ? (100 * p.done) / p.total : null, `searching… ${p.seconds.toFixed(1)} s, ${nodesText(p.nodes)}, move ${p.done}/${p.total}`);
    return;
  }
  if (p.op === EVENT.bookFigures) return showFigures(p.figures);
  if (p.op === EVENT.bookDamaged || p.op === EVENT.bookUnreachable) {
    // Said until the next game is set up: the message line changes with every move. A later
    // report of the same book and kind names all it found so far, so it replaces the earlier.
    addNotice(`${p.op} ${p.book}`, p.message);
    if (p.op === EVENT.bookDamaged) mark({ bookDamaged: '1' });
    // The book's "ready" line would contradict the notice: this position is not read from it.
    if (/^opening book ready/.test($('message').textContent)) setMessage('');
    return;
  }
  if (p.op === EVENT.bookProgress) {
    // Background analyses (the move list, the coach) download too: the bar goes with the bytes.
    if (p.total && p.done >= p.total) return hideWait();
    const of = p.total ? ` of ${(p.total / 1e3).toFixed(1)}` : '';
    showWait(p.total ? (100 * p.done) / p.total : null, `downloading the opening book: ${(p.done / 1e3).toFixed(1)}${of} kB`);
    return;
  }
  if (p.op === EVENT.pseudoProgress) {
    if (p.final) return;
    const left = timeLeft(p);
    const eta = left === null ? '' : ` · about ${left} s left`;
    showWait(p.percent, `solving this position with its chains as pseudo-lines (${p.units} units)… ${p.percent.toFixed(0)} %${eta}`);
    return;
  }
  if (p.op === EVENT.handoverProgress) {
    if (p.final) return;
    const left = timeLeft(p);
    const eta = left === null ? '' : ` · about ${left} s left`;
    showWait(p.percent, `exact play from here: solving this position's subgame in the browser… ${p.percent.toFixed(0)} %${eta}`);
    return;
  }
  if (p.op !== EVENT.progress) return;
  if (p.waiting) {
    $('solve-text').textContent = p.message;
    return;
  }
  // A run's share never goes back (a resumed run counts only what was left).
  const percent = Math.max(p.percent, percentFloor);
  percentFloor = percent;
  $('solve-progress').value = percent;
  const left = timeLeft(p);
  const eta = left === null ? '…' : `${left} s left`;
  const of = p.tilesReused ? ' of what was left' : '';
  const resumed = p.tilesReused ? `, ${p.tilesReused} tiles from storage` : '';
  $('solve-stats').textContent = `${percent.toFixed(1)} %${of} · ${(p.rate / 1e6).toFixed(1)} M positions/s · ${eta} · tile ${p.tilesDone}/${p.tilesTotal}${resumed} · ${p.tilesSaved} saved, ${(p.storedBytes / 1e6).toFixed(1)} MB stored · ${p.threads === 1 ? 'one thread' : `${p.threads} threads`}`;
  mark({ percent: percent.toFixed(1), threads: p.threads });
}

// ---- Storage panel ---------------------------------------------------------------------

async function refreshStorage() {
  if (!$('storage').open) return;
  const s = await client.call(OP.storage);
  const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;
  $('storage-summary').textContent = s.usage === null ? '' : `This site uses ${mb(s.usage)} of ${mb(s.quota)} allowed.${persisted ? ' Storage is persistent.' : ''}`;
  const body = $('storage-table').tBodies[0];
  body.replaceChildren();
  const row = (label, bytes, stateText, del) => {
    const tr = body.insertRow();
    tr.insertCell().textContent = label;
    tr.insertCell().textContent = mb(bytes);
    tr.insertCell().textContent = stateText;
    const button = document.createElement('button');
    button.textContent = 'Delete';
    button.setAttribute('aria-label', `Delete ${label}`);
    button.onclick = async () => {
      try {
        await del();
      } catch (e) {
        setMessage(e.message, true);
      }
      await refreshStorage();
      prepareBoard();
    };
    tr.insertCell().append(button);
  };
  for (const solve of s.solves) row(solve.label, solve.bytes, solve.finished ? 'solved' : `partial (${solve.tiles} tiles)`, () => client.call(OP.delete, { fingerprint: solve.fingerprint }));
  for (const book of s.books) row(`book ${book.name.replace(/^books\//, '')}`, book.bytes, book.chunks === null ? 'cached' : `cached (${book.chunks} chunks)`, () => client.call(OP.delete, { book: book.name }));
  if (!s.solves.length && !s.books.length) body.insertRow().insertCell().textContent = 'Nothing stored yet.';
}

/**
 * Wires the panels. `onSolved()`: the solve of the board on the page finished or stopped
 * (the game asks for its position's analysis again); `onBackOnline()`: the board's book is
 * open again after the device went back online (the same).
 */
export async function initSolving({ onSolved, onBackOnline }) {
  hooks.onSolved = onSolved;
  client.onEvent(onProgress);
  window.addEventListener('online', () => backOnline(onBackOnline));
  $('solve').onclick = startSolve;
  $('cancel').onclick = () => client.cancel();
  $('storage').addEventListener('toggle', refreshStorage);
  persisted = (await navigator.storage?.persisted?.()) ?? false;
}
