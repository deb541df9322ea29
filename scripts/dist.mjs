#!/usr/bin/env node
// Builds the static site: one folder any static host serves as it is (`./build.sh dist`).
//
//   node scripts/dist.mjs [--out DIR] [--part-bytes N] [--version LABEL]
//
// Layout of DIR (default dist/):
//   index.html             the page, its scripts and styles pointing into r/<release>/
//   r/<release>/           every script, style and both wasm builds (pkg, pkg-threads): the
//                          folder is named by the hash of the whole release, so a browser or a
//                          CDN cache never mixes two releases' modules
//   sw.js                  the service worker (www/sw.js with the release's file list and
//                          SHA-256 hashes): precaches the release, checks every file it serves,
//                          adds the cross-origin isolation headers
//   manifest.webmanifest, icons/   what makes the page installable
//   puzzles*.json, books/  data the page fetches beside index.html; a book larger than
//                          --part-bytes (default 25 MiB, the largest file Cloudflare Pages
//                          takes) is split at chunk boundaries into parts, and
//                          books/index.json lists them (which bytes and chunks each holds)
// www/pkg and www/pkg-threads must be built first (`./build.sh wasm`). DIR is replaced whole.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import {
  copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { iconPng } from './icons.mjs';

const ROOT = new URL('../', import.meta.url).pathname;
const WWW = join(ROOT, 'www');
const MIB = 1024 * 1024;

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

/**
 * The release's code: every module and style of www/ and both wasm builds, as
 * {path: bytes}. site.js learns that the site's root is two folders up.
 */
function releaseFiles() {
  const files = {};
  for (const name of readdirSync(WWW)) {
    if (/\.(js|css)$/.test(name) && name !== 'sw.js') files[name] = readFileSync(join(WWW, name));
  }
  for (const pkg of ['pkg', 'pkg-threads']) {
    if (!existsSync(join(WWW, pkg, 'dotbox.js'))) fail(`www/${pkg} is not built: run ./build.sh wasm first`);
    for (const path of walk(join(WWW, pkg))) files[`${pkg}/${path}`] = readFileSync(join(WWW, pkg, path));
  }
  const site = String(files['site.js']);
  const moved = site.replace("new URL('./', import.meta.url)", "new URL('../../', import.meta.url)");
  if (moved === site) fail('www/site.js no longer defines SITE_ROOT as new URL(\'./\', import.meta.url): update scripts/dist.mjs');
  files['site.js'] = Buffer.from(moved);
  return files;
}

/**
 * Chunk boundaries of a v2 book (docs/book-format.md): [index end, end of chunk 0, ...]. Parts
 * are cut only there, so each part holds whole chunks and the first the header and index.
 */
function chunkEnds(bytes) {
  const indexLen = Number(bytes.readBigUInt64LE(24));
  const count = bytes.readUInt32LE(40);
  const table = indexLen - 4 - 8 * count;
  const ends = [indexLen];
  for (let k = 0; k < count; k++) ends.push(ends.at(-1) + bytes.readUInt32LE(table + 8 * k));
  if (ends.at(-1) !== bytes.length) throw new Error(`its chunks end at byte ${ends.at(-1)}, the file at ${bytes.length}`);
  return ends;
}

/**
 * Splits a book into parts of at most `limit` bytes at chunk boundaries: [{file, offset,
 * bytes, chunks: [first, end)}], chunk numbers as in the book's index.
 */
