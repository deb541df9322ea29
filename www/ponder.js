// The engine thinking on the person's time (pondering). While the person is to move in a
// game against the engine and no exact answer is in reach, the worker estimates the
// positions after the person's best moves (by the estimate of the person's position), each
// in the policy's ponderSeconds, and keeps them with the page's other estimates
// (analyses.js). If the person moves to one, the engine's reply is ready at once, and made by
// a longer estimate than its own time for a move gives. The person's move stops it at once:
// the page sets a flag that the worker's engine reads while it thinks. That flag is shared
// memory (a SharedArrayBuffer), so the engine ponders only in a cross-origin isolated page,
// where its threads run too.
import { Game, answerBudget, answerMethod } from './pkg/dotbox.js';
import { session, client, isEngine } from './session.js';
import { estimateOf } from './analyses.js';

const stop = self.crossOriginIsolated ? new Int32Array(new SharedArrayBuffer(4)) : null;
let round = 0; // the latest pondering begun: an older one gives up

/** Stops the engine thinking on the person's time: the person moved, or the game changed. */
export function stopPondering() {
  round++;
  if (stop) Atomics.store(stop, 0, 1);
}

/** The lines of the position after `line` from the position `lines` of `g`'s board, or null
 * where the line takes a box (the person then moves again). */
function after(g, lines, line) {
  const probe = new Game(g.board, g.predrawn);
  try {
    probe.playAll(lines);
    return probe.play(line) ? null : probe.lines;
  } finally {
    probe.free();
  }
}

/**
 * Thinks on the person's time at the position `lines` of game `g`, the person to move there
 * against the engine and `estimate` the engine's estimate of it: the positions after the
 * person's best `ponderMoves` moves, best first, that only an estimate reaches.
 */
export async function ponder(g, lines, estimate) {
  const { ponderSeconds, ponderMoves } = answerBudget();
  const against = !g.isOver() && !g.canRedo() && !isEngine(g.turn) && isEngine(1 - g.turn);
  if (!stop || !ponderMoves || !against) return;
  const mine = ++round;
  // Every earlier pondering has ended: the worker answered the person's position after it.
  Atomics.store(stop, 0, 0);
  const best = [...estimate.moves].sort((a, b) => b.score - a.score);
  let thought = 0;
  for (const { line } of best) {
    if (thought === ponderMoves || mine !== round || session.game !== g) return;
    const next = after(g, lines, line);
    if (next === null || answerMethod(g.board, g.predrawn, next, session.book?.depth, 'browser') !== 'estimate') continue;
    thought++;
    try {
      await estimateOf(client, g.board, g.predrawn, next, ponderSeconds, stop, true);
    } catch {
      return;
    }
  }
}
