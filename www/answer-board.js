// A small board answered by picking one line: the puzzles' and the Learn course's. The
// position is fixed (drawn from its lines, not played), the arrow keys move a cursor among
// the open lines and Enter or Space answers with it.
import { Game } from './pkg/dotbox.js';
import { step } from './board.js';
import { ARROWS } from './ui.js';

/**
 * The drawing of `lines` on `board`: `{geometry, boxes}`. Every line is given to the game as
 * pre-drawn, so it only supplies the geometry and the completed boxes; the lines are then
 * drawn as ordinary ones (the position is the question, not a board's pre-drawn border).
 */
export function diagramOf(board, lines) {
  const game = new Game(board, lines.join(','));
  const geometry = game.geometry();
  for (const s of geometry.lines) s.predrawn = false;
  const boxes = game.takenBoxes();
  game.free();
  return { geometry, boxes };
}

/**
 * The keydown handler of the answer board `svg`. `state` holds `{geometry, cursor, answer}`;
 * `lines()` are the position's drawn lines, `render()` redraws and `pick(line)` answers. Once
 * answered the arrows still walk the lines, each read with its score, and Enter does nothing.
 * The page's own shortcuts never see these keys.
 */
export function answerKeys(svg, state, { lines, render, pick }) {
  return (e) => {
    e.stopPropagation();
    if (ARROWS[e.key]) {
      const drawn = new Set(lines());
      const open = new Set(state.geometry.lines.map((s) => s.line).filter((l) => !drawn.has(l)));
      state.cursor = step(state.geometry, open, state.cursor, ...ARROWS[e.key]);
      render();
      svg.querySelector(`g.move[data-line="${state.cursor}"]`)?.focus();
      e.preventDefault();
    } else if ((e.key === 'Enter' || e.key === ' ') && state.cursor !== null && state.answer === null) {
      pick(state.cursor);
      e.preventDefault();
    }
  };
}
