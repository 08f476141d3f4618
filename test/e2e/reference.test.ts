import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/chromium.ts';
import { goto, newPage, sharedPage } from './shell-helpers.ts';

const site = inject('siteUrl');
const dist = inject('distDir');
let browser: Browser;

// A tab per viewport, where the tests that read, type and click load their pages afresh (sharedPage).
const tabs = new Map<string, ReturnType<typeof sharedPage>>();

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const tab of tabs.values()) await tab.close();
  await browser?.close();
});

/** `url` loaded afresh, until hydrated, in the tab of `viewport`. */
async function open(url: string, viewport = { width: 1280, height: 860 }): Promise<Page> {
  const key = JSON.stringify(viewport);
  if (!tabs.has(key)) tabs.set(key, sharedPage(() => browser, { viewport }));
  return (await tabs.get(key)!.open(site + url)).page;
}

const visibleRows = (page: Page, src: string) => page.locator(`.data-table[data-src="${src}"] tbody tr:not([hidden])`).count();

describe('reference tables (real site)', () => {
  it('filters a long table as the reader types, and shows how many rows match', async () => {
    const page = await open('/reference/country_codes');
    const input = page.locator('.data-table[data-src="country_codes"] .data-table__filter-input');
    // The filter box shows once its script (imported on demand) has run.
    await expect.poll(() => input.isVisible()).toBe(true);
    expect(await visibleRows(page, 'country_codes')).toBe(249);
    await input.fill('kenya');
    await page.waitForFunction(() => document.querySelectorAll('.data-table[data-src="country_codes"] tbody tr:not([hidden])').length === 1);
    await expect(page.locator('.data-table[data-src="country_codes"] tbody tr:not([hidden])').getAttribute('id')).resolves.toBe('KE');
    await expect(page.locator('.data-table__count').textContent()).resolves.toBe('1 of 249 rows');
    // Several words narrow down; accents and case do not matter.
    await input.fill('cote IVOIRE');
    await page.waitForFunction(() => document.querySelectorAll('.data-table[data-src="country_codes"] tbody tr:not([hidden])').length === 1);
    await input.fill('zzzz');
    await expect(page.locator('.data-table__count').textContent()).resolves.toBe('No rows match “zzzz”.');
    expect(await visibleRows(page, 'country_codes')).toBe(0);
    await input.fill('');
    expect(await visibleRows(page, 'country_codes')).toBe(249);
  });

  it('filters by the Russian names on the Russian page', async () => {
    const page = await open('/ru/reference/state_codes');
    const input = page.locator('.data-table[data-src="state_codes"] .data-table__filter-input');
    await expect(input.getAttribute('placeholder')).resolves.toBe('Введите код или название');
    await input.fill('бразилия sao');
    await page.waitForFunction(() => document.querySelectorAll('.data-table[data-src="state_codes"] tbody tr:not([hidden])').length === 1);
    await expect(page.locator('.data-table[data-src="state_codes"] tbody tr:not([hidden])').getAttribute('id')).resolves.toBe('BR-SP');
    await expect(page.locator('.data-table__count').textContent()).resolves.toMatch(/^Строк: 1 из \d+$/);
  });

  it('has the whole table and no filter box without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${site}/reference/country_codes`);
    await expect(page.locator('.data-table__filter').isVisible()).resolves.toBe(false);
    expect(await page.locator('.data-table[data-src="country_codes"] tbody tr').count()).toBe(249);
    expect(await page.locator('.data-table[data-src="country_codes"] tbody tr:visible').count()).toBe(249);
    await context.close();
  });

  it('loads the filter script only on pages that have a long table', async () => {
    const requested = async (url: string) => {
      const page = await newPage(browser);
      const scripts: string[] = [];
      page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
      await goto(page, site + url);
      // Nothing more by the time the network has gone quiet (500 ms without a request: `networkidle`
      // is the condition itself here).
      await page.waitForLoadState('networkidle');
      await page.close();
      return scripts.filter((s) => s.includes('table-filter'));
    };
    expect(await requested('/reference/bank_codes')).toHaveLength(1);
    expect(await requested('/reference/test_cards')).toEqual([]);
    expect(await requested('/request_format')).toEqual([]);
  });

  it('scrolls a row anchor into view below the navbar, also when the filter was hiding it', async () => {
    const page = await open('/reference/state_codes#BR-SP');
    const inView = () =>
      page.evaluate(() => {
        const r = document.getElementById('BR-SP')!.getBoundingClientRect();
        const nav = document.querySelector('.navbar')!.getBoundingClientRect().bottom;
        return r.top >= nav - 1 && r.bottom <= window.innerHeight;
      });
    await page.waitForFunction(() => window.scrollY > 1000);
    expect(await inView()).toBe(true);
    // Hide the row with the filter, then follow a link to it: the filter clears and the row shows.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator('.data-table__filter-input').fill('Canada');
    await expect(page.locator('#BR-SP').isHidden()).resolves.toBe(true);
    await page.locator('#__content a[href="#BR-SP"]').first().click();
    await page.waitForFunction(() => !document.getElementById('BR-SP')!.hidden);
    await page.waitForFunction(() => {
      const r = document.getElementById('BR-SP')!.getBoundingClientRect();
      return r.top > 0 && r.bottom <= window.innerHeight;
    });
  });

  it('reaches an error code row from another page by client navigation, marked as on a full load', async () => {
    const cellBackground = (p: Page, id: string) => p.evaluate((rowId) => getComputedStyle((document.getElementById(rowId) as HTMLTableRowElement).cells[1]!).backgroundColor, id);
    const direct = await open('/reference/api_error_codes#2004');
    const marked = await cellBackground(direct, '2004');
    expect(marked).not.toBe(await cellBackground(direct, '2003'));
    const page = await open('/reference/crypto_codes');
    await page.locator('#__content a[href="/reference/api_error_codes#2004"]').first().click();
    await page.waitForURL(/\/reference\/api_error_codes#2004$/);
    await page.waitForFunction(() => {
      const r = document.getElementById('2004')?.getBoundingClientRect();
      return !!r && r.top > 0 && r.bottom <= window.innerHeight;
    });
    // pushState sets no :target: the row a search result or a link led to is marked all the same.
    expect(await cellBackground(page, '2004')).toBe(marked);
  });

  it('scrolls tables sideways at 390 px without making the page wider than the screen', async () => {
    for (const url of ['/reference/country_codes', '/ru/reference/test_cards', '/reference/transaction_statuses']) {
      const page = await open(url, { width: 390, height: 844 });
      const sizes = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        boxes: [...document.querySelectorAll<HTMLElement>('.data-table__scroll, .status-diagram__scroll')].map((b) => ({ client: b.clientWidth, scroll: b.scrollWidth, right: b.getBoundingClientRect().right })),
      }));
      expect(sizes.page, url).toBeLessThanOrEqual(390);
      expect(sizes.boxes.length).toBeGreaterThan(0);
      for (const b of sizes.boxes) expect(b.right).toBeLessThanOrEqual(390);
      // At least one box on each page has more to show than fits, and scrolls to it.
      expect(sizes.boxes.some((b) => b.scroll > b.client), url).toBe(true);
      const box = page.locator('.data-table__scroll, .status-diagram__scroll').first();
      await box.evaluate((b) => b.scrollBy(200, 0));
      expect(await box.evaluate((b) => b.scrollLeft)).toBeGreaterThan(0);
    }
  });

  it('draws the status diagram from the data, readable in dark mode too', async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => localStorage.setItem('theme', 'dark'));
    const page = await context.newPage();
    await page.goto(`${site}/reference/transaction_statuses`);
    const svg = page.locator('.status-diagram svg[role="img"]');
    await expect(svg.getAttribute('aria-labelledby')).resolves.toBe('status-diagram-title');
    expect(await page.locator('.status-diagram .status-diagram__node').count()).toBe(11);
    const colours = await page.evaluate(() => {
      const text = getComputedStyle(document.querySelector('.status-diagram__node text')!).fill;
      const box = getComputedStyle(document.querySelector('.status-diagram__node rect')!).fill;
      return { text, box };
    });
    expect(colours.text).toBe('rgb(230, 232, 236)');
    expect(colours.box).toBe('rgb(17, 19, 24)');
    // The transitions are also a table, for screen readers and for reading.
    expect(await page.locator('.data-table[data-src="status_transitions"] tbody tr').count()).toBe(23);
    await context.close();
  });
});

describe('changelog feed (real site)', () => {
  it('announces the Atom feed in the changelog head, per locale, and serves it', async () => {
    for (const [url, feed] of [
      ['/changelog', '/changelog.atom'],
      ['/ru/changelog', '/ru/changelog.atom'],
    ] as const) {
      const page = await open(url);
      await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]').getAttribute('href')).resolves.toBe(feed);
      const res = await page.request.get(site + feed);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
      expect(await res.text()).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
    }
    // Other pages do not announce it, and it goes away when navigating off the changelog.
    const page = await open('/changelog');
    await page.locator('nav.sidebar a[href="/request_format"]').click();
    await page.waitForURL(/\/request_format$/);
    // The address changes first; head tags follow when the new page is shown.
    await expect.poll(() => page.locator('head link[type="application/atom+xml"]').count()).toBe(0);
  });

  it('is in the built site next to the page', () => {
    const files = readdirSync(dist).filter((f) => f.endsWith('.atom'));
    expect(files).toEqual(['changelog.atom']);
    expect(readFileSync(path.join(dist, 'ru/changelog.atom'), 'utf8')).toContain('<title>Выплаты Payco в Турции</title>');
  });
});
