/**
 * Screenshots of the reference tables and the changelog for review by eye (not a test): light and
 * dark, 1280 px and 390 px, English and Russian.
 *
 *   node --import tsx test/e2e/reference-screenshots.ts --dist dist       # an existing build
 *   node --import tsx test/e2e/reference-screenshots.ts --dist dist --only changelog
 *
 * Writes PNGs to .cache/screenshots/reference/.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../helpers/chromium.ts';
import { serveDir } from '../helpers/site.ts';

const OUT = path.resolve(import.meta.dirname, '../../.cache/screenshots/reference');

interface Shot {
  name: string;
  path: string;
  before?: (page: Page) => Promise<void>;
}

const SHOTS: Shot[] = [
  { name: 'country-codes', path: '/reference/country_codes#countries' },
  { name: 'country-codes-filtered', path: '/reference/country_codes', before: async (p) => {
    const input = p.locator('.data-table__filter-input').first();
    await input.waitFor();
    await input.scrollIntoViewIfNeeded();
    await input.fill(p.url().includes('/ru/') ? 'бра' : 'bra');
    await p.evaluate(() => window.scrollBy(0, -80));
  } },
  { name: 'state-row-anchor', path: '/reference/state_codes#BR-SP' },
  { name: 'changelog', path: '/changelog' },
  { name: 'statuses-diagram', path: '/reference/transaction_statuses#transitions' },
  { name: 'test-cards', path: '/reference/test_cards#cards' },
];

const { values } = parseArgs({ options: { dist: { type: 'string' }, only: { type: 'string' } } });
if (!values.dist) throw new Error('pass --dist <built site folder>');
const served = await serveDir(path.resolve(values.dist));
const browser = await launchBrowser();
mkdirSync(OUT, { recursive: true });
try {
  for (const width of [1280, 390]) {
    for (const theme of ['light', 'dark'] as const) {
      for (const locale of ['en', 'ru']) {
        const context = await browser.newContext({ viewport: { width, height: width > 996 ? 860 : 844 } });
        await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
        const page = await context.newPage();
        for (const shot of SHOTS) {
          if (values.only && !shot.name.includes(values.only)) continue;
          await page.goto(served.url + (locale === 'en' ? '' : `/${locale}`) + shot.path);
          await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
          await shot.before?.(page);
          await page.waitForTimeout(150);
          const file = path.join(OUT, `${shot.name}-${locale}-${theme}-${width}.png`);
          await page.screenshot({ path: file });
          console.log(file);
        }
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await served.close();
}
