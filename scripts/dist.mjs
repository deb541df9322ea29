#!/usr/bin/env node
// Builds the static site: one folder any static host serves as it is (`./build.sh dist`).
//
//   node scripts/dist.mjs [--out DIR] [--part-bytes N] [--version LABEL]
//
// Layout of DIR (default dist/):
//   index.html             the page, its one script and one style pointing into r/<release>/
//   r/<release>/           the page's modules bundled (page.js, page.css), the workers'
//                          (worker.js, search-worker.js, pool-worker.js), the chunks they
//                          share, the course and puzzles (lessons.json, puzzles*.json, fetched
//                          beside the modules), and both wasm builds (pkg, pkg-threads, as wasm-bindgen wrote
//                          them): the folder is named by the hash of the whole release, so a
//                          browser or a CDN cache never mixes two releases' modules
//   sw.js                  the service worker (www/sw.js with the release's file list and
//                          SHA-256 hashes): precaches the release, checks every file it serves,
//                          adds the cross-origin isolation headers
//   manifest.webmanifest, icons/   what makes the page installable
//   _headers               long caching of r/ for the hosts that read it
//   books/                 the books the page fetches beside index.html; a book larger than
//                          --part-bytes (default 25 MiB, the largest file Cloudflare Pages
//                          takes) is split at chunk boundaries into parts, and
//                          books/index.json lists them (which bytes and chunks each holds)
// www/pkg and www/pkg-threads must be built first (`./build.sh wasm`). DIR is replaced whole;
// one that holds anything but an earlier build is refused.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import {
  copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, transform } from 'esbuild';
import { iconPng } from './icons.mjs';

const ROOT = new URL('../', import.meta.url).pathname;
const WWW = join(ROOT, 'www');
const MIB = 1024 * 1024;
// Books up to this size are precached whole by the service worker (offline from the first
// visit); larger ones are read by range, chunk by chunk, only where a position needs them.
const PRECACHED_BOOK_BYTES = 1 * MIB;

function options(argv) {
  const opts = { out: join(ROOT, 'dist'), partBytes: 25 * MIB, version: null };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) fail(`${flag} needs a value`);
    if (flag === '--out') opts.out = value;
    else if (flag === '--part-bytes') opts.partBytes = Number(value);
    else if (flag === '--version') opts.version = value;
    else fail(`unknown option '${flag}' (use --out DIR, --part-bytes N, --version LABEL)`);
  }
  if (!Number.isInteger(opts.partBytes) || opts.partBytes < 4096) fail(`--part-bytes must be a whole number of at least 4096, not '${opts.partBytes}'`);
  opts.version ??= gitVersion();
  return opts;
}

function fail(message) {
  console.error(`error: ${message}`);
  process.exit(2);
}

