// The page's session, shared by its modules through imports (never through globals): the
// wasm module (instantiated once, here), the worker client, the game on the board with the
// variations tried, who plays which side, the display options, how the board is answered,
// and the game's address. Modules read `session`; only the update functions below write it
// (app.js for the game and its display, solving.js for how the board is answered), and
// app.js calls `rendered()` after every render; modules that follow the game (the coach)
// listen with `onRender`.
import init, { Game } from './pkg/dotbox.js';
import { SolverClient } from './client.js';
import { MoveTree } from './variations.js';
import { capital } from './ui.js';
import { boardKey } from './position-key.js';

/** Resolves once the wasm module is instantiated, for every module of the page. */
export const wasmReady = init();

/** The worker every analysis and solve runs in. */
export const client = new SolverClient();

// The engine's reply in progress (app.js: from the person's move to the engine's last move
// of the turn): the page's background work (the move list, the best line) waits for it, so
// the reply has the worker to itself but for a step already under way.
let reply = null; // {ended, end} while a reply runs

/** A reply begins (the person moved against the engine). */
export function replyBegins() {
  if (reply) return;
  let end;
  const ended = new Promise((resolve) => { end = resolve; });
  reply = { ended, end };
}

/** The reply ended (the engine moved, the game ended, or the game changed). */
export function replyEnds() {
  reply?.end();
  reply = null;
}

/** Resolves once no reply runs (at once when none does). */
export const replyEnded = () => reply?.ended ?? Promise.resolve();

/** Who plays: you A against the engine, you B, engine against engine, two people. */
const MODES = ['p1', 'p2', 'ee', 'hh'];

export const session = {
  game: null, // the wasm Game on the board: the line shown, played up to the position shown
  geometry: null, // the game's board geometry, once drawn
  tree: new MoveTree(), // every line tried in this game (the move list's variations)
  mode: 'p1',
  playOnFrom: null, // the `lines` of the position at which who plays was last changed
  analysis: null,
  analysisFor: null, // the `lines` string the analysis belongs to
  cursor: null,
  hint: null,
  showScores: true,
  showLabels: true,
  status: null, // worker status of the board
  solving: false,
  justSolved: false,
  solveError: null, // {board: shownBoardKey(), message}: why the last solve stopped
  bookError: null, // {board: shownBoardKey(), message}: why the board's book could not be opened
  books: [], // www/books/index.json entries
  book: null, // the loaded book's info for the current board
  estimate: null, // the engine's estimate (worker's `estimate`, with its `lines`) where nothing exact is in reach
};

// ---- Updates: the only writers of `session` ------------------------------------------------

/** A new game on the board (`mode`: who plays): what belonged to the old one goes. */
export function startGame(game, mode) {
  session.game?.free();
  // The board's status and book are read again (solving.js prepareBoard): until then no
  // exact scores are asked for, which the worker would answer as if the board had no book.
  Object.assign(session, {
    game, mode, playOnFrom: null, geometry: null, tree: new MoveTree(), analysis: null, analysisFor: null, hint: null, cursor: null, book: null, status: null, estimate: null,
  });
}

/** Who plays (one of MODES), from the position shown on: an engine to move there plays on
 * even where the game has moves after it (app.js engineToMove). */
export function setPlayers(mode) {
  session.mode = mode;
  session.playOnFrom = session.game?.lines ?? null;
}

/** The board's keyboard cursor: a line, or null. */
export function setCursor(line) {
  session.cursor = line;
}

/** The hinted line, which the cursor moves to (null: no hint, no cursor). */
export function setHint(line) {
  session.hint = line;
  session.cursor = line;
}

/** Adds the line of `moves` (the line shown) to the game's move tree. */
export function addLine(moves) {
  session.tree.add(moves);
}

/** The exact analysis of the position with `lines` drawn (it replaces any estimate). */
export function setAnalysis(analysis, lines) {
  Object.assign(session, { analysis, analysisFor: lines, estimate: null });
}

/** The player stepped to another position of the game (the move list, ←/→): the engine
 * plays on only at the end of the line again, not where who plays was changed before. */
export function steppedTo() {
  session.playOnFrom = null;
}

/** The position shown changed: its analysis is asked anew. */
export function dropAnalysis() {
  session.analysis = null;
}

/** `line` was played: the analysis and the hint belong to the position before it, and the
 * cursor on it is gone. */
export function played(line) {
  session.hint = null;
  session.analysis = null;
  if (session.cursor === line) session.cursor = null;
}

/** The engine's estimate where nothing exact is in reach, or null. */
export function setEstimate(estimate) {
  session.estimate = estimate;
}

/** The game's board geometry, worked out once per game. */
export function boardGeometry() {
  session.geometry ??= session.game.geometry();
  return session.geometry;
}

/** A display option: 'showScores' or 'showLabels'. */
export function setOption(key, on) {
  if (key !== 'showScores' && key !== 'showLabels') throw new Error(`no display option '${key}'`);
  session[key] = on;
}

/** The opening books www/books/index.json lists. */
export function setBooks(books) {
  session.books = books;
}

/** The worker's status of the board. */
export function setBoardStatus(status) {
  session.status = status;
}

/** Whether a solve just made the board solved (the solve panel says so). */
export function setJustSolved(solved) {
  session.justSolved = solved;
}

/** The board's opening book, once opened (null: none). */
export function setBook(info) {
  session.book = info;
  session.bookError = null;
}

/** The board's book could not be opened (offline, the server down): {board, message}. */
export function bookFailed(error) {
  session.book = null;
  session.bookError = error;
}

/** A whole-board solve started. */
export function solveStarted() {
  session.solving = true;
  session.solveError = null;
}

