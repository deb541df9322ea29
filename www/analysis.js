// The analysis board beside the game: the move list (each move's mover, label, boxes taken
// and loss against the best move), the evaluation graph (the final margin for A with perfect
// play after each move, clickable), stepping through the main line, and the best line from
// the position shown. The list shows the line through the position on the board; where
// another move was tried at one of its positions, that variation (kept in the session's
// move tree) follows the move it branches from, and a click on it shows it.
//
// app.js calls renderAnalysis() on every render and gives, through initAnalysis(), the ways
// to step along the line (goTo) and to show a variation (showLine).
import { OP } from './protocol.js';
import { Game, answerBudget, answerMethod } from './pkg/dotbox.js';
import { analysisOf, cached, estimateOf, estimated, exactValue, failure, found, provenValue, searchAsked, searchOf } from './analyses.js';
import { bestStep, proven } from './proven.js';
import { positionKey } from './position-key.js';
import { session, client, addLine, isEngine, replyEnded } from './session.js';
import { canAnalyze } from './solving.js';
import { searchEnded, reviewSearch, stopReview } from './deep-search.js';
import { $, PLAYER, fmt, fmtEstimate, boxes, svgEl as el } from './ui.js';

const ctx = {
  goTo: null, // (ply) => void
  showLine: null, // (moves from the start, how many of them to show played) => void
  game: null, // the game last rendered
  plies: [],
  variations: [], // the variations shown (variationsOf)
  positions: [], // the positions the list and graph show something of (positionsOf)
  filling: false,
  bestLine: { shown: false, key: null },
  reviewed: new Set(), // the positions the review of a finished game searched (reviewTarget)
};

/** The drawn lines after `k` moves of the main line. */
const linesAt = (k) => (k === 0 ? '' : ctx.plies[k - 1].lines);

/** The position with `lines` drawn (beyond the board's start), as the analyses are keyed. */
const keyOf = (lines) => positionKey(ctx.game.board, ctx.game.predrawn, lines);

/** The position after `k` moves of the main line, as the analyses are keyed. */
const keyAt = (k) => keyOf(linesAt(k));

/** The engine's estimated loss of `line` played from the position with `lines` drawn, against
 * its best move there: a number (tenths), or null. */
function estimatedLossOf(lines, line) {
  const before = estimated(keyOf(lines));
  const score = before?.moves.find((m) => m.line === line)?.score;
  return score === undefined ? null : Math.max(0, Math.round((before.value - score) * 10) / 10);
}

/** The final margin for A after `k` moves when the player to move then nets `value` more. */
function marginWith(k, value) {
  const [ta, tb] = k === 0 ? [0, 0] : ctx.plies[k - 1].taken;
  const turn = k === 0 ? 0 : ctx.plies[k - 1].turn;
  return ta - tb + (turn === 0 ? value : -value);
}

/** The final margin for A after `k` moves by the engine's estimate, or null. */
function estimatedMarginAt(k) {
  const a = estimated(keyAt(k));
  return a ? marginWith(k, a.value) : null;
}

/** The exact value of `position` (one of ctx.positions) and how it is known, or null
 * (`exactValue`): on the line shown, also by the exact score of the move that led there. The
 * graph's margins and the list's losses both read it, so they never disagree. */
function exactValueOf(position) {
  const k = position.ply;
  // The line shown's positions come first in ctx.positions, one a ply, then the variations'.
  const onLine = k > 0 && k <= ctx.plies.length && ctx.positions[k] === position;
  return exactValue(keyOf(position.lines), onLine ? keyAt(k - 1) : null, onLine ? ctx.plies[k - 1] : undefined);
}

/** The exact loss of `move` ({line, boxes}) played from `position` (one of ctx.positions),
 * against the best move there: a number, or null if not known (yet). The value there less the
 * move's score, each exact: the score as that position's analysis or the engine's proof there
 * gives it, or from the exact value of the position the move leads to (the engine proves the
 * value of a position, and its own move, without every score before it). */
