// The SVG board: dots, drawn lines, taken boxes, and each open line with its score.
// Open lines are buttons (roving tabindex); arrow keys move between them.

const NS = 'http://www.w3.org/2000/svg';

function el(name, attrs, parent) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  parent?.appendChild(node);
  return node;
}

const fmt = (score) => (score > 0 ? `+${score}` : `${score}`);

/** Midpoint of a line in board units (dot (r, c) sits at x = c, y = r). */
export function midpoint(shape) {
  return { x: (shape.a[1] + shape.b[1]) / 2, y: (shape.a[0] + shape.b[0]) / 2 };
}

/**
 * Draws the board into `svg`.
 * view: {geometry, drawn: Set, last, analysis: {value, moves} | null, boxes: [{row, col, player}],
 *        showScores, cursor, hint, interactive, onPlay(line), onCursor(line)}
 */
export function renderBoard(svg, view) {
  const { rows, cols, lines } = view.geometry;
  svg.replaceChildren();
  svg.setAttribute('viewBox', `-0.45 -0.45 ${cols + 0.9} ${rows + 0.9}`);
  const scores = new Map((view.analysis?.moves ?? []).map((m) => [m.line, m.score]));
  const best = view.analysis?.value;

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
    el('line', { class: `line ${cls}`, x1: shape.a[1], y1: shape.a[0], x2: shape.b[1], y2: shape.b[0], 'stroke-width': 0.07 }, svg);
  }
  for (const shape of lines) {
    if (view.drawn.has(shape.line)) continue;
    const score = scores.get(shape.line);
    const isBest = score !== undefined && score === best;
    const g = el('g', {
      class: `move${view.cursor === shape.line ? ' cursor' : ''}${view.hint === shape.line ? ' hinted' : ''}`,
      'data-line': shape.line,
      'data-score': score ?? '',
      'data-best': isBest ? '1' : '0',
      role: 'button',
      tabindex: view.cursor === shape.line ? 0 : -1,
      'aria-label': `line ${shape.line}${score === undefined || !view.showScores ? '' : `, score ${fmt(score)}${isBest ? ', best' : ''}`}`,
    }, svg);
    const coords = { x1: shape.a[1], y1: shape.a[0], x2: shape.b[1], y2: shape.b[0] };
    el('line', { class: `line open${isBest && view.showScores ? ' best' : ''}`, ...coords, 'stroke-width': 0.06 }, g);
    el('line', { class: 'hit', ...coords, 'stroke-width': 0.34 }, g);
    if (view.showScores && score !== undefined) {
      const { x, y } = midpoint(shape);
      const t = el('text', { class: `score ${isBest ? 'best' : 'worse'}`, x, y, 'font-size': 0.24, 'stroke-width': 0.06 }, g);
      t.textContent = fmt(score);
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

/** The open line nearest to `from` in direction (dx, dy), or `from` if none. */
export function step(geometry, open, from, dx, dy) {
  const shapes = geometry.lines.filter((s) => open.has(s.line));
  if (shapes.length === 0) return null;
  const current = geometry.lines.find((s) => s.line === from && open.has(s.line));
  if (!current) return shapes[0].line;
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
