// The helper worker of a solve: computes the tiles the solving worker (worker.js) hands over,
// from the parents it sends, and sends each tile back; it never touches IndexedDB (the
// solving worker stores every tile, so the stored listing has one writer).
//
// Protocol: {board, predrawn, tile: [counts], parents: [{tile: [counts], values: Int8Array}]}
// (values null: the parent came with the tile before, which TileComputer keeps until the next)
// -> {ok: true, tile, values: Int8Array, header: Uint8Array (both transferred), wasmBytes}
//    | {ok: false, tile, error}; header is the tile's encoded header, checksum included;
// wasmBytes is this worker's wasm memory (the benchmark reports its peak).
import init, * as wasm from './pkg/dotbox.js';

const ready = init();
let memory = null;
ready.then((exports) => { memory = exports.memory; });
let computer = null; // the TileComputer of the board last asked for
let computerKey = null;

self.onmessage = async ({ data }) => {
  const { board, predrawn, tile, parents } = data;
  try {
    await ready;
    const key = `${board}|${predrawn}`;
    if (computerKey !== key) {
      computer?.free();
      computer = new wasm.TileComputer(board, predrawn);
      computerKey = key;
    }
    const { values, header } = computer.compute(tile, parents);
    self.postMessage({ ok: true, tile, values, header, wasmBytes: memory.buffer.byteLength }, [values.buffer, header.buffer]);
  } catch (e) {
    self.postMessage({ ok: false, tile, error: e.message ?? String(e) });
  }
};