function lossOf(position, move) {
  const before = exactValueOf(position);
  if (!before) return null;
  const drawn = position.lines ? position.lines.split(',').map(Number) : [];
  const after = exactValue(keyOf(sortedLines([...drawn, move.line])), keyOf(position.lines), move);
  if (after === null) return null;
  return before.value - (move.boxes ? move.boxes + after.value : -after.value);
}

/**
 * What the list says of the loss of `move` ({line, boxes}) played from `position` (one of
 * ctx.positions), the same for the line shown and its variations: `loss` (exact, or null),
 * `guess` (the engine's estimated loss where no exact one is known, or null), and the `text`,
 * `title` and `cls` of its cell. Unknown for good (`?`) where nothing exact is still to be
 * asked of the position.
 */
function lossView(position, move) {
  const loss = lossOf(position, move);
  const guess = loss === null ? estimatedLossOf(position.lines, move.line) : null;
  if (guess !== null) return { loss, guess, text: fmtEstimate(-guess), title: `estimated loss ${guess.toFixed(1)} (the engine's estimate, not exact)`, cls: 'estimate' };
  if (loss === null) {
    // '?' only where nothing more is coming; an estimate still to come is worked out too.
    const unknowable = askFor(position) === undefined;
    return { loss, guess, text: unknowable ? '?' : '…', title: unknowable ? 'no exact scores for the position before it' : 'being worked out', cls: '' };
  }
  return loss === 0 ? { loss, guess, text: '0', title: 'a best move', cls: 'best' } : { loss, guess, text: `−${loss}`, title: `loses ${boxes(loss)} against the best move`, cls: 'worse' };
}

/** The final margin for A after `k` moves with perfect play from there, or null: known of
 * that position, or proven by the exact score of the move that led there. */
function marginAt(k) {
  const known = exactValueOf(ctx.positions[k]);
  return known === null ? null : marginWith(k, known.value);
}

// ---- Move list -------------------------------------------------------------------------

/** Where the focus goes in the list drawn anew, as a selector, when one of its moves has it
 * (else null): a variation's move keeps it; on the line shown it follows the current move
 * (the one Tab reaches), so ←/→ with the focus in the list move the focus with the position. */
function focusedMove(list) {
  const el = document.activeElement;
  if (el?.tagName !== 'BUTTON' || !list.contains(el)) return null;
  return el.dataset.moves !== undefined ? `button[data-moves="${el.dataset.moves}"]` : 'li[data-ply] > button[tabindex="0"]';
}

function renderMoves(at) {
  const list = $('moves');
  // The list is drawn anew with every analysis it fills in: a focus on one of its moves (a
  // keyboard user's) stays on that move instead of falling back to the page.
  const refocus = focusedMove(list);
  list.replaceChildren();
  ctx.plies.forEach((p, i) => {
    const k = i + 1;
    const { loss, guess, text, title, cls } = lossView(ctx.positions[k - 1], p);
    const li = document.createElement('li');
    Object.assign(li.dataset, { ply: k, line: p.line, player: p.player, loss: loss ?? '' });
    if (k === at) li.setAttribute('aria-current', 'step');
    if (k > at) li.classList.add('future');
    const button = document.createElement('button');
    button.type = 'button';
    button.tabIndex = k === at || (at === 0 && k === 1) ? 0 : -1;
    // Where no exact score is known, the engine's estimate, marked ~ and never in data-loss.
    if (guess !== null) li.dataset.estimatedLoss = guess;
    button.innerHTML = `<span class="n">${k}</span><span class="p${p.player}">${PLAYER[p.player]}</span>`
      + `<span class="label">${p.label}</span><span class="took">${p.boxes ? `+${p.boxes}` : ''}</span>`
      + `<span class="loss ${cls}" title="${title}">${text}</span>`;
    // Scores off, the loss is hidden (style.css): not read out either.
    button.setAttribute('aria-label', `move ${k}: ${PLAYER[p.player]} ${p.label}${p.boxes ? `, takes ${boxes(p.boxes)}` : ''}${session.showScores ? `, ${title}` : ''}`);
    button.onclick = () => ctx.goTo(k);
    li.append(button);
    list.append(li);
    renderVariations(list, k - 1);
  });
  renderVariations(list, ctx.plies.length);
  if (!ctx.plies.length) list.append(Object.assign(document.createElement('li'), { className: 'empty', textContent: 'No moves yet.' }));
  // Keep the current move in view inside the list, without scrolling the page.
  const current = list.querySelector('[aria-current]');
  if (current) {
    const top = current.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + current.offsetHeight > list.scrollTop + list.clientHeight) list.scrollTop = top + current.offsetHeight - list.clientHeight;
  }
  if (refocus) list.querySelector(refocus)?.focus({ preventScroll: true });
  const n = ctx.plies.length;
  $('nav-first').disabled = $('nav-prev').disabled = at === 0;
  $('nav-next').disabled = $('nav-last').disabled = at === n;
}

