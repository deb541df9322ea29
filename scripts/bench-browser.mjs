// Browser benchmark (not a test): full solves of 3x4 and icelandic in the page's worker in
// headless Chromium (fresh profile, so IndexedDB starts empty), with wall time and peak
// memory, beside the native CLI's solve of the same board (time and peak RSS from
// /usr/bin/time). Usage: node scripts/bench-browser.mjs [board ..]
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const ROOT = new URL('../', import.meta.url).pathname;
const boards = process.argv.slice(2).length ? process.argv.slice(2) : ['3x4', 'icelandic'];

/** Resident memory (bytes) of every process under `pid`. */
function treeRss(pid) {
  const children = new Map();
  const rss = new Map();
  for (const d of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      (children.get(ppid) ?? children.set(ppid, []).get(ppid)).push(Number(d));
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${d}/status`, 'utf8'));
      rss.set(Number(d), m ? Number(m[1]) * 1024 : 0);
    } catch {
      // The process ended meanwhile.
    }
  }
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop();
    total += rss.get(p) ?? 0;
    stack.push(...(children.get(p) ?? []));
  }
  return total;
}

function nativeSolve(board) {
  try {
    execFileSync('/usr/bin/time', ['-f', '%e %M', '-o', '/tmp/dotbox-bench-time', `${ROOT}target/release/dotbox`, 'solve', board], { stdio: 'ignore' });
    const [secs, kb] = readFileSync('/tmp/dotbox-bench-time', 'utf8').trim().split(/\s+/).map(Number);
    return { seconds: secs, peakMB: kb / 1024 };
  } catch (e) {
    return { error: e.message };
  }
}

async function browserSolve(url, board) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const pid = browser._connection?._transport?._proc?.pid ?? null;
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${url}#board=${board}&mode=hh`);
  await page.waitForSelector('body[data-ready="1"]');
  const base = treeRss(findChromium(pid));
  let peak = base;
  let wasmPeak = 0;
  const timer = setInterval(() => { peak = Math.max(peak, treeRss(findChromium(pid))); }, 100);
  await page.exposeFunction('benchProgress', (bytes) => { wasmPeak = Math.max(wasmPeak, bytes ?? 0); });
  await page.evaluate(() => window.dotboxApp.client.onEvent((p) => p.op === 'progress' && window.benchProgress(p.wasmBytes)));
  const start = Date.now();
  await page.click('#solve');
  await page.waitForFunction(() => ['finished', 'error'].includes(document.body.dataset.solve), null, { timeout: 1_800_000, polling: 50 });
  const seconds = (Date.now() - start) / 1000;
  clearInterval(timer);
  const outcome = await page.evaluate(() => [document.body.dataset.solve, document.querySelector('#solve-stats').textContent, document.querySelector('#solve-text').textContent]);
  await browser.close();
  return { seconds, peakMB: peak / 2 ** 20, baseMB: base / 2 ** 20, wasmPeakMB: wasmPeak / 2 ** 20, outcome };
}

// playwright-core does not expose the browser's pid publicly: find the headless Chromium
// launched with our remote-debugging pipe as the newest chromium process of this user.
function findChromium(known) {
  if (known) return known;
  const out = execFileSync('pgrep', ['-n', '-f', 'chromium.*--remote-debugging-pipe'], { encoding: 'utf8' }).trim();
  return Number(out);
}

const server = spawn('python3', [`${ROOT}scripts/serve.py`, `${ROOT}www`, '0', '-q'], { stdio: ['ignore', 'pipe', 'inherit'] });
const serverUrl = /http:\/\/\S+/.exec(String(await new Promise((r) => server.stdout.once('data', r))))[0];
try {
  console.log('board      | browser s | browser peak RSS MB (idle page) | wasm memory MB | native s | native peak MB | browser/native time');
  for (const board of boards) {
    const b = await browserSolve(serverUrl, board);
    const n = nativeSolve(board);
    console.log(`${board.padEnd(10)} | ${b.seconds.toFixed(1).padStart(9)} | ${b.peakMB.toFixed(0)} (${b.baseMB.toFixed(0)}) | ${b.wasmPeakMB.toFixed(0)} | ${n.seconds ?? n.error} | ${n.peakMB?.toFixed(0) ?? '-'} | ${n.seconds ? (b.seconds / n.seconds).toFixed(2) : '-'}`);
    console.log(`           ${b.outcome.join(' / ')}`);
  }
} finally {
  server.kill();
}