function splitBook(name, bytes, limit) {
  const ends = chunkEnds(bytes);
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

/** The books and their index.json: {path: bytes}, books larger than `limit` in parts. */
function books(limit) {
  const index = JSON.parse(readFileSync(join(WWW, 'books/index.json'), 'utf8'));
  const files = {};
  for (const entry of index.books) {
    const bytes = readFileSync(join(WWW, 'books', entry.file));
    if (bytes.length <= limit) {
      files[`books/${entry.file}`] = bytes;
      continue;
    }
    try {
      entry.parts = splitBook(entry.file, bytes, limit);
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
 * browser asks for them all at once rather than one level of imports at a time.
 */
function moduleGraph(entries, code) {
  const seen = new Set();
  const visit = (path) => {
    if (seen.has(path) || !(path in code)) return;
    seen.add(path);
    for (const [, spec] of String(code[path]).matchAll(/(?:^|\n)\s*(?:import|export)\b[^;'"]*?['"](\.{1,2}\/[^'"]+)['"]/g)) {
      visit(new URL(spec, `file:///${path}`).pathname.slice(1));
    }
  };
  entries.forEach(visit);
  return [...seen];
}

/** index.html with its scripts and styles in r/<release>/, the manifest, icon and service worker. */
function page(release, version, code) {
  let html = readFileSync(join(WWW, 'index.html'), 'utf8');
  html = html.replace(/\b(href|src)="([^":#?]+\.(?:css|js))"/g, (_, attr, path) => {
    if (!(path in code)) fail(`index.html names ${path}, which is not in www/`);
    return `${attr}="r/${release}/${path}"`;
  });
  const scripts = [...html.matchAll(/src="r\/[0-9a-f]+\/([^"]+\.js)"/g)].map((m) => m[1]);
  // The solving worker's modules (startWorker('./worker.js') in client.js) and the wasm both
  // the page and the worker instantiate (the worker the threaded one where isolated).
  const preloads = moduleGraph([...scripts, 'worker.js'], code).filter((p) => !scripts.includes(p))
    .map((p) => `<link rel="modulepreload" href="r/${release}/${p}">`);
  preloads.push(`<link rel="preload" href="r/${release}/pkg/dotbox_bg.wasm" as="fetch" type="application/wasm" crossorigin>`);
  const head = [
    ...preloads,
    `<meta name="dotbox-version" content="${version.replace(/[^\w.+-]/g, '_')}">`,
    '<meta name="description" content="Dots and Boxes against perfect play, with every move\'s exact score. Works offline.">',
    '<meta name="theme-color" content="#1f3b57">',
    '<link rel="manifest" href="manifest.webmanifest">',
    '<link rel="icon" type="image/png" sizes="192x192" href="icons/icon-192.png">',
    '<link rel="apple-touch-icon" href="icons/icon-192.png">',
    `<script type="module" src="r/${release}/sw-register.js"></script>`,
  ].map((l) => `  ${l}\n`).join('');
  if (!html.includes('</head>')) fail('www/index.html has no </head>');
  return Buffer.from(html.replace('</head>', `${head}</head>`));
}

function manifest() {
  const icon = (file, size, purpose) => ({ src: `icons/${file}`, sizes: `${size}x${size}`, type: 'image/png', purpose });
  return Buffer.from(`${JSON.stringify({
    name: 'dotbox — perfect-play Dots and Boxes',
    short_name: 'dotbox',
    description: "Dots and Boxes against perfect play, with every move's exact score.",
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

function main() {
  const { out, partBytes, version } = options(process.argv.slice(2));
  const code = releaseFiles();
  const data = { ...books(partBytes), 'manifest.webmanifest': manifest() };
  for (const name of readdirSync(WWW)) if (name.endsWith('.json')) data[name] = readFileSync(join(WWW, name));
  data['icons/icon-192.png'] = iconPng(192, false);
  data['icons/icon-512.png'] = iconPng(512, false);
  data['icons/icon-512-maskable.png'] = iconPng(512, true);
  // The release is named by everything it serves, the version label included.
  const hashes = Object.entries({ ...code, ...data }).map(([p, b]) => `${p} ${sha256(b)}`).sort();
  const release = sha256(`${version}\n${hashes.join('\n')}`).slice(0, 12);
  const files = { 'index.html': page(release, version, code), ...data };
  for (const [p, b] of Object.entries(code)) files[`r/${release}/${p}`] = b;

  // The service worker precaches everything but the books (read by range, cached by chunk).
  const precache = {};
  for (const [p, b] of Object.entries(files)) if (!p.endsWith('.book')) precache[p] = sha256(b);
  const template = readFileSync(join(WWW, 'sw.js'), 'utf8');
  const sw = template.replace('const RELEASE = null;', `const RELEASE = ${JSON.stringify({ id: release, version, files: precache })};`);
  if (sw === template) fail('www/sw.js has no line `const RELEASE = null;` to fill');
  files['sw.js'] = Buffer.from(sw);

  rmSync(out, { recursive: true, force: true });
  for (const [p, b] of Object.entries(files)) write(out, p, b);
  const size = (filter) => Object.entries(files).filter(([p]) => filter(p)).reduce((n, [, b]) => n + b.length, 0);
  console.log(`dist: release ${release} (${version}) in ${out}`);
  console.log(`  ${Object.keys(files).length} files; code ${(size((p) => p.startsWith('r/')) / 1e6).toFixed(2)} MB, books ${(size((p) => p.endsWith('.book')) / 1e6).toFixed(2)} MB, precached ${(size((p) => p in precache) / 1e6).toFixed(2)} MB`);
  for (const p of Object.keys(files).filter((f) => f.endsWith('.book'))) {
    if (statSync(join(out, p)).size > partBytes) fail(`${p} is larger than ${partBytes} bytes`);
  }
}

main();