const sortedLines = (moves) => [...moves].sort((a, b) => a - b).join(',');

/**
 * The variations of the line shown (`plies`, from game `g`) the list shows: at each of its
 * positions, every other move tried there (session.tree), continued as the tree goes on. Each
 * {branch (the moves of the line shown before it), moves (its moves from the start), plies:
 * [{ply, line, player, boxes}]}.
 */
function variationsOf(g, plies) {
  const shown = plies.map((p) => p.line);
  return shown.concat([undefined]).flatMap((next, branch) => session.tree.variations(shown.slice(0, branch), next).map((variation) => {
    const moves = [...shown.slice(0, branch), ...variation];
    const replay = new Game(g.board, g.predrawn);
    replay.playAll(moves.join(','));
    const history = replay.history();
    replay.free();
    return { branch, moves, plies: variation.map((line, j) => ({ ply: branch + j + 1, line, player: history[branch + j].player, boxes: history[branch + j].boxes })) };
  }));
}

/**
 * The positions the list and the graph show something of, each with the moves `played` from
 * it whose losses the list shows, and its `ply` (moves from the start): the line shown's
 * (ctx.positions[k] is the one after k of its moves; its last, with no move played, for its
 * value on the graph), then those inside the variations. Each variation move is given the
 * position it was played from (`from`). What the move list asks the worker goes by these.
 */
function positionsOf(plies, variations) {
  const shown = Array.from({ length: plies.length + 1 }, (_, k) => ({ lines: linesAt(k), ply: k, played: k < plies.length ? [plies[k].line] : [] }));
  const inside = [];
  for (const v of variations) {
    v.plies.forEach((p, j) => {
      if (j === 0) {
        p.from = shown[v.branch];
        p.from.played.push(p.line);
      } else {
        p.from = { lines: sortedLines(v.moves.slice(0, p.ply - 1)), ply: p.ply - 1, played: [p.line] };
        inside.push(p.from);
      }
    });
  }
  return [...shown, ...inside];
}

/**
 * The variations at the position after `branch` moves of the line shown, each as a row of
 * clickable moves (number, mover, label, loss as for the line shown). A click shows that
 * move's position on that line.
 */
function renderVariations(list, branch) {
  const g = ctx.game;
  for (const { moves, plies } of ctx.variations.filter((v) => v.branch === branch)) {
    const li = document.createElement('li');
    li.className = 'variation';
    plies.forEach(({ ply, line, player, boxes: took, from }, j) => {
      const { loss, text, title, cls } = lossView(from, { line, boxes: took });
      const button = document.createElement('button');
      button.type = 'button';
      button.tabIndex = -1;
      Object.assign(button.dataset, { ply, line, moves: moves.slice(0, ply).join(','), loss: loss ?? '' });
      button.innerHTML = `${j === 0 || ply % 10 === 1 ? `<span class="n">${ply}</span>` : ''}<span class="p${player}">${PLAYER[player]}</span>`
        + `<span class="label">${g.label(line)}</span><span class="loss ${cls}" title="${title}">${text}</span>`;
      button.setAttribute('aria-label', `variation, move ${ply}: ${PLAYER[player]} ${g.label(line)}${session.showScores ? `, ${title}` : ''}`);
      button.onclick = () => ctx.showLine(moves.slice(0, ply));
      li.append(button);
    });
    list.append(li);
  }
}

