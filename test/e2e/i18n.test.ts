import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, ROOT } from '../helpers/fixture.ts';
import { launchBrowser } from '../helpers/chromium.ts';
import { serveDir } from '../helpers/site.ts';
import { goto, hydrated, newContext, sharedPage } from './shell-helpers.ts';

// test/fixtures/i18n: /ru/ is translated and current, /ru/guide is translated but older than its
// English page (stale source_hash), /ru/api/create has no translation.
let browser: Browser;
let site: string;
let dist: string;
let close: () => Promise<void>;

/** `paydocs build` as a writer runs it, into a temp folder. */
function build(root: string): { outDir: string } {
  const outDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'paydocs-i18n-')), 'dist');
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/paydocs.js'), 'build', '--out', outDir], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`paydocs build failed:\n${r.stderr}`);
  return { outDir };
}

// The tests read pages and follow links: they load them afresh, one after another, in one tab (sharedPage).
const tab = sharedPage(() => browser);

beforeAll(async () => {
  const { outDir } = build(copyFixture('i18n'));
  dist = outDir;
  const served = await serveDir(outDir);
  site = served.url;
  close = served.close;
  browser = await launchBrowser();
});
afterAll(async () => {
  await tab.close();
  await browser?.close();
  await close?.();
});

/** `url` loaded afresh in the shared tab, until hydrated. */
async function open(url: string): Promise<{ page: Page; status: number | undefined }> {
  const { page, response } = await tab.open(url);
  return { page, status: response?.status() };
}

describe('renderer/components/DocPage (translation notices)', () => {
  it('shows an untranslated page in English under /ru/ with a Russian notice, never a 404', async () => {
    const { page, status } = await open(`${site}/ru/api/create`);
    expect(status).toBe(200);
    const notice = page.locator('.notice--missing');
    expect(await notice.innerText()).toBe('Эта страница ещё не переведена. Ниже — английская версия.');
    expect(await notice.isVisible()).toBe(true);
    expect(await page.locator('h1').innerText()).toBe('Create a payment');
    expect(await page.locator('#__content').getAttribute('lang')).toBe('en');
    expect(await page.locator('#__content').innerText()).toContain('Send the amount in minor units.');
    // The interface around it is Russian.
    expect(await page.getAttribute('html', 'lang')).toBe('ru');
    expect(await page.locator('.skip-link').innerText()).toBe('Перейти к основному содержимому');
  });

  it('shows an "English version updated" notice on an outdated translation, and none on a current one', async () => {
    const { page } = await open(`${site}/ru/guide`);
    expect(await page.locator('.notice--outdated').innerText()).toBe('Английская версия этой страницы обновилась после перевода: часть сведений может быть устаревшей.');
    expect(await page.locator('h1').innerText()).toBe('Руководство');
    // Client navigation to the current translation: the notice goes away.
    await page.locator('.pagination__link--prev[href="/ru/"]').click();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Введение');
    expect(await page.locator('.notice').count()).toBe(0);
    // ...and to the untranslated page: the "not translated" notice appears.
    await page.locator('#__content a[href="/ru/api/create"]').click();
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Create a payment');
    expect(await page.locator('.notice--missing').count()).toBe(1);
  });

  it('shows no notice in English', async () => {
    const { page } = await open(`${site}/guide`);
    expect(await page.locator('.notice').count()).toBe(0);
  });

  it('keeps a deep link when switching language: the heading id is the same in both', async () => {
    const { page } = await open(`${site}/guide#signing`);
    const inView = () => page.evaluate(() => {
      const r = document.getElementById('signing')!.getBoundingClientRect();
      return r.top >= -1 && r.top < window.innerHeight;
    });
    await page.waitForFunction(() => window.scrollY > 300);
    expect(await inView()).toBe(true);
    await page.locator('.dropdown__toggle').click();
    await Promise.all([page.waitForURL(`${site}/ru/guide#signing`), page.locator('.dropdown__link[lang="ru"]').click()]);
    await hydrated(page);
    await page.waitForFunction(() => window.scrollY > 300);
    expect(await page.locator('#signing').innerText()).toContain('Подпись');
    expect(await inView()).toBe(true);
  });
});

describe('renderer/components/CopyPageButton', () => {
  it('fetches the page Markdown only when clicked and copies it', async () => {
    const context = await newContext(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await goto(page, `${site}/ru/guide`);
    // Not fetched by the time the network has gone quiet (500 ms without a request: `networkidle` is
    // the condition itself here).
    await page.waitForLoadState('networkidle');
    expect(requests.filter((p) => p.endsWith('.md'))).toEqual([]);
    const button = page.locator('button.copy-page');
    expect(await button.innerText()).toBe('Скопировать как Markdown');
    await button.click();
    await page.waitForFunction(() => document.querySelector('button.copy-page')?.textContent === 'Скопировано как Markdown');
    expect(requests.filter((p) => p.endsWith('.md'))).toEqual(['/ru/guide.md']);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(readFileSync(path.join(dist, 'ru/guide.md'), 'utf8'));
    expect(copied.startsWith('# Руководство\n\n> Как подписывать запросы.\n\n> Английская версия этой страницы обновилась')).toBe(true);
    await context.close();
  });

  it('says so when the Markdown cannot be loaded', async () => {
    const context = await newContext(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.route('**/*.md', (route) => route.fulfill({ status: 500, body: 'down' }));
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await goto(page, `${site}/guide`);
    await page.locator('button.copy-page').click();
    await page.waitForFunction(() => document.querySelector('button.copy-page')?.textContent === 'Could not copy the page');
    expect(errors.some((e) => e.includes('could not copy the page as Markdown'))).toBe(true);
    await context.close();
  });
});
