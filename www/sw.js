// The service worker of the built site (scripts/dist.mjs writes it as dist/sw.js with the
// release filled in; www/ in development has none). Three jobs:
//  - One release at a time: installing it downloads every file of the release and checks
//    each against its SHA-256 before any is used (a host or cache still serving an older
//    file fails the install, and the release installed before keeps serving; the open pages
//    are told why). The page itself is checked by the release it loads, since hosts may add
//    to it. Each later use checks the file again, so a damaged cached file is fetched anew.
//  - Offline: the page, its scripts, both wasm builds, the puzzles, the books' index and the
//    small books (whole, answering a range request with the whole file as a server without
//    ranges does) come from the cache; the large books' chunks come from IndexedDB
//    (www/books.js), so range requests for them pass straight to the network.
//  - Cross-origin isolation without server headers: every response served here carries
//    Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy (what
//    coi-serviceworker does), so a page loaded through this worker may share wasm memory
//    between threads on hosts that set no headers. The page registers it after its first
//    load (www/sw-register.js): the first visit runs on one thread, later ones on all. The
//    embedder policy is `credentialless` where the browser supports it (see COEP), so what
//    a host adds to the page from another origin (an analytics script, a font) still loads.
// The release installs as soon as it is downloaded (skipWaiting): a page still open on the
// previous release keeps reading that release's files, from the previous cache, which is
// kept until the release after; the page says a new version is ready for the next visit.

// {id, version, files: {path: sha256 hex}}, paths relative to this worker's folder.
const RELEASE = null;
const PREFIX = 'dotbox-release-';
const SCOPE = new URL('./', self.location).href;
// Named by the release and the scope: two copies of the site on one origin (/dotbox/ and
// /dotbox-dev/) keep their caches apart, even when they serve the same release.
const CACHE = `${PREFIX}${RELEASE.id} ${SCOPE}`;
// The page: a host may add to it (an analytics snippet), so it is checked by the release it
// loads, not byte for byte.
const PAGE = 'index.html';
// Content types by extension, whatever the host sends: a module script, a wasm module or a
// manifest served with another type is refused, or compiled the slow way.
const TYPES = {
  html: 'text/html', js: 'text/javascript', css: 'text/css', json: 'application/json',
  wasm: 'application/wasm', webmanifest: 'application/manifest+json', png: 'image/png',
};
// Headers a host sets for its visitors' safety (a Content-Security-Policy, clickjacking
// protection), kept with each file as the host sent it and served with it: a page served from
// the cache would otherwise lose them from the second visit on.
const HOST_HEADERS = [
  'Content-Security-Policy', 'Content-Security-Policy-Report-Only', 'X-Frame-Options',
  'X-Content-Type-Options', 'Referrer-Policy', 'Permissions-Policy', 'Reporting-Endpoints', 'Report-To',
];
// The page's Cross-Origin-Embedder-Policy. Both values make it cross-origin isolated, but
// `require-corp` blocks every resource of another origin that is not sent with CORP or CORS
// headers (a host's analytics snippet, a web font), while `credentialless` loads it, without
// cookies. Chromium supports credentialless from 96 and Firefox from 119; Safari does not,
// and takes the unknown value as no policy at all: the page would not be isolated (no
// threads), so it gets require-corp. No API tells a worker whether the browser knows the
// value before a page is served with it, so the browser is told by its name and version,
// known to the worker at every start (no message from the page, which a worker restarted
// between two fetches would forget): Chromium by its User-Agent client hints (every
// Chromium-based browser lists the "Chromium" brand), Firefox by its User-Agent string. A
// browser not recognised gets require-corp, which works everywhere. docs/deploy.md says
// what a host adds must carry under require-corp.
const COEP = credentiallessKnown(self.navigator) ? 'credentialless' : 'require-corp';

/** Whether the browser of `nav` (the worker's navigator) supports COEP: credentialless. */
function credentiallessKnown(nav) {
  const chromium = nav.userAgentData?.brands?.find((b) => b.brand === 'Chromium');
  if (chromium) return Number(chromium.version) >= 96;
  // iOS browsers are WebKit whatever they are called (FxiOS, CriOS): no "Firefox/" there.
  const firefox = /\bFirefox\/(\d+)/.exec(nav.userAgent ?? '');
  return firefox ? Number(firefox[1]) >= 119 : false;
}
// The hash of each cached file is kept beside it, so a cache of an earlier release is
// checked the same way while a page of that release is open.
const HASH_HEADER = 'X-Dotbox-Sha256';

self.addEventListener('install', (event) => {
  event.waitUntil(install().then(() => self.skipWaiting(), told));
});

/** Tells the open pages why the release could not be installed (www/sw-register.js logs it), then fails the install. */
async function told(error) {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) {
    client.postMessage({ dotbox: 'install-failed', reason: error.message });
  }
  throw error;
}

