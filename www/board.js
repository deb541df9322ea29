// The SVG board: dots, drawn lines, taken boxes, and each open line with its score.
// Open lines are buttons (roving tabindex); arrow keys move between them.

import { PLAYER, fmt, fmtEstimate, svgEl as el } from './ui.js';

/** Midpoint of a line in board units (dot (r, c) sits at x = c, y = r). */
function midpoint(shape) {
  return { x: (shape.a[1] + shape.b[1]) / 2, y: (shape.a[0] + shape.b[0]) / 2 };
}

/** The lines a click or Enter plays: the open ones, and while setting up the drawn ones it
 * erases (`erasable`). One rule for the board's buttons and the keyboard's cursor. */
export function clickableLines(geometry, drawn, erasable) {
  return new Set(geometry.lines.map((s) => s.line).filter((l) => !drawn.has(l) || erasable.has(l)));
}

/**
 * Draws the board into `svg`.
 * view: {geometry, drawn: Set, last, analysis: {value, moves} | null (exact scores; but
 *        where chains as pseudo-lines answered, the scores of its `unproven` lines are not
 *        proven (upper bounds): marked ~, data-unproven, never best),
 *        estimate: {best, moves, valueExact} | null (the engine's estimates, shown only
 *        without an analysis: marked ~, styled apart, in data-estimate, never in data-score;
 *        a move whose score the engine proved (exact: true) is shown as the exact score it
 *        is, in data-score, and as best where the value is proven too),
 *        boxes: [{row, col, player}],
 *        showScores, showLabels (dot coordinates on the edges), cursor, hint,
 *        marked: {line, cls} | null (a class for one open line), interactive, onPlay(line),
 *        onCursor(line), boardStop,
 *        erasable: Set of drawn lines that are buttons too (setting up: a click erases them)}
 * Keyboard: the cursor's line, or else the first open line, is the board's one tab stop;
 * with `boardStop` (the answer boards, focusable themselves) no line is.
 */
