// The page's keyboard, in one place: letter shortcuts (with or without Shift) registered by
// each module with onShortcut(), arrow keys (on the board they move between lines, elsewhere
// ←/→ step through the moves and ↑/↓ enter the board), Home/End, Enter/Space on the board,
// and `?` for the help dialog (#help) listing them. The letters and `?` can be turned off in
// that dialog (#letter-keys; kept in localStorage): single-character shortcuts clash with a
// screen reader's or speech input's own keys (WCAG 2.1.4).
import { ARROWS, keyBelongsElsewhere } from './ui.js';

const shortcuts = new Map(); // lower-case key -> action
const LETTERS_OFF = 'dotbox-letter-keys-off';

/** Whether the letter and `?` shortcuts are on (they are unless turned off on this device):
 * Learn's own letter (C) follows the same setting. */
export function lettersOn() {
  try {
    return localStorage.getItem(LETTERS_OFF) === null;
  } catch {
    return true; // storage refused (a private window's policy): on, as for a first visit
  }
}

/** Runs `action` when `key` (a letter) is pressed outside text fields, Shift or not. */
export function onShortcut(key, action) {
  shortcuts.set(key.toLowerCase(), action);
}

const STEPS = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' };

let hooks = null;
let opener = null; // what had the focus when the help dialog opened

function toggleHelp() {
  const help = document.getElementById('help');
  if (help.open) {
    help.close();
  } else {
    opener = document.activeElement;
    help.showModal();
  }
}

/** Gives the focus back to what had it before the help opened (the page itself when nothing
 * did), so no key goes to the closed dialog's hidden button. */
function helpClosed() {
  const help = document.getElementById('help');
  if (!help.contains(document.activeElement)) return;
  if (opener?.isConnected && opener !== document.body) opener.focus();
  else document.activeElement.blur();
}

function onKey(e) {
  if (keyBelongsElsewhere(e)) return;
  const onBoard = Boolean(e.target.closest?.('#svg'));
  const letters = lettersOn();
  if (e.key === '?' && letters) {
    toggleHelp();
  } else if (ARROWS[e.key] && onBoard) {
    hooks.moveCursor(...ARROWS[e.key]);
  } else if (STEPS[e.key]) {
    hooks.navigate(STEPS[e.key]);
  } else if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && !e.target.closest?.('#moves')) {
    // To the board's lines; in the move list they scroll it, as a list's arrows do (at the
    // board, Enter would then draw a line the player never chose).
    hooks.moveCursor(0, 0);
  } else if ((e.key === 'Enter' || e.key === ' ') && onBoard) {
    hooks.playCursor();
  } else if (e.key.length === 1 && letters && shortcuts.has(e.key.toLowerCase())) {
    shortcuts.get(e.key.toLowerCase())();
  } else {
    return;
  }
  e.preventDefault();
}

/**
 * Starts listening. hooks: {navigate(where), moveCursor(dx, dy) (0, 0: select a line and
 * focus the board), playCursor()}.
 */
export function initKeys(given) {
  hooks = given;
  document.addEventListener('keydown', onKey);
  document.getElementById('help-open').addEventListener('click', toggleHelp);
  document.getElementById('help').addEventListener('close', helpClosed);
  const toggle = document.getElementById('letter-keys');
  toggle.checked = lettersOn();
  toggle.addEventListener('change', () => {
    try {
      if (toggle.checked) localStorage.removeItem(LETTERS_OFF);
      else localStorage.setItem(LETTERS_OFF, '1');
    } catch {
      toggle.checked = true; // not kept: say so by leaving them on
    }
  });
}
