import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, ConsoleMessage } from 'playwright-core';
import { launchBrowser } from '../helpers/chromium.ts';
import { goto, hydrated, newPage } from './shell-helpers.ts';

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
    const page = await newPage(browser, { viewport: { width: 1280, height: 860 } });
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
    await hydrated(page);
    await expect.poll(() => reference.locator('a').count()).toBe(10);
    expect(await reference.getAttribute('open')).toBe('');
    // And it closes with one click, as the state now agrees with the page.
    await reference.locator('> summary').click();
    await expect.poll(() => reference.getAttribute('open')).toBeNull();
    await page.close();
  });

  it('hydrates with no console error or warning, in both locales', async () => {
    // One after another in one tab, each page's problems apart.
    const page = await newPage(browser);
    const problems: string[] = [];
    page.on('console', collectProblems(problems));
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    for (const path of ['/', '/api/transaction_create', '/ru/', '/ru/reference/test_cards', '/landing', '/ru/landing']) {
      problems.length = 0;
      // Hydrated: the first commit, where React reports a mismatch, and its effects are done.
      await goto(page, site + path);
      expect(problems, path).toEqual([]);
    }
    await page.close();
  });

  it('names the site in the page language: the Russian title ends with the Russian site title, before and after a client-side move', async () => {
    const page = await newPage(browser);
    await goto(page, `${site}/ru/request_format`);
    expect(await page.title()).toMatch(/^Формат запросов.* \| Документация Corvopay$/);
    expect(await page.locator('meta[property="og:site_name"]').getAttribute('content')).toBe('Документация Corvopay');
    await page.locator('nav.sidebar a[href="/ru/callbacks"]').click();
    await page.waitForFunction(() => location.pathname === '/ru/callbacks' && !document.title.startsWith('Формат'));
    expect(await page.title()).toMatch(/ \| Документация Corvopay$/);
    await page.close();
  });

  it('moves between pages client-side: a sidebar click loads only the page chunk, with no full reload', async () => {
    const page = await newPage(browser);
    await goto(page, `${site}/request_format`);
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
    const page = await newPage(browser);
    await goto(page, `${site}/ru/request_format`);
    expect(await page.getAttribute('html', 'lang')).toBe('ru');
    expect(await page.locator('.skip-link').innerText()).toBe('Перейти к основному содержимому');
    expect(await page.locator('.toc__title').innerText()).toMatch(/на этой странице/i);
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
        const w = window as unknown as { __shifts: string[]; __shift: number; __observer: PerformanceObserver };
        [w.__shift, w.__shifts] = [0, []];
        const take = (entries: PerformanceEntryList) => {
          // Every shift counts, `hadRecentInput` or not: the reader does nothing here, but Chromium under
          // playwright marks an input at about the first paint (lastInputTime ~60-90 ms), which hid them.
          for (const e of entries as Array<PerformanceEntry & { value: number; sources: Array<{ node?: Node }> }>) {
            w.__shift += e.value;
            w.__shifts.push(`${e.value.toFixed(3)} ${e.sources.map((x) => (x.node as Element | undefined)?.className).join(', ')}`);
          }
        };
        w.__observer = new PerformanceObserver((list) => take(list.getEntries()));
        w.__observer.observe({ type: 'layout-shift', buffered: true });
      });
      // The scripts and the index (not the style sheet, which the paint waits for) are held back until the prerendered page has painted, as on a slow
      // network: what hydration and the results then change is a shift (finishing before the first
      // paint, a fast machine would hide it, and the test could not fail).
      const page = await context.newPage();
      let painted!: () => void;
      const paint = new Promise<void>((done) => (painted = done));
      await context.route(/\/assets\/(?!.*\.css$)/, async (route) => {
        await paint;
        await route.continue();
      });
      // `networkidle` (500 ms without a request) is the condition here: the window in which shifts count
      // is the whole load, until nothing more arrives.
      const loaded = page.goto(site + start, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => performance.getEntriesByType('paint').some((e) => e.name === 'first-contentful-paint'));
      painted();
      await loaded;
      await page.waitForSelector('.search-result');
      // Entries of the frames that showed the results: two frames on, then whatever the observer holds.
      const { shift, shifts } = await page.evaluate(
        () =>
          new Promise<{ shift: number; shifts: string[] }>((done) =>
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                const w = window as unknown as { __shifts: string[]; __shift: number; __observer: PerformanceObserver };
                for (const e of w.__observer.takeRecords() as Array<PerformanceEntry & { value: number }>) w.__shift += e.value;
                done({ shift: w.__shift, shifts: w.__shifts });
              }),
            ),
          ),
      );
      expect(shift, `${start}: ${shifts.join('; ')}`).toBeLessThan(0.01);
      await context.close();
    }
  });

  it('answers /favicon.ico, which a browser asks for when it opens a file that is not a page (a Markdown twin, the feed)', async () => {
    // (Headless Chromium does not ask for it, and playwright hides favicon requests: the file is fetched here.)
    const icon = await fetch(`${site}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/icon/);
    expect((await icon.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });
});
