// The exact analyses the page has seen, one per position, shared by the game (app.js), the
// move list and graph (analysis.js) and the coach (coach.js), so no position is asked twice;
// and, kept apart so that they are never taken for exact ones, the engine's estimates of
// positions no exact method reached.
//
// Positions are keyed by positionKey (position-key.js).
import { OP, ERROR } from './protocol.js';
import { positionKey } from './position-key.js';
import { answerBudget } from './pkg/dotbox.js';
import { proven } from './proven.js';
import { Recent } from './recent.js';

const known = new Recent(); // key -> {value, moves: [{line, score}], ...}
const failed = new Recent(); // key -> why the worker gave no exact scores
const asking = new Map(); // key -> the worker's answer on its way (analysisOf)
const searched = new Recent(); // keys the exact search was asked for (searchOf) -> true
const estimates = new Recent(); // key -> the engine's estimate {value, moves, best, exact: false}
const estimateListeners = new Set(); // called with a position's key when its estimate comes
const exactListeners = new Set(); // called with a position's key when it is made exact in the background

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
 * (`client`) and remembered. A refusal is remembered too and rethrown. A position asked for
 * again while the worker is still on it (the board and the move list often want the same
 * one, and chains as pseudo-lines take a second on 5x5) waits for that answer instead of
 * queueing the work twice.
 */
export function analysisOf(client, board, predrawn, lines, quiet = false) {
  const key = positionKey(board, predrawn, lines);
  if (known.has(key)) return Promise.resolve(known.get(key));
  if (!asking.has(key)) {
    const answer = ask(client, key, { board, predrawn, lines }, quiet);
    asking.set(key, answer);
    answer.then(() => asking.delete(key), () => asking.delete(key));
  }
  return asking.get(key);
}

/** The worker's analysis of a position (`analysisOf`), remembered; a refusal too, rethrown. */
async function ask(client, key, position, quiet) {
  try {
    const analysis = await client.call(OP.analyze, position, { quiet });
    remember(key, analysis);
    return analysis;
  } catch (e) {
    // ERROR.unsolved can change (a solve finishes): not remembered.
    if (e.code !== ERROR.unsolved && e.code !== ERROR.damaged) failed.set(key, e.message);
    throw e;
  }
}

/**
 * The exact search's analysis of the position with `lines` drawn, asked of the worker
 * (`client`, OP.search, within the policy's search time) and remembered in place of the
 * analysis seen (chains as pseudo-lines that left scores unproven); null where the search
 * found nothing in time. Asked once a position: `searchAsked` says so.
 */
export async function searchOf(client, board, predrawn, lines, quiet = false) {
  const key = positionKey(board, predrawn, lines);
  searched.set(key, true);
  try {
    return found(key, await client.call(OP.search, { board, predrawn, lines }, { quiet }));
  } catch {
    return null;
  }
}

/** An exact `analysis` of the position `key` found in the background (the worker's search,
 * the review of a finished game): remembered, and every view showing that position told. */
export function found(key, analysis) {
  remember(key, analysis);
  for (const listener of exactListeners) listener(key);
  return analysis;
}

/** Whether the exact search was asked for a position (searchOf). */
export const searchAsked = (key) => searched.has(key);

/**
 * The engine's answer for the position with `lines` drawn, where no exact method reaches
 * within the page's budget: remembered, or asked of the worker (`client`; `seconds` of thought,
 * by default the policy's estimateSeconds) and remembered. Where the engine solved the
 * position, its exact analysis (`source: 'engine'`), remembered with the exact analyses; else
 * the estimate, remembered apart with the time it was `asked` (seen again, when asked for in
 * no more time, it comes back with `seconds: 0`). With `stop` (ponder.js), null if the page
 * stopped it first.
 */
