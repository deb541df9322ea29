// Browser benchmark (not a test), in headless Chromium with a fresh profile (IndexedDB starts
// empty). Two kinds:
//   node scripts/bench-browser.mjs [board ..]
//     full solves (icelandic by default; 3x4 has a book, so the page offers no solve) in the
//     page as served (the threaded wasm, a thread per core), on one thread (?threads=1, the
//     wasm a page not cross-origin isolated gets), and on one thread writing every tile as it
//     finishes (?threads=1&checkpoint=0, the page before threads and checkpoints), with wall
//     time, the time inside the solver's steps, CPU time and peak memory, beside the native
//     CLI's solve of the same board on every core and on one thread (time and peak RSS from
//     /usr/bin/time);
//   node scripts/bench-browser.mjs --game [--book FILE ..] [--seed N] [--best] [--think S] board ..
//     a whole game per board against the engine (the engine plays B) with random human moves
//     (with --best the move the page rates best: an exact best move, else the engine's choice
//     by its estimate), each once the page shows the human's position with its analysis (and
//     with --think, S seconds after):
//     median and longest engine reply (from the human's click to the engine's line on the
//     board, no display delay), the same for the replies made by the engine's estimates alone
//     (no exact solve or search within them), the median and longest time from the click to
//     the analysis of the human's next position shown, the replies from a position the engine
//     thought on while the human was to move (pondering), whether every reply over 1 s showed
//     a progress bar, bytes of book downloaded, and the page's peak memory; each reply over
//     3 s (with what the page said and the lines drawn after it) and each reply over 1 s
//     without the bar is named on stderr. --book serves extra books (a 4x4 or 3x5 book made
//     by `dotbox book build`) beside www/books through the server's overlay, with their
//     index.json entries, so nothing is copied into www/.
//   node scripts/bench-browser.mjs --open [--baseline DIR] board ..
//     how long a board takes to open: from the address to the first exact value shown (the
//     wasm, the book's index and first chunks, the first analysis), fresh profile, 4 rounds;
//     with --baseline, the same from another build's www/ (a worktree of an earlier commit
//     after its `./build.sh wasm`), the two alternating in one run.
//   node scripts/bench-browser.mjs --pseudo LINES ..
//     5x5 positions (each LINES a comma-separated list of drawn lines, played as moves)
//     answered by chains as pseudo-lines in the page's worker: the wasm solve's time (as the
//     worker measures it) and the wall time from the address to the scores shown, beside
//     `dotbox analyze 5x5 --lines LINES --pseudo-lines` (time and peak RSS from /usr/bin/time).
//   node scripts/bench-browser.mjs --search LINES ..
//     5x5 positions past every method the page runs on its own, searched exactly on request
//     (the #deep-search button): wall time from the click to the scores shown, beside the
//     native search with the table the page got (1 GiB unless the browser refused it) on
//     every core.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, readdirSync, mkdtempSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const ROOT = new URL('../', import.meta.url).pathname;
// The flags above, read strictly: an unknown flag, a flag without its value or a value that
// is not a number ends the run at once, naming it, rather than benchmarking for minutes with
// the defaults.
function fail(message) {
  console.error(`bench-browser: ${message}`);
  process.exit(2);
}
let args;
try {
  args = parseArgs({
    allowPositionals: true,
    options: {
      game: { type: 'boolean' },
      pseudo: { type: 'boolean' },
      search: { type: 'boolean' },
      open: { type: 'boolean' },
      best: { type: 'boolean' },
      baseline: { type: 'string' },
      book: { type: 'string', multiple: true },
      think: { type: 'string' },
      seed: { type: 'string' },
    },
  });
} catch (e) {
  fail(e.message);
}
const { values: flags, positionals: named } = args;
function numberFlag(name, fallback) {
  if (flags[name] === undefined) return fallback;
  const n = Number(flags[name]);
  if (flags[name].trim() === '' || !Number.isFinite(n)) fail(`--${name} ${flags[name]}: not a number`);
  return n;
}
const gameMode = Boolean(flags.game);
const pseudoMode = Boolean(flags.pseudo);
const searchMode = Boolean(flags.search);
const openMode = Boolean(flags.open);
const baseline = flags.baseline;
const extraBooks = flags.book ?? [];
const bestHuman = Boolean(flags.best);
const thinkSeconds = numberFlag('think', 0);
const seedArg = numberFlag('seed', 1);
const boards = named.length ? named : gameMode ? ['3x4'] : ['icelandic'];
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Every process under `pid` (itself included), from one scan of /proc. */
function treePids(pid) {
  const children = new Map();
  for (const d of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      (children.get(ppid) ?? children.set(ppid, []).get(ppid)).push(Number(d));
    } catch {
      // The process ended meanwhile.
    }
  }
  const pids = [];
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop();
    pids.push(p);
    stack.push(...(children.get(p) ?? []));
  }
  return pids;
}