/** The solve ended; `error` ({board: shownBoardKey(), message}) when it stopped on one. */
export function solveEnded(error = null) {
  session.solving = false;
  session.solveError = error;
}

/** The board and its pre-drawn lines, as solves are keyed. */
export const shownBoardKey = () => boardKey(session.game.board, session.game.predrawn);

/** Whether the engine plays `player` (0 or 1). */
export const isEngine = (player) => session.mode === 'ee' || (session.mode === 'p1' && player === 1) || (session.mode === 'p2' && player === 0);

const DEFAULT_BOARD = '3x3';

/** Why `game` (just set up, its pre-drawn lines only) with `moves` to play is not loaded, or
 * null: with every line drawn and no move to play nothing is left to play, and a position
 * does not say who took the boxes (shown, it would be a game over at 0–0, a draw never
 * played). The address, the form and the import box all ask here. */
export function nothingToPlay(game, moves) {
  return !moves && game.isOver() ? `every line of the ${game.board} board is drawn: nothing is left to play, and a position does not say who took the boxes` : null;
}

/**
 * The game that `{board, predrawn, mode, moves}` (from `from`: 'the address', 'the pasted
 * text', 'the form') names, as far as it can be read: `{game, mode, problems}`, with each
 * problem said with what is shown instead. A board that cannot be read gives the default
 * board, or no game (null) when one is on the board already: it stays.
 */
export function readGame({ board, predrawn, mode, moves, at }, from) {
  const problems = [];
  let game;
  try {
    // `board=` with nothing after it names no board: said, not read as the default.
    if (board === '') throw new Error('no board is given (for example board=3x3)');
    game = new Game(board ?? DEFAULT_BOARD, predrawn ?? '');
    const full = nothingToPlay(game, moves);
    if (full) {
      game.free();
      throw new Error(full);
    }
  } catch (e) {
    const instead = session.game ? `the ${session.game.board} game stays` : `showing an empty ${DEFAULT_BOARD} board instead`;
    const what = predrawn ? `board '${board}' with pre-drawn lines '${predrawn}'` : `board '${board}'`;
    problems.push(`${capital(from)} names ${what}: ${e.message}; ${instead}.`);
    if (session.game) return { game: null, mode: session.mode, problems };
    game = new Game(DEFAULT_BOARD, '');
    moves = '';
  }
  if (mode && !MODES.includes(mode)) problems.push(`${capital(from)} names players '${mode}', which is not one of ${MODES.join(', ')}; two players with the analysis on instead.`);
  try {
    game.playAll(moves || '');
  } catch (e) {
    problems.push(`The moves in ${from}: ${e.message}.`);
  }
  if (at) {
    // The position shown, the moves after it kept to step on to (Redo, →).
    const ply = /^\d+$/.test(at) ? Number(at) : NaN;
    if (ply <= game.ply) game.goTo(ply);
    else problems.push(`${capital(from)} shows the position after move '${at}', which is not a number from 0 to ${game.ply}; the last position is shown.`);
  }
  // Named no players: you play the side to move against the engine, so a position shared
  // with B to move asks B's question instead of having the engine answer it at once.
  const yours = game.turn === 0 ? 'p1' : 'p2';
  return { game, mode: MODES.includes(mode) ? mode : mode ? 'hh' : yours, problems };
}

const listeners = new Set();

/** Calls `f(game)` after every render of the game. */
export function onRender(f) {
  listeners.add(f);
}

/** Tells the listeners that the game was rendered. */
export function rendered() {
  for (const f of listeners) f(session.game);
}

// ---- The address ------------------------------------------------------------------------

/** Whether an address is Learn mode's (learn.js): #learn, or #learn/L.E naming an exercise. */
export const isLearnHash = (hash) => /^#learn(\/|$)/.test(hash);

/** The game an address's hash names: `{board, predrawn, mode, moves, at}` (absent fields
 * empty, but an absent board null: the default board, where `board=` names none; `at`: the
 * moves played of the position shown, where moves follow it). */
export function parseHash(hash) {
  const h = new URLSearchParams(hash.replace(/^#/, ''));
  return { board: h.get('board'), predrawn: h.get('pre') ?? '', mode: h.get('mode') ?? '', moves: h.get('moves') ?? '', at: h.get('at') ?? '', scores: h.get('scores') ?? '' };
}

/** The address of the current game (players, the whole line shown, and the position shown
 * where moves follow it: a reload while stepping back keeps the rest of the game; scores off
 * where they are). */
export function gameHash() {
  const g = session.game;
  const h = new URLSearchParams();
  h.set('board', g.board);
  if (g.predrawn) h.set('pre', g.predrawn);
  h.set('mode', session.mode);
  const line = g.mainline().map((p) => p.line);
  if (line.length) h.set('moves', line.join(','));
  if (g.ply < line.length) h.set('at', String(g.ply));
  // Scores off hide the answer (the value, the coach, the losses): a link to a question.
  if (!session.showScores) h.set('scores', 'off');
  return `#${h.toString().replaceAll('%2C', ',')}`;
}

/** Puts the current game in the address bar: in place of the address shown (the entry
 * keeps its state: setting up marks its entry), or (`push`, a new game) as a new entry of
 * the browser's history, so that Back returns to the game before. */
export function writeHash({ push = false } = {}) {
  const hash = gameHash();
  // In Learn mode the address is Learn's (#learn/L.E).
  if (document.body.dataset.view === 'learn') return;
  if (hash === location.hash) return;
  if (push) history.pushState(null, '', hash);
  else history.replaceState(history.state, '', hash);
}
