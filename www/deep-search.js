// The exact search on demand. A position past every exact method the page runs on its own
// (the book, the handover solve, chains as pseudo-lines, the few-second search) can still be
// searched to the end, which takes up to a minute or two for a 5x5 problem position of 36
// units: the page offers it in words instead of starting it, since the worker does nothing
// else meanwhile. The scores it finds are exact (the search assumes nothing about chains).
import { deepSearchMaxOpen } from './pkg/dotbox.js';
import { client } from './session.js';
import { remember, positionKey } from './analyses.js';
import { $, setMessage } from './ui.js';

/** How long the asked-for search may run. */
export const DEEP_SEARCH_SECONDS = 120;

/**
 * Offers the search for the position `lines` of `game`, which the worker refused as too big,
 * when it has at most wasm's deepSearchMaxOpen() open lines; once the person asks and the search answers, its analysis is remembered and `done()` shows
 * it. A search that runs out of time says so in the message line.
 */
export function offerDeepSearch(game, lines, done) {
  if (game.open > deepSearchMaxOpen()) return;
  const button = $('deep-search');
  button.textContent = `Search for the exact scores (up to ${DEEP_SEARCH_SECONDS} s)`;
  button.hidden = false;
  button.onclick = async () => {
    button.hidden = true;
    const { board, predrawn } = game;
    try {
      const analysis = await client.call('analyze', { board, predrawn, lines, searchSeconds: DEEP_SEARCH_SECONDS });
      remember(positionKey(board, predrawn, lines), analysis);
      done();
    } catch (e) {
      setMessage(e.message, true);
    }
  };
}

/** Takes the offer back (another position is shown). */
export function withdrawDeepSearch() {
  $('deep-search').hidden = true;
}
