// The worker of a search the person asked for (deep-search.js): one position searched to the
// end within a time limit, in a worker of its own, so the solving worker (worker.js) keeps
// answering meanwhile and the page can stop the search at once (it terminates this worker).
//
// Its protocol is protocol.js's (SEARCH_EVENT).
import { loadDotbox } from './wasm-loader.js';
import { SEARCH_EVENT } from './protocol.js';

// On every thread the page allows (the threaded build's pool of this worker and its pool
// workers), as the solving worker.
const ready = loadDotbox();

self.onmessage = async ({ data }) => {
  const { board, predrawn, lines, seconds, tableMib } = data;
  try {
    const { wasm } = await ready;
    const deadline = performance.now() + seconds * 1000;
    const progress = (nodes, done, total) => {
      self.postMessage({ op: SEARCH_EVENT.progress, nodes, done, total });
      return performance.now() < deadline;
    };
    const found = wasm.searchAnalyze(board, predrawn ?? '', lines ?? '', Number.MAX_SAFE_INTEGER, tableMib, progress);
    self.postMessage({ ok: true, result: { ...found, source: 'search' } });
  } catch (e) {
    self.postMessage({ ok: false, error: e?.message ?? String(e) });
  }
};
