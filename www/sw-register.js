// Registers the built site's service worker (sw.js beside index.html; see www/sw.js) once the
// page has loaded, so its first download never competes with the page's own. Only the
// built site loads this module (scripts/dist.mjs adds it to index.html); development in www/
// runs without a service worker. A release installed while a page of the previous one is
// open is said once in a short notice: the next visit runs it.
// `document.documentElement.dataset.sw` says where the page stands, for the tests:
// 'controlled' (served by the worker), 'installed' (the worker took over after this page
// loaded: the next visit is served by it), 'updated' (a new release is ready), 'none'.
const root = document.documentElement;

async function register() {
  if (!('serviceWorker' in navigator)) {
    root.dataset.sw = 'none';
    return;
  }
  const { serviceWorker } = navigator;
  const hadController = Boolean(serviceWorker.controller);
  root.dataset.sw = hadController ? 'controlled' : 'registering';
  serviceWorker.addEventListener('controllerchange', () => {
    if (!hadController) {
      root.dataset.sw = 'installed';
      return;
    }
    root.dataset.sw = 'updated';
    notice('A new version of dotbox is installed: it runs from your next visit.');
  });
  try {
    // Past the HTTP cache: a new sw.js (a new release) is seen on the visit after it is served.
    await serviceWorker.register('sw.js', { updateViaCache: 'none' });
  } catch (e) {
    root.dataset.sw = 'failed';
    console.warn(`dotbox: no offline copy (${e.message})`);
  }
}

/** A one-line note at the top of the page, dismissed with its button. */
function notice(text) {
  const bar = document.createElement('p');
  bar.id = 'release-notice';
  bar.setAttribute('role', 'status');
  bar.textContent = `${text} `;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = 'Reload now';
  reload.addEventListener('click', () => location.reload());
  bar.append(reload);
  document.body.prepend(bar);
}

if (document.readyState === 'complete') register();
else window.addEventListener('load', register, { once: true });