/** Resident memory (bytes) of `pids`: `{total, largest}` (the largest is the renderer that
 * runs the page and its workers). */
function rssOf(pids) {
  let total = 0;
  let largest = 0;
  for (const p of pids) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      const rss = m ? Number(m[1]) * 1024 : 0;
      total += rss;
      largest = Math.max(largest, rss);
    } catch {
      // The process ended meanwhile.
    }
  }
  return { total, largest };
}

/**
 * Samples the resident memory of the Chromium tree under `pid` every 100 ms until `stop()`,
 * which returns `{peak, pagePeak}` (the whole tree; its largest process). The tree is listed
 * once a second and only its processes' status files are read in between: a scan of all of
 * /proc twice per sample took CPU from the 2-core machine the page is timed on.
 */
function sampleMemory(pid) {
  let pids = treePids(pid);
  let ticks = 0;
  let peak = 0;
  let pagePeak = 0;
  const timer = setInterval(() => {
    ticks += 1;
    if (ticks % 10 === 0) pids = treePids(pid);
    const { total, largest } = rssOf(pids);
    peak = Math.max(peak, total);
    pagePeak = Math.max(pagePeak, largest);
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return { peak, pagePeak };
    },
  };
}

/** CPU seconds (user and system) used so far by every process under `pid`. On a machine
 * shared by several users' sessions the scheduler gives each session its share whatever its
 * thread count, so wall time alone cannot show a second core's use: CPU time shows the work
 * done, and CPU / wall how many cores the run got. */
function treeCpu(pid) {
  let total = 0;
  for (const p of treePids(pid)) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in ticks
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/** Runs the native CLI with `args` under GNU time: wall seconds, peak RSS MB, CPU seconds. */
function timedDotbox(args) {
  execFileSync('/usr/bin/time', ['-f', '%e %M %U %S', '-o', '/tmp/dotbox-bench-time', `${ROOT}target/release/dotbox`, ...args], { stdio: 'ignore' });
  const [seconds, kb, user, sys] = readFileSync('/tmp/dotbox-bench-time', 'utf8').trim().split(/\s+/).map(Number);
  return { seconds, peakMB: kb / 1024, cpu: user + sys };
}

function nativeSolve(board, threads = []) {
  try {
    return timedDotbox(['solve', board, ...threads]);
  } catch (e) {
    return { error: e.message };
  }
}

async function browserSolve(url, board, query) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const pid = browser._connection?._transport?._proc?.pid ?? null;
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}?${query}#board=${board}&mode=hh`);
  await page.waitForSelector('body[data-ready="1"]');
  const base = rssOf(treePids(findChromium(pid))).total;
  let wasmPeak = 0;
  let compute = 0;
  let threadsUsed = 0;
  const memory = sampleMemory(findChromium(pid));
  await page.exposeFunction('benchProgress', (bytes, seconds, used) => {
    wasmPeak = Math.max(wasmPeak, bytes ?? 0);
    compute = Math.max(compute, seconds ?? 0);
    threadsUsed = used ?? 0;
  });
  await page.evaluate(() => window.dotboxApp.client.onEvent((p) => p.op === 'progress' && window.benchProgress(p.wasmBytes, p.computeSeconds, p.threads)));
  const start = Date.now();
  const cpuBefore = treeCpu(findChromium(pid));
  await page.click('#solve');
  await page.waitForFunction(() => ['finished', 'error'].includes(document.body.dataset.solve), null, { timeout: 1_800_000, polling: 50 });
  const seconds = (Date.now() - start) / 1000;
  const cpu = treeCpu(findChromium(pid)) - cpuBefore;
  const { peak, pagePeak } = memory.stop();
  const outcome = await page.evaluate(() => [document.body.dataset.solve, document.querySelector('#solve-stats').textContent, document.querySelector('#solve-text').textContent]);
  await browser.close();
  const mb = (n) => n / 2 ** 20;
  return { seconds, cpu, compute, threadsUsed, peakMB: mb(peak), pageMB: mb(pagePeak), baseMB: mb(base), wasmPeakMB: mb(wasmPeak), outcome };
}