// ---- Evaluation graph ------------------------------------------------------------------

const W = 300;
const H = 90;
const LEFT = 28; // room for the scale's labels
const RIGHT = 6;
/** The x of move `k` of `n` on the graph. */
const xOf = (k, n) => (n === 0 ? (LEFT + W - RIGHT) / 2 : LEFT + (k * (W - LEFT - RIGHT)) / n);

function renderGraph(at) {
  const svg = $('graph');
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const n = ctx.plies.length;
  const margins = Array.from({ length: n + 1 }, (_, k) => marginAt(k));
  // Where no exact margin is known, the engine's estimate: drawn dashed, never joined to the
  // exact line.
  const guesses = margins.map((m, k) => (m === null ? estimatedMarginAt(k) : null));
  const top = Math.max(1, ...margins.map((m) => Math.abs(m ?? 0)), ...guesses.map((m) => Math.ceil(Math.abs(m ?? 0))));
  const x = (k) => xOf(k, n);
  const y = (m) => H / 2 - (m * (H / 2 - 8)) / top;
  el('rect', { class: 'a-side', x: 0, y: 0, width: W, height: H / 2 }, svg);
  el('line', { class: 'zero', x1: 0, x2: W, y1: H / 2, y2: H / 2 }, svg);
  el('line', { class: 'now', x1: x(at), x2: x(at), y1: 0, y2: H }, svg);
  // One polyline per run of known margins.
  let run = [];
  const flush = () => {
    if (run.length > 1) el('polyline', { class: 'eval', points: run.join(' ') }, svg);
    run = [];
  };
  margins.forEach((m, k) => (m === null ? flush() : run.push(`${x(k)},${y(m)}`)));
  flush();
  let dashed = [];
  const flushDashed = () => {
    if (dashed.length > 1) el('polyline', { class: 'eval estimate', points: dashed.join(' ') }, svg);
    dashed = [];
  };
  guesses.forEach((m, k) => (m === null ? flushDashed() : dashed.push(`${x(k)},${y(m)}`)));
  flushDashed();
  guesses.forEach((m, k) => {
    if (m === null) return;
    const dot = el('circle', { class: `point estimate${k === at ? ' current' : ''}`, cx: x(k), cy: y(m), r: k === at ? 4 : 2.5, 'data-ply': k, 'data-estimate': m.toFixed(1) }, svg);
    el('title', {}, dot).textContent = `${k === 0 ? 'start' : `after move ${k}`}: ${Math.abs(m) < 0.05 ? 'estimated level (~0.0)' : `estimated ${m > 0 ? 'A' : 'B'} ahead by ~${Math.abs(m).toFixed(1)}`} (the engine's estimate, not exact)`;
  });
  margins.forEach((m, k) => {
    if (m === null) return;
    const dot = el('circle', { class: `point${k === at ? ' current' : ''}`, cx: x(k), cy: y(m), r: k === at ? 4 : 2.5, 'data-ply': k, 'data-margin': m }, svg);
    el('title', {}, dot).textContent = `${k === 0 ? 'start' : `after move ${k}`}: ${m === 0 ? 'a draw' : `${m > 0 ? 'A' : 'B'} wins by ${Math.abs(m)}`} with perfect play`;
  });
  el('text', { class: 'scale', x: 3, y: 11 }, svg).textContent = `A +${top}`;
  el('text', { class: 'scale', x: 3, y: H - 4 }, svg).textContent = `B +${top}`;
  const exact = margins.filter((m) => m !== null).length;
  const estimated = guesses.filter((m) => m !== null).length;
  svg.dataset.points = exact;
  svg.dataset.estimatedPoints = estimated;
  // What the drawing shows, for a screen reader (the points' titles are inside the image):
  // which points are exact and which estimates, and the point of the position shown.
  const here = svg.querySelector(`circle.point[data-ply="${at}"] title`)?.textContent;
  const points = estimated ? `${exact} points exact (perfect play), ${estimated} the engine's estimates (not exact)` : `${exact} points, exact (perfect play)`;
  svg.setAttribute('aria-label', `Evaluation graph: the final margin for A after each move; ${points}.${here ? ` Now: ${here}.` : ''}`);
}

