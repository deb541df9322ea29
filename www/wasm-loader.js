// Loads the dotbox wasm inside a worker, with as many threads as the page allows: the
// threaded build (www/pkg-threads: rayon's pool made of this worker and Web Workers sharing
// its memory, src/wasm/threads.rs and pool-worker.js) where the page is cross-origin isolated
// (shared memory needs it) and more than one core is there, else the one-thread build
// (www/pkg). The solving worker (worker.js) and the search worker (search-worker.js) load it
// so; `?threads=N` on the worker's URL (the page's, passed on by `startWorker`) sets the
// pool's size, at most the cores (MAX_THREADS), and 1 asks for the one-thread build.

/**
 * Starts the module worker `file` (next to this one) with the page's `?threads=N`, which
 * `loadDotbox` reads in the worker. Called by the page for the workers that load the wasm.
 */
export function startWorker(file) {
  const url = new URL(file, import.meta.url);
  const threads = new URLSearchParams(self.location.search).get('threads');
  if (threads) url.searchParams.set('threads', threads);
  return new Worker(url, { type: 'module' });
}

/**
 * Starts the threaded build's pool of `threads`: this worker and `threads - 1` pool workers
 * on the module's shared `memory`. Returns the pool workers (keep them referenced).
 */
async function startPool(module, memory, threads) {
  const start = new module.PoolStart(threads);
  const init = { module: module.compiledModule(), memory, receiver: start.receiver };
  const started = [];
  const pool = await Promise.all(Array.from({ length: threads - 1 }, () => new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./pool-worker.js', import.meta.url), { type: 'module' });
    started.push(worker);
    worker.onmessage = () => resolve(worker);
    worker.onerror = (e) => reject(new Error(e.message));
    worker.postMessage(init);
  }))).catch((e) => {
    // The page falls back to one thread: the workers that did start would wait on the
    // shared memory for good.
    for (const w of started) w.terminate();
    throw e;
  });
  start.build();
  start.free();
  return pool;
}

// The cores the browser reports (undefined where it says nothing).
const CORES = self.navigator.hardwareConcurrency;
// The most threads `?threads=N` starts: the cores the browser reports, not a fixed number
// (the CLI's --threads allows 1024). The pool's threads compute flat out (rayon, the worker
// itself one of them), so a thread past the cores only takes turns on one, and each costs a
// Web Worker and a thread stack in the shared memory: unbounded, ?threads=100000 set about
// starting 99,999 workers. So `?threads=N` can ask for fewer threads than cores (1: the
// one-thread build), never more. Where the browser does not say, at most 64: a bound on what
// a mistyped address starts.
const MAX_THREADS = CORES || 64;

/**
 * The wasm module's exports with its linear memory and thread count: `{wasm, memory,
 * threads, pool}`. A threaded build that fails to start (missing, or its pool) falls back to
 * the one-thread build, saying so in the console.
 */
export async function loadDotbox() {
  const asked = Math.floor(Math.min(Number(new URLSearchParams(self.location.search).get('threads')) || CORES || 1, MAX_THREADS));
  if (self.crossOriginIsolated && asked > 1) {
    try {
      const wasm = await import('./pkg-threads/dotbox.js');
      const { memory } = await wasm.default();
      const pool = await startPool(wasm, memory, asked);
      return { wasm, memory, threads: asked, pool };
    } catch (e) {
      console.warn(`the threaded wasm did not start (${e.message}): running on one thread`);
    }
  }
  const wasm = await import('./pkg/dotbox.js');
  const { memory } = await wasm.default();
  return { wasm, memory, threads: 1, pool: [] };
}
