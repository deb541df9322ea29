// The page's game flow: setting up a game (from the form, the address or a pasted record),
// playing, the engine's replies, stepping through the moves and their variations, undo,
// redo, hint, and drawing the board and status. The session (session.js) holds the state;
// how the board is answered and its panels are solving.js; the move list, graph and best
// line analysis.js; the engine thinking on the person's time ponder.js; export and import
// share.js; the keys keys.js.
import { ERROR } from './protocol.js';
import { mark, exposeApp } from './test-hooks.js';
import { engineMove, answerBudget, answerMethod } from './pkg/dotbox.js';
import { renderBoard, describeBoard, step, nearest, clickableLines } from './board.js';
import {
  session, client, wasmReady, isEngine, readGame, rendered, isLearnHash, parseHash, gameHash, writeHash,
  startGame, setPlayers, setCursor, setHint, setAnalysis, dropAnalysis, played, setEstimate, boardGeometry, setOption, steppedTo,
  replyBegins, replyEnds,
} from './session.js';
import { fillBoards, prepareBoard, showSolvePanel, initSolving, estimatePosition, describeSource } from './solving.js';
import { analysisOf, cached, capAt, onMadeExact, provenValue } from './analyses.js';
import { bestMoves, proven } from './proven.js';
import { positionKey } from './position-key.js';
import { offerDeepSearch, withdrawDeepSearch } from './deep-search.js';
import { ponder, stopPondering } from './ponder.js';
import { initAnalysis, renderAnalysis, navigate, toggleBestLine, moveVerdict } from './analysis.js';
import { initShare, renderShare } from './share.js';
import { initKeys, onShortcut } from './keys.js';
import { initSetUp, isSettingUp, setUpLine, erasable, toggleSetUp, leaveSetUp, canStepSetUp, stepSetUp, SET_UP } from './setup.js';
import { $, PLAYER, boxes, fmt, fmtEstimate, setMessage, setResult, unmarkError, messageIs, setNotice, showWait, hideWait } from './ui.js';

const ENGINE_DELAY_MS = Number(new URLSearchParams(location.search).get('delay') ?? 400);
// The engine's further moves in one reply, after it took a box, follow faster: a run of 13
// captures at the full delay kept a 5x5 player waiting 6 s, where one delay says whose move
// it is and the captures after it need only be seen.
const CAPTURE_DELAY_MS = Math.round(ENGINE_DELAY_MS * 0.3);
let engineTimer = null; // set while the engine's move waits to be played, else null
let request = 0; // the latest analysis asked for the board: older answers are dropped
let awaiting = 0; // the latest request that waits on the worker (a position already analysed does not)
// When the person's last move was made, while the page answers it (the engine's reply may
// take several analyses and estimates): a wait bar shows once the reply passes a second.
let replyStarted = null;
const REPLY_BAR_MS = 1000;
// Whether the search ran out of its time at a position of the engine's reply under way: the
// positions after its captures, alike, go straight to the engine's estimate (a 4x5 reply of
// six captures took 9 s, a second of search each).
let replySearchRanOut = false;
// When the page began to answer the position shown: the time its answer took (an analysis,
// a search, the engine's estimate) counts towards the engine's display delay.
let answering = 0;

/**
 * Sets up a game. `source` names where the request came from ('the address', 'the pasted
 * text', SET_UP, or null for the form): what is wrong in it is said, with what is
 * shown instead. `push`: whether it is a new entry of the browser's history. Resolves to
 * whether a game was set up (a request that cannot be read leaves the game there).
 */
async function newGame(request, source = null, { push = source !== 'the address' } = {}) {
  stopEngineTimer();
  // Another game than the one set up (Back, the form, an import): setting up is over.
  if (source !== SET_UP) leaveSetUp();
  const { game, mode, problems } = readGame(request, source ?? 'the form');
  setNotice(problems);
  if (!game) {
    writeHash();
    return false;
  }
  // An address says whether the scores show (a teacher's link to a question hides them); the
  // form and an import keep them as they are.
  if (source === 'the address') showScores(request.scores !== 'off');
  startGame(game, mode);
  setMessage(''); // what it said (a book, a hint, a result) was of the game before
  $('board').value = game.board;
  $('predrawn').value = game.predrawn;
  $('mode').value = session.mode;
  // A game set up from the form or an import is a new entry of the browser's history: Back
  // returns to the game before. One the address names has its entry already.
  writeHash({ push });
  render();
  await prepareBoard();
  update();
  return true;
}

