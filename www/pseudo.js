// Chains as pseudo-lines in the page: where the worker answered a position by collapsing its
// chains (source 'pseudo', see worker.js and src/wasm/pseudo.rs), each collapsed chain is
// drawn on the board as a coloured path through its boxes, numbered, and the coach's panel
// names it by the board's labels, says which chain to enter or take (or to keep closed), and
// says in words which scores the reduction does not prove exact.
//
// It follows the game through the session like the coach: after every render it reads the
// analysis of the position shown and redraws.
import { session, wasmReady, onRender } from './session.js';
import { bestMoves } from './proven.js';
import { $, PLAYER, fmt, plural, boxes, svgEl } from './ui.js';

/** Colours cycle through this many classes (`pseudo-c0` …), named in www/coach.css. */
const COLOURS = 6;

/** The analysis of the position shown when it came from pseudo-lines, else null. */
function pseudoAnalysis(g) {
  const a = session.analysisFor === g.lines ? session.analysis : null;
  return a?.source === 'pseudo' ? a : null;
}

/** A path through the chain's box centres (closed for a loop), with its number at the first box. */
function drawChain(svg, chain, i, before) {
  const points = chain.boxes.map(([r, c]) => `${c + 0.5},${r + 0.5}`).join(' ');
  const cls = `pseudo pseudo-c${i % COLOURS}`;
  const path = svgEl(chain.kind === 'loop' ? 'polygon' : 'polyline', { class: `${cls} pseudo-path`, points, 'stroke-width': 0.16, 'data-chain': i + 1 });
  svg.insertBefore(path, before);
  const [r, c] = chain.boxes[0];
  svgEl('circle', { class: `${cls} pseudo-tag`, cx: c + 0.5, cy: r + 0.5, r: 0.17 }, svg);
  const t = svgEl('text', { class: `${cls} pseudo-number`, x: c + 0.5, y: r + 0.5, 'font-size': 0.22 }, svg);
  t.textContent = String(i + 1);
}

/** Marks each open line of a chain with its number (class and label), as the legend names it. */
function markLines(svg, chains) {
  chains.forEach((chain, i) => {
    for (const line of chain.lines) {
      const g = svg.querySelector(`g.move[data-line="${line}"]`);
      if (!g) continue;
      g.classList.add('in-chain');
      g.dataset.chain = i + 1;
      const label = g.getAttribute('aria-label') ?? '';
      if (!label.includes(', chain ')) g.setAttribute('aria-label', `${label}, chain ${i + 1}`);
    }
  });
}

/** What the reduction proves, in words. */
function exactness(a, g) {
  const unproven = a.unproven.map((l) => g.label(l)).join(', ');
  if (unproven) {
    return `The value is exact. The scores of ${unproven} are upper bounds only: they enter a chain while a box stands capturable, and the chain player may take that box before declining.`;
  }
  return 'Exact: every collapsed chain ends on the ground at both ends or is a loop, so once entered some best line of play fills it first.';
}

/** The score of `line` as the reduction gives it: marked ~ where it does not prove it. */
function scoreText(a, line) {
  const score = a.moves.find((m) => m.line === line)?.score;
  return `${a.unproven.includes(line) ? '~' : ''}${fmt(score)}`;
}

/** The best move in chain terms: which chain to enter or take, or to keep the chains closed. */
function advice(a, g) {
  const mover = PLAYER[g.turn];
  const chains = a.reduction.chains;
  const scoreOf = (line) => a.moves.find((m) => m.line === line)?.score;
  const chainOf = (line) => chains.findIndex((c) => c.lines.includes(line));
  // A move whose score is only an upper bound may equal the value and still be worse.
  const best = bestMoves(a).map((m) => m.line);
  const inChains = [...new Set(best.map(chainOf).filter((i) => i >= 0))];
  const outside = best.filter((l) => chainOf(l) < 0);
  const parts = inChains.map((i) => {
    const c = chains[i];
    const verb = c.enters ? 'enter' : 'take';
    const what = c.enters ? `handing its ${boxes(c.boxes.length)} to the opponent` : `taking its ${boxes(c.boxes.length)}`;
    return `${verb} chain ${i + 1} (any of its lines), ${what}`;
  });
  if (outside.length) parts.push(`draw ${outside.map((l) => g.label(l)).join(' or ')}, outside the chains`);
  const entering = chains.map((c, i) => ({ i, line: c.lines[0], score: scoreOf(c.lines[0]) })).filter(({ i }) => chains[i].enters);
  const most = entering.reduce((a, e) => (e.score > a.score ? e : a), entering[0]);
  const control = entering.length && !inChains.some((i) => chains[i].enters)
    ? ` Entering a chain now scores at most ${scoreText(a, most.line)}: ${mover} keeps the chains closed and leaves the first one to be entered by the opponent (control).`
    : '';
  return `Best for ${mover} (value ${fmt(a.value)}): ${parts.join('; or ')}.${control}`;
}

function renderPanel(a, g) {
  const panel = $('coach-pseudo');
  panel.hidden = false;
  panel.dataset.exact = a.unproven.length ? '0' : '1';
  const { units, open, chains } = a.reduction;
  $('pseudo-summary').textContent = `With ${open} open lines this position is past the plain solve; each of its ${plural(chains.length, 'long chain or loop', 'long chains or loops')} is taken as one line (${units} units). A move inside a chain is scored as entering or taking the whole chain.`;
  const list = $('pseudo-chains');
  list.replaceChildren();
  chains.forEach((c, i) => {
    const li = document.createElement('li');
    li.dataset.chain = i + 1;
    const swatch = document.createElement('span');
    swatch.className = `swatch pseudo-c${i % COLOURS}`;
    swatch.setAttribute('aria-hidden', 'true');
    li.append(swatch, `Chain ${i + 1}: ${c.text}; lines ${c.lines.map((l) => g.label(l)).join(', ')}; drawing it scores ${scoreText(a, c.lines[0])}.`);
    list.append(li);
  });
  $('pseudo-advice').textContent = advice(a, g);
  $('pseudo-exact').textContent = exactness(a, g);
}

function refresh(g) {
  const a = pseudoAnalysis(g);
  const svg = $('svg');
  svg.querySelectorAll('.pseudo').forEach((n) => n.remove());
  if (!a || g.isOver()) {
    $('coach-pseudo').hidden = true;
    return;
  }
  const before = svg.querySelector('g.move');
  a.reduction.chains.forEach((c, i) => drawChain(svg, c, i, before));
  markLines(svg, a.reduction.chains);
  renderPanel(a, g);
}

wasmReady.then(() => {
  onRender(refresh);
  if (session.game) refresh(session.game);
});
