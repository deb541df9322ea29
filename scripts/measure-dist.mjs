#!/usr/bin/env node
// The built site's first visit, measured (not a test): `node scripts/measure-dist.mjs [DIR]`
// (DIR: a site built by scripts/dist.mjs, default dist/). Serves DIR with Debian's nginx
// (tests/e2e/static-host.mjs) twice, with the stock gzip (HTML only) and with gzip for
// scripts, styles, JSON and wasm as most hosts compress, and for each opens the page on 3x3
// in a fresh headless Chromium RUNS times: the bytes nginx sent (headers and bodies, from its
// access log) up to the first score on the board, the time from navigation to that score,
// the bytes of the whole first visit once the service worker has cached the release, and the
// second visit's time to the first score (served by the service worker). With --lighthouse
// (or --lighthouse=N: N runs of each, Lighthouse being noisy), also Lighthouse's scores (npx
// lighthouse@12.8.2 driving /usr/bin/chromium), its largest contentful paint's element, and
// the machine's load average (other work on the machine slows the trace Lighthouse models).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { launch } from '../tests/e2e/harness.mjs';
import { startNginx } from '../tests/e2e/static-host.mjs';

const ROOT = new URL('../', import.meta.url).pathname;
const RUNS = 5;
const LIGHTHOUSE = 'lighthouse@12.8.2';
const args = process.argv.slice(2);
const dir = args.find((a) => !a.startsWith('--')) ?? join(ROOT, 'dist');
const lighthouseArg = args.find((a) => /^--lighthouse(=\d+)?$/.test(a));
const LIGHTHOUSE_RUNS = lighthouseArg ? Number(lighthouseArg.split('=')[1] ?? 1) : 0;

// Notes the time of the first score the board shows (an open line's data-score set).
const WATCH_FIRST_SCORE = () => {
  new MutationObserver((_, observer) => {
    if (document.querySelector('#svg g.move:not([data-score=""])[data-score]')) {
      window.firstScore = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-score'] });
};

/** The access log's entries: [{ms (epoch), bytes}] (nginx's $msec and $bytes_sent). */
function logged(host) {
  return readFileSync(host.accessLog, 'utf8').trim().split('\n').filter(Boolean).map((l) => {
    const [msec, bytes] = l.split(' ');
    return { ms: Number(msec) * 1000, bytes: Number(bytes) };
  });
}

async function visit(browser, host) {
  const context = await browser.newContext();
  await context.addInitScript(WATCH_FIRST_SCORE);
  const page = await context.newPage();
  const before = logged(host).length;
  await page.goto(`${host.url}#board=3x3&mode=hh`);
  await page.waitForFunction(() => window.firstScore !== undefined, null, { timeout: 60_000 });
  const { firstScore, origin } = await page.evaluate(() => ({ firstScore: window.firstScore, origin: performance.timeOrigin }));
  await page.waitForFunction(() => document.documentElement.dataset.sw === 'installed', null, { timeout: 60_000 });
  await sleep(500); // nginx writes a request's line when it is done
  const entries = logged(host).slice(before);
  const scoreAt = origin + firstScore;
  const untilScore = entries.filter((e) => e.ms <= scoreAt + 1).reduce((n, e) => n + e.bytes, 0);
  const whole = entries.reduce((n, e) => n + e.bytes, 0);
  // The second visit: served by the service worker.
  const again = await context.newPage();
  await again.goto(`${host.url}?again#board=3x3&mode=hh`);
  await again.waitForFunction(() => window.firstScore !== undefined, null, { timeout: 60_000 });
  const second = await again.evaluate(() => window.firstScore);
  await context.close();
  return { untilScore, firstScore, whole, second };
}

const range = (xs, digits) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[Math.floor(s.length / 2)].toFixed(digits)} (${s[0].toFixed(digits)}–${s.at(-1).toFixed(digits)})`;
};

const site = JSON.parse(/const RELEASE = (\{.*\});/.exec(readFileSync(join(dir, 'sw.js'), 'utf8'))[1]);
console.log(`site ${dir}: release ${site.id} (${site.version}); ${RUNS} first visits each, median (min–max)`);
console.log('| nginx gzip | bytes to first score (MB) | first score (ms) | whole first visit (MB) | second visit, first score (ms) |');
console.log('| --- | ---: | ---: | ---: | ---: |');
const browser = await launch();
for (const gzip of ['stock', 'all']) {
  const host = await startNginx(dir, { gzip });
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await visit(browser, host));
  console.log(`| ${gzip === 'all' ? 'HTML, scripts, styles, JSON, wasm' : 'stock (HTML only)'} | ${range(runs.map((r) => r.untilScore / 1e6), 3)} | ${range(runs.map((r) => r.firstScore), 0)} | ${range(runs.map((r) => r.whole / 1e6), 3)} | ${range(runs.map((r) => r.second), 0)} |`);
  if (gzip === 'all') {
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) lighthouse(host.url, []);
    for (let i = 0; i < LIGHTHOUSE_RUNS; i++) lighthouse(host.url, ['--preset=desktop']);
  }
  await host.close();
}
await browser.close();

/**
 * Lighthouse's category scores for the page at `url` (a first visit, fresh profile), with
 * `preset` (none: a phone on slow 4G, simulated; --preset=desktop), and the audits short of
 * full marks.
 */
function lighthouse(url, preset) {
  const out = execFileSync('npx', ['--yes', LIGHTHOUSE, `${url}#board=3x3&mode=hh`, ...preset, '--quiet', '--output=json', '--output-path=stdout',
    '--only-categories=performance,accessibility,best-practices', '--chrome-path=/usr/bin/chromium',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage'], { encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' } });
  const report = JSON.parse(out);
  const scores = Object.values(report.categories).map((c) => `${c.title} ${Math.round(c.score * 100)}`).join(', ');
  const audits = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
  const load = loadavg().map((l) => l.toFixed(1)).join(' ');
  console.log(`Lighthouse ${report.lighthouseVersion} (${report.configSettings.formFactor}, ${report.configSettings.throttlingMethod} throttling; load average ${load}): ${scores}`);
  console.log(`  ${audits.map((a) => `${a} ${report.audits[a].displayValue}`).join(', ')}`);
  const lcp = report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  if (lcp) console.log(`  largest contentful paint: ${lcp.selector} ${lcp.snippet}`);
  for (const c of Object.values(report.categories)) {
    const failed = c.auditRefs.filter((r) => r.weight > 0 && report.audits[r.id].score !== null && report.audits[r.id].score < 1);
    if (failed.length) console.log(`  ${c.title} below full marks: ${failed.map((r) => `${r.id} (${report.audits[r.id].score})`).join(', ')}`);
  }
}
