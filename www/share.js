// Export and import (#share): the game as text in the record notation (Game.record, read back
// by readRecord in the core: `BOARD [pre L,..] moves M M ..`, or a position `BOARD:l1,..`) and
// as the page's address; pasting either, or an address, loads it. What cannot be read is
// refused with the reason, and the game on the board stays.
//
// The record is the line played up to the position shown; variations (the move list's other
// lines) are not exported.
//
// The board shown is also saved as an image (board-image.js).
//
// The position is also exported and read as OpenSpiel's `dbn` string (its `dots_and_boxes`
// game): one character a line, `1` drawn, in dotbox's numbering, which is OpenSpiel's. It
// does not name its board: pasted alone it is read on the board shown, else as `RxC BITS`.
import { Game, readDbn, readRecord } from './pkg/dotbox.js';
import { onShortcut } from './keys.js';
import { session, gameHash, parseHash, nothingToPlay } from './session.js';
import { $ } from './ui.js';
import { boardSvg, boardPng, download } from './board-image.js';

const ctx = { load: null };

/** The address of the game on the board. */
const gameUrl = () => `${location.origin}${location.pathname}${gameHash()}`;

/** Fills the export fields (only while the panel is open: Game.record costs a call). */
export function renderShare() {
  if (!$('share').open || !session.game) return;
  $('share-record').value = session.game.record();
  $('share-url').value = gameUrl();
  $('share-dbn').value = session.game.dbn;
}

/** The position of a `dbn` string, `BITS` on the board shown or `RxC BITS`, its lines
 * pre-drawn (the core reads it and says what is wrong). */
function fromDbn(text) {
  const record = readRecord(readDbn(text, session.game.board));
  return { game: { ...record, moves: record.moves.join(',') }, source: 'the pasted dbn string' };
}

/** The game that `text` names: `{game: {board, predrawn, moves, mode?}, source}`; throws with
 * the reason, also for a position with every line drawn. */
function read(text) {
  const parsed = readAny(text);
  // Every line pre-drawn (a full board's dbn string, a position of every line): refused here,
  // in the import box's words, as the game would be refused on loading.
  const { game } = parsed;
  const set = new Game(game.board, game.predrawn ?? '');
  try {
    const full = nothingToPlay(set, game.moves);
    if (full) throw new Error(full);
  } finally {
    set.free();
  }
  return parsed;
}

function readAny(text) {
  const trimmed = text.trim();
  if (/^https?:|^#|#board=/.test(trimmed)) {
    let hash;
    try {
      hash = new URL(trimmed, location.href).hash;
    } catch {
      throw new Error(`'${trimmed}' is not an address`);
    }
    const h = parseHash(hash);
    if (!h.board) throw new Error('the address names no board: it needs #board=RxC (for example #board=3x3&moves=0,5)');
    // The core checks the board and every move and says which is wrong.
    const record = readRecord(`${h.board}${h.predrawn ? ` pre ${h.predrawn}` : ''}${h.moves ? ` moves ${h.moves}` : ''}`);
    return { game: { ...record, moves: record.moves.join(','), mode: h.mode, at: h.at }, source: 'the pasted address' };
  }
  if (/^(?:\S+\s+)?[01]+$/.test(trimmed)) return fromDbn(trimmed);
  const record = readRecord(trimmed);
  return { game: { ...record, moves: record.moves.join(',') }, source: 'the pasted text' };
}

async function importText() {
  const out = $('import-error');
  out.textContent = '';
  let parsed;
  try {
    parsed = read($('import-text').value);
  } catch (e) {
    out.textContent = `Not loaded: ${e.message}.`;
    return;
  }
  await ctx.load(parsed.game, parsed.source);
  out.textContent = '';
  $('import-text').value = '';
}

/** Copies `text` to the clipboard: the clipboard API, else the old copy command on the
 * selection. True if either says it copied. */
async function copied(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

/** Copies field `id`'s text; its button says for a moment whether it did. When nothing
 * copied (no clipboard permission, an old browser) the field keeps the focus and its text
 * selected, for a copy by hand. */
async function copy(id, button) {
  const field = $(id);
  field.select();
  const ok = await copied(field.value);
  if (!ok) {
    field.focus();
    field.select();
  }
  button.dataset.label ??= button.textContent;
  clearTimeout(button.copyTimer);
  button.textContent = ok ? 'Copied' : 'Copy failed: the text is selected, copy it by hand';
  button.dataset.copied = ok ? 'yes' : 'no';
  button.copyTimer = setTimeout(() => {
    button.textContent = button.dataset.label;
    delete button.dataset.copied;
  }, ok ? 1500 : 5000);
}

/** Saves the board shown as an image file (`png` or SVG), named after the board and the
 * position's move: as shown, so with scores off it is a question for a worksheet. */
async function saveImage(png) {
  const g = session.game;
  const name = `dotbox-${g.board}${g.ply ? `-move-${g.ply}` : ''}.${png ? 'png' : 'svg'}`;
  $('image-error').textContent = '';
  try {
    const blob = png ? await boardPng($('svg')) : new Blob([boardSvg($('svg'))], { type: 'image/svg+xml' });
    download(blob, name);
  } catch (e) {
    $('image-error').textContent = `No image: ${e.message}.`;
  }
}

/** Wires the panel; `load(game, source)` sets up a game read from text or an address. */
export function initShare({ load }) {
  ctx.load = load;
  $('share').addEventListener('toggle', renderShare);
  $('import').onclick = importText;
  $('import-text').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      importText();
    }
  });
  $('copy-record').onclick = (e) => copy('share-record', e.currentTarget);
  $('copy-url').onclick = (e) => copy('share-url', e.currentTarget);
  $('image-svg').onclick = () => saveImage(false);
  $('image-png').onclick = () => saveImage(true);
  onShortcut('x', () => {
    $('share').open = !$('share').open;
    // The panel's summary takes the focus: Tab reaches the fields, the keys keep working.
    if ($('share').open) $('share').querySelector('summary').focus();
  });
}
