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
      this.pending.delete(data.id);
      if (data.ok) p.resolve(data.result);
      else p.reject(Object.assign(new Error(data.error), { code: data.code }));
    };
    this.worker.onerror = (e) => {
      for (const p of this.pending.values()) p.reject(new Error(`worker failed: ${e.message}`));
      this.pending.clear();
    };
  }

  call(op, args = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, op, ...args });
    });
  }

  cancel() {
    this.worker.postMessage({ op: OP.cancel });
  }

  onEvent(f) {
    this.listeners.add(f);
  }
}