export function renderBoard(svg, view) {
  const { rows, cols, lines } = view.geometry;
  svg.replaceChildren();
  const edge = view.showLabels ? 0.75 : 0.45;
  svg.setAttribute('viewBox', `${-edge} -0.45 ${cols + 0.45 + edge} ${rows + 0.45 + edge}`);
  if (view.showLabels) drawCoordinates(svg, view.geometry);
  const erasable = view.erasable ?? new Set();
  const clickable = clickableLines(view.geometry, view.drawn, erasable);
  const tabStop = clickable.has(view.cursor) ? view.cursor : lines.find((s) => clickable.has(s.line))?.line;
  const scores = new Map((view.analysis?.moves ?? []).map((m) => [m.line, m.score]));
  const best = view.analysis?.value;
  const unproven = new Set(view.analysis?.unproven ?? []);
  const estimated = view.analysis ? [] : view.estimate?.moves ?? [];
  const guesses = new Map(estimated.filter((m) => !m.exact).map((m) => [m.line, m.score]));
  const proven = new Map(estimated.filter((m) => m.exact).map((m) => [m.line, Math.round(m.score)]));
  const provenBest = view.estimate?.valueExact ? Math.round(view.estimate.value) : null;
  const gives = boxesGiven(view.geometry, view.drawn);

  for (const b of view.boxes) {
    const cls = b.player === null || b.player === undefined ? 'none' : `p${b.player}`;
    el('rect', { class: `box ${cls}`, x: b.col + 0.04, y: b.row + 0.04, width: 0.92, height: 0.92 }, svg);
    if (cls !== 'none') {
      const t = el('text', { class: `box-label ${cls}`, x: b.col + 0.5, y: b.row + 0.5, 'font-size': 0.3 }, svg);
      t.textContent = b.player === 0 ? 'A' : 'B';
    }
  }
  for (const shape of lines) {
    if (!view.drawn.has(shape.line)) continue;
    const cls = shape.predrawn ? 'predrawn' : view.last === shape.line ? 'drawn last' : 'drawn';
    const coords = { x1: shape.a[1], y1: shape.a[0], x2: shape.b[1], y2: shape.b[0] };
    if (!erasable.has(shape.line)) {
      el('line', { class: `line ${cls}`, ...coords, 'stroke-width': 0.07 }, svg);
      continue;
    }
    // Setting up: a drawn line is a button too, which erases it.
    const g = el('g', {
      class: `move erasable${view.cursor === shape.line ? ' cursor' : ''}`,
      'data-line': shape.line,
      role: 'button',
      tabindex: !view.boardStop && tabStop === shape.line ? 0 : -1,
      'aria-label': `line ${shape.label}, drawn: erase it`,
    }, svg);
    el('line', { class: `line ${cls}`, ...coords, 'stroke-width': 0.07 }, g);
    el('line', { class: 'hit', ...coords, 'stroke-width': 0.44 }, g);
    g.addEventListener('click', () => view.onPlay(shape.line));
    g.addEventListener('focus', () => view.onCursor(shape.line));
  }
  for (const shape of lines) {
    if (view.drawn.has(shape.line)) continue;
    const score = scores.get(shape.line) ?? proven.get(shape.line);
    const doubt = unproven.has(shape.line);
    const isBest = !doubt && score !== undefined && score === (scores.has(shape.line) ? best : provenBest);
    const guess = guesses.get(shape.line);
    const isPick = view.estimate?.best === shape.line && !view.analysis;
    const said = doubt ? `, score ~${fmt(score)} (not proven exact)`
      : score !== undefined ? `, score ${fmt(score)}${isBest ? ', best' : ''}${proven.has(shape.line) ? ' (exact: proven by the engine\'s search)' : ''}`
      : guess !== undefined ? `, estimated score ${fmtEstimate(guess)} (not exact)${isPick ? ', the engine\'s choice' : ''}` : '';
    const g = el('g', {
      class: `move${view.cursor === shape.line ? ' cursor' : ''}${view.hint === shape.line ? ' hinted' : ''}${view.marked?.line === shape.line ? ` ${view.marked.cls}` : ''}`,
      'data-line': shape.line,
      'data-score': score ?? '',
      'data-estimate': guess === undefined ? '' : guess.toFixed(2),
      'data-best': isBest ? '1' : '0',
      'data-unproven': doubt ? '1' : '',
      role: 'button',
      // An answer board is itself the one tab stop (its arrows move among the lines).
      tabindex: !view.boardStop && tabStop === shape.line ? 0 : -1,
      // Not playable now (the engine's turn, an answer given): said so, not a dead button.
      ...(view.interactive ? {} : { 'aria-disabled': 'true' }),
      'aria-label': `line ${shape.label}${gives.get(shape.line) ?? ''}${view.showScores ? said : ''}`,
    }, svg);
    const coords = { x1: shape.a[1], y1: shape.a[0], x2: shape.b[1], y2: shape.b[0] };
    el('line', { class: `line open${isBest && view.showScores ? ' best' : ''}`, ...coords, 'stroke-width': 0.06 }, g);
    // At least 24 CSS px wide on a phone (5x5 at 360 px: 55 px a box), clear of the parallel
    // lines a box away.
    el('line', { class: 'hit', ...coords, 'stroke-width': 0.44 }, g);
    if (view.showScores && score !== undefined) {
      const { x, y } = midpoint(shape);
      // A proven score beside estimates is worse than the best only where the value is known.
      const rank = doubt ? 'estimate' : isBest ? 'best' : proven.has(shape.line) && provenBest === null ? 'proven' : 'worse';
      const t = el('text', { class: `score ${rank}`, x, y, 'font-size': doubt ? 0.2 : 0.24, 'stroke-width': doubt ? 0.16 : 0.06, 'stroke-linejoin': 'round' }, g);
      t.textContent = doubt ? `~${fmt(score)}` : fmt(score);
    } else if (view.showScores && guess !== undefined) {
      const { x, y } = midpoint(shape);
      // A wider halo than the exact scores' (0.16 against 0.06): the thin italic digits and the
      // point would let the dashed line show through between them ("~-2.5" read "~-2:5").
      const t = el('text', { class: `score estimate${isPick ? ' pick' : ''}`, x, y, 'font-size': 0.2, 'stroke-width': 0.16, 'stroke-linejoin': 'round' }, g);
      t.textContent = fmtEstimate(guess);
    }
    if (view.interactive) {
      g.addEventListener('click', () => view.onPlay(shape.line));
      g.addEventListener('focus', () => view.onCursor(shape.line));
    }
  }
  for (let r = 0; r <= rows; r++) {
    for (let c = 0; c <= cols; c++) el('circle', { class: 'dot', cx: c, cy: r, r: 0.07 }, svg);
  }
}

/**
 * The board in words, for its accessible description: the lines drawn and the boxes taken,
 * by whom, as the board's coordinates name them (what the eye reads off the board; each open
 * line's name says what drawing it does). view: as renderBoard's.
 */
