// A thread of the threaded wasm's pool (src/wasm/threads.rs): instantiates the module on the
// solving worker's shared memory and runs rayon's worker loop until the page closes.
self.onmessage = async ({ data: { module, memory, receiver } }) => {
  const pkg = await import('./pkg-threads/dotbox.js');
  await pkg.default({ module_or_path: module, memory });
  self.postMessage('ready');
  pkg.poolWorkerRun(receiver);
};