/** The native analysis of the position with `lines` drawn on 5x5, with `extra` options. */
const nativeAnalyze5x5 = (lines, extra) => timedDotbox(['analyze', '5x5', '--lines', lines, '--json', ...extra]);

/** The position with `lines` drawn on 5x5, answered by pseudo-lines in a fresh page. */
async function browserPseudo(url, lines) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const pid = findChromium(browser._connection?._transport?._proc?.pid ?? null);
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${url}?delay=0`);
  await page.waitForSelector('body[data-ready="1"]');
  const memory = sampleMemory(pid);
  const start = Date.now();
  await page.evaluate((l) => { location.hash = `#board=5x5&mode=hh&moves=${l}`; }, lines);
  // Whatever answers first: positions the handover (at most 30 open lines) or the search
  // answer are no benchmark of pseudo-lines.
  await page.waitForFunction(() => window.dotboxApp.state.analysis?.source || !document.querySelector('#deep-search').hidden, null, { timeout: 600_000, polling: 20 });
  const wall = (Date.now() - start) / 1000;
  const source = await page.evaluate(() => window.dotboxApp.state.analysis?.source ?? 'nothing exact (only the search on request)');
  if (source !== 'pseudo') {
    await browser.close();
    throw new Error(`the page answered ${lines} by '${source}', not by chains as pseudo-lines: give a 5x5 position past the handover (more than 30 open lines) whose reduction has at most the page's limit of units and proves its value (every collapsed chain ending on the ground or a loop)`);
  }
  const { seconds, units, open } = await page.evaluate(() => {
    const a = window.dotboxApp.state.analysis;
    return { seconds: a.seconds, units: a.reduction.units, open: a.reduction.open };
  });
  const { pagePeak } = memory.stop();
  await browser.close();
  return { seconds, wall, units, open, pageMB: pagePeak / 2 ** 20 };
}

/** The position with `lines` drawn on 5x5, searched on request in a fresh page. */
async function browserSearch(url, lines) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${url}?delay=0#board=5x5&mode=hh&moves=${lines}`);
  await page.waitForSelector('#deep-search:not([hidden])', { timeout: 120_000 });
  const start = Date.now();
  await page.click('#deep-search');
  await page.waitForFunction(() => window.dotboxApp.state.analysis?.source === 'search', null, { timeout: 600_000, polling: 50 });
  const wall = (Date.now() - start) / 1000;
  const { nodes, open, tableMib } = await page.evaluate(() => ({ ...window.dotboxApp.state.analysis, open: window.dotboxApp.state.game.open }));
  await browser.close();
  return { wall, nodes, open, tableMib };
}

// playwright-core does not expose the browser's pid publicly: find the headless Chromium
// launched with our remote-debugging pipe as the newest such child of this process (its
// renderers carry the flag too, so the parent must be this process).
function findChromium(known) {
  if (known) return known;
  const out = execFileSync('pgrep', ['-n', '-P', String(process.pid), '-f', 'chromium.*--remote-debugging-pipe'], { encoding: 'utf8' }).trim();
  return Number(out);
}

/** A book's board and depth from its header (format 2: rows, columns at 10, 11; depth at 20). */
function bookEntry(file) {
  const b = readFileSync(file);
  return { file: basename(file), board: `${b[10]}x${b[11]}`, predrawn: '', depth: b[20], format: 2, made_by: 'scripts/bench-browser.mjs --book' };
}

