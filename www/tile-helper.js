// The solving worker's side of its helper (tile-worker.js): a second Web Worker that computes
// tiles of the layer being solved while the solving worker computes others, so a solve uses
// two cores. The solving worker hands tiles over (Solver.delegate), sends their parents'
// values as transferred buffers, and stores the tiles that come back (Solver.deliver).

/** How many handed-over tiles the helper may hold at once: a second one keeps it busy while
 * the solving worker, inside a step, cannot answer its first. */
export const HELPER_QUEUE = 2;

export class TileHelper {
  /** A helper for the solve of `board` when two workers are asked for (`?workers=2`), or
   * null: one worker is the default, since the second gains about 5 % of wall time for about
   * 300 MB more memory (README, Performance), and a machine with one core gets none. */
  static start(board, predrawn, workers) {
    const cores = self.navigator.hardwareConcurrency ?? 1;
    if ((workers ?? 1) < 2 || cores < 2 || typeof Worker === 'undefined') return null;
    try {
      return new TileHelper(board, predrawn);
    } catch {
      return null;
    }
  }

  constructor(board, predrawn) {
    this.board = board;
    this.predrawn = predrawn;
    this.worker = new Worker(new URL('./tile-worker.js', import.meta.url), { type: 'module' });
    this.inFlight = 0;
    this.results = [];
    this.failure = null; // why the helper stopped, once it did
    this.wake = null;
    this.wasmBytes = 0; // the helper's wasm memory, as of its last tile
    // The parents of the last tile sent: the helper holds them once it gets to the next one
    // (it takes tiles in order), so they are not sent again (a layer's neighbouring tiles
    // share a parent).
    this.held = [];
    this.worker.onmessage = ({ data }) => {
      this.inFlight--;
      if (data.ok) {
        this.results.push(data);
        this.wasmBytes = data.wasmBytes;
      }
      else this.failure ??= new Error(data.error);
      this.wake?.();
    };
    this.worker.onerror = (e) => {
      e.preventDefault();
      this.failure ??= new Error(`the helper worker failed: ${e.message}`);
      this.wake?.();
    };
  }

  /** Whether it may take another tile. */
  get free() {
    return !this.failure && this.inFlight < HELPER_QUEUE;
  }

  /** Sends a task of Solver.delegate (given `held`), its parents' buffers transferred (not
   * copied). */
  send(task) {
    this.inFlight++;
    this.held = task.parents.map((p) => p.tile);
    const buffers = task.parents.flatMap((p) => (p.values ? [p.values.buffer] : []));
    this.worker.postMessage({ board: this.board, predrawn: this.predrawn, ...task }, buffers);
  }

  /** The tiles computed since the last call: [{tile, values, header}]. */
  take() {
    const results = this.results;
    this.results = [];
    return results;
  }

  /** Resolves once a tile comes back or the helper fails. */
  next() {
    if (this.results.length || this.failure) return Promise.resolve();
    return new Promise((resolve) => {
      this.wake = () => {
        this.wake = null;
        resolve();
      };
    });
  }

  stop() {
    this.worker.terminate();
  }
}
