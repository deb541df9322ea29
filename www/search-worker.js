// The worker of a search the person asked for (deep-search.js): one position searched to the
// end within a time limit, in a worker of its own, so the solving worker (worker.js) keeps
// answering meanwhile and the page can stop the search at once (it terminates this worker).
//
// Protocol: {board, predrawn, lines, seconds, tableMib}
// -> {op: 'progress', nodes, done, total} every million nodes, then
//    {ok: true, result: {value, moves, nodes, ttHits, source: 'search'}} | {ok: false, error}.
import init, { searchAnalyze } from './pkg/dotbox.js';

const ready = init();

self.onmessage = async ({ data }) => {
  const { board, predrawn, lines, seconds, tableMib } = data;
  try {
    await ready;
    const deadline = performance.now() + seconds * 1000;
    const progress = (nodes, done, total) => {
      self.postMessage({ op: 'progress', nodes, done, total });
      return performance.now() < deadline;
    };
    const found = searchAnalyze(board, predrawn ?? '', lines ?? '', Number.MAX_SAFE_INTEGER, tableMib, progress);
    self.postMessage({ ok: true, result: { ...found, source: 'search' } });
  } catch (e) {
    self.postMessage({ ok: false, error: e?.message ?? String(e) });
  }
};