self.addEventListener('activate', (event) => {
  event.waitUntil(activate());
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET' || !request.url.startsWith(SCOPE)) return;
  let path = request.url.slice(SCOPE.length).replace(/[?#].*$/, '');
  if (request.mode === 'navigate' && path === '') path = PAGE;
  // Asked for as the host has it now, past this release's copy (`?current`): the books'
  // index, when a book is gone from the host under the name this release gives it
  // (www/books.js, currentParts).
  const current = new URL(request.url).searchParams.has('current');
  if (path in RELEASE.files && !current) {
    event.respondWith(serve(path, RELEASE.files[path]));
  } else if (/^r\/[0-9a-f]+\//.test(path)) {
    // Not this release's: an earlier release's file while its page is still open, else the
    // network; isolated either way, as its workers must be to share memory.
    event.respondWith(older(request));
  }
  // Anything else goes to the network untouched: the large books' range requests, and every
  // address that is not the site's own. Deployed at an origin's root, the scope holds the
  // origin's other pages too, which must not be isolated (their cross-origin images would
  // stop loading) or answered offline by this site.
});

async function install() {
  const cache = await caches.open(CACHE);
  await Promise.all(Object.entries(RELEASE.files).map(async ([path, hash]) => {
    // A file unchanged since an earlier release (same path, same hash) is copied over.
    const cached = await caches.match(path);
    const body = cached && (await cached.arrayBuffer());
    if (body && path !== PAGE && (await digest(body)) === hash) await cache.put(path, stored(path, body, hash, cached.headers));
    else await cache.put(path, await download(path, hash));
  }));
}

/**
 * This scope's caches but the current one: named with this scope, or (written before cache
 * names held their scope) holding this scope's page.
 */
async function earlier() {
  const page = new URL(PAGE, SCOPE).href;
  const names = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE);
  const ours = await Promise.all(names.map(async (n) => n.endsWith(` ${SCOPE}`)
    || (!n.includes(' ') && Boolean(await (await caches.open(n)).match(page)))));
  return names.filter((_, k) => ours[k]);
}

/** Drops every release's cache but this one's and the one before (pages may still run it). */
async function activate() {
  const names = await earlier();
  // The release before is the one whose cache was written last.
  const ages = await Promise.all(names.map(async (n) => [n, await written(n)]));
  ages.sort((a, b) => b[1] - a[1]);
  for (const [name] of ages.slice(1)) await caches.delete(name);
  await self.clients.claim();
}

/** When cache `name` was filled (the date of its page), 0 if unknown. */
async function written(name) {
  const response = await (await caches.open(name)).match(PAGE);
  return Number(response?.headers.get('X-Dotbox-Cached') ?? 0);
}

/**
 * `path` of this release, verified: from the cache (against the hash stored with it, which
 * install checked: the release's, or the page as the host serves it), else (missing, or
 * damaged) downloaded again.
 */
async function serve(path, hash) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(path);
  if (cached) {
    const body = await cached.arrayBuffer();
    if ((await digest(body)) === cached.headers.get(HASH_HEADER)) return isolated(body, cached.headers);
    console.warn(`dotbox: the cached ${path} is damaged; downloading it again`);
    await cache.delete(path);
  }
  try {
    const fresh = await download(path, hash);
    await cache.put(path, fresh.clone());
    return isolated(await fresh.arrayBuffer(), fresh.headers);
  } catch (e) {
    return new Response(`dotbox: ${e.message}`, { status: 503, headers: { 'Content-Type': 'text/plain' } });
  }
}

/** A file of an earlier release still cached (checked against its stored hash), else the
 * network. */
async function older(request) {
  for (const name of await earlier()) {
    const cached = await (await caches.open(name)).match(request, { ignoreSearch: true });
    if (!cached) continue;
    const body = await cached.arrayBuffer();
    if ((await digest(body)) === cached.headers.get(HASH_HEADER)) return isolated(body, cached.headers);
  }
  const response = await fetch(request);
  // A redirect the browser follows itself (a navigation asks with redirect: 'manual', and
  // gets a response of status 0 that no Response copies).
  if (response.type === 'opaqueredirect') return response;
  return isolated(await response.arrayBuffer(), response.headers, response.status);
}

/**
 * `path` from the network, past the browser's HTTP cache, with its hash checked: a second
 * try asks again past every cache; a file that still differs is not this release's.
 */
async function download(path, hash) {
  for (const cache of ['no-cache', 'reload']) {
    const response = await fetch(new URL(path, SCOPE), { cache });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    const body = await response.arrayBuffer();
    const got = await digest(body);
    if (path === PAGE ? !loads(body) : got !== hash) continue;
    return stored(path, body, got, response.headers);
  }
  throw new Error(path === PAGE
    ? `${path}: the server sends a page that does not load release ${RELEASE.id}`
    : `${path}: the server sends a file other than release ${RELEASE.id}'s (its SHA-256 differs)`);
}

/** Whether the page `body` loads this release: its script is this release's page.js. */
function loads(body) {
  return new TextDecoder().decode(body).includes(`src="r/${RELEASE.id}/page.js"`);
}

/** A response as cached: the body, its type (by the file's extension), its hash, when it was
 * cached, and the host's own headers of `sent` (the response it came in). */
function stored(path, body, hash, sent) {
  const headers = new Headers(kept(sent, HOST_HEADERS));
  headers.set('Content-Type', TYPES[path.split('.').pop()] ?? 'application/octet-stream');
  headers.set(HASH_HEADER, hash);
  headers.set('X-Dotbox-Cached', String(Date.now()));
  return new Response(body, { headers });
}

/** The headers of `headers` named in `names` that are there, as [name, value] pairs. */
function kept(headers, names) {
  return names.filter((name) => headers.has(name)).map((name) => [name, headers.get(name)]);
}

async function digest(body) {
  const hash = await crypto.subtle.digest('SHA-256', body);
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A response with `body` and the headers that make the page cross-origin isolated. */
function isolated(body, headers, status = 200) {
  const out = new Headers(kept(headers, ['Content-Type', HASH_HEADER, 'X-Dotbox-Cached', ...HOST_HEADERS]));
  out.set('Cross-Origin-Opener-Policy', 'same-origin');
  out.set('Cross-Origin-Embedder-Policy', COEP);
  out.set('Cross-Origin-Resource-Policy', 'same-origin');
  return new Response(body, { status, headers: out });
}
