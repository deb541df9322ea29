// The exact search on demand. A position past every exact method the page runs on its own
// (the book, the handover solve, chains as pseudo-lines, the few-second search) can still be
// searched to the end, which takes up to a minute or two for a 5x5 problem position of 36
// units: the page offers it in words instead of starting it. It runs in a worker of its own
// (search-worker.js), so the rest of the page keeps working and "Stop searching" ends it at
// once. The scores it finds are exact (the search assumes nothing about chains).
import { SEARCH_EVENT } from './protocol.js';
import { mark } from './test-hooks.js';
import { answerBudget } from './pkg/dotbox.js';
import { remember } from './analyses.js';
import { stopPondering } from './ponder.js';
import { positionKey } from './position-key.js';
import { $, nodesText, setMessage, showWait, hideWait } from './ui.js';
import { startWorker } from './wasm-loader.js';

// How long the asked-for search may run, its transposition table and the positions it is
// offered for are the answer policy's (wasm answerBudget(): deepSearchSeconds,
// deepSearchTableMib, deepSearchMaxOpen); the search (wasm searchAnalyze) takes a smaller
// table where the browser refuses that much.

let running = null; // the search worker while a search runs
let ended = Promise.resolve(); // resolves when the running search ends, however it ends
let end = () => {};

/** Whether the search asked for is running. It has every core and the wait bar: the page's
 * background work waits for it (searchEnded), and nothing else hides the bar meanwhile. */
export const searching = () => running !== null;

/** Resolves once no search asked for runs (at once when none does). */
export const searchEnded = () => ended;

/**
 * Offers the search for the position `lines` of `game`, which the worker refused as too big,
 * when it has at most the policy's deepSearchMaxOpen open lines; once the person asks and the
 * search answers, its analysis is remembered and `done()` shows it. A search that runs out of
 * time says so in the message line.
 */
export function offerDeepSearch(game, lines, done) {
  const { deepSearchMaxOpen, deepSearchSeconds, deepSearchTableMib } = answerBudget();
  if (game.open > deepSearchMaxOpen) return;
  const button = $('deep-search');
  const offer = () => { button.textContent = `Search for the exact scores (up to ${deepSearchSeconds} s)`; };
  offer();
  button.hidden = false;
  button.onclick = () => {
    if (running) {
      stop();
      return offer();
    }
    const { board, predrawn } = game;
    // The search takes every core: the engine stops thinking on the person's time, and the
    // review of a finished game waits.
    stopPondering();
    stopReview();
    button.textContent = 'Stop searching';
    mark({ deepSearch: 'running' });
    running = startWorker('./search-worker.js');
    ended = new Promise((resolve) => { end = resolve; });
    running.onmessage = ({ data }) => {
      if (data.op === SEARCH_EVENT.progress) {
        showWait(data.total ? (100 * data.done) / data.total : null, `searching for the exact scores… ${nodesText(data.nodes)}, move ${data.done}/${data.total}`);
        return;
      }
      withdrawDeepSearch();
      if (!data.ok) return setMessage(`The search found no exact scores within ${deepSearchSeconds} s: ${data.error}`, true);
      remember(positionKey(board, predrawn, lines), data.result);
      done();
    };
    running.onerror = (e) => {
      withdrawDeepSearch();
      setMessage(`The search stopped: ${e.message ?? 'its worker failed'}`, true);
    };
    running.postMessage({ board, predrawn, lines, seconds: deepSearchSeconds, tableMib: deepSearchTableMib });
  };
}

/** Stops a running search at once. */
function stop() {
  if (running) {
    running.terminate();
    running = null;
    hideWait();
    end();
  }
  mark({ deepSearch: undefined });
}

/** Takes the offer back, stopping a running search (another position is shown). */
export function withdrawDeepSearch() {
  stop();
  $('deep-search').hidden = true;
}

// ---- The review of a finished game ------------------------------------------------------
//
// Once a game's line is finished, the move list searches its positions that only the engine
// estimated (within the same deepSearchMaxOpen and deepSearchSeconds) to the end, one at a
// time in a search worker of its own, so that the list and the graph show where the game was
// lost exactly: an estimated loss may be many boxes off (a 5x5 move estimated at ~-1.6 lost 12).
// A search asked for, a new game or another line stops it.

let reviewer = null; // the review's search worker, while one of its searches runs
let reviewing = null; // resolves the search in hand with undefined when the review is stopped

/** The exact analysis of the position with `lines` drawn on `board` (with `predrawn`), by the
 * review's search; null where it found none within its time, undefined where it was stopped
 * first (to be asked again). */
export function reviewSearch(board, predrawn, lines) {
  const { deepSearchSeconds, deepSearchTableMib } = answerBudget();
  stopReview();
  // A worker of its own for each search, as the search asked for: its memory (the table
  // grows the module's) goes with it.
  reviewer = startWorker('./search-worker.js');
  return new Promise((resolve) => {
    reviewing = resolve;
    reviewer.onmessage = ({ data }) => {
      if (data.op === SEARCH_EVENT.progress) return;
      const result = data.ok ? { ...data.result, source: 'search' } : null;
      reviewing = null;
      stopReview();
      resolve(result);
    };
    // A worker that fails (its module could not load) found nothing: not asked again.
    reviewer.onerror = () => {
      reviewing = null;
      stopReview();
      resolve(null);
    };
    reviewer.postMessage({ board, predrawn, lines, seconds: deepSearchSeconds, tableMib: deepSearchTableMib });
  });
}

/** Stops the review's search at once, if one runs. */
export function stopReview() {
  reviewer?.terminate();
  reviewer = null;
  const stopped = reviewing;
  reviewing = null;
  stopped?.(undefined);
}