/** Clicking the graph goes to the nearest move. */
function onGraphClick(e) {
  const n = ctx.plies.length;
  if (!n) return;
  const box = $('graph').getBoundingClientRect();
  const fx = ((e.clientX - box.left) / box.width) * W;
  ctx.goTo(Math.max(0, Math.min(n, Math.round(((fx - LEFT) * n) / (W - LEFT - RIGHT)))));
}

// ---- Filling in the analyses -----------------------------------------------------------

/** Whether the exact search is still to be asked for `position` (one of ctx.positions, whose
 * analysis is cached): chains as pseudo-lines answered it without proving the score of a move
 * played from it (the command line searches such a position instead), it has at most the open lines
 * the page's exact search takes (the policy's deepSearchMaxOpen; here within the policy's
 * time of the automatic search, so the position on the board never waits long behind it),
 * and the search was not asked there yet. */
function needsSearch(position) {
  const key = keyOf(position.lines);
  if (searchAsked(key)) return false;
  const g = ctx.game;
  if (g.open + g.ply - position.ply > answerBudget().deepSearchMaxOpen) return false;
  const exact = proven(cached(key));
  return position.played.some((line) => !exact.moves.some((m) => m.line === line));
}

/** What the move list still asks the worker of `position` (one of ctx.positions): 'analyze'
 * (the exact method the answer policy names), 'search' (see needsSearch), 'estimate' (the
 * engine's, where nothing exact is in reach), or undefined (nothing more to be had). */
function askFor(position) {
  const g = ctx.game;
  const key = keyOf(position.lines);
  if (cached(key)) return needsSearch(position) ? 'search' : undefined;
  if (estimated(key)) return undefined;
  const method = answerMethod(g.board, g.predrawn, position.lines, session.book?.depth, 'browser');
  if (method === 'estimate') return 'estimate';
  if (failure(key)) return undefined;
  // The handover's solve of a subgame, chains as pseudo-lines and the search take seconds:
  // asked after the position on the board (nextAsk).
  return canAnalyze(g, position.lines) || ['subgame', 'pseudo', 'search'].includes(method) ? 'analyze' : undefined;
}

/** The next question for the worker, {position, ask} (as askFor), or undefined: first the
 * positions answered at once (a book, in memory, a stored solve); then, once the position on
 * the board has its answer (the game asks for it, app.js: it never waits behind these), the
 * exact ones that take a second or more (the handover's solve of a subgame, chains as
 * pseudo-lines, the search), the
 * searches where those left scores unproven, and the engine's estimates; of each kind the
 * line shown's positions first, then the variations'. */
function nextAsk(g) {
  const now = ctx.positions.find(({ lines }) => !cached(keyOf(lines)) && !failure(keyOf(lines)) && canAnalyze(g, lines));
  if (now !== undefined) return { position: now, ask: 'analyze' };
  const shown = positionKey(g.board, g.predrawn, g.lines);
  if (!g.isOver() && !cached(shown) && !estimated(shown)) return undefined;
  // In a game against the engine, going on at the end of its line, a search (up to the
  // policy's second) would hold the worker when the next reply is asked for: the searches
  // wait until the game ends or an earlier position is shown.
  const playing = !g.isOver() && !g.canRedo() && [0, 1].some(isEngine);
  const asks = ctx.positions.map(askFor);
  for (const ask of playing ? ['analyze', 'estimate'] : ['analyze', 'search', 'estimate']) {
    const i = asks.indexOf(ask);
    if (i !== -1) return { position: ctx.positions[i], ask };
  }
  return undefined;
}

