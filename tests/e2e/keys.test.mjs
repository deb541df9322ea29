// The board's arrow keys reach every open line (www/board.js `step`), on every board size the
// page offers and positions with many lines drawn: no line is left to the mouse alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { step } from '../../www/board.js';

/** The page's geometry of an R×C board: every line with its two dots [row, column]. */
function geometry(rows, cols) {
  const lines = [];
  for (let r = 0; r <= rows; r++) for (let c = 0; c < cols; c++) lines.push({ line: lines.length, a: [r, c], b: [r, c + 1] });
  for (let r = 0; r < rows; r++) for (let c = 0; c <= cols; c++) lines.push({ line: lines.length, a: [r, c], b: [r + 1, c] });
  return { lines };
}

/** A small deterministic generator (mulberry32), so a failure names its seed. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

test('arrow keys reach every open line from any open line', () => {
  const arrows = [[1, 0], [-1, 0], [0, 1], [0, -1]];
  for (const [rows, cols] of [[2, 2], [3, 3], [3, 5], [4, 4], [5, 5], [4, 5]]) {
    const g = geometry(rows, cols);
    for (let seed = 1; seed <= 60; seed++) {
      const next = random(seed * 97 + rows * 10 + cols);
      const drawnShare = next() * 0.8;
      const open = new Set(g.lines.map((s) => s.line).filter(() => next() >= drawnShare));
      if (open.size === 0) continue;
      for (const from of open) {
        const seen = new Set([from]);
        const todo = [from];
        while (todo.length) {
          const at = todo.pop();
          for (const [dx, dy] of arrows) {
            const to = step(g, open, at, dx, dy);
            assert.ok(open.has(to), `${rows}x${cols} seed ${seed}: the cursor left the open lines`);
            if (!seen.has(to)) { seen.add(to); todo.push(to); }
          }
        }
        const missed = [...open].filter((l) => !seen.has(l));
        assert.deepEqual(missed, [], `${rows}x${cols} seed ${seed}: from line ${from} the arrows never reach ${missed}`);
      }
    }
  }
});

test('with no cursor yet, → starts at the first open line in reading order and walks them all; ← at the last', () => {
  for (const [rows, cols] of [[2, 2], [3, 3], [4, 5]]) {
    const g = geometry(rows, cols);
    for (let seed = 1; seed <= 20; seed++) {
      const next = random(seed * 31 + rows);
      const open = new Set(g.lines.map((s) => s.line).filter(() => next() >= 0.5));
      if (open.size === 0) continue;
      const reading = g.lines
        .filter((s) => open.has(s.line))
        .sort((a, b) => a.a[0] + a.b[0] - b.a[0] - b.b[0] || a.a[1] + a.b[1] - b.a[1] - b.b[1])
        .map((s) => s.line);
      const walked = [step(g, open, null, 1, 0)];
      while (walked.length < open.size) walked.push(step(g, open, walked.at(-1), 1, 0));
      assert.deepEqual(walked, reading, `${rows}x${cols} seed ${seed}`);
      assert.equal(step(g, open, null, -1, 0), reading.at(-1));
      assert.equal(step(g, open, null, 0, 0), reading[0]);
      assert.equal(step(g, open, null, 0, 1), reading[0]);
      assert.equal(step(g, open, null, 0, -1), reading.at(-1));
    }
  }
});
