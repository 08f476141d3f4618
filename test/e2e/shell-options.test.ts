/**
 * The optional parts of the shell and the error states, on test/fixtures/shell-on (announcement bar
 * and hide-on-scroll navbar on; a custom page that crashes on request; a noindex page), plus the
 * baseUrl issue banner on a copy of it built for `/docs/`. Also: a page with hide_table_of_contents,
 * and the browser storage wrapper when storage is unavailable and across tabs.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/chromium.ts';
import { copyFixture, ROOT } from '../helpers/fixture.ts';
import { buildInto } from '../helpers/site.ts';
import { goto, headSnapshot, hydrated, openPage, openWithoutScripts, prerenderedHead, serveAt, waitForTitle } from './shell-helpers.ts';

const FIXTURE = path.join(ROOT, 'test/fixtures/shell-on');
const DESKTOP = { width: 1280, height: 800 };
const NARROW = { width: 390, height: 844 };
let browser: Browser;
let site: { url: string; close: () => Promise<void> };
let dist: string;

beforeAll(async () => {
  browser = await launchBrowser();
  dist = (await buildInto(FIXTURE)).outDir;
  site = await serveAt(dist);
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('renderer/components/AnnouncementBar', () => {
  it('shows the configured announcement in each locale, stays dismissed, and reappears when its id changes', async () => {
    const { page, problems, close } = await openPage(browser, `${site.url}/guide`);
    const bar = page.locator('.announcement-bar');
    await expect(bar.innerText()).resolves.toBe('Payouts v2 are live: read the guide.');
    expect(await bar.getAttribute('aria-label')).toBe('Announcement');
    await page.getByRole('button', { name: 'Close' }).click();
    expect(await bar.count()).toBe(0);
    expect(await page.evaluate(() => [localStorage.getItem('docusaurus.announcement.id'), localStorage.getItem('docusaurus.announcement.dismiss')])).toEqual(['launch-1', 'true']);
    // Dismissed before first paint: with the app's code blocked, only the head script runs.
    const blocked = await openWithoutScripts(page);
    const blockedBar = blocked.locator('.announcement-bar');
    expect(await blockedBar.count()).toBe(1);
    expect(await blockedBar.isVisible()).toBe(false);
    await blocked.close();
    await page.reload();
    await hydrated(page);
    expect(await bar.count()).toBe(0);
    // Russian content on the Russian site, after a new announcement id.
    await page.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'launch-0'));
    await goto(page, `${site.url}/ru/`);
    await expect(bar.innerText()).resolves.toBe('Выплаты v2 запущены: читайте руководство.');
    expect(await bar.isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBeNull();
    expect(problems).toEqual([]);
    await close();
  });
});

describe('renderer/components/Sidebar (collapsed: false)', () => {
  it('opens a category written `collapsed: false` on every page, also inside a closed one once shown, and keeps it closed when the reader closes it', async () => {
    const { page, problems, close } = await openPage(browser, `${site.url}/api/create`);
    const category = (label: string) => page.locator(`nav.sidebar details:has(> summary:text-is("${label}"))`);
    // In the page's HTML: API holds the page, Refunds is open by its _category_.yml.
    expect(await category('API').getAttribute('open')).toBe('');
    expect(await category('Refunds').getAttribute('open')).toBe('');
    expect(await category('Refunds').locator('a[href="/api/refunds/refund"]').count()).toBe(1);
    // On a page outside API, API is closed and Refunds not in the page at all; opened, API shows Refunds open.
    await goto(page, `${site.url}/guide`);
    expect(await category('API').getAttribute('open')).toBeNull();
    expect(await category('Refunds').count()).toBe(0);
    await category('API').locator('> summary').click();
    await expect.poll(() => category('Refunds').getAttribute('open')).toBe('');
    expect(await category('Refunds').locator('a[href="/api/refunds/refund"]').count()).toBe(1);
    // Closed by the reader, it stays closed as they move on.
    await category('Refunds').locator('> summary').click();
    expect(await category('Refunds').getAttribute('open')).toBeNull();
    await page.locator('nav.sidebar a[href="/api/create"]').click();
    await waitForTitle(page, 'Create a payment');
    expect(await category('Refunds').getAttribute('open')).toBeNull();
    expect(problems).toEqual([]);
    await close();
  });
});

describe('renderer/hooks/use-content-enhancements (tabs)', () => {
  it('syncs every tab group with the same group id on the page and on the next page, and keeps the choice', async () => {
    const { page, close } = await openPage(browser, `${site.url}/`);
    const selected = () => page.locator('.tabs[data-group=lang]').evaluateAll((gs) => gs.map((g) => g.querySelector('[role=tab][aria-selected=true]')?.getAttribute('data-value')));
    expect(await selected()).toEqual(['curl', 'curl']);
    await page.locator('.tabs[data-group=lang]').nth(1).locator('[role=tab][data-value=python]').click();
    expect(await selected()).toEqual(['python', 'python']);
    const panels = await page.locator('.tabs[data-group=lang] [role=tabpanel]:not([hidden])').evaluateAll((ps) => ps.map((p) => p.querySelector('.code-block pre')?.textContent?.trim()));
    expect(panels).toEqual(['import requests\nrequests.post("https://api.example.com/v1/x")', 'print("second")']);
    await page.locator('nav.sidebar a[href="/guide"]').click();
    await waitForTitle(page, 'Guide');
    expect(await selected()).toEqual(['python']);
    await page.reload();
    await hydrated(page);
    expect(await selected()).toEqual(['python']);
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.tab.lang'))).toBe('python');
    await close();
  });
});

describe('hide_table_of_contents (renderer/components/DocPage)', () => {
  for (const [locale, prefix, intro, glossary, tocTitle] of [
    ['en', '', 'Introduction', 'Glossary', 'On this page'],
    ['ru', '/ru', 'Введение', 'Глоссарий', 'На этой странице'],
  ] as const) {
    it(`renders neither the table of contents column nor the collapsible box on such a page, while a normal page has both (${locale})`, async () => {
      const { page, problems, close } = await openPage(browser, `${site.url}${prefix}/`, { viewport: DESKTOP });
      const column = page.locator('nav.toc');
      const box = page.locator('details.toc-collapsible');
      // A normal page: the column on a wide screen, the collapsed box above the content on a narrow one.
      await waitForTitle(page, intro);
      expect(await column.count()).toBe(1);
      expect(await box.count()).toBe(1);
      expect(await column.isVisible()).toBe(true);
      expect(await box.isVisible()).toBe(false);
      await page.setViewportSize(NARROW);
      expect(await column.isVisible()).toBe(false);
      expect(await box.isVisible()).toBe(true);
      expect(await box.locator('summary').innerText()).toBe(tocTitle);
      // The glossary, reached client-side: it has h2 and h3 headings, but no table of contents anywhere.
      await page.setViewportSize(DESKTOP);
      await page.locator(`nav.sidebar a[href="${prefix}/glossary"]`).click();
      await waitForTitle(page, glossary);
      expect(await page.locator('#__content h2[id], #__content h3[id]').count()).toBe(3);
      const none = async (width: string) => {
        expect(await column.count(), width).toBe(0);
        expect(await box.count(), width).toBe(0);
        expect(await page.locator('.toc, .toc-collapsible').count(), width).toBe(0);
        expect(await page.locator('.doc').getAttribute('class'), width).toBe('doc');
      };
      await none('desktop');
      await page.setViewportSize(NARROW);
      await none('narrow');
      // Loaded directly (the prerendered page, then hydrated): the same.
      await page.reload();
      await hydrated(page);
      await none('narrow, reloaded');
      const prerendered = await page.evaluate(async (u) => {
        const doc = new DOMParser().parseFromString(await (await fetch(u)).text(), 'text/html');
        return { headings: doc.querySelectorAll('#__content h2[id]').length, toc: doc.querySelectorAll('.toc, .toc-collapsible').length };
      }, `${site.url}${prefix}/glossary`);
      expect(prerendered).toEqual({ headings: 2, toc: 0 });
      expect(problems).toEqual([]);
      await close();
    });
  }
});

describe('renderer/storage (browser storage unavailable; changes from other tabs)', () => {
  const warning = /^warning: \[paydocs\] Browser storage \(localStorage\) is not available; preferences will not be remembered\./;
  for (const [what, prefix, toLight, breakStorage] of [
    [
      'reading localStorage throws (storage disabled)',
      '',
      'Switch to light mode (dark mode)',
      () => {
        Object.defineProperty(window, 'localStorage', {
          configurable: true,
          get() {
            throw new DOMException('Access is denied for this document.', 'SecurityError');
          },
        });
      },
    ],
    [
      'writing to localStorage throws (no quota, as in private browsing)',
      '/ru',
      'Включить светлую тему (тёмная тема)',
      () => {
        Storage.prototype.setItem = function () {
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        };
      },
    ],
  ] as const) {
    it(`logs exactly one warning and keeps the colour toggle and code tabs working when ${what}`, async () => {
      const { page, problems, close } = await openPage(browser, '', { viewport: DESKTOP });
      await page.addInitScript(breakStorage);
      await goto(page, `${site.url}${prefix}/guide`);
      // Storage is really unusable on this page.
      expect(await page.evaluate(() => { try { localStorage.setItem('x', 'y'); return 'usable'; } catch { return 'throws'; } })).toBe('throws');
      expect(await page.getAttribute('html', 'data-theme')).toBe('light');
      const toggle = page.locator('button.color-toggle');
      await toggle.click();
      expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
      expect(await toggle.getAttribute('aria-label')).toBe(toLight);
      const selected = () => page.locator('.tabs[data-group=lang]').evaluateAll((gs) => gs.map((g) => g.querySelector('[role=tab][aria-selected=true]')?.getAttribute('data-value')));
      expect(await selected()).toEqual(['curl']);
      await page.locator('.tabs[data-group=lang] [role=tab][data-value=python]').click();
      expect(await selected()).toEqual(['python']);
      expect(await page.locator('.tabs[data-group=lang] [role=tabpanel]:not([hidden]) pre').innerText()).toBe('print("guide")');
      // Client-side to the home page: both still work there (two groups kept in step on the page).
      await page.locator(`nav.sidebar a[href="${prefix}/"]`).click();
      await waitForTitle(page, prefix ? 'Введение' : 'Introduction');
      await toggle.click();
      expect(await page.getAttribute('html', 'data-theme')).toBe('light');
      if (!prefix) {
        await page.locator('.tabs[data-group=lang]').nth(1).locator('[role=tab][data-value=python]').click();
        expect(await selected()).toEqual(['python', 'python']);
      }
      // One warning, not one per use, and nothing thrown.
      expect(problems.length, problems.join('\n')).toBe(1);
      expect(problems[0]).toMatch(warning);
      await close();
    });
  }

  it('applies a colour mode and a tab choice made in one tab to another open tab of the site (storage event), across locales', async () => {
    const a = await openPage(browser, `${site.url}/`, { viewport: DESKTOP });
    const b = await a.page.context().newPage();
    b.on('pageerror', (e) => a.problems.push(`pageerror (second tab): ${e.message}`));
    b.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && a.problems.push(`${m.type()} (second tab): ${m.text()}`));
    await goto(b, `${site.url}/ru/guide`);
    const theme = (p: Page) => p.getAttribute('html', 'data-theme');
    const selected = (p: Page) => p.locator('.tabs[data-group=lang]').evaluateAll((gs) => gs.map((g) => g.querySelector('[role=tab][aria-selected=true]')?.getAttribute('data-value')));
    expect(await theme(b)).toBe('light');
    expect(await selected(b)).toEqual(['curl']);
    // Dark in the English tab: the Russian tab follows, its toggle too.
    await a.page.locator('button.color-toggle').click();
    await expect.poll(() => theme(b)).toBe('dark');
    expect(await b.locator('button.color-toggle').getAttribute('aria-label')).toBe('Включить светлую тему (тёмная тема)');
    // Python in the Russian tab: both groups of the English tab follow, with their panels.
    await b.locator('.tabs[data-group=lang] [role=tab][data-value=python]').click();
    await expect.poll(() => selected(a.page)).toEqual(['python', 'python']);
    expect(await a.page.locator('.tabs[data-group=lang] [role=tabpanel]:not([hidden]) pre').allInnerTexts()).toEqual(['import requests\nrequests.post("https://api.example.com/v1/x")', 'print("second")']);
    // And back: light in the Russian tab.
    await b.locator('button.color-toggle').click();
    await expect.poll(() => theme(a.page)).toBe('light');
    expect(await a.page.locator('button.color-toggle').getAttribute('aria-label')).toBe('Switch to dark mode (light mode)');
    expect(a.problems).toEqual([]);
    await a.close();
  });
});

describe('renderer/hooks/use-hide-on-scroll', () => {
  it('hides the navbar while scrolling down and shows it when scrolling up or focusing it', async () => {
    const { page, close } = await openPage(browser, `${site.url}/`, { viewport: { width: 1280, height: 800 } });
    const navbar = page.locator('header.navbar');
    const bottom = () => navbar.evaluate((el) => Math.round(el.getBoundingClientRect().bottom));
    await page.mouse.wheel(0, 1200);
    await page.waitForFunction(() => window.scrollY > 1000);
    await expect.poll(() => navbar.getAttribute('class')).toContain('navbar--hidden');
    await expect.poll(bottom).toBeLessThanOrEqual(0);
    await page.mouse.wheel(0, -200);
    await expect.poll(() => navbar.getAttribute('class')).not.toContain('navbar--hidden');
    await expect.poll(bottom).toBe(60);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => navbar.getAttribute('class')).toContain('navbar--hidden');
    await page.locator('header.navbar .navbar__brand').focus();
    await expect.poll(() => navbar.getAttribute('class')).not.toContain('navbar--hidden');
    await close();
  });
});

describe('renderer/components/ErrorBoundary', () => {
  for (const [locale, prefix, title, documentTitle] of [
    ['en', '', 'This page crashed.', 'Page Error'],
    ['ru', '/ru', 'На странице произошла ошибка', 'Ошибка страницы'],
  ] as const) {
    it(`shows '${title}', the error message and 'Try again' when a page throws (${locale})`, async () => {
      const { page, close } = await openPage(browser, `${site.url}${prefix}/crash`);
      const pageTitle = await page.title();
      await page.getByRole('button', { name: 'Crash' }).click();
      const alert = page.locator('main [role=alert]');
      await expect(alert.locator('h1').innerText()).resolves.toBe(title);
      await expect(alert.locator('.error-page__message').innerText()).resolves.toBe('Boom: the crash page was asked to crash');
      await expect.poll(() => page.title()).toBe(documentTitle);
      // The navbar and footer still work: only the page is replaced.
      expect(await page.locator('footer').innerText()).toBe('Copyright © 2025 Shellpay');
      await alert.getByRole('button').click();
      await expect(page.locator('main h1').innerText()).resolves.toMatch(/Crash page|Страница сбоя/);
      expect(await page.locator('main [role=alert]').count()).toBe(0);
      expect(await page.title()).toBe(pageTitle);
      await close();
    });
  }

  it('clears the error on navigation and keeps the new page title', async () => {
    const { page, close } = await openPage(browser, `${site.url}/crash`);
    await page.getByRole('button', { name: 'Crash' }).click();
    await expect.poll(() => page.title()).toBe('Page Error');
    await page.locator('.navbar a[href="/"]').first().click();
    await waitForTitle(page, 'Introduction');
    expect(await page.title()).toBe('Introduction | Shell Docs');
    await close();
  });
});

describe('renderer/components/ChunkError', () => {
  it("shows Retry with the error text when a page's code fails to load; Retry loads it, showing 'Loading…' only after 200 ms", async () => {
    const { page, close } = await openPage(browser, '');
    await page.route('**/assets/chunks/crash-*.js', (r) => r.abort());
    await goto(page, `${site.url}/crash`);
    const alert = page.locator('main [role=alert]');
    await expect(alert.locator('h1').innerText()).resolves.toBe('This page could not be loaded.');
    await expect(alert.locator('.error-page__message').innerText()).resolves.toMatch(/^Failed to fetch dynamically imported module: http:\/\/127\.0\.0\.1:\d+\/assets\/chunks\/crash-\w+\.js$/);
    const retry = alert.getByRole('button');
    expect(await retry.innerText()).toBe('Retry');
    // Still failing: the message stays, the button comes back.
    await retry.click();
    // The label stays 'Retry' while the first 200 ms of the attempt pass: wait for the attempt to end.
    await expect.poll(() => retry.isEnabled()).toBe(true);
    expect(await retry.innerText()).toBe('Retry');
    // Now it loads, slowly.
    await page.unroute('**/assets/chunks/crash-*.js');
    await page.route('**/assets/chunks/crash-*.js', async (r) => {
      await new Promise((resolve) => setTimeout(resolve, 900));
      await r.continue();
    });
    const labels = page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const button = document.querySelector('main [role=alert] button') as HTMLButtonElement;
          const seen: string[] = [];
          const t0 = performance.now();
          button.click();
          const tick = () => {
            const b = document.querySelector('main [role=alert] button');
            if (!b) return resolve(seen);
            seen.push(`${Math.round((performance.now() - t0) / 100) * 100}:${b.textContent}`);
            setTimeout(tick, 50);
          };
          tick();
        }),
    );
    const seen = await labels;
    const firstLoading = seen.find((s) => s.endsWith('Loading…'));
    expect(Number(firstLoading?.split(':')[0])).toBeGreaterThanOrEqual(200);
    expect(seen.filter((s) => Number(s.split(':')[0]) < 200).every((s) => s.endsWith('Retry'))).toBe(true);
    await expect(page.locator('main h1').innerText()).resolves.toBe('Crash page');
    await close();
  });
});