/** Moves along the line shown to `ply` moves played: board, scores and coach follow. */
function goTo(ply) {
  stopEngineTimer();
  session.game.goTo(ply);
  steppedTo();
  setHint(null);
  // What was said of the position left (the engine's move, a hint, the result) is not this
  // one's; where this one's scores come from is said again once they are in.
  setMessage('');
  writeHash();
  update();
}

/** Shows the position after `at` moves (all of them by default) of `moves`, a line of the
 * move tree, the line continued as the tree goes on from there: a variation becomes the line
 * shown, the old line a variation. The best line passes all its moves and the one clicked,
 * so that → steps on along it. */
function showLine(moves, at = moves.length) {
  const g = session.game;
  const line = [...moves, ...session.tree.continuation(moves)];
  const shown = g.mainline().map((p) => p.line);
  let common = 0;
  while (common < line.length && line[common] === shown[common]) common++;
  g.goTo(common);
  for (const l of line.slice(common)) g.play(l);
  goTo(at);
}

/** Players: the mode select, applied to the game on the board at once. */
function setMode(mode) {
  // A reply under way is over: who plays changed (in 'ee' the engine plays on, as before).
  if (replyStarted !== null) hideWait();
  replyStarted = null;
  replyEnds();
  setPlayers(mode);
  $('mode').value = mode;
  writeHash();
  update();
}

/** Play the side to move against the engine from the position shown. */
function playFromHere() {
  setMode(session.game.turn === 0 ? 'p1' : 'p2');
  setMessage(`You play ${PLAYER[session.game.turn]} against the engine from here.`);
}

/** Swap sides with the engine (from two players or engine against engine: take the side not to move). */
function switchSides() {
  const next = { p1: 'p2', p2: 'p1' }[session.mode] ?? (session.game.turn === 0 ? 'p2' : 'p1');
  setMode(next);
  setMessage(`You play ${next === 'p1' ? 'A' : 'B'} now; the engine plays ${next === 'p1' ? 'B' : 'A'}.`);
}

function play(line) {
  if (isSettingUp()) return setUpLine(line);
  const g = session.game;
  if (g.isOver() || (isEngine(g.turn) && !g.canRedo())) return;
  try {
    g.play(line);
  } catch (e) {
    setMessage(e.message, true);
    return;
  }
  replyStarted = performance.now();
  if (engineToMove(g)) {
    replyBegins();
    // A reply past a second shows the bar whatever it waits for: an answer, or the display
    // delay between the engine's moves (a capture and the move after it), which asks nothing.
    const started = replyStarted;
    setTimeout(() => replyStarted === started && engineToMove(session.game) && showWait(null, 'the engine is thinking…'), REPLY_BAR_MS);
  }
  afterMove(line);
}

function afterMove(line) {
  played(line);
  writeHash();
  update();
}

/** The result of a finished game with `a` and `b` boxes, said to the person who played one
 * side against the engine as their win or loss ("Game over: you win 5–4 (A)."). */
function resultText(a, b) {
  if (a === b) return `Game over: a draw, ${a}–${b}.`;
  const winner = a > b ? 0 : 1;
  const score = `${Math.max(a, b)}–${Math.min(a, b)}`;
  const person = session.mode === 'p1' ? 0 : session.mode === 'p2' ? 1 : null;
  if (person === null) return `Game over: ${PLAYER[winner]} wins ${score}.`;
  return winner === person
    ? `Game over: you win ${score} (${PLAYER[person]}).`
    : `Game over: the engine wins ${score} (${PLAYER[winner]}); you lose as ${PLAYER[person]}.`;
}

