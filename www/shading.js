// The chains and loops shaded under a board's lines (the coach's overlay and Learn's boards):
// one class a kind, which the legend's swatches share (coach.css colours them).
import { svgEl } from './ui.js';

/** The class naming a component's kind on the board and in the legend: a chain closing into
 * a loop at its junction is shown as the loop it counts as. */
export function kindClass(c) {
  if (c.kind === 'chain') return c.loop ? 'loop' : c.long ? 'long' : 'short';
  return c.kind;
}

/** Shades the boxes of each component of `components` (chainsReport's) under `svg`'s lines. */
export function shadeComponents(svg, components) {
  const first = svg.firstChild;
  for (const c of components) {
    for (const [row, col] of c.boxes) {
      svg.insertBefore(svgEl('rect', { class: `coach box-kind ${kindClass(c)}`, x: col + 0.06, y: row + 0.06, width: 0.88, height: 0.88, rx: 0.08 }), first);
    }
  }
}