/** Whether the line shown ends in a finished game (whatever position of it is shown). */
const lineFinished = (g) => ctx.plies.length > 0 && g.open === ctx.plies.length - g.ply;

/** The position the review of a finished game searches next, or undefined: of the line shown's
 * positions that only the engine estimated, within the policy's deepSearchMaxOpen, not
 * searched yet, the one with the fewest open lines (the quickest, and the one the losses of
 * the moves around it wait for). */
function reviewTarget(g) {
  if (!lineFinished(g)) return undefined;
  const { deepSearchMaxOpen } = answerBudget();
  const last = ctx.plies.length;
  for (let k = last - 1; k >= 0; k--) {
    const key = keyAt(k);
    if (last - k > deepSearchMaxOpen) return undefined;
    if (!cached(key) && estimated(key) && !ctx.reviewed.has(key)) return ctx.positions[k];
  }
  return undefined;
}

/** Searches `position` (reviewTarget) to the end, saying so under the move list meanwhile. */
async function review(g, position) {
  const key = keyOf(position.lines);
  ctx.reviewed.add(key);
  const open = ctx.plies.length - position.ply;
  const note = $('review');
  note.textContent = `Working out exactly what the engine only estimated, from the end of the game back: the position after move ${position.ply} (${open} open lines)…`;
  note.hidden = false;
  try {
    const analysis = await reviewSearch(g.board, g.predrawn, position.lines);
    if (analysis) found(key, analysis);
    // Stopped before it ended (another game or line): searched again when this line is back.
    if (analysis === undefined) ctx.reviewed.delete(key);
  } finally {
    note.hidden = true;
  }
}

/** Asks the worker, one position at a time, for the analyses of the line shown and its
 * variations not known yet (nextAsk), so that a game loaded or set up gets its losses and
 * graph (exact, else estimated) too, not only a game played here move by move; once the
 * line is finished, the positions only estimated are searched to the end (review). */
async function fill() {
  if (ctx.filling) return;
  ctx.filling = true;
  try {
    for (;;) {
      // The search the person asked for has every core, the engine's reply the worker: these
      // wait until they end.
      await searchEnded();
      await replyEnded();
      const g = ctx.game;
      const next = nextAsk(g);
      if (!next) {
        const target = reviewTarget(g);
        if (!target) return;
        await review(g, target);
        if (ctx.game === g) draw();
        continue;
      }
      const { lines } = next.position;
      // Keyed now: a new game may free `g` while the worker answers.
      const key = positionKey(g.board, g.predrawn, lines);
      try {
        // Background work: its progress is not the game's bar (quiet).
        if (next.ask === 'analyze') await analysisOf(client, g.board, g.predrawn, lines, true);
        else if (next.ask === 'search') await searchOf(client, g.board, g.predrawn, lines, true);
        else await estimateOf(client, g.board, g.predrawn, lines, undefined, undefined, true);
      } catch {
        // Not solved yet, or the worker gave no estimate: try again on a later render.
        if (next.ask === 'estimate' || !failure(key)) return;
      }
      if (ctx.game === g) draw();
    }
  } finally {
    ctx.filling = false;
  }
}

// ---- Best line -------------------------------------------------------------------------

