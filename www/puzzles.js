// Puzzles: positions from puzzles.json (generated and checked by the exact solver) and
// puzzles-5x5.json (5x5 chain problems solved by chains as pseudo-lines) where one move alone
// keeps the best score. The player picks a line on the puzzle's own board (click,
// tap, or arrow keys and Enter); the page says whether it was the best move, what the chosen
// move costs and why, with the solver's scores then shown on the board.
import { loadPuzzles, explainMove } from './pkg/dotbox.js';
import { renderBoard } from './board.js';
import { diagramOf, answerKeys } from './answer-board.js';
import { wasmReady } from './session.js';
import { onShortcut } from './keys.js';
import { $, fmt } from './ui.js';
import { releaseJson } from './site.js';

const state = {
  puzzles: null,
  index: 0,
  geometry: null,
  boxes: [],
  cursor: null,
  answer: null, // the line picked, once picked
};

const current = () => state.puzzles[state.index];

// The sets, in the order shown: small boards (solved whole), then 5x5 chain problems
// (solved by chains as pseudo-lines), each easiest first.
const SETS = ['puzzles.json', 'puzzles-5x5.json'];

async function loadSet(file) {
  // The release's own copy, as lessons.json. Checked in wasm: each puzzle's board, scores
  // and unique solution.
  return loadPuzzles(await releaseJson(file, import.meta.url)).sort((a, b) => a.difficulty - b.difficulty);
}

async function load() {
  if (state.puzzles) return;
  state.puzzles = (await Promise.all(SETS.map(loadSet))).flat();
}

function show(index) {
  const n = state.puzzles.length;
  state.index = ((index % n) + n) % n;
  const p = current();
  Object.assign(state, diagramOf(p.board, p.lines));
  state.cursor = null;
  state.answer = null;
  $('puzzle-title').textContent = `Puzzle ${state.index + 1} of ${n} · ${p.board} · difficulty ${'★'.repeat(p.difficulty)}${'☆'.repeat(5 - p.difficulty)}`;
  $('puzzle-task').textContent = `You are to move. One move alone keeps the best result (${fmt(p.value)} net boxes from here on); find it.`;
  setFeedback('', '');
  $('puzzle').dataset.index = String(state.index);
  delete $('puzzle').dataset.answered;
  render();
}

function setFeedback(text, cls) {
  const out = $('puzzle-feedback');
  out.textContent = text;
  out.className = cls;
}

function render() {
  const p = current();
  const answered = state.answer !== null;
  renderBoard($('puzzle-svg'), {
    geometry: state.geometry,
    drawn: new Set(p.lines),
    last: answered ? state.answer : null,
    analysis: answered ? { value: p.value, moves: p.scores } : null,
    boxes: state.boxes,
    showScores: answered,
    // The feedback names lines by their dots (a4b4): the coordinates find them.
    showLabels: true,
    cursor: state.cursor,
    hint: answered ? p.solution : null,
    marked: answered && state.answer !== p.solution ? { line: state.answer, cls: 'picked-wrong' } : null,
    interactive: !answered,
    boardStop: true,
    onPlay: pick,
    onCursor: (line) => { state.cursor = line; },
  });
  $('puzzle-retry').disabled = !answered;
}

function pick(line) {
  const p = current();
  if (state.answer !== null) return;
  state.answer = line;
  state.cursor = null;
  const score = p.scores.find((m) => m.line === line).score;
  const name = (l) => state.geometry.lines[l].label;
  $('puzzle').dataset.answered = line === p.solution ? 'right' : 'wrong';
  // Each move is explained from the puzzle's exact scores (with their next-loony flags on
  // the small boards), lines by label; the loss of a wrong pick is said once, by its
  // explanation.
  const why = (l) => {
    try {
      return explainMove(p.board, '', p.lines.join(','), l, { value: p.value, moves: p.scores }).text;
    } catch (e) {
      return e.message;
    }
  };
  if (line === p.solution) {
    setFeedback(`Right: ${name(line)} (${fmt(score)}). ${why(line)}`, 'good');
  } else {
    setFeedback(`Not the best: ${name(line)} (dashed red) scores ${fmt(score)}. ${why(line)} Why ${name(p.solution)} (${fmt(p.value)}, green): ${why(p.solution)}`, 'bad');
  }
  render();
  $('puzzle-next').focus({ preventScroll: true }); // the board and the verdict stay in view
}

async function open() {
  const panel = $('puzzle');
  if (!panel.hidden) {
    panel.hidden = true;
    $('puzzle-open').setAttribute('aria-expanded', 'false');
    return;
  }
  try {
    await load();
  } catch (e) {
    setFeedback(`The puzzles could not be loaded: ${e.message}`, 'bad');
    panel.hidden = false;
    return;
  }
  panel.hidden = false;
  $('puzzle-open').setAttribute('aria-expanded', 'true');
  show(state.index);
  $('puzzle-svg').focus();
}

function start() {
  $('puzzle-open').onclick = open;
  $('puzzle-next').onclick = () => { show(state.index + 1); $('puzzle-svg').focus(); };
  $('puzzle-prev').onclick = () => { show(state.index - 1); $('puzzle-svg').focus(); };
  $('puzzle-retry').onclick = () => { show(state.index); $('puzzle-svg').focus(); };
  $('puzzle-svg').addEventListener('keydown', answerKeys($('puzzle-svg'), state, { lines: () => current().lines, render, pick }));
  onShortcut('p', open);
}

wasmReady.then(start).catch((e) => setFeedback(`Puzzles failed to start: ${e.message}`, 'bad'));
