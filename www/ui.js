// Small helpers every module of the page shares: element lookup, how scores, players and
// counts are written, SVG elements, the message and notice lines, the wait bar, and the
// keyboard guard (which key events the page's shortcuts leave alone).

/** The element with id `id`. */
export const $ = (id) => document.getElementById(id);

/** The players' letters, by player number (0 moves first). */
export const PLAYER = ['A', 'B'];

/** A score or value with its sign: `+2`, `0`, `-1`. */
export const fmt = (v) => (v > 0 ? `+${v}` : `${v}`);

/** An estimated score or value, marked as one: `~+1.3`, `~-0.5`, `~0.0` (never shown like an
 * exact score). */
export function fmtEstimate(v) {
  const r = Math.round(v * 10) / 10;
  return r > 0 ? `~+${r.toFixed(1)}` : r < 0 ? `~${r.toFixed(1)}` : '~0.0';
}

/** `text` with its first letter in capitals. */
export const capital = (text) => text[0].toUpperCase() + text.slice(1);

/** `n word` or `n words`: `1 box`, `3 boxes`. */
export const plural = (n, word, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

/** A number of boxes in words. */
export const boxes = (n) => plural(n, 'box', 'boxes');

const NS = 'http://www.w3.org/2000/svg';

/** A new SVG element `name` with attributes `attrs`, appended to `parent` when given. */
export function svgEl(name, attrs, parent) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  parent?.appendChild(node);
  return node;
}

// What the message line says, kept here so that no module reads the line's text to decide:
// 'note' (what just happened), 'error' (what went wrong), 'result' (the game's result) or
// 'source' (where the scores shown came from).
let messageKind = 'note';

/** The message line under the board: what just happened, or (error) what went wrong. */
export function setMessage(text, error = false) {
  $('message').textContent = text;
  $('message').classList.toggle('error', error);
  messageKind = error ? 'error' : 'note';
}

/** The message line says the finished game's result. */
export function setResult(text) {
  setMessage(text);
  messageKind = 'result';
}

/** The message line says where the position's scores came from (solving.js describeSource). */
export function setSource(text) {
  setMessage(text);
  messageKind = 'source';
}

/** The message line keeps its text but no longer says it is an error. */
export function unmarkError() {
  $('message').classList.remove('error');
  if (messageKind === 'error') messageKind = 'note';
}

/** Whether the message line says what went wrong ('error'), the game's result ('result') or
 * where a position's scores came from ('source'): each belongs to another position once the
 * board shows a new one. */
export const messageIs = (kind) => messageKind === kind;

// What the notice says: [key, text] pairs, in order; a key names a report that a later one
// replaces (null: the problems of the address).
let notices = [];

function showNotices() {
  $('notice').hidden = !notices.length;
  $('notice').textContent = notices.map(([, text]) => text).join(' ');
}

/** Shows what was wrong with the address or the pasted text, and what is shown instead;
 * stays until the next game is set up (with whatever addNotice said of the game before). */
export function setNotice(problems) {
  notices = problems.map((text) => [null, text]);
  showNotices();
}

/** Adds `text` to the notice until the next game is set up, in place of what was added under
 * `key` before: a book that finds another damaged chunk says so in one sentence naming them
 * all, not one sentence more per chunk. */
export function addNotice(key, text) {
  const same = notices.find(([k]) => k === key);
  if (same) same[1] = text;
  else notices.push([key, text]);
  showNotices();
}

/** Withdraws what was added under `key` (the trouble it told of is over); whether it was there. */
export function dropNotice(key) {
  const before = notices.length;
  notices = notices.filter(([k]) => k !== key);
  showNotices();
  return notices.length < before;
}

/** A search's node count in words: as it is below a thousand, in thousands below a million
 * (a search of 40,000 nodes does not read "0.0 M nodes"), then in millions, to a tenth below
 * 10 M. */
export function nodesText(nodes) {
  if (nodes < 1e3) return `${nodes} nodes`;
  if (nodes < 999_500) return `${Math.round(nodes / 1e3)} k nodes`;
  return `${(nodes / 1e6).toFixed(nodes < 1e7 ? 1 : 0)} M nodes`;
}

/** The progress bar of a wait for the worker (download, handover solve, search); `percent`
 * null shows a bar without a known end. */
export function showWait(percent, text) {
  $('wait').hidden = false;
  if (percent === null) $('wait-progress').removeAttribute('value');
  else $('wait-progress').value = percent;
  $('wait-text').textContent = text;
}

export function hideWait() {
  $('wait').hidden = true;
}

/** Arrow keys as board directions (dx, dy). */
export const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * Whether a key event is taken already, whatever the view: handled, with Alt, Ctrl or Meta,
 * or typed into a field or the open help dialog. Only an open dialog keeps its keys: right
 * after a dialog closes, the browser may still report the focus on its (now hidden) Close
 * button until its next rendering step, and a key pressed then is the page's.
 */
export function keyIsTaken(e) {
  // So may a field of a dialog just closed (the help's shortcuts box): it takes no more keys.
  const field = e.target.closest?.('input, select, textarea');
  const closed = field && field.closest('dialog:not([open])');
  return e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey
    || Boolean((field && !closed) || e.target.closest?.('dialog[open]'));
}

/**
 * The keyboard guard of the game's shortcuts: whether a key event is not theirs to take
 * (taken already, keyIsTaken; or on a board with keys of its own such as the puzzle's, or
 * pressed with Learn mode shown instead of the game).
 */
export function keyBelongsElsewhere(e) {
  return keyIsTaken(e) || document.body.dataset.view === 'learn' || Boolean(e.target.closest?.('#puzzle'));
}
