// Where the site's own files are (index.html, books/), for modules that fetch
// them from a worker, whose relative addresses resolve against the worker's script. In www/
// every module sits beside index.html; the built site (scripts/dist.mjs) moves the modules
// into a versioned folder, r/<release>/, and rewrites this line to point two folders up.
export const SITE_ROOT = new URL('./', import.meta.url).href;
