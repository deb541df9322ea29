// The built site (scripts/dist.mjs) and a real static host for it: Debian's nginx with its
// stock configuration (what /etc/nginx/nginx.conf and sites-available/default set: the
// system's mime.types, gzip on for HTML only, no added headers, so no COOP/COEP), run as its
// own process on a free port with its prefix, logs and temporary files in a folder of its own.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const ROOT = new URL('../../', import.meta.url).pathname;
const NGINX = '/usr/sbin/nginx';

/** Builds the site into `out` (replacing it) with `scripts/dist.mjs` options; returns its release id. */
export function buildSite(out, { version = 'test', partBytes = null } = {}) {
  const args = [`${ROOT}scripts/dist.mjs`, '--out', out, '--version', version];
  if (partBytes) args.push('--part-bytes', String(partBytes));
  const said = execFileSync('node', args, { encoding: 'utf8' });
  return /release ([0-9a-f]+)/.exec(said)[1];
}

/** The release's file list as its service worker has it: {path: sha256}. */
export function releaseFiles(out) {
  const sw = readFileSync(join(out, 'sw.js'), 'utf8');
  return JSON.parse(/const RELEASE = (\{.*\});/.exec(sw)[1]).files;
}

/** A free TCP port on 127.0.0.1 (closed again: nginx binds it next). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * nginx serving `root` on `port` (a free one when not given) until `stop()`; `start()`
 * brings it back on the same port (the service worker is registered for that origin);
 * `close()` stops it for good and removes its folder.
 * `gzip: 'all'` compresses scripts, styles, JSON and wasm too, at level 6, as most hosts do;
 * the stock configuration compresses HTML only (at level 1).
 * `headers` ({name: value}) are added to every response, as a host adds its own.
 * `slow` ({path, rate}) sends the files whose path matches the regular expression `path` at
 * `rate` bytes a second (nginx's limit_rate, `200k`): a download that lasts.
 */
export async function startNginx(root, { port = null, gzip = 'stock', headers = {}, slow = null } = {}) {
  const prefix = mkdtempSync(join(tmpdir(), 'dotbox-nginx-'));
  // nginx's workers run as nobody when started by root: they must read the site.
  chmodSync(prefix, 0o755);
  const types = gzip === 'all' ? 'gzip_types text/css application/javascript application/json application/wasm; gzip_comp_level 6;' : '';
  const host = { port: port ?? (await freePort()), process: null };
  writeFileSync(join(prefix, 'nginx.conf'), `
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log;
daemon off;
events { worker_connections 768; }
http {
  sendfile on;
  tcp_nopush on;
  types_hash_max_size 2048;
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  # When each request ended and the bytes sent (headers and body): scripts/measure-dist.mjs
  log_format sent '$msec $bytes_sent $status $request';
  access_log ${prefix}/access.log sent;
  gzip on;
  ${types}
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${host.port};
    root ${resolve(root)};
    index index.html;
    ${Object.entries(headers).map(([name, value]) => `add_header ${name} "${value}" always;`).join('\n    ')}
    location / { try_files $uri $uri/ =404; }
    ${slow ? `location ~ ${slow.path} { limit_rate ${slow.rate}; try_files $uri =404; }` : ''}
  }
}
`);
  host.url = `http://127.0.0.1:${host.port}/`;
  host.accessLog = join(prefix, 'access.log');
  host.start = () => launchServer(host, NGINX, ['-p', prefix, '-c', join(prefix, 'nginx.conf')], process.env, prefix);
  host.stop = () => stopServer(host, 'SIGQUIT');
  host.close = () => host.stop().then(() => rmSync(prefix, { recursive: true, force: true }));
  await host.start();
  return host;
}

/**
 * Caddy's file server on `root` (`caddy file-server`: no configuration, no added headers,
 * ranges answered), with the interface of startNginx: `url`, `start()`, `stop()`.
 */
export async function startCaddy(root, { port = null } = {}) {
  const home = mkdtempSync(join(tmpdir(), 'dotbox-caddy-'));
  const host = { port: port ?? (await freePort()), process: null };
  host.url = `http://127.0.0.1:${host.port}/`;
  const env = { ...process.env, XDG_CONFIG_HOME: home, XDG_DATA_HOME: home, HOME: home };
  host.start = () => launchServer(host, '/usr/bin/caddy', ['file-server', '--root', resolve(root), '--listen', `127.0.0.1:${host.port}`], env, home);
  host.stop = () => stopServer(host, 'SIGTERM');
  host.close = () => host.stop().then(() => rmSync(home, { recursive: true, force: true }));
  await host.start();
  return host;
}

/** Starts `command` as `host.process` and waits until it answers on `host.url`. */
async function launchServer(host, command, args, env, logs) {
  host.process = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env });
  let said = '';
  host.process.stderr.on('data', (d) => { said += d; });
  const exited = new Promise((resolve) => host.process.once('exit', (code) => resolve(code)));
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(host.url); // any answer: the server is listening
      return;
    } catch {
      // not listening yet
    }
    const code = await Promise.race([exited, sleep(100)]);
    if (code !== undefined) throw new Error(`${command} exited with ${code}: ${said} (logs in ${logs})`);
  }
  await stopServer(host, 'SIGKILL');
  throw new Error(`${command} did not answer on ${host.url}: ${said}`);
}

/** Stops `host.process` with `signal` and waits for it to exit. */
async function stopServer(host, signal) {
  if (!host.process) return;
  const exited = new Promise((resolve) => host.process.once('exit', resolve));
  host.process.kill(signal);
  await exited;
  host.process = null;
}

/** A fresh folder for a built site (about 40 MB: remove it with removeSite). */
export function siteDir() {
  const dir = mkdtempSync(join(tmpdir(), 'dotbox-site-'));
  chmodSync(dir, 0o755);
  return join(dir, 'site');
}

/** Removes a folder siteDir made. */
export function removeSite(dir) {
  rmSync(dirname(dir), { recursive: true, force: true });
}
