import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../helpers/chromium.ts';
import { goto, hydrated, newPage } from './shell-helpers.ts';

/**
 * The real host: Debian's nginx serves the built dist/ with the config below (the one a deployment
 * can start from) and the build's `nginx-redirects.conf` map. CI installs nginx (.ci/run); locally
 * the tests are skipped, saying so, when it is missing.
 */
const NGINX = '/usr/sbin/nginx';
const haveNginx = existsSync(NGINX);
if (!haveNginx) {
  if (process.env.CI) throw new Error(`${NGINX} is missing on CI: .ci/run must install Debian's nginx (apt-get install nginx)`);
  console.warn(`[test/e2e/nginx] SKIPPED: ${NGINX} not found. Install Debian's nginx (apt-get install nginx) to run the real-host tests.`);
}

const dist = inject('distDir');
let origin = '';
let nginx: ChildProcess | undefined;
let errorLog = '';
let browser: Browser;

function freePort(): Promise<number> {
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
function localeDirs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(dir, e.name, '404.html')))
    .map((e) => e.name);
}

/**
 * A server block for a paydocs site: clean URLs (`/x`, `/x/`, `/x.html`, `/x/index.html` all serve
 * `x/index.html`), the locale's own 404 page with status 404, a real 301 for every redirect, a year of
 * cache for content-hashed `/assets/`, revalidation for everything else, gzip.
 */
function nginxConfig(input: { prefix: string; port: number; root: string; locales: string[] }): string {
  const { prefix, port, root, locales } = input;
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
events { worker_connections 256; }
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

beforeAll(async () => {
  if (!haveNginx) return;
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'paydocs-nginx-'));
  mkdirSync(path.join(prefix, 'tmp'));
  const port = await freePort();
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ prefix, port, root: dist, locales: localeDirs(dist) }));
  errorLog = path.join(prefix, 'error.log');
  const test = spawn(NGINX, ['-t', '-p', prefix, '-c', conf, '-e', errorLog], { stdio: 'pipe' });
  let testOut = '';
  test.stderr!.on('data', (c: Buffer) => (testOut += c.toString()));
  const code = await new Promise<number | null>((resolve) => test.on('exit', resolve));
  if (code !== 0) throw new Error(`nginx -t rejected the generated config:\n${testOut}`);
  nginx = spawn(NGINX, ['-p', prefix, '-c', conf, '-e', errorLog], { stdio: 'ignore' });
  origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(`${origin}/`);
      break;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`nginx did not answer on ${origin}: ${String(error)}\n${existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((r) => nginx!.once('exit', r));
    nginx.kill('SIGTERM');
    await exited;
  }
});

const get = (p: string, init: RequestInit = {}) => fetch(`${origin}${p}`, { redirect: 'manual', ...init });

describe.skipIf(!haveNginx)('real host: nginx serving dist/', () => {
  it('serves clean URLs with and without trailing slash, and .html paths, in both locales', async () => {
    for (const p of ['/', '/api/transaction_create', '/api/transaction_create/', '/api/transaction_create.html', '/api/transaction_create/index.html', '/ru/', '/ru', '/ru/api/transaction_create', '/ru/api/transaction_create/']) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      const html = await res.text();
      expect(html, p).toMatch(/^<!doctype html><html lang="(en|ru)"/);
    }
    expect(await (await get('/ru/api/transaction_create')).text()).toContain('<html lang="ru"');
  });

  it('answers an unknown path with the locale 404 page and status 404', async () => {
    const en = await get('/no/such/page');
    expect(en.status).toBe(404);
    expect(await en.text()).toContain('Page not found');
    const ru = await get('/ru/no/such/page');
    expect(ru.status).toBe(404);
    expect(await ru.text()).toContain('Страница не найдена');
  });

  it('answers every redirect of the table with a real 301 to the new path, keeping the query', async () => {
    const list = readFileSync(path.join(dist, '_redirects'), 'utf8').split('\n').filter((l) => l.startsWith('/'));
    expect(list.length).toBeGreaterThanOrEqual(38);
    for (const line of list) {
      const [from, to] = line.split(' ') as [string, string];
      for (const variant of [from, `${from}/`, `${from}?utm=x`]) {
        const res = await get(variant);
        expect(res.status, variant).toBe(301);
        expect(res.headers.get('location'), variant).toBe(variant.endsWith('?utm=x') ? `${to}?utm=x` : to);
      }
      expect((await get(to)).status, to).toBe(200);
    }
  });

  it('caches content-hashed assets for a year and makes HTML revalidate', async () => {
    const html = await get('/api/transaction_create');
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const text = await html.text();
    const asset = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(text)![1]!;
    const css = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(text)![1]!;
    for (const p of [asset, css]) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get('cache-control'), p).toBe('public, max-age=31536000, immutable');
    }
    expect((await get(asset)).headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await get('/404.html')).headers.get('cache-control')).toBe('no-cache');
    expect((await get('/api/transaction_create.md')).headers.get('content-type')).toBe('text/markdown; charset=utf-8');
  });

  it('compresses text with gzip', async () => {
    for (const p of ['/api/transaction_create', '/llms.txt', '/sitemap.xml']) {
      const res = await get(p, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(res.headers.get('content-encoding'), p).toBe('gzip');
      expect(res.headers.get('vary'), p).toBe('Accept-Encoding');
    }
  });

  it('browser: hydrates, navigates client-side, switches to /ru/ and follows a redirect', async () => {
    const page = await newPage(browser);
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    await goto(page, `${origin}/request_format/`);
    const documents: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
    await page.locator('nav.sidebar a[href="/callbacks"]').click();
    await page.waitForFunction(() => location.pathname === '/callbacks' && /allback/.test(document.querySelector('h1')?.textContent ?? ''));
    expect(documents).toEqual([]);
    await page.locator('.dropdown__toggle').click();
    await Promise.all([page.waitForURL(`${origin}/ru/callbacks`), page.locator('.dropdown__link[lang="ru"]').click()]);
    await hydrated(page);
    expect(await page.getAttribute('html', 'lang')).toBe('ru');
    await page.goto(`${origin}/services/card_credit#fees`);
    await page.waitForURL(`${origin}/services/card_payout#fees`);
    const notFound = await page.goto(`${origin}/ru/nowhere`);
    expect(notFound?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe('Страница не найдена');
    expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
    await page.close();
  });
});