/** The source's version, as `git describe` names it (the commit, with -dirty for local edits). */
function gitVersion() {
  try {
    return execFileSync('git', ['describe', '--always', '--dirty'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** Every file under `dir`, as paths relative to it. */
function walk(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    return e.isDirectory() ? walk(path, base) : [relative(base, path)];
  });
}

// The workers: started by address (wasm-loader.js's startWorker and startPool), not
// imported, so each is an entry point of its own beside the page's.
const WORKERS = ['worker.js', 'search-worker.js', 'pool-worker.js'];
// The wasm-bindgen modules stay as wasm-bindgen wrote them, in their folders: each finds its
// wasm beside itself (new URL('dotbox_bg.wasm', import.meta.url)).
const WASM_GLUE = ['./pkg/*', './pkg-threads/*'];

/** The module scripts and the style sheets index.html names, in the document's order. */
function pageAssets(html) {
  const scripts = [...html.matchAll(/<script type="module" src="([^"]+\.js)"><\/script>/g)].map((m) => m[1]);
  const styles = [...html.matchAll(/<link rel="stylesheet" href="([^"]+\.css)">/g)].map((m) => m[1]);
  for (const path of [...scripts, ...styles]) if (!existsSync(join(WWW, path))) fail(`index.html names ${path}, which is not in www/`);
  return { scripts, styles };
}

/**
 * The release's code, as {path: bytes}: the page's module scripts (and sw-register.js) bundled
 * and minified by esbuild into page.js, each worker into its own file, what they share into
 * chunk-<hash>.js files beside them; its style sheets into page.css; both wasm builds. A
 * phone's first score then waits for 7 script and style requests, not 34, one per module
 * (some 6 round trips on HTTP/1.1's 6 connections: docs/deploy.md). Every output sits where its sources sat (the release's
 * root stands for www/), so addresses made from import.meta.url still resolve; site.js learns
 * that the site's root is two folders up.
 */
async function releaseFiles({ scripts, styles }) {
  const files = {};
  for (const pkg of ['pkg', 'pkg-threads']) {
    if (!existsSync(join(WWW, pkg, 'dotbox.js'))) fail(`www/${pkg} is not built: run ./build.sh wasm first`);
    for (const path of walk(join(WWW, pkg))) files[`${pkg}/${path}`] = readFileSync(join(WWW, pkg, path));
  }
  const result = await build({
    absWorkingDir: WWW,
    entryPoints: { page: 'dotbox:page', ...Object.fromEntries(WORKERS.map((w) => [w.replace(/\.js$/, ''), `./${w}`])) },
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    // Each bundle names its map (page.js.map beside it): the browser's tools show the
    // sources; nothing downloads a map otherwise, and the service worker does not cache them.
    sourcemap: 'linked',
    write: false,
    metafile: true,
    outdir: 'r',
    chunkNames: 'chunk-[hash]',
    external: WASM_GLUE,
    logLevel: 'silent',
    plugins: [{
      name: 'dotbox',
      setup(b) {
        // The page's entry: its scripts in index.html's order, then the service worker's registration.
        b.onResolve({ filter: /^dotbox:page$/ }, () => ({ path: 'page', namespace: 'dotbox' }));
        b.onLoad({ filter: /.*/, namespace: 'dotbox' }, () => ({
          contents: [...scripts, 'sw-register.js'].map((s) => `import './${s}';`).join('\n'),
          resolveDir: WWW,
          loader: 'js',
        }));
        b.onLoad({ filter: /[\\/]www[\\/]site\.js$/ }, ({ path }) => {
          const site = readFileSync(path, 'utf8');
          const moved = site.replace("new URL('./', import.meta.url)", "new URL('../../', import.meta.url)");
          if (moved === site) fail('www/site.js no longer defines SITE_ROOT as new URL(\'./\', import.meta.url): update scripts/dist.mjs');
          return { contents: moved, loader: 'js' };
        });
      },
    }],
  }).catch((e) => fail(`bundling www/ failed: ${e.message}`));
  for (const out of result.outputFiles) files[relative(join(WWW, 'r'), out.path)] = Buffer.from(out.contents);
  // A module no entry reaches would be missing from the site: a new worker belongs in WORKERS.
  const bundled = new Set(Object.values(result.metafile.outputs).flatMap((o) => Object.keys(o.inputs)));
  const left = readdirSync(WWW).filter((n) => n.endsWith('.js') && n !== 'sw.js' && !bundled.has(n));
  if (left.length) fail(`www/${left.join(', www/')} reached from no entry point: a worker started by address belongs in WORKERS (scripts/dist.mjs)`);
  const css = styles.map((s) => readFileSync(join(WWW, s), 'utf8')).join('\n');
  files['page.css'] = Buffer.from((await transform(css, { loader: 'css', minify: true })).code);
  return { files, imports: staticImports(result.metafile) };
}

/** Each output's static imports (chunks, and the wasm-bindgen modules), from esbuild's metafile. */
function staticImports(metafile) {
  const imports = {};
  for (const [out, o] of Object.entries(metafile.outputs)) {
    imports[relative('r', out)] = o.imports.filter((i) => i.kind === 'import-statement')
      .map((i) => (i.external ? i.path.replace(/^\.\//, '') : relative('r', i.path)));
  }
  return imports;
}

/**
 * Chunk boundaries of a v2 book (docs/book-format.md): [index end, end of chunk 0, ...], read
 * by the page's own reader (the wasm build's LazyBook: it checks the header's magic, version
 * and the index's checksum). Parts are cut only there, so each part holds whole chunks and
 * the first the header and index.
 */
function chunkEnds(bytes, LazyBook) {
  const index = LazyBook.open(bytes.subarray(0, LazyBook.indexLen(bytes.subarray(0, LazyBook.prefixBytes()))));
  try {
    const ends = [index.indexBytes];
    for (let k = 0; k < index.chunks; k++) ends.push(index.range(k)[1]);
    if (index.fileBytes !== bytes.length) throw new Error(`its header says ${index.fileBytes} bytes, the file has ${bytes.length}`);
    return ends;
  } finally {
    index.free();
  }
}

/**
 * Splits a book into parts of at most `limit` bytes at chunk boundaries: [{file, offset,
 * bytes, chunks: [first, end)}], chunk numbers as in the book's index.
 */
function splitBook(name, bytes, limit, LazyBook) {
  const ends = chunkEnds(bytes, LazyBook);
  const stem = name.replace(/\.book$/, '');
  const parts = [];
  // ends[m] is where the part may end at the earliest: after the index, or after one chunk.
  let m = 0;
  while (m < ends.length) {
    const start = m === 0 ? 0 : ends[m - 1];
    if (ends[m] - start > limit) throw new Error(`a piece of ${ends[m] - start} bytes (the index, or one chunk) exceeds ${limit}`);
    while (m + 1 < ends.length && ends[m + 1] - start <= limit) m += 1;
    // Chunk k ends at ends[k + 1]: this part holds chunks [first, m).
    const first = parts.length ? parts.at(-1).chunks[1] : 0;
    parts.push({ file: `${stem}.part${parts.length}.book`, offset: start, bytes: ends[m] - start, chunks: [first, m] });
    m += 1;
  }
  return parts;
}

/** The books and their index.json: {path: bytes}, books larger than `limit` in parts (cut by
 * the page's reader `LazyBook`). */
function books(limit, LazyBook) {
  const index = JSON.parse(readFileSync(join(WWW, 'books/index.json'), 'utf8'));
  const files = {};
  for (const entry of index.books) {
    const bytes = readFileSync(join(WWW, 'books', entry.file));
    if (bytes.length <= limit) {
      files[`books/${entry.file}`] = bytes;
      continue;
    }
    try {
      entry.parts = splitBook(entry.file, bytes, limit, LazyBook);
    } catch (e) {
      fail(`books/${entry.file} cannot be split into files of at most ${limit} bytes: ${e.message}`);
    }
    for (const p of entry.parts) files[`books/${p.file}`] = bytes.subarray(p.offset, p.offset + p.bytes);
  }
  files['books/index.json'] = Buffer.from(`${JSON.stringify(index, null, 2)}\n`);
  return files;
}

/**
 * The modules `entries` import statically, themselves included, as paths of `code`: what the
 * page and its solving worker load before the first score, preloaded by index.html so the
 * browser asks for them all at once rather than one level of imports at a time. `imports`
 * holds the bundles' imports; the wasm-bindgen modules' own are read from their text.
 */
function moduleGraph(entries, code, imports) {
  const seen = new Set();
  const visit = (path) => {
    if (seen.has(path) || !(path in code)) return;
    seen.add(path);
    const specs = imports[path] ?? [...String(code[path]).matchAll(/(?:^|\n)\s*(?:import|export)\b[^;'"]*?['"](\.{1,2}\/[^'"]+)['"]/g)]
      .map(([, spec]) => new URL(spec, `file:///${path}`).pathname.slice(1));
    specs.forEach(visit);
  };
  entries.forEach(visit);
  return [...seen];
}

/**
 * index.html with its module scripts and style sheets replaced by the release's page.js and
 * page.css, its development stand-in for an icon by the icon, and preloads of what the first
 * score needs, the manifest and version.
 */
function page(release, version, code, imports) {
  let html = readFileSync(join(WWW, 'index.html'), 'utf8');
  const devIcon = /[ \t]*<!-- No icon while developing[^\n]*\n[ \t]*<link rel="icon" href="data:,">\n/;
  if (!devIcon.test(html)) fail('www/index.html has no development icon line to replace');
  html = html.replace(/[ \t]*<script type="module" src="[^"]+\.js"><\/script>\n/g, '')
    .replace(/[ \t]*<link rel="stylesheet" href="[^"]+\.css">\n/g, '')
    .replace(devIcon, '');
  // The solving worker's modules (startWorker('./worker.js') in client.js) and the wasm both
  // the page and the worker instantiate (the worker the threaded one where isolated).
  const preloads = moduleGraph(['page.js', 'worker.js'], code, imports).filter((p) => p !== 'page.js')
    .map((p) => `<link rel="modulepreload" href="r/${release}/${p}">`);
  preloads.push(`<link rel="preload" href="r/${release}/pkg/dotbox_bg.wasm" as="fetch" type="application/wasm" crossorigin>`);
  const head = [
    `<link rel="stylesheet" href="r/${release}/page.css">`,
    `<script type="module" src="r/${release}/page.js"></script>`,
    ...preloads,
    `<meta name="dotbox-version" content="${version.replace(/[^\w.+-]/g, '_')}">`,
    '<meta name="description" content="Dots and Boxes against perfect play, with every move\'s score, exact where in reach. Works offline.">',
    '<meta name="theme-color" content="#1f3b57">',
    '<link rel="manifest" href="manifest.webmanifest">',
    '<link rel="icon" type="image/png" sizes="192x192" href="icons/icon-192.png">',
    '<link rel="apple-touch-icon" href="icons/icon-192.png">',
  ].map((l) => `  ${l}\n`).join('');
  if (!html.includes('</head>')) fail('www/index.html has no </head>');
  return Buffer.from(html.replace('</head>', `${head}</head>`));
}

function manifest() {
  const icon = (file, size, purpose) => ({ src: `icons/${file}`, sizes: `${size}x${size}`, type: 'image/png', purpose });
  return Buffer.from(`${JSON.stringify({
    name: 'dotbox — perfect-play Dots and Boxes',
    short_name: 'dotbox',
    description: "Dots and Boxes against perfect play, with every move's score: exact where in reach, estimated beyond.",
    // The installed app's identity, set apart from start_url, so a later start_url (an
    // address with a query, say) does not make installed copies a different app.
    id: './',
    start_url: './',
    scope: './',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1f3b57',
    icons: [icon('icon-192.png', 192, 'any'), icon('icon-512.png', 512, 'any'), icon('icon-512-maskable.png', 512, 'maskable')],
  }, null, 2)}\n`);
}

function write(out, path, bytes) {
  mkdirSync(dirname(join(out, path)), { recursive: true });
  writeFileSync(join(out, path), bytes);
}

/** The page's book reader (LazyBook of the wasm build in www/pkg, built before). */
async function bookReader() {
  const { initSync, LazyBook } = await import(pathToFileURL(join(WWW, 'pkg/dotbox.js')).href);
  initSync({ module: readFileSync(join(WWW, 'pkg/dotbox_bg.wasm')) });
  return LazyBook;
}

async function main() {
  const { out, partBytes, version } = options(process.argv.slice(2));
  const { files: code, imports } = await releaseFiles(pageAssets(readFileSync(join(WWW, 'index.html'), 'utf8')));
  // The course and the puzzles go with the code (learn.js and puzzles.js fetch them beside
  // themselves): a page open across an update keeps its release's. The books stay at the
  // site's root, shared by releases: they are large, and versioned and checked themselves.
  for (const name of readdirSync(WWW)) if (name.endsWith('.json')) code[name] = readFileSync(join(WWW, name));
  const data = { ...books(partBytes, await bookReader()), 'manifest.webmanifest': manifest() };
  data['icons/icon-192.png'] = iconPng(192, false);
  data['icons/icon-512.png'] = iconPng(512, false);
  data['icons/icon-512-maskable.png'] = iconPng(512, true);
  // The release is named by everything it serves, the version label included.
  const hashes = Object.entries({ ...code, ...data }).map(([p, b]) => `${p} ${sha256(b)}`).sort();
  const release = sha256(`${version}\n${hashes.join('\n')}`).slice(0, 12);
  const files = { 'index.html': page(release, version, code, imports), ...data };
  for (const [p, b] of Object.entries(code)) files[`r/${release}/${p}`] = b;

  // The service worker precaches everything but the large books (read by range, cached by
  // chunk) and the source maps (for the browser's tools only). A small book (3x4's, 112 kB)
  // is precached whole, so its board plays exactly offline though never opened online: the
  // worker answers its range requests with the whole file, as a server without ranges
  // would, and the page caches every chunk of it (www/books.js).
  const precache = {};
  for (const [p, b] of Object.entries(files)) {
    const small = p.endsWith('.book') && b.length <= PRECACHED_BOOK_BYTES;
    if (small || !/\.(book|map)$/.test(p)) precache[p] = sha256(b);
  }
  const template = readFileSync(join(WWW, 'sw.js'), 'utf8');
  const sw = template.replace('const RELEASE = null;', `const RELEASE = ${JSON.stringify({ id: release, version, files: precache })};`);
  if (sw === template) fail('www/sw.js has no line `const RELEASE = null;` to fill');
  files['sw.js'] = Buffer.from(sw);
  // For the hosts that read a _headers file (Netlify, Cloudflare Pages), whose default makes
  // the browser revalidate every file: the solving worker then asks again for the files the
  // page preloaded, three round trips before the first score. r/ never changes under a name.
  // Not precached: no page asks for it, and some hosts do not publish names starting with _.
  files._headers = Buffer.from('/r/*\n  Cache-Control: public, max-age=31536000, immutable\n');

  refuseForeign(out, files);
  rmSync(out, { recursive: true, force: true });
  for (const [p, b] of Object.entries(files)) write(out, p, b);
  const size = (filter) => Object.entries(files).filter(([p]) => filter(p)).reduce((n, [, b]) => n + b.length, 0);
  console.log(`dist: release ${release} (${version}) in ${out}`);
  console.log(`  ${Object.keys(files).length} files; code ${(size((p) => p.startsWith('r/')) / 1e6).toFixed(2)} MB, books ${(size((p) => p.endsWith('.book')) / 1e6).toFixed(2)} MB, precached ${(size((p) => p in precache) / 1e6).toFixed(2)} MB`);
}

/**
 * Refuses an `out` that holds anything but an earlier build (its top-level names are a
 * build's, and its sw.js is dotbox's): it is replaced whole, and a host's own files there (a
 * web root's other pages) would be lost without a word.
 */
function refuseForeign(out, files) {
  if (!existsSync(out)) return;
  if (!statSync(out).isDirectory()) fail(`--out ${out} is a file, not a folder`);
  const ours = new Set(Object.keys(files).map((p) => p.split('/')[0]));
  const foreign = readdirSync(out).filter((name) => !ours.has(name)).sort();
  const built = existsSync(join(out, 'sw.js')) && readFileSync(join(out, 'sw.js'), 'utf8').includes('dotbox-release-');
  if (foreign.length || (readdirSync(out).length && !built)) {
    const named = foreign.length ? `: ${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ', …' : ''}` : '';
    fail(`--out ${out} holds files that are not an earlier dotbox build${named}; the folder is replaced whole, so give an empty or new one`);
  }
}

await main();