async function renderBestLine() {
  const out = $('best-line');
  const g = ctx.game;
  out.hidden = !ctx.bestLine.shown;
  $('best-line-toggle').setAttribute('aria-expanded', String(ctx.bestLine.shown));
  if (!ctx.bestLine.shown) return;
  const position = positionKey(g.board, g.predrawn, g.lines);
  // A line found from the engine's estimate is found again once the position's exact
  // analysis comes (the search asked for, a book back online): its value and first move may
  // well differ.
  const key = cached(position) ? position : `${position} estimated`;
  if (ctx.bestLine.key === key) return;
  ctx.bestLine.key = key;
  if (g.isOver()) {
    out.removeAttribute('aria-busy');
    out.textContent = 'The game is over.';
    out.dataset.lines = '';
    return;
  }
  out.textContent = 'Finding the best line…';
  delete out.dataset.lines;
  delete out.dataset.exact;
  // A live region (L leaves the focus where it was): said once the line is complete, not at
  // every move found.
  out.setAttribute('aria-busy', 'true');
  const turn = g.turn;
  // Move by move, each a request of its own: the game's requests (the engine's reply) wait
  // at most one move of the line, and a line the game has moved on from is left unfinished.
  const line = new Game(g.board, g.predrawn);
  try {
    // g.lines is the set of lines drawn, in line order: replayed so, the turn may differ from
    // the game's (a box taken earlier or later keeps the turn with another player), so who
    // moves along the line is counted from the replay's own turn at its start.
    line.playAll(g.lines);
    const start = line.turn;
    const moves = [];
    let value = null;
    while (!line.isOver()) {
      await replyEnded();
      if (ctx.bestLine.key !== key) return;
      // A position the page knows exactly (among them those only the search asked for in a
      // worker of its own has solved) gives a proven best move of its own; from the position
      // shown with only the engine's estimate, its move and value are the estimate's the page
      // shows (the value line's), not a second estimate's.
      const exact = cached(positionKey(g.board, g.predrawn, line.lines));
      const seen = !moves.length && !exact ? estimated(position) : undefined;
      const step = exact
        ? bestStep(exact)
        : seen
          ? { line: seen.best, value: seen.value, exact: Boolean(seen.valueExact) }
          : await client.call(OP.bestMove, { board: g.board, predrawn: g.predrawn, lines: line.lines }, { quiet: true });
      if (ctx.bestLine.key !== key) return;
      if (!moves.length) value = step.value;
      const player = line.turn ^ start;
      const boxes = line.play(step.line);
      moves.push({ line: step.line, label: line.label(step.line), player, boxes, exact: step.exact });
      out.textContent = `Finding the best line… ${moves.length} ${moves.length === 1 ? 'move' : 'moves'} so far.`;
    }
    // The value may be known exactly where the line starts from estimates: by the move that
    // led here, as the value line says.
    const known = moves[0]?.exact === false ? provenValue(g) : null;
    // A move no exact answer reached (the engine's, by its estimate) is marked with ~.
    const shown = moves.map((m) => `${PLAYER[m.player ^ turn]} ${m.label}${m.exact ? '' : '~'}${m.boxes ? ` (+${m.boxes})` : ''}`);
    const guessed = moves.filter((m) => !m.exact).length;
    const note = guessed ? ` Moves marked ~ (${guessed} of ${shown.length}) are not exact: no exact answer is in reach there, so they are the engine's, by its estimates; the rest are best moves.` : '';
    const valueText = known ? `${fmt(known.value)}, ${known.by}` : value === null ? 'not known' : moves[0]?.exact === false ? `estimated ${fmtEstimate(value)}, not exact` : fmt(value);
    // Each move a button showing the position after it, the line then the one shown (the old
    // one a variation), to step through with ←/→ as any line: a class can follow it.
    // The whole line is loaded whichever move is clicked, so → goes on along it from there.
    const played = ctx.plies.slice(0, g.ply).map((p) => p.line);
    const whole = [...played, ...moves.map((m) => m.line)];
    const buttons = shown.map((text, k) => {
      const button = document.createElement('button');
      Object.assign(button, { type: 'button', tabIndex: -1, className: 'line-move', textContent: text });
      Object.assign(button.dataset, { moves: whole.join(','), at: played.length + k + 1 });
      // In words: a screen reader does not speak "~" (nor "+2" as boxes taken).
      const m = moves[k];
      const said = `${PLAYER[m.player ^ turn]} ${m.label}${m.boxes ? `, taking ${boxes(m.boxes)}` : ''}${m.exact ? '' : ', estimated (not exact)'}`;
      button.setAttribute('aria-label', `show the best line to move ${k + 1}: ${said}`);
      button.onclick = () => ctx.showLine(whole, played.length + k + 1);
      return button;
    });
    out.replaceChildren(`Best line (${PLAYER[turn]} to move, value ${valueText}): `, ...buttons.flatMap((b, k) => (k ? [', ', b] : [b])), `.${note}`);
    out.dataset.lines = moves.map((m) => m.line).join(',');
    out.dataset.exact = moves.map((m) => (m.exact ? 1 : 0)).join(',');
  } catch (e) {
    if (ctx.bestLine.key === key) out.textContent = `No best line here: ${e.message}`;
  } finally {
    if (ctx.bestLine.key === key) out.removeAttribute('aria-busy');
    line.free();
  }
}