/** Renders at once, then asks the worker for the new position's analysis. */
async function update() {
  stopEngineTimer();
  stopPondering();
  withdrawDeepSearch();
  render();
  const g = session.game;
  if (g.isOver()) {
    hideWait(); // the engine's last reply, if it showed a bar
    replyStarted = null;
    replyEnds();
    mark({ state: 'over' });
    const [a, b] = g.taken;
    setResult(resultText(a, b));
    return;
  }
  const lines = g.lines;
  answering = performance.now();
  // The reply ends with the engine's move: the analysis of the position the person then faces
  // has a bar of its own, timed from when it began.
  const replying = engineToMove(g);
  // The engine moves again in its reply, having taken a box.
  const again = replying && g.lastMove()?.player === g.turn;
  if (!again) replySearchRanOut = false;
  if (!replying) {
    // The reply ended with the engine's move: its bar goes (this position's own comes after
    // a second).
    if (replyStarted !== null) hideWait();
    replyStarted = null;
    replyEnds();
  }
  // Every update supersedes the answers still coming for an earlier one, also when this
  // position's analysis is already at hand.
  const asked = ++request;
  if (session.analysisFor === lines && session.analysis) {
    // The superseded request's bar goes with it; an earlier position's note that its scores
    // are estimates goes too (stepping onto an exact position kept it).
    endWait();
    describeSource(session.analysis);
    return scheduleEngine();
  }
  mark({ state: 'thinking' });
  // Where the last position's scores came from ("from the opening book") is not this one's,
  // whose answer may take seconds (the solve past a book).
  if (messageIs('source')) setMessage('');
  const since = replyStarted ?? performance.now();
  const bar = setTimeout(() => {
    if (asked === request) showWait(null, replying ? 'the engine is thinking…' : 'analysing the position…');
  }, Math.max(0, since + REPLY_BAR_MS - performance.now()));
  const method = answerMethod(g.board, g.predrawn, lines, session.book?.depth, 'browser');
  try {
    if (again && replySearchRanOut && method === 'search') {
      throw Object.assign(new Error('the search ran out of time earlier in this reply'), { code: ERROR.tooBig });
    }
    awaiting = asked;
    const analysis = await analysisOf(client, g.board, g.predrawn, lines);
    if (asked !== request || g !== session.game || g.lines !== lines) return;
    setAnalysis(analysis, lines);
    describeSource(analysis);
    render();
    scheduleEngine();
  } catch (e) {
    // A new game (its Game the old one freed) or another position: this answer is dropped.
    if (asked !== request || g !== session.game || g.lines !== lines) return;
    // Nothing exact is in reach: the engine's estimates, shown and played as such.
    if (e.code === ERROR.tooBig && method === 'search' && replying) replySearchRanOut = true;
    if ([ERROR.tooBig, ERROR.unsolved].includes(e.code) && !g.isOver()) {
      // The engine thinks longer before a move of its own than for an estimate shown to the
      // person, as it plays by it. Moving again after taking a box is one reply: its further
      // moves get the policy's shorter time, so a reply of many captures stays within the
      // page's limits.
      const { moveEstimateSeconds, lineEstimateSeconds } = answerBudget();
      const seconds = !replying ? undefined : again ? lineEstimateSeconds : moveEstimateSeconds;
      let guess;
      try {
        guess = await estimatePosition(g, lines, e, seconds);
      } catch (failed) {
        if (asked !== request || g !== session.game || g.lines !== lines) return;
        // Neither exact scores nor estimates: said, not left as a silent wait for a move.
        mark({ state: 'idle' });
        setMessage(`No exact answer and no estimate for this position: ${failed.message}`, true);
        return;
      }
      if (asked !== request || g !== session.game || g.lines !== lines) return;
      if (guess?.source === 'engine') {
        // The engine solved the position: exact scores, shown and played as exact.
        setAnalysis(guess, lines);
        describeSource(guess);
        render();
        return scheduleEngine();
      }
      setEstimate(guess);
      render();
      if (e.code === ERROR.tooBig && !replying) offerDeepSearch(g, lines, update);
      if (guess && !replying) ponder(g, lines, guess);
    }
    mark({ state: 'idle' });
    // An unsolved board is explained by the solve panel, not repeated here (an old error
    // goes; what the engine just played stays); where the engine moves by its estimates,
    // #exactness says why and the message keeps its last move.
    if (e.code === ERROR.unsolved) {
      if (messageIs('error')) setMessage('');
    }
    else if (e.code === ERROR.tooBig && session.estimate?.lines === lines) {
      unmarkError();
      // Where an earlier position's scores came from is not this one's (its estimates are).
      if (messageIs('source')) setMessage('');
    }
    else setMessage(e.message, e.code !== ERROR.damaged && e.code !== ERROR.tooBig);
    // A damaged stored tile was dropped: the solve resumes to recompute it.
    if (e.code === ERROR.damaged) await prepareBoard();
    else showSolvePanel();
    scheduleEngine();
  } finally {
    clearTimeout(bar);
    // The bar of a request superseded by a position already analysed goes with its answer:
    // nothing else waits on the worker then.
    if (asked === request || awaiting !== request) endWait();
  }
}

