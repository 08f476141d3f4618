import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, ConsoleMessage } from 'playwright-core';
import { launchBrowser } from '../helpers/chromium.ts';

const site = inject('siteUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function collectProblems(messages: string[]) {
  return (m: ConsoleMessage) => {
    if (m.type() === 'error' || m.type() === 'warning') messages.push(`${m.type()}: ${m.text()}`);
  };
}

describe('prerender and hydrate (real site)', () => {
  it('reads correctly with JavaScript off', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const res = await page.goto(`${site}/api/transaction_create`);
    expect(res?.status()).toBe(200);
    await expect(page.locator('h1').textContent()).resolves.toBe('Create a transaction');
    expect((await page.locator('#__content').innerText()).length).toBeGreaterThan(400);
    expect(await page.locator('nav.sidebar a[href="/request_format"]').count()).toBe(1);
    expect(await page.locator('.breadcrumbs').count()).toBe(1);
    expect(await page.locator('footer').innerText()).toBe('Copyright © 2025 Corvopay');
    await context.close();
  });

  it('without JavaScript, a closed sidebar category leads to its first page, where it is open', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site}/api/transaction_create`);
    const reference = page.locator('nav.sidebar details:has(> summary:text-is("Reference"))');
    expect(await reference.getAttribute('open')).toBeNull();
    // Only the open path is in the HTML, not every page of every category.
    expect(await reference.locator('a').count()).toBe(1);
    await reference.locator('> summary').click();
    await reference.locator('a').click();
    await page.waitForURL(/\/reference\/\w+$/);
    const open = page.locator('nav.sidebar details:has(> summary:text-is("Reference"))');
    expect(await open.getAttribute('open')).toBe('');
    expect(await open.locator('a').count()).toBe(10);
    expect(await page.locator('nav.sidebar a[aria-current=page]').getAttribute('href')).toBe(new URL(page.url()).pathname);
    await context.close();
  });

  it('fills a sidebar category the reader opened before the page was interactive', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/entry-client-*.js', async (route) => {
      await held;
      await route.continue();
    });
    // Not 'domcontentloaded': it waits for the (held) module script.
    await page.goto(`${site}/api/transaction_create`, { waitUntil: 'commit' });
    const reference = page.locator('nav.sidebar details:has(> summary:text-is("Reference"))');
    await reference.waitFor();
    await reference.locator('> summary').click();
    expect(await reference.getAttribute('open')).toBe('');
    expect(await reference.locator('a').count()).toBe(1);
    release();
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await expect.poll(() => reference.locator('a').count()).toBe(10);
    expect(await reference.getAttribute('open')).toBe('');
    // And it closes with one click, as the state now agrees with the page.
    await reference.locator('> summary').click();
    await expect.poll(() => reference.getAttribute('open')).toBeNull();
    await page.close();
  });

  it('hydrates with no console error or warning, in both locales', async () => {
    for (const path of ['/', '/api/transaction_create', '/ru/', '/ru/reference/test_cards', '/landing', '/ru/landing']) {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', collectProblems(problems));
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
      await page.goto(site + path, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      expect(problems, path).toEqual([]);
      await page.close();
    }
  });

  it('moves between pages client-side: a sidebar click loads only the page chunk, with no full reload', async () => {
    const page = await browser.newPage();
    await page.goto(`${site}/request_format`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    const documents: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
    await page.locator('nav.sidebar a[href="/callbacks"]').click();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent?.includes('allback'));
    expect(new URL(page.url()).pathname).toBe('/callbacks');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    expect(documents).toEqual([]);
    expect(await page.title()).toMatch(/allback.*\| Corvopay Docs$/);
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe('https://docs.corvopay.com/callbacks');
    await page.goBack();
    await page.waitForFunction(() => location.pathname === '/request_format' && document.querySelector('h1')?.textContent !== '');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    await page.close();
  });

  it('serves /ru/ pages with lang="ru" and Russian interface strings', async () => {
    const page = await browser.newPage();
    await page.goto(`${site}/ru/request_format`, { waitUntil: 'networkidle' });
    expect(await page.getAttribute('html', 'lang')).toBe('ru');
    expect(await page.locator('.skip-link').innerText()).toBe('Перейти к основному содержимому');
    expect(await page.locator('.toc__title').innerText()).toMatch(/на этой странице/i);
    expect(await page.locator('.navbar .navbar__brand').innerText()).toMatch(/^Corvopay\s+Документация$/);
    await page.close();
  });

  it('answers unknown paths with the locale 404 page and status 404', async () => {
    const page = await browser.newPage();
    const en = await page.goto(`${site}/no/such/page`);
    expect(en?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe('Page not found');
    const ru = await page.goto(`${site}/ru/no/such/page`);
    expect(ru?.status()).toBe(404);
    expect(await page.locator('h1').innerText()).toBe('Страница не найдена');
    await page.close();
  });

  it('the search page on a phone does not shift as it reads the query and the results arrive', async () => {
    for (const start of ['/search?q=refund', '/ru/search?q=' + encodeURIComponent('возврат')]) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
      await context.addInitScript(() => {
        const w = window as unknown as { __shifts: string[]; __shift: number };
        [w.__shift, w.__shifts] = [0, []];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node }> }>) {
            if (e.hadRecentInput) continue;
            w.__shift += e.value;
            w.__shifts.push(`${e.value.toFixed(3)} ${e.sources.map((x) => (x.node as Element | undefined)?.className).join(', ')}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // The scripts and the index arrive late, as on a phone's network: the prerendered page is painted
      // first, so what hydration and the results change is seen as a shift (a fast machine could else
      // finish before the first paint, and the test could not fail).
      await context.route(/\/assets\//, async (route) => {
        await new Promise((done) => setTimeout(done, 300));
        await route.continue();
      });
      const page = await context.newPage();
      await page.goto(site + start, { waitUntil: 'networkidle' });
      await page.waitForSelector('.search-result');
      // Layout-shift entries are delivered after the frame that shifted: let two frames pass.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 200)))));
      const { shift, shifts } = await page.evaluate(() => ({ shift: (window as unknown as { __shift: number }).__shift, shifts: (window as unknown as { __shifts: string[] }).__shifts }));
      expect(shift, `${start}: ${shifts.join('; ')}`).toBeLessThan(0.01);
      await context.close();
    }
  });

  it('answers /favicon.ico, which a browser asks for when it opens a file that is not a page (a Markdown twin, the feed)', async () => {
    const page = await browser.newPage();
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    await page.goto(`${site}/callbacks.md`, { waitUntil: 'networkidle' });
    expect(failed).toEqual([]);
    const icon = await fetch(`${site}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/icon/);
    await page.close();
  });
});
