// Resolves once app.js has instantiated the wasm module and marked the page ready
// (body[data-ready="1"]), so modules loaded beside it never instantiate it a second time.
export function whenReady() {
  if (document.body.dataset.ready === '1') return Promise.resolve();
  return new Promise((resolve) => {
    const seen = new MutationObserver(() => {
      if (document.body.dataset.ready !== '1') return;
      seen.disconnect();
      resolve();
    });
    seen.observe(document.body, { attributes: true, attributeFilter: ['data-ready'] });
  });
}