export async function estimateOf(client, board, predrawn, lines, seconds = undefined, stop = undefined, quiet = false) {
  const key = positionKey(board, predrawn, lines);
  // An estimate made in less time than asked for now (one shown to the person, and then the
  // engine is to move there) is made again: the engine plays by the longer one.
  const asked = seconds ?? answerBudget().estimateSeconds;
  const seen = estimates.get(key);
  if (seen && seen.asked >= asked) return { ...seen, seconds: 0 };
  const found = { ...(await client.call(OP.estimate, { board, predrawn, lines, seconds: asked, stop }, { quiet })), asked };
  // Stopped before its time (the engine thought on the person's time, and the person moved):
  // not kept, as it is not the estimate asked for.
  if (found.stopped) return null;
  if (!found.exact) {
    estimates.set(key, found);
    for (const listener of estimateListeners) listener(key);
    return found;
  }
  const { value, moves, nodes } = found;
  const analysis = { value, moves, nodes, seconds: found.seconds, source: 'engine' };
  remember(key, analysis);
  for (const listener of exactListeners) listener(key);
  return analysis;
}

/** What is known exactly of the position `key`: its exact analysis (what it proves), or else
 * the value and the move scores the engine proved among its estimates ({value, moves} of
 * those), or null. */
export function exactly(key) {
  const a = cached(key);
  if (a) return proven(a);
  const e = estimated(key);
  if (!e?.valueExact) return null;
  const moves = e.moves.filter((m) => m.exact).map((m) => ({ line: m.line, score: Math.round(m.score) }));
  return { value: Math.round(e.value), moves };
}

/**
 * The exact value of the position `key` and how it is known (`by`), or null: `'position'`
 * where the position's own analysis or the engine's search there proved it (`exactly`),
 * `'move'` where the exact score of the move that led there proves it: `move` ({line, boxes})
 * played from the position `from` (null at the start). The engine proves the move it plays
 * before it plays it, while only estimates may reach the position after it: a move taking no
 * box scores minus the value after it, one taking boxes the boxes plus that value.
 */
export function exactValue(key, from, move) {
  const own = exactly(key);
  if (own) return { value: own.value, by: 'position' };
  const score = from === null ? undefined : exactly(from)?.moves.find((m) => m.line === move.line)?.score;
  if (score === undefined) return null;
  return { value: move.boxes ? score - move.boxes : -score, by: 'move' };
}

/** The exact value of the position of game `g` where it has the engine's estimates, and how
 * it is known (`by`, in words): the engine proved it among them, or proved the score of the
 * move that led here (its own move, which it proves best before it plays it); null where
 * neither. */
export function provenValue(g) {
  const plies = g.mainline();
  const before = g.ply === 0 ? null : positionKey(g.board, g.predrawn, g.ply > 1 ? plies[g.ply - 2].lines : '');
  const known = exactValue(positionKey(g.board, g.predrawn, g.lines), before, plies[g.ply - 1]);
  if (known === null) return null;
  return { value: known.value, by: known.by === 'move' ? 'proven by the exact score of the move that led here' : "proven by the engine's search" };
}

/** `estimate` with the position's exact `value`, known otherwise, and no score above it: no
 * move scores more than the value, so an estimate above it is shown at it. */
export function capAt(estimate, value) {
  const capped = (m) => (m.exact || m.score <= value ? m : { ...m, score: value });
  return { ...estimate, value, moves: estimate.moves.map(capped) };
}

/** Forgets every refusal (a solve finished, so positions may be answered now). */
export function forgetFailures() {
  failed.clear();
}

/** The engine's estimate seen for a position, or undefined. */
export const estimated = (key) => estimates.get(key);

/** Calls `listener(key)` each time an estimate of a position is remembered (first, or made
 * again in more time), whoever asked for it: a view that showed a position without its
 * estimate (the coach's verdict on a move, given before the move list estimated the position
 * it was played in) adds it then. */
export function onEstimate(listener) {
  estimateListeners.add(listener);
}

/** Calls `listener` with a position's key whenever it is made exact after it was shown: by
 * searchOf (the position on the board, answered by chains as pseudo-lines until then) or by
 * the engine's own search solving it (estimateOf). */
export function onMadeExact(listener) {
  exactListeners.add(listener);
}
