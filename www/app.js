// The page: board picker, the game against perfect play, the solve panel and storage panel.
// All solving happens in the worker (client.js); the main thread keeps the game (wasm Game).
// The move list, graph and best line are analysis.js, export and import share.js, the keys
// keys.js.
import init, { Game, maxOpen, directOpen, engineMove } from './pkg/dotbox.js';
import { renderBoard, step } from './board.js';
import { SolverClient } from './client.js';
import { HANDOVER_OPEN } from './subgames.js';
import { analysisOf, forgetFailures } from './analyses.js';
import { initAnalysis, renderAnalysis, navigate, toggleBestLine } from './analysis.js';
import { initShare, renderShare } from './share.js';
import { initKeys, onShortcut } from './keys.js';

const $ = (id) => document.getElementById(id);
const ENGINE_DELAY_MS = Number(new URLSearchParams(location.search).get('delay') ?? 400);
const PLAYER = ['A', 'B'];
const MODES = ['p1', 'p2', 'ee', 'hh'];
const DEFAULT_BOARD = '3x3';
const capital = (text) => text[0].toUpperCase() + text.slice(1);
const fmt = (v) => (v > 0 ? `+${v}` : `${v}`);
const lineCount = (r, c) => (r + 1) * c + r * (c + 1);

const client = new SolverClient();
const state = {
  game: null,
  mode: 'p1',
  analysis: null,
  analysisFor: null, // the `lines` string the analysis belongs to
  cursor: null,
  hint: null,
  showScores: true,
  showLabels: true,
  status: null, // worker status of the board
  solving: false,
  solveError: null, // {board: boardKey(), message}: why the last solve stopped
  books: [], // www/books/index.json entries
  book: null, // the loaded book's info for the current board
  estimate: null, // {line, reason, exactAt, open, lines}: the rules move where nothing exact is in reach
  engineTimer: null,
  request: 0,
};

const boardKey = () => `${state.game.board}|${state.game.predrawn}`;
const isEngine = (player) => state.mode === 'ee' || (state.mode === 'p1' && player === 1) || (state.mode === 'p2' && player === 0);

function setMessage(text, error = false) {
  $('message').textContent = text;
  $('message').classList.toggle('error', error);
}

/** Shows what was wrong with the address or the pasted text, and what is shown instead;
 * stays until the next game is set up. */
function setNotice(problems) {
  $('notice').hidden = !problems.length;
  $('notice').textContent = problems.join(' ');
}

// ---- URL -------------------------------------------------------------------------------

