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
// 'waiting' (not registered yet), 'registering' (being installed, by this load or an
// earlier one), 'bypassed' (installed, but this load is not served by it: a hard reload),
// 'failed'. The Storage panel says the same
// to a person in a line (#storage-offline), with the reason where there is no offline copy,
// which is also logged for the host (docs/deploy.md).
import { onRender, session } from './session.js';

const root = document.documentElement;
const FALLBACK_MS = 10_000;

if ('serviceWorker' in navigator) watch(navigator.serviceWorker);
// Over plain HTTP at an address other than localhost, the browser offers no service worker.
else if (!self.isSecureContext) stand('none', 'No offline copy: this address is not a secure context (HTTPS or localhost).', 'and no threads unless the host sends COOP/COEP');
else stand('none', 'No offline copy: this browser keeps none.');

/**
 * Sets where the page stands (data-sw) and says it in the Storage panel; `logged`, where
 * given, goes to the console with the panel's words, for whoever hosts the site.
 */
function stand(state, said, logged) {
  root.dataset.sw = state;
  const line = document.getElementById('storage-offline');
  if (line) {
    line.textContent = said;
    line.hidden = false;
  }
  if (logged !== undefined) console.warn(`dotbox: ${said.replace(/\.$/, '')}${logged ? `, ${logged}` : ''} (docs/deploy.md)`);
}

/**
 * Says where the page stands at once (data-sw), and again whenever that changes; registers
 * once the page has answered. The line follows the registration itself, not only this
 * page's own history: a page loaded while an earlier load's worker was installing (a reload
 * during the first visit) sees that install end, and a page the worker does not control
 * though it is installed (a hard reload, Ctrl+Shift+R, bypasses service workers) says so.
 */
function watch(serviceWorker) {
  const hadController = Boolean(serviceWorker.controller);
  const isolated = self.crossOriginIsolated;
  // The worker says why it could not install this release (a host serving other files);
  // a worker that fails without a word (redundant) gets a general reason a moment later.
  let failedSaid = false;
  if (hadController) stand('controlled', 'Works offline: this version of dotbox is installed on this device.');
  else stand('waiting', 'Not yet available offline: installed once the first position is answered.');
  serviceWorker.addEventListener('controllerchange', () => {
    // No controller now: the site's data was cleared (its worker with it), no new release.
    if (!serviceWorker.controller) {
      stand('none', 'The offline copy was removed with the site\'s data: it is installed again on the next visit.', '');
      return;
    }
    if (!hadController) {
      stand('installed', 'Installed for offline use: the page opens without a network from now on.');
      return;
    }
    stand('updated', 'A new version of dotbox is installed for offline use: it runs from your next visit.');
    notice('A new version of dotbox is installed: it runs from your next visit.');
  });
  // This release could not be installed, for `reason`. With a release installed before,
  // that one goes on serving (and working offline).
  const failed = (reason) => {
    failedSaid = true;
    if (serviceWorker.controller) stand('controlled', `Works offline with the version installed before: the new one was not installed (${reason}).`, '');
    else stand('failed', `No offline copy: ${reason}.`, '');
  };
  serviceWorker.addEventListener('message', (event) => {
    if (event.data?.dotbox === 'install-failed') failed(event.data.reason);
  });
  // Where the registration stands, for a page no worker controls (a controlled one is
  // said by the events above): a worker being installed (this load's, or an earlier load's
  // still under way) is followed to its end; an installed one that does not control this
  // page means this load bypassed it.
  const follow = (registration) => {
    if (serviceWorker.controller || !registration) return;
    const pending = registration.installing ?? registration.waiting
      ?? (registration.active?.state === 'activating' ? registration.active : null);
    if (pending) {
      if (!failedSaid) stand('registering', 'Being installed for offline use…');
      const changed = () => {
        if (pending.state === 'redundant') {
          pending.removeEventListener('statechange', changed);
          // The worker's own message (why) comes first where it sent one.
          setTimeout(() => {
            if (!failedSaid && !serviceWorker.controller) failed('the service worker could not be installed (its console says why)');
          }, 1000);
        } else if (pending.state === 'activated') {
          pending.removeEventListener('statechange', changed);
          // Activated and claimed: controllerchange says it. Not claimed (the page was
          // loaded past the worker): said as such.
          setTimeout(() => follow(registration), 500);
        }
      };
      pending.addEventListener('statechange', changed);
      return;
    }
    if (registration.active) {
      stand('bypassed', `Installed for offline use, but this load bypassed it (a hard reload skips the offline copy${isolated ? '' : ', and with it the threads: this page solves on one thread'}): a normal reload runs the offline copy${isolated ? '' : ' on every thread'}.`);
    }
  };
  if (!hadController) serviceWorker.getRegistration().then(follow, () => {});
  let registered = false;
  const register = () => {
    if (registered) return;
    registered = true;
    if (!serviceWorker.controller && root.dataset.sw === 'waiting') stand('registering', 'Being installed for offline use…');
    // Past the HTTP cache: a new sw.js (a new release) is seen on the visit after it is served.
    serviceWorker.register('sw.js', { updateViaCache: 'none' }).then(follow, (e) => failed(e.message));
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
