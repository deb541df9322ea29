// Setting up a position on the board itself: while Set up (D) is on, a click or Enter on a
// line draws it or erases it, as a pre-drawn line of a new game with A to move and two
// players (so no engine answers each line drawn). A teacher builds the position of a question
// where it is seen instead of typing line numbers into the form; the analysis follows every
// line, and Scores (S) hides it. Set up again (or D) plays on from the position built, with
// the players chosen before. Undo and Redo take back and replay the lines set up; set up
// turned off with the lines it began with, the game before comes back whole (its moves, its
// entry of the browser's history). On icelandic the borders stay drawn; the position built is a 3x5
// board with them and the lines set up pre-drawn, a board of its own to the page (the core
// names a board by its size and pre-drawn lines), answered by icelandic's stored solve where
// there is one (the worker's heldBy).
import { session, boardGeometry } from './session.js';
import { $, setMessage } from './ui.js';

const ctx = {
  load: null, // ({board, predrawn, mode, moves}, source, {push}) => Promise<whether set up>
  render: null, // () => void: the board drawn again (its drawn lines buttons or not)
  on: false,
  mode: null, // the players chosen before setting up, given back after
  pushed: false, // whether this setting-up has its entry in the browser's history yet
  board: null, // the board set up on, as named when setting up began ('icelandic')
  fixed: new Set(), // the lines that board's name draws, which no click erases
  began: '', // the lines drawn when setting up began, sorted, as text
  entry: null, // the mark of this setting-up's entry of the browser's history (its state)
  past: [], // the lines drawn before each line set up (Undo takes the last back)
  future: [], // the lines drawn before each Undo (Redo)
};

/** The lines drawn now, sorted, as text (to compare). */
const drawnNow = () => [...session.game.drawn].sort((a, b) => a - b).join(',');

/** Where a game set up here comes from, as newGame is told: any other new game (Back, the
 * form, an import) ends setting up (leaveSetUp). */
export const SET_UP = 'the board set up';

/** Whether lines are being set up: a click on the board draws or erases one. */
export const isSettingUp = () => ctx.on;

/** The lines drawn that a click erases while setting up: every drawn line of the position
 * shown (its moves become pre-drawn lines too) but those the board's name draws
 * (icelandic's borders). Empty when not setting up. */
export function erasable() {
  if (!ctx.on) return new Set();
  return new Set(session.game.drawn.filter((l) => !ctx.fixed.has(l)));
}

/** The lines the name of the board shown draws (none on RxC; icelandic's borders). Once a
 * line is set up on icelandic the board is 3x5 with the borders among its pre-drawn lines
 * (the core names a board by its size and pre-drawn lines), so they are read when setting up
 * begins and kept. */
function namedLines() {
  const extra = new Set(session.game.predrawn.split(',').filter(Boolean).map(Number));
  return new Set(boardGeometry().lines.filter((s) => s.predrawn && !extra.has(s.line)).map((s) => s.line));
}

const SAY = 'Setting up: a click (or Enter) on a line draws it or erases it; the position starts with A to move. Press Set up (D) again to play from it.';

/** Set up on or off. */
export function toggleSetUp() {
  setOn(!ctx.on);
  if (ctx.on) {
    ctx.mode = session.mode;
    ctx.pushed = false;
    ctx.board = session.game.board;
    ctx.fixed = namedLines();
    ctx.began = drawnNow();
    ctx.past = [];
    ctx.future = [];
    // Two players while lines are set up: an engine to move would answer every line drawn.
    // Drawn again whether or not a game was loaded (none is for a game already so, or a
    // full board, refused): its drawn lines become buttons.
    return load(session.game.drawn, 'hh').then(() => {
      setMessage(SAY);
      ctx.render();
    });
  }
  setMessage('');
  // Nothing set up: the game before, as it was (Back would otherwise meet the same address
  // twice, and its moves would have become pre-drawn lines). Only from this setting-up's own
  // entry: another page of the site may have come between.
  if (ctx.pushed && drawnNow() === ctx.began && history.state?.setUp === ctx.entry) {
    history.back();
    return Promise.resolve();
  }
  return load(session.game.drawn, ctx.mode).then(ctx.render);
}

/** Ends setting up without a new game: another game came (Back to the game before, the
 * form, an import), and a click must play on it, not turn its moves into pre-drawn lines. */
export function leaveSetUp() {
  setOn(false);
}

/** Setting up on or off, and its button pressed or not. */
function setOn(on) {
  ctx.on = on;
  $('set-up').setAttribute('aria-pressed', String(on));
}

/** While setting up, draws `line` if it is open, else erases it (a line the board's name
 * draws stays): a new game from the lines then drawn. */
export function setUpLine(line) {
  const lines = new Set(session.game.drawn);
  if (ctx.fixed.has(line)) return;
  if (lines.has(line)) lines.delete(line);
  else lines.add(line);
  // Kept before the game is loaded, which draws the Undo button from them; given back if
  // it is refused (a full board). A full board is never gone back to: it cannot be loaded.
  const [past, future] = [[...ctx.past], ctx.future];
  if (session.game.open > 0) ctx.past.push(session.game.drawn);
  ctx.future = [];
  return load([...lines], 'hh').then((loaded) => {
    if (!loaded) Object.assign(ctx, { past, future });
    setMessage(SAY);
  });
}

/** Whether Undo (`back`) or Redo has a line set up to take back or replay. */
export function canStepSetUp(back) {
  return (back ? ctx.past : ctx.future).length > 0;
}

/** Undo (`back`) or Redo of the last line set up: the lines drawn before it, or after. */
export function stepSetUp(back) {
  const [from, to] = back ? [ctx.past, ctx.future] : [ctx.future, ctx.past];
  if (!from.length) return Promise.resolve();
  // Moved before the game is loaded, which draws the Undo and Redo buttons from them; moved
  // back if it is refused.
  const lines = from.pop();
  to.push(session.game.drawn);
  return load(lines, 'hh').then((loaded) => {
    if (!loaded) {
      to.pop();
      from.push(lines);
      ctx.render();
    }
    setMessage(SAY);
  });
}

/** A new game with `lines` pre-drawn: the first of a setting-up is a new entry of the
 * browser's history (Back returns to the game before), the rest replace it. Resolves to
 * whether a game was loaded (none is for the game shown already, or a full board). */
function load(lines, mode) {
  const predrawn = lines.filter((l) => !ctx.fixed.has(l)).sort((a, b) => a - b);
  const g = session.game;
  const same = g.board === ctx.board && predrawn.join(',') === g.predrawn && !g.ply && mode === session.mode;
  if (same) return Promise.resolve(false);
  const push = !ctx.pushed;
  ctx.pushed = true;
  // A game refused (every line drawn) pushed no entry: the next must not replace the game
  // before.
  return ctx.load({ board: ctx.board, predrawn: predrawn.join(','), mode, moves: '' }, SET_UP, { push })
    .then((loaded) => {
      if (push && !loaded) ctx.pushed = false;
      if (push && loaded) {
        ctx.entry = `${Date.now()}-${Math.random()}`;
        history.replaceState({ setUp: ctx.entry }, '', location.hash);
      }
      return loaded;
    });
}

/** `load` sets up a new game from a request, as the form does; `render` draws the board. */
export function initSetUp({ load: loadGame, render }) {
  Object.assign(ctx, { load: loadGame, render });
}
