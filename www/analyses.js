// The exact analyses the page has seen, one per position, shared by the game (app.js), the
// move list and graph (analysis.js) and the coach (coach.js), so no position is asked twice;
// and, kept apart so that they are never taken for exact ones, the engine's estimates of
// positions no exact method reached.
//
// Positions are keyed by positionKey (position-key.js).
import { OP, ERROR } from './protocol.js';
import { positionKey } from './position-key.js';

const known = new Map(); // key -> {value, moves: [{line, score}], ...}
const failed = new Map(); // key -> why the worker gave no exact scores
const estimates = new Map(); // key -> the engine's estimate {value, moves, best, exact: false}

/** Remembers `analysis` for a position. */
export function remember(key, analysis) {
  known.set(key, analysis);
  failed.delete(key);
}

/** The analysis seen for a position, or undefined. */
export const cached = (key) => known.get(key);

/** Why the worker could not analyse a position, or undefined. */
export const failure = (key) => failed.get(key);

/**
 * The analysis of the position with `lines` drawn: from the cache, or asked of the worker
 * (`client`) and remembered. A refusal is remembered too and rethrown.
 */
export async function analysisOf(client, board, predrawn, lines) {
  const key = positionKey(board, predrawn, lines);
  if (known.has(key)) return known.get(key);
  try {
    const analysis = await client.call(OP.analyze, { board, predrawn, lines });
    remember(key, analysis);
    return analysis;
  } catch (e) {
    // ERROR.unsolved can change (a solve finishes): not remembered.
    if (e.code !== ERROR.unsolved && e.code !== ERROR.damaged) failed.set(key, e.message);
    throw e;
  }
}

/** Forgets every refusal (a solve finished, so positions may be answered now). */
export function forgetFailures() {
  failed.clear();
}

/** Remembers the engine's estimate of a position (never exact). */
export function rememberEstimate(key, estimate) {
  estimates.set(key, estimate);
}

/** The engine's estimate seen for a position, or undefined. */
export const estimated = (key) => estimates.get(key);