/** The game an address's hash names: `{board, predrawn, mode, moves}` (absent fields empty). */
export function parseHash(hash) {
  const h = new URLSearchParams(hash.replace(/^#/, ''));
  return { board: h.get('board') ?? '', predrawn: h.get('pre') ?? '', mode: h.get('mode') ?? '', moves: h.get('moves') ?? '' };
}

const readHash = () => parseHash(location.hash);

/** The address of the current game (position and players). */
export function gameHash() {
  const h = new URLSearchParams();
  h.set('board', state.game.board);
  if (state.game.predrawn) h.set('pre', state.game.predrawn);
  h.set('mode', state.mode);
  const moves = Array.from(state.game.moves).join(',');
  if (moves) h.set('moves', moves);
  return `#${h.toString().replaceAll('%2C', ',')}`;
}

function writeHash() {
  const hash = gameHash();
  if (hash !== location.hash) history.replaceState(null, '', hash);
}

// ---- Board picker ----------------------------------------------------------------------

async function fillBoards() {
  const select = $('board');
  const max = maxOpen();
  const add = (value, text) => select.add(new Option(text, value));
  const larger = []; // too large to solve here: listed last, answered by search
  for (let r = 1; r <= 5; r++) {
    for (let c = 1; c <= 5; c++) {
      const n = lineCount(r, c);
      if (n <= max) add(`${r}x${c}`, `${r}×${c} (${n} lines${n <= directOpen() ? '' : ', solved once'})`);
      else larger.push([`${r}x${c}`, `${r}×${c} (${n} lines, exact from ${HANDOVER_OPEN} open lines)`]);
    }
  }
  add('icelandic', 'Icelandic 3×5 (30 open lines, solved once)');
  for (const [value, text] of larger) add(value, text);
  try {
    const response = await fetch('books/index.json');
    if (response.ok) state.books = (await response.json()).books ?? [];
  } catch {
    state.books = [];
  }
  for (const b of state.books) {
    if (![...select.options].some((o) => o.value === b.board)) add(b.board, `${b.board} (opening book, depth ${b.depth})`);
  }
}

// ---- Game flow -------------------------------------------------------------------------

/**
 * Sets up a game. `source` names where the request came from ('the address', 'the pasted
 * text', or null for the form): what is wrong in it is said, with what is shown instead.
 */
async function newGame({ board, predrawn, mode, moves }, source = null) {
  clearTimeout(state.engineTimer);
  const problems = [];
  const from = source ?? 'the form';
  let game;
  try {
    game = new Game(board || DEFAULT_BOARD, predrawn ?? '');
  } catch (e) {
    // A bad board or pre-drawn line: keep the game on screen, or start the default board.
    const instead = state.game ? `the ${state.game.board} game stays` : `showing an empty ${DEFAULT_BOARD} board instead`;
    const what = predrawn ? `board '${board}' with pre-drawn lines '${predrawn}'` : `board '${board}'`;
    problems.push(`${capital(from)} names ${what}: ${e.message}; ${instead}.`);
    if (state.game) {
      setNotice(problems);
      writeHash();
      return;
    }
    game = new Game(DEFAULT_BOARD, '');
    moves = '';
  }
  if (mode && !MODES.includes(mode)) problems.push(`${capital(from)} names players '${mode}', which is not one of ${MODES.join(', ')}; two players with the analysis on instead.`);
  try {
    game.playAll(moves || '');
  } catch (e) {
    problems.push(`The moves in ${from}: ${e.message}.`);
  }
  setNotice(problems);
  state.game?.free();
  state.game = game;
  state.geometry = null;
  state.mode = MODES.includes(mode) ? mode : mode ? 'hh' : 'p1';
  state.analysis = null;
  state.analysisFor = null;
  state.hint = null;
  state.cursor = null;
  state.book = null;
  state.estimate = null;
  $('board').value = game.board;
  $('predrawn').value = game.predrawn;
  $('mode').value = state.mode;
  writeHash();
  render();
  await prepareBoard();
  update();
}

/** Moves along the main line to `ply` moves played: board, scores and coach follow. */
function goTo(ply) {
  clearTimeout(state.engineTimer);
  state.game.goTo(ply);
  state.hint = null;
  state.cursor = null;
  writeHash();
  update();
}

/** Players: the mode select, applied to the game on the board at once. */
function setMode(mode) {
  state.mode = mode;
  $('mode').value = mode;
  writeHash();
  update();
}

/** Play the side to move against the engine from the position shown. */
function playFromHere() {
  setMode(state.game.turn === 0 ? 'p1' : 'p2');
  setMessage(`You play ${PLAYER[state.game.turn]} against the engine from here.`);
}

/** Swap sides with the engine (from two players or engine against engine: take the side not to move). */
function switchSides() {
  const next = { p1: 'p2', p2: 'p1' }[state.mode] ?? (state.game.turn === 0 ? 'p2' : 'p1');
  setMode(next);
  setMessage(`You play ${next === 'p1' ? 'A' : 'B'} now; the engine plays ${next === 'p1' ? 'B' : 'A'}.`);
}

// Finds out how this board is answered: in memory, from a stored solve, or a book.
async function prepareBoard() {
  const key = boardKey();
  state.justSolved = false;
  const bookEntry = state.books.find((b) => b.board === state.game.board && (b.predrawn ?? '') === state.game.predrawn);
  if (bookEntry) await loadBook(bookEntry);
  let status;
  try {
    status = await client.call('status', { board: state.game.board, predrawn: state.game.predrawn });
  } catch (e) {
    setMessage(e.message, true);
    return;
  }
  if (key !== boardKey()) return;
  state.status = status;
  showSolvePanel();
  // A solve started earlier (this visit or a previous one) and not finished resumes by itself.
  if (!status.solved && !status.tooBig && !status.solving && (status.progress?.tilesReused ?? 0) > 0) startSolve();
}

async function loadBook(entry) {
  if ((entry.format ?? 2) !== 2) {
    setMessage(`the opening book ${entry.file} is in format ${entry.format}; this page reads format 2 only`, true);
    return;
  }
  setMessage(`opening the book ${entry.file}…`);
  try {
    const info = await client.call('book', { url: `books/${entry.file}`, board: state.game.board, predrawn: state.game.predrawn });
    state.book = info;
    document.body.dataset.book = info.cached ? 'cached' : 'fetched';
    showFigures(info.figures);
    setMessage(`opening book ready${info.cached ? ' from this browser\'s cache' : ''}: perfect play for the first ${info.depth} moves; it downloads only what positions need (checksum ${info.checksum})`);
  } catch (e) {
    setMessage(`the opening book could not be loaded: ${e.message}`, true);
  } finally {
    hideWait();
  }
}

/** The book's download figures, for the end-to-end tests and the benchmark. */
function showFigures(f) {
  if (!f) return;
  Object.assign(document.body.dataset, { bookBytes: f.bytes, bookRequests: f.requests, bookFetched: f.chunksFetched, bookFromCache: f.chunksFromCache, bookChunks: f.chunks });
}

function play(line) {
  const g = state.game;
  if (g.isOver() || (isEngine(g.turn) && !g.canRedo())) return;
  try {
    g.play(line);
  } catch (e) {
    setMessage(e.message, true);
    return;
  }
  afterMove(line);
}

function afterMove(line) {
  state.hint = null;
  state.analysis = null;
  if (state.cursor === line) state.cursor = null;
  writeHash();
  update();
}

// Renders at once, then asks the worker for the new position's analysis.
async function update() {
  clearTimeout(state.engineTimer);
  render();
  const g = state.game;
  if (g.isOver()) {
    document.body.dataset.state = 'over';
    const [a, b] = g.taken;
    setMessage(a === b ? `Game over: a draw, ${a}–${b}.` : `Game over: ${a > b ? 'A' : 'B'} wins ${Math.max(a, b)}–${Math.min(a, b)}.`);
    return;
  }
  const lines = g.lines;
  if (state.analysisFor === lines && state.analysis) return scheduleEngine();
  document.body.dataset.state = 'thinking';
  const request = ++state.request;
  try {
    const analysis = await analysisOf(client, g.board, g.predrawn, lines);
    if (request !== state.request || g !== state.game || g.lines !== lines) return;
    state.analysis = analysis;
    state.analysisFor = lines;
    state.estimate = null;
    $('exactness').hidden = true;
    describeSource(analysis);
    render();
    scheduleEngine();
  } catch (e) {
    if (request !== state.request) return;
    // Nothing exact is in reach: the engine still moves, by rules of thumb, and says so.
    if (['too-big', 'unsolved'].includes(e.code) && !g.isOver()) {
      await estimate(g, lines, e, request);
      if (request !== state.request) return;
    }
    document.body.dataset.state = 'idle';
    // An unsolved board is explained by the solve panel, not repeated here; where the engine
    // moves by rules of thumb, #exactness says why and the message keeps its last move.
    if (e.code === 'unsolved') setMessage('');
    else if (e.code === 'too-big' && state.estimate?.lines === lines) $('message').classList.remove('error');
    else setMessage(e.message, e.code !== 'damaged' && e.code !== 'too-big');
    // A damaged stored tile was dropped: the solve resumes to recompute it.
    if (e.code === 'damaged') await prepareBoard();
    else showSolvePanel();
    scheduleEngine();
  } finally {
    if (request === state.request) hideWait();
  }
}

/** Asks for a rules-of-thumb move where no exact answer is in reach, and says plainly that
 * the position's scores are not known and when exact play begins. */
async function estimate(g, lines, why, request) {
  try {
    const move = await client.call('rulesMove', { board: g.board, predrawn: g.predrawn, lines });
    if (request !== state.request || g.lines !== lines) return;
    state.estimate = { ...move, lines };
  } catch {
    state.estimate = null;
    return;
  }
  const { open, exactAt } = state.estimate;
  $('exactness').hidden = false;
  $('exactness').textContent = why.code === 'unsolved'
    ? 'Not exact: this board is not solved yet, so the engine moves by rules of thumb (take a box, else give nothing away, else give the least) and no score is shown. Solve the board for perfect play.'
    : `Estimates only: with ${open} open lines no exact score is in reach here, so no score is shown and the engine moves by rules of thumb (take a box, else give nothing away, else give the least). Exact play begins once at most ${exactAt} lines are open${open > exactAt ? `, in ${open - exactAt} moves` : ''}.`;
  render();
}

function describeSource(analysis) {
  if (analysis.source === 'book') setMessage(`from the opening book (depth ${analysis.bookDepth})`);
  else if (analysis.source === 'subgame') setMessage(`exact: from the solve of this game's position after ${analysis.handoverAt} lines${state.book ? ", past the book's depth" : ''}`);
  else if (analysis.source === 'search') setMessage(`${state.book ? "past the book's depth: " : ''}found by search (${(analysis.nodes / 1e6).toFixed(1)} M nodes)`);
  else if (state.book) setMessage(`past the book's depth (${state.book.depth}): solved in the browser`);
  else if ($('message').classList.contains('error') || $('message').textContent.startsWith('Game over')) setMessage('');
}

// The engine moves only at the end of the main line: stepping back through a game does not
// make it play over the moves after.
const engineToMove = (g) => isEngine(g.turn) && !g.isOver() && !g.canRedo();

const REASONS = { capture: 'takes a box', safe: 'gives nothing away', sacrifice: 'gives away the fewest boxes' };

function scheduleEngine() {
  const g = state.game;
  const exact = state.analysis && state.analysisFor === g.lines;
  const rules = state.estimate?.lines === g.lines;
  document.body.dataset.state = engineToMove(g) && (exact || rules) ? 'engine' : 'idle';
  if (!engineToMove(g) || !(exact || rules)) return;
  state.engineTimer = setTimeout(() => {
    if (state.game !== g) return;
    if (state.analysisFor === g.lines && state.analysis) {
      const line = engineMove(state.analysis);
      g.play(line);
      afterMove(line);
    } else if (state.estimate?.lines === g.lines) {
      const { line, reason } = state.estimate;
      const label = g.label(line);
      g.play(line);
      setMessage(`The engine drew ${label} by a rule of thumb (it ${REASONS[reason]}): not an exact move.`);
      afterMove(line);
    }
  }, ENGINE_DELAY_MS);
}

function undo() {
  clearTimeout(state.engineTimer);
  const g = state.game;
  if (!g.canUndo()) return;
  g.undo();
  // Against the engine, take back to the human's turn.
  while (g.canUndo() && isEngine(g.turn) && state.mode !== 'ee') g.undo();
  state.analysis = null;
  writeHash();
  update();
}

function redo() {
  clearTimeout(state.engineTimer);
  const g = state.game;
  if (!g.canRedo()) return;
  g.redo();
  while (g.canRedo() && isEngine(g.turn) && state.mode !== 'ee') g.redo();
  state.analysis = null;
  writeHash();
  update();
}

function hint() {
  if (!state.analysis) return setMessage('no analysis yet for this position');
  const best = state.analysis.moves.filter((m) => m.score === state.analysis.value);
  if (!best.length) return;
  state.hint = best[0].line;
  state.cursor = best[0].line;
  setMessage(`Hint: ${state.game.label(best[0].line)} (score ${fmt(best[0].score)})`);
  render();
  focusCursor();
}

/** Whether the move list may ask the worker for a position with `open` open lines: not
 * where only a long search would answer. */
function canAnalyze(open) {
  const s = state.status;
  if (!s) return false;
  // On a board too large to solve whole, positions past the handover are answered from the
  // subgame solve the game's own position started.
  return open <= directOpen() || s.solved || (bookSuffices(s) && !s.tooBig) || (Boolean(state.book) && s.open - open < state.book.depth)
    || (s.tooBig && open <= HANDOVER_OPEN);
}

// ---- Rendering -------------------------------------------------------------------------

function render() {
  const g = state.game;
  const drawn = new Set(g.drawn);
  const turn = g.turn;
  const who = (p) => (state.mode === 'hh' ? PLAYER[p] : `${PLAYER[p]} (${isEngine(p) ? 'engine' : 'you'})`);
  const [a, b] = g.taken;
  $('turn').innerHTML = g.isOver() ? 'Game over' : `<span class="p${turn}">${who(turn)}</span> to move`;
  $('taken').innerHTML = `Boxes: <span class="p0">A ${a}</span> – <span class="p1">B ${b}</span>`;
  const analysis = state.analysisFor === g.lines ? state.analysis : null;
  $('value').textContent = g.isOver() ? '' : analysis
    ? `Value ${fmt(analysis.value)} for ${PLAYER[turn]} (final ${fmt(turn === 0 ? a - b + analysis.value : b - a + analysis.value)} with perfect play)`
    : state.estimate?.lines === g.lines ? 'Value: not known (estimates only)' : 'Value: …';
  const interactive = !g.isOver() && (!isEngine(turn) || g.canRedo());
  renderBoard($('svg'), {
    geometry: state.geometry ?? (state.geometry = g.geometry()),
    drawn,
    last: g.moves.at(-1),
    analysis,
    boxes: g.takenBoxes(),
    showScores: state.showScores,
    showLabels: state.showLabels,
    cursor: state.cursor,
    hint: state.hint,
    interactive,
    onPlay: play,
    onCursor: (line) => { state.cursor = line; },
  });
  $('undo').disabled = !g.canUndo();
  $('redo').disabled = !g.canRedo();
  $('hint').disabled = !analysis || !interactive;
  $('switch-sides').disabled = g.isOver();
  $('play-here').disabled = g.isOver();
  renderAnalysis(g);
  renderShare();
  document.body.dataset.lines = g.lines;
}

function focusCursor() {
  const node = $('svg').querySelector(`g.move[data-line="${state.cursor}"]`);
  node?.focus();
}

// ---- Solve panel -----------------------------------------------------------------------

/** Whether the board's book and the in-memory analysis answer every position without a solve. */
function bookSuffices(s) {
  return Boolean(state.book) && s.open - state.book.depth <= directOpen();
}

function showSolvePanel() {
  const s = state.status;
  const panel = $('solve-panel');
  // Buttons follow the solve's state whatever else the panel shows.
  $('cancel').hidden = !state.solving;
  $('solve').hidden = state.solving;
  if (!s || s.direct || (s.solved && !state.solving && !state.justSolved) || (!state.solving && !s.solved && bookSuffices(s) && !(s.progress?.tilesReused))) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  if (s.solved && !state.solving) {
    $('solve-text').textContent = 'Solved: every position of this board is answered now.';
    $('solve').hidden = true;
    return;
  }
  if (s.tooBig) {
    $('solve-text').textContent = state.book
      ? `This board has ${s.open} open lines, too many to solve whole in the browser: the book answers the first ${state.book.depth} moves; from there, once at most ${HANDOVER_OPEN} lines are open, the page solves the game's position (a few seconds) and plays exactly to the end.`
      : `This board has ${s.open} open lines, too many to solve whole in the browser (at most ${maxOpen()}): the engine moves by rules of thumb until at most ${HANDOVER_OPEN} lines are open, then the page solves the game's position (a few seconds) and plays exactly to the end.`;
    $('solve').hidden = true;
    $('solve-progress').hidden = true;
    return;
  }
  $('solve-progress').hidden = false;
  if (!state.solving) {
    const resumed = s.progress?.tilesReused ?? 0;
    // Why the last solve of this board stopped stays in view above the way to resume it.
    const error = state.solveError?.board === boardKey() ? `The solve stopped: ${state.solveError.message} ` : '';
    $('solve-text').textContent = error + (resumed
      ? `This board's solve stopped part-way (${resumed} tiles stored). Resume it to get exact scores.`
      : `This board has ${s.open} open lines: solve it once (kept in this browser) to get every position's exact scores.`);
    $('solve').textContent = resumed ? 'Resume the solve' : 'Solve this board';
  }
}

async function startSolve() {
  if (state.solving) return;
  const board = state.game.board;
  const predrawn = state.game.predrawn;
  state.solving = true;
  state.solveError = null;
  state.percentFloor = 0;
  document.body.dataset.solve = 'running';
  showSolvePanel();
  $('solve-text').textContent = `Solving ${board}…`;
  setMessage('');
  navigator.storage?.persist?.().catch(() => {});
  try {
    const result = await client.call('solve', { board, predrawn });
    document.body.dataset.solve = result.finished ? 'finished' : 'cancelled';
    $('solve-text').textContent = result.finished ? 'Solved: every position of this board is answered now.' : 'Solve cancelled; finished tiles are kept, resume any time.';
  } catch (e) {
    document.body.dataset.solve = 'error';
    state.solveError = { board: `${board}|${predrawn}`, message: e.message };
    $('solve-text').textContent = `The solve stopped: ${e.message}`;
  } finally {
    state.solving = false;
  }
  forgetFailures();
  if (state.game.board === board && state.game.predrawn === predrawn) {
    state.status = await client.call('status', { board, predrawn }).catch(() => state.status);
    state.justSolved = Boolean(state.status?.solved);
    showSolvePanel();
    update();
  }
  refreshStorage();
}

function onProgress(p) {
  if (p.op === 'search-progress') {
    showWait(p.total ? (100 * p.done) / p.total : null, `searching… ${(p.nodes / 1e6).toFixed(0)} M nodes, move ${p.done}/${p.total}`);
    return;
  }
  if (p.op === 'book-figures') return showFigures(p.figures);
  if (p.op === 'book-damaged') {
    // Said until the next game is set up: the message line changes with every move.
    if (!$('notice').textContent.includes(p.message)) setNotice([$('notice').textContent, p.message].filter(Boolean));
    document.body.dataset.bookDamaged = '1';
    return;
  }
  if (p.op === 'book-progress') {
    // Background analyses (the move list, the coach) download too: the bar goes with the bytes.
    if (p.total && p.done >= p.total) return hideWait();
    const of = p.total ? ` of ${(p.total / 1e3).toFixed(1)}` : '';
    showWait(p.total ? (100 * p.done) / p.total : null, `downloading the opening book: ${(p.done / 1e3).toFixed(1)}${of} kB`);
    return;
  }
  if (p.op === 'handover-progress') {
    if (p.final) return hideWait();
    const eta = p.eta === null ? '' : ` · about ${Math.ceil(p.eta)} s left`;
    showWait(p.percent, `exact play from here: solving this position's subgame in the browser… ${p.percent.toFixed(0)} %${eta}`);
    return;
  }
  if (p.op !== 'progress') return;
  if (p.waiting) {
    $('solve-text').textContent = p.message;
    return;
  }
  // A run's share never goes back (a resumed run counts only what was left).
  const percent = Math.max(p.percent, state.percentFloor ?? 0);
  state.percentFloor = percent;
  $('solve-progress').value = percent;
  const eta = p.eta === null ? '…' : `${Math.ceil(p.eta)} s left`;
  const of = p.tilesReused ? ' of what was left' : '';
  const resumed = p.tilesReused ? `, ${p.tilesReused} tiles from storage` : '';
  $('solve-stats').textContent = `${percent.toFixed(1)} %${of} · ${(p.rate / 1e6).toFixed(1)} M positions/s · ${eta} · tile ${p.tilesDone}/${p.tilesTotal}${resumed} · ${(p.storedBytes / 1e6).toFixed(1)} MB stored`;
  document.body.dataset.percent = percent.toFixed(1);
}

/** The progress bar of a wait for the worker (download, handover solve, search); `percent`
 * null shows a bar without a known end. */
function showWait(percent, text) {
  $('wait').hidden = false;
  if (percent === null) $('wait-progress').removeAttribute('value');
  else $('wait-progress').value = percent;
  $('wait-text').textContent = text;
}

function hideWait() {
  $('wait').hidden = true;
}

// ---- Storage panel ---------------------------------------------------------------------

async function refreshStorage() {
  if (!$('storage').open) return;
  const s = await client.call('storage');
  const mb = (n) => `${(n / 1e6).toFixed(1)} MB`;
  $('storage-summary').textContent = s.usage === null ? '' : `This site uses ${mb(s.usage)} of ${mb(s.quota)} allowed.${navigatorPersisted ? ' Storage is persistent.' : ''}`;
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
  for (const solve of s.solves) row(solve.label, solve.bytes, solve.finished ? 'solved' : `partial (${solve.tiles} tiles)`, () => client.call('delete', { fingerprint: solve.fingerprint }));
  for (const book of s.books) row(`book ${book.name.replace(/^books\//, '')}`, book.bytes, book.chunks === null ? 'cached' : `cached (${book.chunks} chunks)`, () => client.call('delete', { book: book.name }));
  if (!s.solves.length && !s.books.length) body.insertRow().insertCell().textContent = 'Nothing stored yet.';
}

let navigatorPersisted = false;

// ---- Keyboard --------------------------------------------------------------------------

/** Moves the board's cursor by (dx, dy) among the open lines ((0, 0): select one) and focuses it. */
function moveCursor(dx, dy) {
  const g = state.game;
  const drawn = new Set(g.drawn);
  const open = new Set(state.geometry.lines.map((s) => s.line).filter((l) => !drawn.has(l)));
  state.cursor = dx || dy || !open.has(state.cursor) ? step(state.geometry, open, state.cursor, dx, dy) : state.cursor;
  render();
  focusCursor();
}

function toggle(id, key) {
  $(id).checked = !$(id).checked;
  state[key] = $(id).checked;
  render();
}

function bindKeys() {
  initKeys({ navigate, moveCursor, playCursor: () => state.cursor !== null && play(state.cursor) });
  onShortcut('u', undo);
  onShortcut('r', redo);
  onShortcut('h', hint);
  onShortcut('s', () => toggle('show-scores', 'showScores'));
  onShortcut('k', () => toggle('show-labels', 'showLabels'));
  onShortcut('l', toggleBestLine);
  onShortcut('e', playFromHere);
  onShortcut('f', switchSides);
  // A new game on the board chosen in the form, which keeps the focus for choosing another.
  onShortcut('n', () => {
    $('new-game').requestSubmit();
    $('board').focus();
  });
}

// ---- Start -----------------------------------------------------------------------------

async function main() {
  await init();
  await fillBoards();
  client.onEvent(onProgress);
  $('new-game').addEventListener('submit', (e) => {
    e.preventDefault();
    newGame({ board: $('board').value, predrawn: $('predrawn').value, mode: $('mode').value, moves: '' });
  });
  $('undo').onclick = undo;
  $('redo').onclick = redo;
  $('hint').onclick = hint;
  $('show-scores').onchange = () => { state.showScores = $('show-scores').checked; render(); };
  $('show-labels').onchange = () => { state.showLabels = $('show-labels').checked; render(); };
  $('mode').onchange = () => setMode($('mode').value);
  $('play-here').onclick = playFromHere;
  $('switch-sides').onclick = switchSides;
  initAnalysis({ client, goTo, canAnalyze });
  initShare({ game: () => state.game, gameHash, parseHash, load: (game, source) => newGame({ ...game, mode: game.mode || state.mode }, source) });
  $('solve').onclick = startSolve;
  $('cancel').onclick = () => client.cancel();
  $('storage').addEventListener('toggle', refreshStorage);
  bindKeys();
  window.addEventListener('hashchange', () => newGame(readHash(), 'the address'));
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && client.persist());
  navigatorPersisted = (await navigator.storage?.persisted?.()) ?? false;
  // Exposed for the end-to-end tests and for curious users in the console.
  window.dotboxApp = { state, history: () => state.game.history(), client };
  await newGame(readHash(), 'the address');
  document.body.dataset.ready = '1';
}

main().catch((e) => setMessage(`the page failed to start: ${e.message}`, true));
