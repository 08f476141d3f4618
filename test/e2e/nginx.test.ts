import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../helpers/chromium.ts';
import { NGINX, startNginx, type NginxServer } from '../helpers/nginx.ts';
import { goto, hydrated, newPage } from './shell-helpers.ts';

/**
 * The real host: Debian's nginx serves the built dist/ with the config of test/helpers/nginx.ts (the one a deployment
 * can start from) and the build's `nginx-redirects.conf` map. CI installs nginx (.ci/run); locally
 * the tests are skipped, saying so, when it is missing.
 */
const haveNginx = existsSync(NGINX);
if (!haveNginx) {
  if (process.env.CI) throw new Error(`${NGINX} is missing on CI: .ci/run must install Debian's nginx (apt-get install nginx)`);
  console.warn(`[test/e2e/nginx] SKIPPED: ${NGINX} not found. Install Debian's nginx (apt-get install nginx) to run the real-host tests.`);
}

const dist = inject('distDir');
let origin = '';
let nginx: NginxServer | undefined;
let browser: Browser;

beforeAll(async () => {
  if (!haveNginx) return;
  nginx = await startNginx(dist);
  origin = nginx.origin;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await nginx?.stop();
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
