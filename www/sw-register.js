// Registers the built site's service worker (sw.js beside index.html; see www/sw.js) once the
// page has answered its first position (exact scores or the engine's estimate drawn), so
// installing the release (both wasm builds and every file, 1.6 MB before compression) never
// competes with what that first answer needs, on a slow network least of all; at the latest
// FALLBACK_MS after the load event, so a page that answers nothing still gets its offline
// copy. Only the built site loads this module (scripts/dist.mjs bundles it into page.js);
// development in www/ runs without a service worker. A release installed while a page of
// the previous one is open is said once in a short notice: the next visit runs it.
// `document.documentElement.dataset.sw` says where the page stands, for the tests:
// 'controlled' (served by the worker), 'installed' (the worker took over after this page
// loaded: the next visit is served by it), 'updated' (a new release is ready), 'none';
// 'waiting' (not registered yet), 'registering', 'failed'.
import { onRender, session } from './session.js';

const root = document.documentElement;
const FALLBACK_MS = 10_000;

if ('serviceWorker' in navigator) watch(navigator.serviceWorker);
else {
  root.dataset.sw = 'none';
  // Over plain HTTP at an address other than localhost, the browser offers no service worker.
  if (!self.isSecureContext) console.warn('dotbox: not a secure context (HTTPS or localhost): no offline copy, and no threads unless the host sends COOP/COEP (docs/deploy.md)');
}

/** Says where the page stands at once (data-sw); registers once the page has answered. */
function watch(serviceWorker) {
  const hadController = Boolean(serviceWorker.controller);
  root.dataset.sw = hadController ? 'controlled' : 'waiting';
  serviceWorker.addEventListener('controllerchange', () => {
    // No controller now: the site's data was cleared (its worker with it), no new release.
    if (!serviceWorker.controller) {
      root.dataset.sw = 'none';
      console.warn('dotbox: the offline copy was removed (the site\'s data cleared); it is installed again on the next visit');
      return;
    }
    if (!hadController) {
      root.dataset.sw = 'installed';
      return;
    }
    root.dataset.sw = 'updated';
    notice('A new version of dotbox is installed: it runs from your next visit.');
  });
  // The worker says why it could not install this release (a host serving other files).
  serviceWorker.addEventListener('message', (event) => {
    if (event.data?.dotbox !== 'install-failed') return;
    if (!hadController) root.dataset.sw = 'failed';
    // With a release installed before, that one goes on serving (and working offline).
    const what = hadController ? 'the new release was not installed; the one installed before keeps serving' : 'no offline copy';
    console.warn(`dotbox: ${what}: ${event.data.reason} (docs/deploy.md)`);
  });
  let registered = false;
  const register = () => {
    if (registered) return;
    registered = true;
    if (!hadController) root.dataset.sw = 'registering';
    // Past the HTTP cache: a new sw.js (a new release) is seen on the visit after it is served.
    serviceWorker.register('sw.js', { updateViaCache: 'none' }).catch((e) => {
      root.dataset.sw = 'failed';
      console.warn(`dotbox: no offline copy (${e.message})`);
    });
  };
  onRender(() => (session.analysis || session.estimate) && register());
  const fallback = () => setTimeout(register, FALLBACK_MS);
  if (document.readyState === 'complete') fallback();
  else window.addEventListener('load', fallback, { once: true });
}

/** A one-line note at the top of the page (replacing an earlier one), with a button that
 * reloads the page to run the new version now. */
function notice(text) {
  document.getElementById('release-notice')?.remove();
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
