// The page's side of the worker protocol (protocol.js): calls return promises, progress
// events go to listeners.
import { OP } from './protocol.js';
import { startWorker } from './wasm-loader.js';

export class SolverClient {
  constructor() {
    this.worker = startWorker('./worker.js');
    this.pending = new Map();
    this.nextId = 1;
    this.listeners = new Set();
    this.worker.onmessage = ({ data }) => {
      if (data.id === undefined) {
        for (const f of this.listeners) f(data);
        return;
      }
      const p = this.pending.get(data.id);
      if (!p) return; // answered already: the worker failed meanwhile and its calls were refused
      this.pending.delete(data.id);
      if (data.ok) p.resolve(data.result);
      else p.reject(Object.assign(new Error(data.error), { code: data.code }));
    };
    // The worker answers every call, errors included; an error event is one it could not
    // answer (its script failed to load, or a fault outside any call): every call, now and
    // later, fails with it rather than wait for an answer that will not come.
    this.failure = null;
    this.worker.onerror = (e) => {
      this.failure = new Error(`worker failed: ${e.message}`);
      for (const p of this.pending.values()) p.reject(this.failure);
      this.pending.clear();
    };
  }

  /**
   * Asks the worker for `op`; `quiet` for the page's background work (the move list, the best
   * line, the coach, thinking on the person's time): the worker marks the progress events of
   * such a request quiet, and the bar, which belongs to the game's own reply, does not show
   * them.
   */
  call(op, args = {}, { quiet = false } = {}) {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, ...args, ...(quiet ? { quiet } : {}) });
    });
  }

  cancel() {
    this.worker.postMessage({ op: OP.cancel });
  }

  onEvent(f) {
    this.listeners.add(f);
  }
}