/** Hides the waiting bar of an answer given, unless a reply goes on: one bar for a whole
 * reply, kept while the engine is about to move again in it (the display delay, a capture and
 * the move after), hidden when it ends (update). */
function endWait() {
  if (!(engineTimer !== null && replyStarted !== null)) hideWait();
}

/** The engine's move waiting to be played is not played. */
function stopEngineTimer() {
  clearTimeout(engineTimer);
  engineTimer = null;
}

// The engine moves only at the end of the line shown: stepping back through a game does not
// make it play over the moves after. Where who plays was changed at the position shown (Switch
// sides, the mode), it plays on from there: its move starts a variation, the moves after
// kept in the move list.
const engineToMove = (g) => isEngine(g.turn) && !g.isOver() && (!g.canRedo() || session.playOnFrom === g.lines);

function scheduleEngine() {
  const g = session.game;
  const exact = session.analysis && session.analysisFor === g.lines;
  const guessed = session.estimate?.lines === g.lines;
  mark({ state: engineToMove(g) && (exact || guessed) ? 'engine' : 'idle' });
  if (!engineToMove(g) || !(exact || guessed)) return;
  // The page's thinking (any method's, the engine's included) counts towards the delay.
  const thought = performance.now() - answering;
  const delay = g.lastMove()?.player === g.turn ? CAPTURE_DELAY_MS : ENGINE_DELAY_MS;
  engineTimer = setTimeout(() => {
    engineTimer = null;
    if (session.game !== g) return;
    if (session.analysisFor === g.lines && session.analysis) {
      // A proven best move (not an upper bound that equals the value).
      const line = engineMove(proven(session.analysis));
      g.play(line);
      afterMove(line);
    } else if (session.estimate?.lines === g.lines) {
      const known = provenValue(g);
      const { best, moves } = known ? capAt(session.estimate, known.value) : session.estimate;
      const label = g.label(best);
      const { score, exact } = moves.find((m) => m.line === best);
      g.play(best);
      setMessage(exact && session.estimate.valueExact
        ? `The engine drew ${label} (score ${fmt(Math.round(score))}), a move its search proved best.`
        : exact ? `The engine drew ${label} (score ${fmt(Math.round(score))}, exact): not proven best, as the other moves' scores are estimates.`
          : `The engine drew ${label} by its estimate (${fmtEstimate(score)}): not an exact move.`);
      afterMove(best);
    }
  }, Math.max(0, delay - thought));
}

/** Whether Undo has a position to go back to: against the engine, one where the person was
 * to move (Undo steps over the engine's turns). With the engine first, its first move has
 * none before it: taking it back left the engine to move and never moving (it does not play
 * over moves it could redo). */
function canTakeBack(g) {
  if (!g.canUndo()) return false;
  return session.mode === 'ee' || g.history().some((m) => !isEngine(m.player));
}

/** Takes back (`back`) or replays a move; against the engine, on to the human's turn. While
 * setting up, a line set up. */
function undoOrRedo(back) {
  if (isSettingUp()) return stepSetUp(back);
  stopEngineTimer();
  const g = session.game;
  if (!(back ? canTakeBack(g) : g.canRedo())) return;
  const stepOnce = () => (back ? g.undo() : g.redo());
  setMessage(''); // as goTo: the message was the position left's
  stepOnce();
  while ((back ? g.canUndo() : g.canRedo()) && isEngine(g.turn) && session.mode !== 'ee') stepOnce();
  dropAnalysis();
  writeHash();
  update();
}

/** The estimate of the position shown where the engine proved its value and a move reaching it. */
function provenEstimate() {
  const { estimate, game } = session;
  return estimate?.lines === game.lines && estimate.valueExact ? estimate : null;
}

