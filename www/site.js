// Where the site's own files are (index.html, books/), for modules that fetch
// them from a worker, whose relative addresses resolve against the worker's script. In www/
// every module sits beside index.html; the built site (scripts/dist.mjs) moves the modules
// into a versioned folder, r/<release>/, and rewrites this line to point two folders up.
export const SITE_ROOT = new URL('./', import.meta.url).href;

/**
 * `file` of this page's own release (beside the module at `moduleUrl`: in the built site
 * r/<release>/), read as JSON. A 404 there is the release replaced on the server since this
 * page loaded (a host keeps the release before the current one, not older ones): said so,
 * with the reload that mends it (a bare "HTTP 404" left a reader with nothing to do).
 */
export async function releaseJson(file, moduleUrl) {
  const response = await fetch(new URL(file, moduleUrl));
  if (response.status === 404) throw new Error(`${file}: HTTP 404: this page's version has been replaced on the server since it loaded; reload the page`);
  if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
  return response.json();
}
