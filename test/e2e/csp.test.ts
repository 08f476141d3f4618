import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/chromium.ts';
import { hydrated, newPage } from './shell-helpers.ts';
import { createStaticHandler } from '../../cli/serve/static-handler.ts';

/**
 * The real site (built by the global setup) under its own Content-Security-Policy, sent as the
 * header a static host sends from `_headers` (Netlify, Cloudflare Pages), on top of the `<meta>`
 * policy of each page: every kind of page loads, hydrates and searches with no violation.
 */
let browser: Browser;
let server: Server;
let url: string;
let policy: string;

beforeAll(async () => {
  const dist = inject('distDir');
  // `/*` then `  Content-Security-Policy: …`: the one rule the build writes.
  policy = /^\s+Content-Security-Policy: (.+)$/m.exec(readFileSync(path.join(dist, '_headers'), 'utf8'))![1]!;
  const serve = createStaticHandler(dist);
  server = createServer((req, res) => {
    res.setHeader('Content-Security-Policy', policy);
    serve(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

interface Watched {
  page: Page;
  /** `securitypolicyviolation` events: directive and what was blocked. */
  violations: () => Promise<string[]>;
  /** Console errors and uncaught exceptions. */
  errors: string[];
}

/** Opens a page with a listener for CSP violations installed before any of its scripts, and waits for hydration. */
async function open(pathname: string): Promise<Watched> {
  const w = await watched();
  await load(w, pathname);
  return w;
}

/** A tab with the watch on: console errors and, in each document, CSP violations from its start. */
async function watched(): Promise<Watched> {
  const page = await newPage(browser);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 404/.test(m.text())) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __csp: string[] }).__csp = list;
    document.addEventListener('securitypolicyviolation', (e) => list.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sample}`));
  });
  return { page, errors, violations: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp) };
}

/** Loads `pathname` in the watched tab, with the errors of the page before forgotten, until hydrated. */
async function load(w: Watched, pathname: string): Promise<void> {
  w.errors.length = 0;
  const response = await w.page.goto(url + pathname, { waitUntil: 'load' });
  expect(response!.headers()['content-security-policy']).toBe(policy);
  await hydrated(w.page);
}

async function expectClean(w: Watched): Promise<void> {
  expect(await w.violations()).toEqual([]);
  expect(w.errors).toEqual([]);
}

describe('the site under its Content-Security-Policy', () => {
  it('scripts only by hash or from the site: no unsafe-inline, no unsafe-eval', () => {
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+;/);
    expect(/script-src [^;]*/.exec(policy)![0]).not.toMatch(/unsafe/);
  });

  it('every kind of page loads and hydrates with no violation', async () => {
    // One after another in one tab: each document has its own watch from its start.
    const w = await watched();
    for (const pathname of ['/', '/callbacks', '/api/transaction_create', '/landing', '/no-such-page', '/ru/', '/ru/callbacks', '/ru/no-such-page']) {
      await load(w, pathname);
      await expectClean(w);
    }
    await w.page.close();
  });

  it('search (the navbar box and the search page), navigation and the colour toggle: no violation', async () => {
    const results = await open('/search?q=refund');
    await results.page.waitForSelector('.search-result');
    await expectClean(results);
    await results.page.close();

    const w = await open('/callbacks');
    await w.page.focus('input.search-box__input');
    await w.page.fill('input.search-box__input[role=combobox]', 'refund');
    await w.page.waitForSelector('[role=listbox] [role=option]');
    // Client-side navigation to another page of the sidebar.
    const link = w.page.locator('a.menu__link:not(.menu__link--active)[href^="/"]:visible').first();
    const href = (await link.getAttribute('href'))!;
    await link.click();
    await w.page.waitForFunction((p) => location.pathname === p, href);
    await w.page.locator('button.color-toggle').first().click();
    await w.page.waitForFunction(() => document.documentElement.getAttribute('data-theme') === 'dark');
    await expectClean(w);
    await w.page.close();
  });

  it('an inline script the build did not write is blocked and reported (the watch works)', async () => {
    const w = await open('/callbacks');
    await w.page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__injected = true';
      document.head.append(s);
    });
    await w.page.waitForFunction(() => (window as unknown as { __csp: string[] }).__csp.length > 0);
    expect((await w.violations())[0]).toMatch(/^script-src-elem inline/);
    expect(await w.page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    await w.page.close();
  });
});