/** A directory served over www/ holding the extra books and an index.json listing them too. */
function overlayWith(books) {
  const dir = mkdtempSync(`${tmpdir()}/dotbox-bench-`);
  mkdirSync(`${dir}/books`);
  const index = JSON.parse(readFileSync(`${ROOT}www/books/index.json`, 'utf8'));
  for (const file of books) {
    symlinkSync(file.startsWith('/') ? file : `${process.cwd()}/${file}`, `${dir}/books/${basename(file)}`);
    const entry = bookEntry(file);
    index.books = index.books.filter((b) => b.board !== entry.board).concat(entry);
  }
  writeFileSync(`${dir}/books/index.json`, JSON.stringify(index));
  return dir;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

/** One whole game against the engine (B) with random human moves (A; with --best the
 * page's best), timed. */
async function browserGame(url, board, seed) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const pid = findChromium(browser._connection?._transport?._proc?.pid ?? null);
  const page = await (await browser.newContext()).newPage();
  const memory = sampleMemory(pid);
  const started = Date.now();
  await page.goto(`${url}?delay=0#board=${board}&mode=p1`);
  await page.waitForSelector('body[data-ready="1"]', { timeout: 120_000 });
  // By the page's clock: every moment the progress bar is shown or hidden, every click, and
  // every change of the lines drawn (so a reply is timed from the click the page saw to the
  // engine's last line, not by the bench's polls).
  await page.evaluate(() => {
    window.benchWaits = [];
    const wait = document.querySelector('#wait');
    new MutationObserver(() => window.benchWaits.push([performance.now(), !wait.hidden])).observe(wait, { attributes: true });
    window.benchClick = null;
    document.addEventListener('click', () => { window.benchClick = performance.now(); }, true);
    window.benchLinesAt = null;
    let lines = document.body.dataset.lines;
    new MutationObserver(() => {
      if (document.body.dataset.lines === lines) return;
      lines = document.body.dataset.lines;
      window.benchLinesAt = performance.now();
    }).observe(document.body, { attributes: true, attributeFilter: ['data-lines'] });
  });
  const settled = () => page.waitForFunction(() => ['idle', 'over'].includes(document.body.dataset.state) && document.querySelector('#value').textContent !== 'Value: …', null, { timeout: 600_000, polling: 20 });
  let rnd = seed;
  const random = (n) => { rnd = (rnd * 1103515245 + 12345) % 2147483648; return rnd % n; };
  const replies = [];
  const firstWait = (Date.now() - started) / 1000; // page load, book index, first analysis
  await settled();
  for (let turn = 0; turn < 100; turn++) {
    if (await page.evaluate(() => document.body.dataset.state === 'over')) break;
    const open = await page.$$eval('#svg g.move', (gs) => gs.map((g) => Number(g.dataset.line)));
    const before = await page.evaluate(() => window.dotboxApp.state.game.moves.length);
    // The human thinks (--think S seconds; by default not at all), then moves: random, or
    // with --best the move the page rates best (an exact best move, else the engine's choice
    // by its estimate); and whether the engine thought on the position it leads to while the
    // human was to move (ponder.js).
    await new Promise((r) => setTimeout(r, thinkSeconds * 1000));
    const { line, pondered } = await page.evaluate(async ({ line, best }) => {
      const { estimated } = await import('./analyses.js');
      const { positionKey } = await import('./position-key.js');
      const { answerBudget } = await import('./pkg/dotbox.js');
      const s = window.dotboxApp.state;
      const g = s.game;
      const exact = s.analysisFor === g.lines ? s.analysis : null;
      if (best) line = exact ? exact.moves.find((m) => m.score === exact.value).line : s.estimate.best;
      const after = [...g.lines.split(',').filter(Boolean).map(Number), line].sort((a, b) => a - b).join(',');
      return { line, pondered: estimated(positionKey(g.board, g.predrawn, after))?.asked === answerBudget().ponderSeconds };
    }, { line: open[random(open.length)], best: bestHuman });
    await page.click(`#svg g.move[data-line="${line}"]`, { force: true });
    // The engine's reply (all its moves when it takes boxes; none when the human took a box
    // and moves again): until the human may move again or the game is over.
    await page.waitForFunction((n) => {
      const g = window.dotboxApp.state.game;
      return g.moves.length > n && (g.isOver() || g.turn === 0);
    }, before, { timeout: 600_000, polling: 20 });
    const [t0, t1] = await page.evaluate(() => [window.benchClick, window.benchLinesAt]);
    // Then the page is ready: the position the human faces shown with its analysis.
    await settled();
    const t2 = await page.evaluate(() => performance.now());
    // A reply by estimates only: the engine moved by its estimate and the person faces an
    // estimate (no exact method: no search, pseudo-lines or handover solve within it).
    const estimated = await page.evaluate(() => {
      const s = window.dotboxApp.state;
      return /by its estimate/.test(document.querySelector('#message').textContent) && s.estimate?.lines === s.game.lines;
    });
    replies.push({ ms: t1 - t0, shownMs: t2 - t0, t0, t1, estimated, pondered });
    // What a reply past the 3 s was waiting for: the page's own words, and where.
    if (t1 - t0 > 3000) {
      const { lines, message } = await page.evaluate(() => ({ lines: window.dotboxApp.state.game.lines, message: document.querySelector('#message').textContent }));
      console.error(`${board}: a reply of ${((t1 - t0) / 1000).toFixed(2)} s, ${open.length} lines open before it (drawn after it: ${lines}): ${message}`);
    }
  }
  const { peak, pagePeak } = memory.stop();
  const waits = await page.evaluate(() => window.benchWaits);
  // A reply longer than a second must have shown the bar at some point within it.
  const unbarredReplies = replies.filter((r) => r.ms > 1000 && !waits.some(([t, shown]) => shown && t >= r.t0 && t <= r.t1));
  for (const r of unbarredReplies) console.error(`${board}: a reply of ${(r.ms / 1000).toFixed(3)} s showed no progress bar`);
  const unbarred = unbarredReplies.length;
  const figures = await page.evaluate(() => ({ ...document.body.dataset }));
  const stored = await page.evaluate(async () => (await navigator.storage.estimate()).usage);
  await browser.close();
  const ms = replies.map((r) => r.ms);
  const shown = replies.map((r) => r.shownMs);
  const estimated = replies.filter((r) => r.estimated).map((r) => r.ms);
  const estimatedShown = replies.filter((r) => r.estimated).map((r) => r.shownMs);
  const pondered = replies.filter((r) => r.estimated && r.pondered).map((r) => r.ms);
  return {
    moves: replies.length, medianS: median(ms) / 1000, longestS: Math.max(...ms) / 1000, firstWait,
    shownMedianS: median(shown) / 1000, shownLongestS: Math.max(...shown) / 1000,
    estimated: estimated.length, estimatedMedianS: median(estimated) / 1000, estimatedLongestS: Math.max(...estimated, 0) / 1000,
    estimatedShownMedianS: median(estimatedShown) / 1000,
    pondered: pondered.length, ponderedMedianS: median(pondered) / 1000,
    over1s: ms.filter((m) => m > 1000).length, unbarred, bookBytes: Number(figures.bookBytes ?? 0), peakMB: peak / 2 ** 20, pageMB: pagePeak / 2 ** 20, storedMB: stored / 1e6,
  };
}

