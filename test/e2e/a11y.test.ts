/**
 * Accessibility of the real site (spec section 2, issue 3 point 18): axe-core, injected into the
 * page, finds no serious or critical violation on the home page, an API page, a reference table page
 * and the search page, in both locales and both colour modes, on desktop and with the mobile drawer open.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/chromium.ts';
import { axe } from './axe.ts';
import { openPage } from './shell-helpers.ts';

const site = inject('siteUrl');
const distDir = inject('distDir');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});


const PAGES = [
  ['home', '/'],
  ['API page', '/api/transaction_create'],
  ['reference table page', '/reference/currency_codes'],
  ['search page', '/search?q=refund'],
  ['landing page', '/landing'],
] as const;

describe('accessibility (axe-core)', () => {
  for (const [name, path] of PAGES) {
    for (const locale of ['en', 'ru'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        it(`${name}, ${locale}, ${theme}: no serious or critical violations`, async () => {
          const url = `${site}${locale === 'ru' ? '/ru' : ''}${path}`;
          const { page, close } = await openPage(browser, url, { theme, viewport: { width: 1280, height: 900 } });
          expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
          // The search page as the reader gets it: with its results (there are some for `refund` in both locales).
          if (path.startsWith('/search')) await page.waitForSelector('.search-result');
          expect(await axe(page)).toEqual([]);
          await close();
        });
      }
    }
  }

  it('a page with wide Markdown tables on a phone: no serious or critical violations, and a table scrolls by keyboard', async () => {
    for (const locale of ['en', 'ru'] as const) {
      const { page, close } = await openPage(browser, `${site}${locale === 'ru' ? '/ru' : ''}/request_format`, { theme: 'light', viewport: { width: 390, height: 844 } });
      expect(await axe(page)).toEqual([]);
      // The first table wider than the column takes the focus, and the arrow keys scroll it.
      const table = page.locator('.markdown table').first();
      expect(await table.evaluate((t) => t.scrollWidth > t.clientWidth)).toBe(true);
      await table.focus();
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => document.activeElement instanceof HTMLTableElement && document.activeElement.scrollLeft > 0);
      await close();
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`the open mobile drawer (${theme}): no serious or critical violations`, async () => {
      const { page, close } = await openPage(browser, `${site}/api/transaction_create`, { theme, viewport: { width: 390, height: 844 } });
      await page.locator('.navbar__menu').click();
      await page.locator('#__drawer.drawer--open').waitFor();
      expect(await axe(page)).toEqual([]);
      await close();
    });
  }

  // Code colours: one page per highlighted language (found in the build), light and dark.
  const byLanguage = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'assets' && entry.name !== 'ru') walk(abs);
      else if (entry.name === 'index.html') {
        for (const [, lang] of readFileSync(abs, 'utf8').matchAll(/data-lang="(\w+)"/g)) {
          if (!byLanguage.has(lang!)) byLanguage.set(lang!, '/' + path.relative(distDir, dir).split(path.sep).join('/'));
        }
      }
    }
  };
  walk(distDir);
  it('finds code in the languages the spec names', () => {
    expect([...byLanguage.keys()]).toEqual(expect.arrayContaining(['json', 'bash', 'php', 'javascript', 'python', 'http']));
  });
  const pagesWithCode = new Map<string, string[]>();
  for (const [lang, p] of byLanguage) pagesWithCode.set(p, [...(pagesWithCode.get(p) ?? []), lang]);
  for (const [pagePath, langs] of pagesWithCode) {
    it(`code in ${langs.join(', ')} (${pagePath}): no serious or critical violations in light or dark`, async () => {
      for (const theme of ['light', 'dark'] as const) {
        const { page, close } = await openPage(browser, site + pagePath, { theme, viewport: { width: 1280, height: 900 } });
        // Every tab panel shown, so hidden samples are checked too.
        await page.evaluate(() => document.querySelectorAll<HTMLElement>('[role=tabpanel][hidden]').forEach((p) => (p.hidden = false)));
        expect(await axe(page), theme).toEqual([]);
        await close();
      }
    });
  }

  it('the not-found page with the language menu open: no serious or critical violations', async () => {
    const { page, close } = await openPage(browser, `${site}/no/such/page`, { viewport: { width: 1280, height: 900 } });
    await page.locator('.dropdown__toggle').click();
    expect(await axe(page)).toEqual([]);
    await close();
  });
});