export function describeBoard({ geometry, drawn, boxes }) {
  const drawnLines = geometry.lines.filter((s) => drawn.has(s.line));
  const lines = drawnLines.length
    ? `${drawnLines.length} of ${geometry.lines.length} lines drawn: ${drawnLines.map((s) => `${s.label}${s.predrawn ? ' (pre-drawn)' : ''}`).join(', ')}.`
    : `No line drawn (${geometry.lines.length} open).`;
  const name = (b) => geometry.boxes[b.row * geometry.cols + b.col].label;
  const owned = (player) => boxes.filter((b) => (b.player ?? null) === player).map(name);
  const taken = [0, 1].map((p) => [PLAYER[p], owned(p)]).filter(([, names]) => names.length)
    .map(([who, names]) => `${who} has ${names.join(', ')}`);
  const before = owned(null);
  if (before.length) taken.push(`the pre-drawn lines completed ${before.join(', ')}`);
  return `${lines} ${taken.length ? `Boxes: ${taken.join('; ')}.` : 'No box taken.'}`;
}

/**
 * What drawing each open line does to the boxes beside it, in words for its name (what the
 * eye sees on the board, said to a screen reader): `, completes box a1b2` (or two boxes),
 * `, gives box a1b2 its third side`; nothing for a line that does neither. Each line's boxes,
 * their sides and their labels are the core's (`Game.geometry()`).
 */
function boxesGiven({ lines, boxes }, drawn) {
  const said = new Map();
  for (const s of lines) {
    if (drawn.has(s.line)) continue;
    const after = s.boxes.map((b) => [boxes[b].label, boxes[b].sides.filter((l) => drawn.has(l)).length + 1]);
    const completed = after.filter(([, n]) => n === 4).map(([label]) => label);
    const third = after.filter(([, n]) => n === 3).map(([label]) => label);
    const parts = [];
    if (completed.length) parts.push(`completes ${completed.length > 1 ? 'boxes' : 'box'} ${completed.join(' and ')}`);
    if (third.length) parts.push(`gives ${third.length > 1 ? 'boxes' : 'box'} ${third.join(' and ')} ${third.length > 1 ? 'their' : 'its'} third side`);
    if (parts.length) said.set(s.line, `, ${parts.join(', ')}`);
  }
  return said;
}

/** Column letters under the board and row numbers on its left: the coordinates of the line
 * labels (a1b1), from the geometry. */
function drawCoordinates(svg, { rows, columnLabels, rowLabels }) {
  columnLabels.forEach((text, c) => {
    el('text', { class: 'coord', x: c, y: rows + 0.42, 'font-size': 0.2 }, svg).textContent = text;
  });
  rowLabels.forEach((text, r) => {
    el('text', { class: 'coord', x: -0.45, y: r, 'font-size': 0.2 }, svg).textContent = text;
  });
}

/** The open line nearest `from` (a line just drawn, say), by their midpoints, the first in
 * reading order among equals; the first open line where `from` is not on the board. */
export function nearest(geometry, open, from) {
  const at = geometry.lines.find((s) => s.line === from);
  const p = at ? midpoint(at) : null;
  const ranked = geometry.lines.filter((s) => open.has(s.line)).map((s) => {
    const m = midpoint(s);
    return { line: s.line, d: p ? Math.hypot(m.x - p.x, m.y - p.y) : 0, y: m.y, x: m.x };
  }).sort((a, b) => a.d - b.d || a.y - b.y || a.x - b.x);
  return ranked[0]?.line ?? null;
}

/**
 * The open line the arrow (dx, dy) moves the cursor to from `from`, or `from` if none.
 * ←/→ step through the open lines in reading order (by the midpoint's row, then column), so
 * every open line is reachable, whatever the position; ↑/↓ go to the nearest open line
 * above or below. With no cursor yet, → and ↓ (and selecting, (0, 0)) start at the first open
 * line in reading order, ← and ↑ at the last, so that → alone then walks every open line.
 */
export function step(geometry, open, from, dx, dy) {
  const shapes = geometry.lines.filter((s) => open.has(s.line));
  if (shapes.length === 0) return null;
  const order = shapes
    .map((s) => ({ line: s.line, m: midpoint(s) }))
    .sort((a, b) => a.m.y - b.m.y || a.m.x - b.m.x);
  const current = geometry.lines.find((s) => s.line === from && open.has(s.line));
  if (!current) return (dx < 0 || dy < 0 ? order.at(-1) : order[0]).line;
  if (dy === 0) {
    const at = order.findIndex((s) => s.line === from);
    return order[Math.min(order.length - 1, Math.max(0, at + Math.sign(dx)))].line;
  }
  const p = midpoint(current);
  let bestLine = from;
  let bestCost = Infinity;
  for (const s of shapes) {
    const q = midpoint(s);
    const along = (q.x - p.x) * dx + (q.y - p.y) * dy;
    if (along <= 0.01) continue;
    const across = Math.abs((q.x - p.x) * dy - (q.y - p.y) * dx);
    const cost = along + 2 * across;
    if (cost < bestCost) {
      bestCost = cost;
      bestLine = s.line;
    }
  }
  return bestLine;
}
