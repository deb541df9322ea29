// What an exact analysis proves: the page and the solving worker (which cannot import
// analyses.js, as that loads the page's wasm package) read it from here, so an unproven score
// is never taken for an exact one anywhere.

/**
 * What `analysis` proves: itself, but where chains as pseudo-lines answered without proving
 * every score (source 'pseudo'), only the moves whose scores are proven (`unproven` lists the
 * others: a chain entered while a box stands capturable scores an upper bound, which may equal
 * the value while the move is worse); null for no analysis. The policy gives chains as
 * pseudo-lines only positions whose value they prove. Losses, the graph, the coach's verdicts,
 * the engine's move and the best line read this.
 */
export function proven(analysis) {
  if (!analysis?.unproven?.length) return analysis ?? null;
  return { ...analysis, moves: analysis.moves.filter((m) => !analysis.unproven.includes(m.line)) };
}

/**
 * The best moves of `analysis` (those scoring its value) that it proves: all of them, but where
 * chains as pseudo-lines leave a score an upper bound (a chain entered while a box stands
 * capturable, which may equal the value while the move is worse), the proven ones. One is
 * always proven: taking the box first and then entering does at least as well, and is scored
 * exactly (`retro::units`; 3,000 random reductions of small boards, 2,518 of them with
 * unproven scores, each had one). The hint, the best line and the chain advice read this.
 */
export function bestMoves(analysis) {
  return proven(analysis).moves.filter((m) => m.score === analysis.value);
}

/** One step of a best line from the position `analysis` answers: its first proven best move
 * (`bestMoves`), that move's score and the position's value, exact. The worker's best move
 * and the page's best line (from positions it knows exactly) read this. */
export function bestStep(analysis) {
  const [{ line, score }] = bestMoves(analysis);
  return { line, score, exact: true, value: analysis.value };
}