export function toggleBestLine() {
  ctx.bestLine.shown = !ctx.bestLine.shown;
  ctx.bestLine.key = null;
  renderBestLine();
}

// ---- Entry points ----------------------------------------------------------------------

function draw() {
  const at = ctx.game.ply;
  renderMoves(at);
  renderGraph(at);
}

/** Shows the analysis board for game `g` (called on every render of the game). */
export function renderAnalysis(g) {
  // The review is of one finished line: another game or line stops it.
  const line = g.mainline();
  if (ctx.game !== g || line.length !== ctx.plies.length || line.some((p, i) => p.line !== ctx.plies[i].line)) stopReview();
  ctx.game = g;
  ctx.plies = line;
  addLine(ctx.plies.map((p) => p.line));
  ctx.variations = variationsOf(g, ctx.plies);
  ctx.positions = positionsOf(ctx.plies, ctx.variations);
  draw();
  renderBestLine();
  fill();
}

/**
 * The verdict on the last move a person played up to the position shown (the engine's own
 * moves skipped), in words, from the move list's loss of it: a best move, or what it loses
 * against the best. With scores off it checks the answer to a position asked as a question
 * without giving the answer away: which move is best stays hidden until another try (Undo), a
 * hint or the scores.
 */
export function moveVerdict() {
  let k = ctx.game.ply;
  while (k > 0 && isEngine(ctx.plies[k - 1].player)) k -= 1;
  if (k === 0) return 'Nothing to check: no move has been played from this position yet.';
  const p = ctx.plies[k - 1];
  const { loss, guess } = lossView(ctx.positions[k - 1], p);
  const move = `Move ${k}, ${PLAYER[p.player]} ${p.label}`;
  if (loss === 0) return `${move}: a best move.`;
  if (loss !== null) return `${move}: it loses ${boxes(loss)} against the best move. Undo it (U) and try another, or ask for a hint (H).`;
  if (guess !== null) return `${move}: no exact score to check it against; by the engine's estimate (not exact) it loses about ${guess.toFixed(1)}.`;
  return `${move}: not checked yet, as the position before it has no exact scores so far.`;
}

/** Steps along the main line: 'first', 'prev', 'next' or 'last'. */
export function navigate(where) {
  const g = ctx.game;
  const n = ctx.plies.length;
  const to = { first: 0, prev: g.ply - 1, next: g.ply + 1, last: n }[where];
  if (to >= 0 && to <= n && to !== g.ply) ctx.goTo(to);
}

export function initAnalysis({ goTo, showLine }) {
  Object.assign(ctx, { goTo, showLine });
  $('nav-first').onclick = () => navigate('first');
  $('nav-prev').onclick = () => navigate('prev');
  $('nav-next').onclick = () => navigate('next');
  $('nav-last').onclick = () => navigate('last');
  $('graph').addEventListener('click', onGraphClick);
  $('best-line-toggle').onclick = toggleBestLine;
}