function hint() {
  const { analysis, game } = session;
  const solved = provenEstimate();
  if (!analysis && solved) {
    // Among the engine's estimates, the move its search proved best.
    const { score } = solved.moves.find((m) => m.line === solved.best);
    setHint(solved.best);
    setMessage(`Hint: ${game.label(solved.best)}${scoreSaid(`score ${fmt(Math.round(score))}, proven best by the engine's search`)}`);
    render();
    return focusCursor();
  }
  if (!analysis) {
    const guessed = session.estimate?.lines === game.lines;
    return setMessage(guessed
      ? 'No hint: this position has estimates only (marked ~), and a hint is a proven best move.'
      : 'No hint yet: this position has no exact scores so far.');
  }
  const [best] = bestMoves(analysis);
  if (!best) return;
  setHint(best.line);
  setMessage(`Hint: ${game.label(best.line)}${scoreSaid(`score ${fmt(best.score)}`)}`);
  render();
  focusCursor();
}

/** ` (what)` after a hint's move, or nothing with Scores off: the hint names a best move,
 * asked for, but not the score the question hides. */
const scoreSaid = (what) => (session.showScores ? ` (${what})` : '');

function render() {
  const g = session.game;
  const turn = g.turn;
  document.body.dataset.scores = session.showScores ? 'on' : 'off';
  // Where the focus was: a control this render disables or removes hands it on (below), but
  // a line clicked with the mouse leaves none (a cursor on the board is the keyboard's).
  const focusedBefore = $('svg').contains(document.activeElement) && !document.activeElement.matches(':focus-visible')
    ? null : document.activeElement;
  const who = (p) => (session.mode === 'hh' ? PLAYER[p] : `${PLAYER[p]} (${isEngine(p) ? 'engine' : 'you'})`);
  const [a, b] = g.taken;
  // The status is a live region: written only where it changed, or a screen reader reads it
  // out again at every render (each arrow key on the board).
  // Stepped back along the moves: said, or a past position sounds like the game's own.
  const past = g.canRedo() ? ` (a past position: after move ${g.ply} of ${g.mainline().length})` : '';
  writeIfChanged('turn', g.isOver() ? 'Game over' : `<span class="p${turn}">${who(turn)}</span> to move${past}`);
  writeIfChanged('taken', `Boxes: <span class="p0">A ${a}</span> – <span class="p1">B ${b}</span>`);
  // The move that led here, in words: what the engine drew is heard, not only seen on the
  // board (the status is read out whole when it changes).
  const led = g.lastMove();
  writeIfChanged('last-move', led ? `${PLAYER[led.player]} drew ${g.label(led.line)}${led.boxes ? ` and took ${boxes(led.boxes)}` : ''}` : '');
  const analysis = session.analysisFor === g.lines ? session.analysis : null;
  const guessed = !analysis && session.estimate?.lines === g.lines ? session.estimate : null;
  // The exact value: the analysis's, or the one the engine proved among its estimates or by
  // the move that led here.
  const known = guessed ? provenValue(g) : null;
  // No move scores more than the value: where the value is known exactly (by the move that
  // led here) the estimates shown are capped at it.
  const estimate = known && guessed ? capAt(guessed, known.value) : guessed;
  const value = analysis ? analysis.value : known?.value ?? null;
  const proven = analysis ? '' : ` — exact, ${known?.by}; the scores marked ~ are estimates`;
  // How the game ends with perfect play from here, in words (a screen reader said "final -3").
  const final = (turn === 0 ? a - b : b - a) + value;
  const ends = final === 0 ? 'a draw' : `${PLAYER[final > 0 ? turn : 1 - turn]} wins by ${Math.abs(final)}`;
  const pending = !g.isOver() && value === null && !estimate;
  writeIfChanged('value', g.isOver() ? '' : value !== null
    ? `Value ${fmt(value)} for ${PLAYER[turn]} (${ends} with perfect play)${proven}`
    : estimate ? `Estimated value ${fmtEstimate(estimate.value)} for ${PLAYER[turn]} — not exact (the engine's estimate)` : 'Value: …', 'textContent');
  // The value read once it is there, not first as "Value: …" and again with it; the move
  // and the turn beside it are read at once.
  $('value').setAttribute('aria-busy', String(pending));
  $('value').classList.toggle('estimate', value === null && Boolean(estimate));
  const interactive = isSettingUp() || (!g.isOver() && (!isEngine(turn) || g.canRedo()));
  // Redrawing the board replaces its lines, the focused one with them. A keyboard user's focus
  // stays on the board: on the cursor's line or, where that was just drawn, the open line
  // nearest it. A focus elsewhere (a form field, a mouse click's) is left as it is.
  const focused = $('svg').querySelector('g.move:focus-visible');
  const open = focused && clickable();
  if (focused && !open.has(session.cursor)) setCursor(nearest(boardGeometry(), open, Number(focused.dataset.line)));
  const view = {
    geometry: boardGeometry(),
    drawn: new Set(g.drawn),
    last: g.moves.at(-1),
    analysis,
    estimate,
    boxes: g.takenBoxes(),
    showScores: session.showScores,
    showLabels: session.showLabels,
    cursor: session.cursor,
    hint: session.hint,
    interactive,
    onPlay: play,
    onCursor: setCursor,
    erasable: erasable(),
  };
  renderBoard($('svg'), view);
  // Not a live region: read when the board is reached; the status says each move as it comes.
  writeIfChanged('board-described', describeBoard(view), 'textContent');
  if (focused) focusCursor();
  $('undo').disabled = isSettingUp() ? !canStepSetUp(true) : !canTakeBack(g);
  $('redo').disabled = isSettingUp() ? !canStepSetUp(false) : !g.canRedo();
  $('hint').disabled = !(analysis || provenEstimate()) || !interactive;
  $('switch-sides').disabled = g.isOver();
  $('play-here').disabled = g.isOver();
  renderAnalysis(g);
  renderShare();
  keepFocus(focusedBefore);
  mark({ lines: g.lines });
  rendered();
}

/** What was written last into each element so written (by id). */
const written = new Map();

/** Writes `content` into the element `id` as its `property` (`innerHTML` for markup,
 * `textContent` for plain text) only where it differs from what was written last: the
 * status is a live region, which a screen reader reads out again at every write. */
function writeIfChanged(id, content, property = 'innerHTML') {
  if (written.get(id) === content) return;
  written.set(id, content);
  $(id)[property] = content;
}

/** Where the focus goes when the control holding it was disabled or removed by a render: a
 * step button at the line's end, Undo at the start, Redo at the end, the board's last line at
 * the game's end. It went to the page's body, from where a keyboard user starts over (WCAG
 * 2.4.3). A step button hands it to the step the other way, Undo and Redo to each other; any
 * other control, or where those are disabled too, to the board's cursor, else (the game over)
 * to the board itself, whose description says how it ended: on New game, a player still
 * pressing Enter to play started a new game. */
function keepFocus(before) {
  // A focused control just disabled keeps the focus until the browser's next frame, then the
  // body gets it.
  const now = document.activeElement;
  if (!before || before === document.body) return;
  if (now && now !== document.body && !now.disabled && now.isConnected) return;
  const others = {
    'nav-first': ['nav-next', 'nav-last'], 'nav-prev': ['nav-next', 'nav-last'],
    'nav-next': ['nav-prev', 'nav-first'], 'nav-last': ['nav-prev', 'nav-first'],
    undo: ['redo'], redo: ['undo'],
  }[before.id] ?? [];
  const next = others.map((id) => $(id)).find((el) => !el.disabled);
  if (next) return next.focus();
  const board = $('svg').querySelector('g.move[tabindex="0"]');
  if (board && !session.game.isOver()) return board.focus();
  $('svg').tabIndex = -1;
  $('svg').focus();
}

// ---- Keyboard --------------------------------------------------------------------------

/** The lines a click or Enter plays on the game shown. */
const clickable = () => clickableLines(boardGeometry(), new Set(session.game.drawn), erasable());

function focusCursor() {
  $('svg').querySelector(`g.move[data-line="${session.cursor}"]`)?.focus();
}

/** Moves the board's cursor by (dx, dy) among the lines a click plays ((0, 0): select one)
 * and focuses it. */
function moveCursor(dx, dy) {
  const open = clickable();
  if (dx || dy || !open.has(session.cursor)) setCursor(step(session.geometry, open, session.cursor, dx, dy));
  render();
  focusCursor();
}

/** The board with its status and controls full screen, for a projector, or back. Where the
 * browser refuses (an iframe without permission, an old phone), the message says so. */
function toggleFullScreen() {
  if (document.fullscreenElement) return document.exitFullscreen();
  const section = $('play');
  if (!section.requestFullscreen) return setMessage('this browser does not show a page element full screen', true);
  return section.requestFullscreen().catch((e) => setMessage(`full screen refused: ${e.message}`, true));
}

/** Flips display option `key` and its checkbox `id`. */
function toggle(id, key, flip = true) {
  if (flip) $(id).checked = !$(id).checked;
  setOption(key, $(id).checked);
  render();
  writeHash(); // the scores' setting is in the address
}

/** Scores on or off: off, the board's scores and everything else that gives the answer away
 * (the value, the coach, the losses in the move list, the graph, the best line) are hidden
 * (style.css, body[data-scores="off"]), so a position can be asked as a question. */
function showScores(on) {
  $('show-scores').checked = on;
  setOption('showScores', on);
}

/** The page's controls: each a key (with or without Shift) and, for most, a button. */
function bindControls() {
  initKeys({ navigate, moveCursor, playCursor: () => session.cursor !== null && play(session.cursor) });
  const controls = [
    ['u', 'undo', () => undoOrRedo(true)], ['r', 'redo', () => undoOrRedo(false)], ['h', 'hint', hint],
    ['v', 'check', () => setMessage(moveVerdict())],
    ['e', 'play-here', playFromHere], ['f', 'switch-sides', switchSides], ['l', null, toggleBestLine],
    ['d', 'set-up', toggleSetUp], ['z', 'full-screen', toggleFullScreen],
    ['s', null, () => toggle('show-scores', 'showScores')], ['k', null, () => toggle('show-labels', 'showLabels')],
    // A new game on the board chosen in the form, which keeps the focus for choosing another.
    ['n', null, () => { $('new-game').requestSubmit(); $('board').focus(); }],
  ];
  for (const [key, button, action] of controls) {
    onShortcut(key, action);
    if (button) $(button).onclick = () => action();
  }
  document.addEventListener('fullscreenchange', () => $('full-screen').setAttribute('aria-pressed', String(document.fullscreenElement === $('play'))));
  $('show-scores').onchange = () => toggle('show-scores', 'showScores', false);
  $('show-labels').onchange = () => toggle('show-labels', 'showLabels', false);
  // A pick with the mouse applies at once. The arrow keys on the closed select pass through
  // the options, each a change: there the pick applies when Enter is pressed or the select
  // is left, so passing "Engine against engine" on the way does not start it.
  let modeKeyed = false;
  const applyMode = () => {
    modeKeyed = false;
    if ($('mode').value !== session.mode) setMode($('mode').value);
  };
  $('mode').onkeydown = (e) => {
    if (e.key === 'Enter') applyMode();
    // Arrows, Home/End and typed letters all move the choice on the closed select.
    else if (e.key !== 'Tab' && e.key !== 'Escape') modeKeyed = true;
  };
  $('mode').onpointerdown = () => { modeKeyed = false; };
  $('mode').onchange = () => !modeKeyed && applyMode();
  $('mode').onblur = applyMode;
}

/** The move list's background search answered the position `key`: if it is the one on the
 * board, shown from chains as pseudo-lines until now, its exact scores replace those there. */
function searchedShown(key) {
  const g = session.game;
  if (!g || session.analysisFor !== g.lines || positionKey(g.board, g.predrawn, g.lines) !== key) return;
  setAnalysis(cached(key), g.lines);
  describeSource(session.analysis);
  render();
}

// ---- Start -----------------------------------------------------------------------------

async function main() {
  await wasmReady;
  await fillBoards();
  $('new-game').addEventListener('submit', (e) => {
    e.preventDefault();
    newGame({ board: $('board').value, predrawn: $('predrawn').value, mode: $('mode').value, moves: '' });
  });
  initAnalysis({ goTo, showLine });
  initSetUp({ load: newGame, render });
  onMadeExact(searchedShown);
  // A record names no players: two players (or the engine on both sides) stay so; against
  // the engine, you take the side to move in the position loaded (readGame).
  const kept = () => (session.mode === 'hh' || session.mode === 'ee' ? session.mode : '');
  initShare({ load: (game, source) => newGame({ ...game, mode: game.mode || kept() }, source) });
  // Back online, the position is asked again where a book it needed could not be read.
  await initSolving({ onSolved: update, onBackOnline: update });
  bindControls();
  // #learn and #learn/L.E are Learn mode (learn.js), not a game; the address of the game on
  // the page (Back from Learn) is that game, kept with its variations, not a new one.
  window.addEventListener('hashchange', () => !isLearnHash(location.hash) && location.hash !== gameHash() && newGame(parseHash(location.hash), 'the address'));
  // For the end-to-end tests, the benchmark and the console (test-hooks.js).
  exposeApp({ state: session, history: () => session.game.history(), client, gameHash });
  await newGame(parseHash(location.hash), 'the address');
  mark({ ready: '1' });
}

main().catch((e) => setMessage(`the page failed to start: ${e.message}`, true));