describe('shared/head (noindex and prerendered tags)', () => {
  it('adds robots noindex on a noindex page and removes it on the next one, matching the prerendered head of each', async () => {
    const { page, close } = await openPage(browser, `${site.url}/`);
    const robots = page.locator('meta[name=robots]');
    expect(await robots.count()).toBe(0);
    for (const [link, href, title] of [
      ['nav.sidebar a[href="/private"]', '/private', 'Internal notes'],
      ['nav.sidebar a[href="/guide"]', '/guide', 'Guide'],
      ['nav.sidebar a[href="/"]', '/', 'Introduction'],
    ] as const) {
      await page.locator(link).click();
      await waitForTitle(page, title);
      expect(await robots.count(), href).toBe(href === '/private' ? 1 : 0);
      expect(await headSnapshot(page), href).toEqual(await prerenderedHead(page, site.url + href));
    }
    expect(await page.locator('meta[name=robots]').count()).toBe(0);
    await close();
  });
});

describe('baseUrl issue banner', () => {
  let wrong: { dist: string };
  beforeAll(async () => {
    const dir = copyFixture('shell-on');
    const cfg = path.join(dir, 'docs.config.ts');
    writeFileSync(cfg, readFileSync(cfg, 'utf8').replace("url: 'https://docs.example.com',", "url: 'https://docs.example.com',\n  baseUrl: '/docs/',"));
    wrong = { dist: (await buildInto(dir)).outDir };
  });

  it('appears on the home page when the site is served from another path than its baseUrl', async () => {
    const served = await serveAt(wrong.dist, '/');
    for (const [p, text] of [
      ['/', ['The site did not load properly: it is configured for the base URL /docs/, but served from another path. Check `baseUrl` in docs.config.ts.', 'Try baseUrl = /']],
      ['/ru/', ['Сайт загрузился неправильно: он настроен на базовый адрес /docs/, а открыт по другому пути. Проверьте `baseUrl` в docs.config.ts.', 'Попробуйте baseUrl = /']],
    ] as const) {
      const { page, close } = await openPage(browser, '');
      // The head script shows it at DOMContentLoaded when the app's code has not arrived
      // (renderer/head-script.ts): by `load` it is there, or it never comes.
      await page.goto(served.url + p);
      const banner = page.locator('#__baseurl-banner');
      await expect(banner.locator('p').allInnerTexts()).resolves.toEqual(text);
      expect(await banner.getAttribute('role')).toBe('alert');
      // First thing in the page, styled inline (the stylesheet did not load either).
      expect(await page.evaluate(() => document.body.firstElementChild?.id)).toBe('__baseurl-banner');
      await close();
    }
    await served.close();
  });

  it('does not appear where the site is served under its baseUrl, nor on other pages', async () => {
    const right = await serveAt(wrong.dist, '/docs/');
    const { page, problems, close } = await openPage(browser, `${right.url}/docs/`);
    expect(await page.locator('main h1').innerText()).toBe('Introduction');
    expect(await page.locator('#__baseurl-banner').count()).toBe(0);
    expect(problems).toEqual([]);
    await close();
    await right.close();
    const served = await serveAt(wrong.dist, '/');
    const other = await openPage(browser, '');
    await other.page.goto(`${served.url}/guide`); // past DOMContentLoaded, when the banner would show
    expect(await other.page.locator('#__baseurl-banner').count()).toBe(0);
    await other.close();
    await served.close();
  });
});