/** Milliseconds from the address of `board` (two players) to its first exact value. */
async function browserOpen(url, board) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const page = await browser.newPage();
  const t0 = Date.now();
  await page.goto(`${url}?delay=0#board=${board}&mode=hh`);
  await page.waitForFunction(() => /^Value [-+]?\d/.test(document.querySelector('#value').textContent), null, { timeout: 120_000 });
  const ms = Date.now() - t0;
  await browser.close();
  return ms;
}

/** A static server of `dir` (scripts/serve.py, as the tests serve www/): `{url, stop}`. In
 * --open mode its errors are not shown: each browser closes with requests still under way. */
async function serve(dir, args = []) {
  const child = spawn('python3', [`${ROOT}scripts/serve.py`, dir, '0', '-q', ...args], { stdio: ['ignore', 'pipe', openMode ? 'ignore' : 'inherit'] });
  const url = /http:\/\/\S+/.exec(String(await new Promise((r) => child.stdout.once('data', r))))[0];
  return { url, stop: () => child.kill() };
}

const overlay = extraBooks.length ? ['--overlay', overlayWith(extraBooks)] : [];
const server = await serve(`${ROOT}www`, overlay);
const serverUrl = server.url;
try {
  if (openMode) {
    const sites = [...(baseline ? [['baseline', await serve(baseline)]] : []), ['this build', server]];
    const times = new Map();
    for (let round = 0; round < 4; round++) {
      for (const board of boards) {
        for (const [name, site] of sites) {
          const key = `${board.padEnd(10)} | ${name.padEnd(10)}`;
          times.set(key, [...(times.get(key) ?? []), await browserOpen(site.url, board)]);
        }
      }
    }
    console.log('board      | site       | first exact value, s (4 rounds) | median s');
    for (const [key, ms] of times) console.log(`${key} | ${ms.map((m) => (m / 1000).toFixed(2)).join(' ')} | ${(median(ms) / 1000).toFixed(2)}`);
    for (const [name, site] of sites) if (name === 'baseline') site.stop();
  } else if (searchMode) {
    console.log('open lines | page s (M nodes, table MiB) | native s, same table, every core (peak MB) | page/native');
    for (const lines of named) {
      const b = await browserSearch(serverUrl, lines);
      const n = nativeAnalyze5x5(lines, ['--method', 'search', '--tt-mib', String(b.tableMib)]);
      console.log(`${b.open} | ${b.wall.toFixed(2)} (${(b.nodes / 1e6).toFixed(1)}, ${b.tableMib}) | ${n.seconds.toFixed(2)} (${n.peakMB.toFixed(0)}) | ${(b.wall / n.seconds).toFixed(2)}`);
    }
  } else if (pseudoMode) {
    console.log('units (open lines) | page solve s | page wall s | renderer peak MB | native s | native peak MB | page/native solve time');
    for (const lines of named) {
      const b = await browserPseudo(serverUrl, lines);
      const n = nativeAnalyze5x5(lines, ['--pseudo-lines']);
      console.log(`${b.units} (${b.open}) | ${b.seconds.toFixed(2)} | ${b.wall.toFixed(2)} | ${b.pageMB.toFixed(0)} | ${n.seconds.toFixed(2)} | ${n.peakMB.toFixed(0)} | ${(b.seconds / n.seconds).toFixed(2)}`);
    }
  } else if (gameMode) {
    console.log('board      | replies | median s | longest s | by estimates: replies, median s, longest s | analysis shown: median s, longest s (by estimates: median s) | by estimates thought on: replies, median s | page ready s | replies > 1 s (without bar) | book kB | IndexedDB MB | peak RSS MB: largest process (all Chromium)');
    for (const board of boards) {
      const g = await browserGame(serverUrl, board, seedArg);
      console.log(`${board.padEnd(10)} | ${String(g.moves).padStart(7)} | ${g.medianS.toFixed(3).padStart(8)} | ${g.longestS.toFixed(2).padStart(9)} | ${g.estimated}, ${g.estimatedMedianS.toFixed(3)}, ${g.estimatedLongestS.toFixed(2)} | ${g.shownMedianS.toFixed(3)}, ${g.shownLongestS.toFixed(2)} (${g.estimatedShownMedianS.toFixed(3)}) | ${g.pondered}, ${g.ponderedMedianS.toFixed(3)} | ${g.firstWait.toFixed(2).padStart(12)} | ${g.over1s} (${g.unbarred}) | ${(g.bookBytes / 1e3).toFixed(1)} | ${g.storedMB.toFixed(1)} | ${g.pageMB.toFixed(0)} (${g.peakMB.toFixed(0)})`);
    }
  } else {
    console.log(`load average before: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
    console.log('board      | solver                | s      | compute s (threads) | CPU s (cores used) | peak RSS MB: renderer (all Chromium; idle) | wasm MB | time / native | CPU / native CPU');
    const ratio = (s, n) => (n ? (s / n).toFixed(2) : '-');
    const cpu = (r) => `${r.cpu.toFixed(1)} (${(r.cpu / r.seconds).toFixed(2)})`;
    for (const board of boards) {
      const threaded = await browserSolve(serverUrl, board, '');
      const one = await browserSolve(serverUrl, board, 'threads=1');
      const eager = await browserSolve(serverUrl, board, 'threads=1&checkpoint=0');
      const native = nativeSolve(board);
      const native1 = nativeSolve(board, ['--threads', '1']);
      const page = (name, b) => console.log(`${board.padEnd(10)} | ${name.padEnd(21)} | ${b.seconds.toFixed(2).padStart(6)} | ${b.compute.toFixed(2)} (${b.threadsUsed}) | ${cpu(b)} | ${b.pageMB.toFixed(0)} (${b.peakMB.toFixed(0)}; ${b.baseMB.toFixed(0)}) | ${b.wasmPeakMB.toFixed(0)} | ${ratio(b.seconds, native.seconds)} | ${ratio(b.cpu, native1.cpu)}`);
      const cli = (name, n) => console.log(`${board.padEnd(10)} | ${name.padEnd(21)} | ${String(n.seconds ?? n.error).padStart(6)} | - | ${n.cpu ? cpu(n) : '-'} | ${n.peakMB?.toFixed(0) ?? '-'} | - | ${ratio(n.seconds, native.seconds)} | ${ratio(n.cpu, native1.cpu)}`);
      page('page (threads)', threaded);
      page('page, one thread', one);
      page('page, 1 thread, eager', eager);
      cli('native, every core', native);
      cli('native, one thread', native1);
      console.log(`           threads / one thread: ${(threaded.seconds / one.seconds).toFixed(2)} (compute ${(threaded.compute / one.compute).toFixed(2)}); one thread / every tile written: ${(one.seconds / eager.seconds).toFixed(2)}`);
      for (const b of [threaded, one, eager]) console.log(`           ${b.outcome.join(' / ')}`);
    }
    console.log(`load average after: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
  }
} finally {
  server.stop();
}
