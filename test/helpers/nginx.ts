/**
 * Debian's nginx serving a built site from a temporary prefix (config, pid, error log and temp
 * paths all inside it): the real host of test/e2e/nginx.test.ts and the reference server of the
 * bench's load test (bench/lib/serve-load.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const NGINX = '/usr/sbin/nginx';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** The locale folders of the build that have their own 404 page (`ru/404.html`). */
export function localeDirs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(dir, e.name, '404.html')))
    .map((e) => e.name);
}

export interface NginxConfigInput {
  prefix: string;
  port: number;
  root: string;
  locales: string[];
  /** Connections the one worker may hold at once (default 256). */
  workerConnections?: number;
}

/**
 * A server block for a paydocs site: clean URLs (`/x`, `/x/`, `/x.html`, `/x/index.html` all serve
 * `x/index.html`), the locale's own 404 page with status 404, a real 301 for every redirect, a year of
 * cache for content-hashed `/assets/`, revalidation for everything else, gzip. One process
 * (`master_process off`), in the foreground.
 */
export function nginxConfig(input: NginxConfigInput): string {
  const { prefix, port, root, locales, workerConnections = 256 } = input;
  const cleanUrls = (notFound: string) => `
      error_page 404 ${notFound};
      add_header Cache-Control "no-cache" always;
      try_files $uri $uri/index.html =404;`;
  const htmlLocation = `
    location ~ ^(?<clean>.*?)(?:/index)?\\.html$ {
      add_header Cache-Control "no-cache" always;
      try_files $uri $clean/index.html =404;
    }`;
  return `daemon off;
master_process off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections ${workerConnections}; }
http {
  types {
    text/html html;
    text/javascript js mjs;
    text/css css;
    application/json json;
    text/markdown md;
    text/plain txt;
    application/xml xml;
    image/svg+xml svg;
    image/png png;
    image/x-icon ico;
    image/webp webp;
    font/woff2 woff2;
  }
  default_type application/octet-stream;
  charset utf-8;
  charset_types text/css text/javascript text/markdown text/plain application/xml application/json image/svg+xml;
  access_log off;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
  gzip on;
  gzip_vary on;
  gzip_min_length 256;
  gzip_types text/css text/javascript application/json text/markdown text/plain application/xml image/svg+xml;
  include ${root}/nginx-redirects.conf;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    absolute_redirect off;
    if ($paydocs_redirect) { return 301 $paydocs_redirect$is_args$args; }
    location /assets/ {
      add_header Cache-Control "public, max-age=31536000, immutable" always;
      try_files $uri =404;
    }
${locales.map((l) => `    location /${l}/ {${cleanUrls(`/${l}/404.html`)}\n${htmlLocation.replace(/^/gm, '  ')}\n    }`).join('\n')}
    location / {${cleanUrls('/404.html')}
    }
${htmlLocation}
  }
}
`;
}

export interface NginxServer {
  origin: string;
  port: number;
  /** The one nginx process (master_process off): the worker that holds the connections. */
  process: ChildProcess;
  errorLog: string;
  /** Stops nginx (SIGTERM, waits for its exit) and deletes the prefix. */
  stop(): Promise<void>;
}

/**
 * Writes the config for `root` (a built site) into a fresh temporary prefix, checks it with
 * `nginx -t`, starts nginx on a free loopback port and resolves once it answers `/`.
 */
export async function startNginx(root: string, options: { workerConnections?: number; timeoutMs?: number } = {}): Promise<NginxServer> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'paydocs-nginx-'));
  mkdirSync(path.join(prefix, 'tmp'));
  const port = await freePort();
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ prefix, port, root, locales: localeDirs(root), workerConnections: options.workerConnections }));
  const errorLog = path.join(prefix, 'error.log');
  const logText = () => (existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '');
  const test = spawn(NGINX, ['-t', '-p', prefix, '-c', conf, '-e', errorLog], { stdio: 'pipe' });
  let testOut = '';
  test.stderr!.on('data', (c: Buffer) => (testOut += c.toString()));
  const code = await new Promise<number | null>((resolve) => test.on('exit', resolve));
  if (code !== 0) throw new Error(`nginx -t rejected the generated config:\n${testOut}`);
  const nginx = spawn(NGINX, ['-p', prefix, '-c', conf, '-e', errorLog], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => nginx.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    try {
      await fetch(`${origin}/`);
      break;
    } catch (error) {
      if (nginx.exitCode !== null || Date.now() > deadline) {
        nginx.kill('SIGTERM');
        throw new Error(`nginx did not answer on ${origin}: ${String(error)}\n${logText()}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    origin,
    port,
    process: nginx,
    errorLog,
    async stop() {
      if (nginx.exitCode === null && nginx.signalCode === null) {
        nginx.kill('SIGTERM');
        await exited;
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
