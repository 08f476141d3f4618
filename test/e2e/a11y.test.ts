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
import { openPage, sharedPage } from './shell-helpers.ts';

const site = inject('siteUrl');
const distDir = inject('distDir');
let browser: Browser;

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
// A tab per colour mode and width: the checks only look (and open a menu), so they load their pages
// in it rather than in a context each.
const tabs = {
  light: { desktop: sharedPage(() => browser, { theme: 'light', viewport: DESKTOP }), phone: sharedPage(() => browser, { theme: 'light', viewport: PHONE }) },
  dark: { desktop: sharedPage(() => browser, { theme: 'dark', viewport: DESKTOP }), phone: sharedPage(() => browser, { theme: 'dark', viewport: PHONE }) },
};

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const t of Object.values(tabs)) for (const tab of Object.values(t)) await tab.close();
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
          const { page } = await tabs[theme].desktop.open(url);
          expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
          // The search page as the reader gets it: with its results (there are some for `refund` in both locales).
          if (path.startsWith('/search')) await page.waitForSelector('.search-result');
          expect(await axe(page)).toEqual([]);
        });
      }
    }
  }

  it('a page with wide Markdown tables on a phone: no serious or critical violations, and a table scrolls by keyboard', async () => {
    for (const locale of ['en', 'ru'] as const) {
      const { page } = await tabs.light.phone.open(`${site}${locale === 'ru' ? '/ru' : ''}/request_format`);
      expect(await axe(page)).toEqual([]);
      // The first table wider than the column takes the focus, and the arrow keys scroll it.
      const table = page.locator('.markdown table').first();
      expect(await table.evaluate((t) => t.scrollWidth > t.clientWidth)).toBe(true);
      await table.focus();
      await page.keyboard.press('ArrowRight');
      await page.waitForFunction(() => document.activeElement instanceof HTMLTableElement && document.activeElement.scrollLeft > 0);
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`the open mobile drawer (${theme}): no serious or critical violations`, async () => {
      const { page } = await tabs[theme].phone.open(`${site}/api/transaction_create`);
      await page.locator('.navbar__menu').click();
      await page.locator('#__drawer.drawer--open').waitFor();
      expect(await axe(page)).toEqual([]);
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
        const { page } = await tabs[theme].desktop.open(site + pagePath);
        // Every tab panel shown, so hidden samples are checked too.
        await page.evaluate(() => document.querySelectorAll<HTMLElement>('[role=tabpanel][hidden]').forEach((p) => (p.hidden = false)));
        expect(await axe(page), theme).toEqual([]);
      }
    });
  }

  it('the not-found page with the language menu open: no serious or critical violations', async () => {
    const { page, close } = await openPage(browser, `${site}/no/such/page`, { viewport: DESKTOP });
    await page.locator('.dropdown__toggle').click();
    expect(await axe(page)).toEqual([]);
    await close();
  });
});
