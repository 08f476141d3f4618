/**
 * The reader's shell on the real site (spec sections 2 and 4): navbar, footer, sidebar and mobile
 * drawer, skip link, breadcrumbs, table of contents, pagination, colour mode, tabs, copy buttons,
 * the not-found page, keyboard use, print, tables on narrow screens, and the first-load JS budget.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/chromium.ts';
import { goto, hydrated, openPage, openWithoutScripts, pageTimePassed, scrollAtRest, sharedPage, waitForTitle, type OpenOptions } from './shell-helpers.ts';

const site = inject('siteUrl');
const dist = inject('distDir');
const DESKTOP = { width: 1280, height: 800 };
const MOBILE = { width: 390, height: 844 };
let browser: Browser;

// A tab per set of options, for the tests that leave nothing behind (no routes, listeners or init
// scripts of their own): each loads its page afresh in it (sharedPage). The others open a context each.
const tabs = new Map<string, ReturnType<typeof sharedPage>>();
/** `url` loaded afresh, until hydrated, in the tab of `options`. */
function open(url: string, options: OpenOptions = {}): ReturnType<ReturnType<typeof sharedPage>['open']> {
  const key = JSON.stringify(options);
  if (!tabs.has(key)) tabs.set(key, sharedPage(() => browser, options));
  return tabs.get(key)!.open(url);
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const tab of tabs.values()) await tab.close();
  await browser?.close();
});

const activeElement = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}${el.id ? `#${el.id}` : ''}` : '';
  });

describe('renderer/components/Navbar', () => {
  for (const [locale, prefix, home, kb, docs] of [
    ['en', '', 'Home', 'Knowledge base', 'Docs'],
    ['ru', '/ru', 'Главная', 'База знаний', 'Документация'],
  ] as const) {
    it(`has the brand, Home, the knowledge base (opening safely) and the language switch on the right (${locale})`, async () => {
      const { page } = await open(`${site}${prefix}/api/transaction_create`, { viewport: DESKTOP });
      const navbar = page.locator('header.navbar');
      const brand = navbar.locator('.navbar__brand');
      expect(await brand.getAttribute('href')).toBe(`${prefix}/`);
      expect((await brand.innerText()).split(/\s+/)).toEqual(['Corvopay', docs]);
      expect(await brand.locator('img').getAttribute('src')).toBe('/img/logo.svg');
      const homeLink = navbar.getByRole('link', { name: home, exact: true });
      expect(await homeLink.getAttribute('href')).toBe(`${prefix}/`);
      expect(await homeLink.locator('svg.icon-home').count()).toBe(1);
      const kbLink = navbar.getByRole('link', { name: new RegExp(`^${kb}`) });
      expect(await kbLink.getAttribute('href')).toBe('https://help.corvopay.com');
      expect(await kbLink.getAttribute('target')).toBe('_blank');
      expect(await kbLink.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await kbLink.locator('svg.icon-book').count()).toBe(1);
      // The language switch sits at the right end, before the colour toggle.
      const [toggle, homeBox, kbBox] = await Promise.all([navbar.locator('.dropdown__toggle').boundingBox(), homeLink.boundingBox(), kbLink.boundingBox()]);
      expect(toggle!.x).toBeGreaterThan(DESKTOP.width / 2);
      expect(homeBox!.x).toBeLessThan(DESKTOP.width / 2);
      expect(kbBox!.x).toBeLessThan(DESKTOP.width / 2);
    });
  }

  it('switches to the same page in the other locale, keeping the query and fragment', async () => {
    const { page } = await open(`${site}/request_format?from=test#request-signing`, { viewport: DESKTOP });
    await page.locator('.dropdown__toggle').click();
    await page.getByRole('link', { name: 'Русский' }).click();
    await page.waitForURL(`${site}/ru/request_format?from=test#request-signing`);
    await hydrated(page);
    expect(await page.getAttribute('html', 'lang')).toBe('ru');
    expect(await page.locator('.dropdown__toggle').innerText()).toBe('Русский');
    await page.locator('.dropdown__toggle').click();
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`${site}/request_format?from=test#request-signing`);
  });

  it("falls back to the other locale's home where the page has no counterpart (the not-found page)", async () => {
    const { page } = await open(`${site}/no/such/page`, { viewport: DESKTOP });
    await page.locator('.dropdown__toggle').click();
    expect(await page.getByRole('link', { name: 'Русский' }).getAttribute('href')).toBe('/ru/');
    await page.getByRole('link', { name: 'Русский' }).click();
    await page.waitForURL(`${site}/ru/`);
  });

  it('opens the language menu by keyboard: ArrowDown to the first language, arrows move, Escape closes and returns focus', async () => {
    const { page } = await open(`${site}/callbacks`, { viewport: DESKTOP });
    const toggle = page.locator('.dropdown__toggle');
    await toggle.focus();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('ArrowDown');
    // The toggle itself reads 'English' too: wait for focus to be on the menu's link.
    const focusedLink = () => page.evaluate(() => (document.activeElement?.matches('.dropdown__link') ? document.activeElement.textContent : null));
    await expect.poll(focusedLink).toBe('English');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedLink).toBe('Русский');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.dropdown__menu').isVisible()).toBe(false);
    await expect.poll(() => activeElement(page)).toBe('button.navbar__link');
    await page.keyboard.press('Enter');
    expect(await page.locator('.dropdown__menu').isVisible()).toBe(true);
  });
});

describe('announcement bar and hide-on-scroll navbar (off in docs.config.ts)', () => {
  it('shows no announcement bar and keeps the navbar in place while scrolling', async () => {
    const { page } = await open(`${site}/request_format`, { viewport: DESKTOP });
    expect(await page.locator('.announcement-bar').count()).toBe(0);
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => window.scrollY > 1000);
    // Were hide-on-scroll on, the scroll events would have hidden it (use-hide-on-scroll.ts): wait
    // until the scroll is over and what its last event set off is rendered.
    await scrollAtRest(page);
    expect(await page.locator('header.navbar').getAttribute('class')).toBe('navbar');
    expect(await page.locator('header.navbar').evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
  });
});

describe('docs version (renderer/hooks/use-docs-version)', () => {
  it('persists the version of the doc being read and names it docs-default-current', async () => {
    const { page } = await open(`${site}/search?q=refund`);
    // Not on a doc page, nothing stored yet: the latest version.
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBeNull();
    expect(await page.getAttribute('html', 'data-docs-version')).toBe('docs-default-current');
    await goto(page, `${site}/callbacks`);
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('current');
    expect(await page.getAttribute('html', 'data-docs-version')).toBe('docs-default-current');
  });
});

describe('renderer/components/Footer', () => {
  it('shows the copyright line only, no links, in both locales', async () => {
    for (const p of ['/', '/ru/reference/test_cards']) {
      const { page } = await open(site + p);
      expect(await page.locator('footer').innerText()).toBe('Copyright © 2025 Corvopay');
      expect(await page.locator('footer a').count()).toBe(0);
    }
  });
});

describe('renderer/components/Sidebar', () => {
  for (const [locale, prefix, reference, api] of [
    ['en', '', 'Reference', 'HTTP API'],
    ['ru', '/ru', 'Справочники', 'HTTP API'],
  ] as const) {
    it(`shows the whole docs tree with collapsible categories; open categories stay open while navigating (${locale})`, async () => {
      const { page } = await open(`${site}${prefix}/api/transaction_create`, { viewport: DESKTOP });
      const sidebar = page.locator('nav.sidebar');
      const category = (label: string) => sidebar.locator(`details:has(> summary:text-is("${label}"))`);
      const reached = (p: string) => page.waitForFunction((h) => location.pathname === h && document.querySelector('nav.sidebar a[aria-current=page]')?.getAttribute('href') === h, p);
      expect(await category(reference).getAttribute('open')).toBeNull();
      await category(reference).locator('> summary').click();
      expect(await category(reference).getAttribute('open')).toBe('');
      await category(reference).locator(`a[href="${prefix}/reference/test_cards"]`).click();
      await reached(`${prefix}/reference/test_cards`);
      // Both the category of the new page and the one opened by hand stay open.
      expect(await category(reference).getAttribute('open')).toBe('');
      expect(await category(api).getAttribute('open')).toBe('');
      await category(api).locator('> summary').click();
      expect(await category(api).getAttribute('open')).toBeNull();
      await page.locator('.pagination__link--next').click();
      await page.waitForFunction(() => !location.pathname.endsWith('test_cards'));
      expect(await category(api).getAttribute('open')).toBeNull();
      // Every doc route of the locale is in the tree: with every category opened (the items of a
      // closed category may be rendered only when it opens), each route has its link.
      const links = () =>
        page.evaluate(async () => {
          for (let round = 0; round < 10; round++) {
            const closed = [...document.querySelectorAll<HTMLDetailsElement>('nav.sidebar details:not([open])')];
            if (closed.length === 0) break;
            for (const d of closed) d.open = true;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          return [...new Set([...document.querySelectorAll('nav.sidebar a')].map((a) => a.getAttribute('href')!))];
        });
      const routes = await page.evaluate(async () => {
        const boot = JSON.parse(document.getElementById('__boot')!.textContent!) as { siteModule: string };
        const load = new Function('u', 'return import(u)') as (u: string) => Promise<{ default: Record<string, unknown> }>;
        const siteData = (await load(boot.siteModule)).default as { routesModule: string };
        return Object.keys((await load(siteData.routesModule)).default);
      });
      expect(routes.length).toBeGreaterThan(150);
      const others = [`${prefix}/search`, `${prefix}/landing`];
      const missing = async () => {
        const have = new Set(await links());
        return routes.filter((r) => !others.includes(r) && !have.has(r));
      };
      await expect.poll(missing, { timeout: 10_000 }).toEqual([]);
      const all = await links();
      expect(all.length).toBeGreaterThan(150);
      expect(all.filter((h) => (prefix ? !h.startsWith(`${prefix}/`) : h.startsWith('/ru/')))).toEqual([]); // every link stays in the locale
    });

    it(`hydrates with the sidebar in the page and loads the whole tree on the first interaction, before a closed category shows its items (${locale})`, async () => {
      const { page, problems, close } = await openPage(browser, '', { viewport: DESKTOP });
      const trees: string[] = [];
      page.on('request', (r) => new URL(r.url()).pathname.startsWith('/assets/sidebar-') && trees.push(r.url()));
      await goto(page, `${site}${prefix}/api/transaction_create`);
      // Nothing asked for the tree, by the time the network has gone quiet after the hydration (500 ms
      // without a request: `networkidle` is the condition itself here): reading the page costs
      // no more than its own code.
      await page.waitForLoadState('networkidle');
      expect(trees).toEqual([]);
      const closed = page.locator(`nav.sidebar details:has(> summary:text-is("${reference}"))`);
      expect(await closed.locator('a').count()).toBe(1);
      await closed.locator('> summary').hover();
      await expect.poll(() => trees.length).toBe(1);
      await closed.locator('> summary').click();
      await expect.poll(() => closed.locator('a').count()).toBe(10);
      // The tree is fetched once, and the page's part of it hydrated without a mismatch.
      await page.locator(`nav.sidebar a[href="${prefix}/reference/test_cards"]`).click();
      await page.waitForFunction((h) => document.querySelector('nav.sidebar a[aria-current=page]')?.getAttribute('href') === h, `${prefix}/reference/test_cards`);
      expect(trees.length).toBe(1);
      expect(problems).toEqual([]);
      await close();
    });

    it(`shows a category opened before the whole tree is in with its first page and, while the tree loads, a line saying so; without the tree, its first page stays (${locale})`, async () => {
      const { page, problems, close } = await openPage(browser, '', { viewport: DESKTOP });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/sidebar-*.js', async (route) => {
        await held;
        await route.continue();
      });
      await goto(page, `${site}${prefix}/api/transaction_create`);
      const closed = page.locator(`nav.sidebar details:has(> summary:text-is("${reference}"))`);
      await closed.locator('> summary').click();
      expect(await closed.getAttribute('open')).toBe('');
      expect(await closed.locator('a').count()).toBe(1);
      const pending = closed.locator('.menu__pending');
      await pending.waitFor();
      expect(await pending.innerText()).toBe(locale === 'en' ? 'Loading…' : 'Загрузка…');
      expect(await closed.locator('> ul').getAttribute('aria-busy')).toBe('true');
      release();
      await expect.poll(() => closed.locator('a').count()).toBe(10);
      expect(await pending.count()).toBe(0);
      expect(await closed.locator('> ul').getAttribute('aria-busy')).toBeNull();
      expect(problems).toEqual([]);
      // Offline: the category keeps its first page, and says nothing is loading.
      await page.unroute('**/assets/sidebar-*.js');
      await page.route('**/assets/sidebar-*.js', (route) => route.abort());
      await goto(page, `${site}${prefix}/api/transaction_create`);
      await closed.locator('> summary').click();
      await expect.poll(() => problems.some((p) => p.includes('could not load the sidebar'))).toBe(true);
      // A pending line shows 200 ms after the category opened (use-delayed-flag.ts): a 400 ms timer set
      // in the page now runs well after that one would have, and its render is drawn by two frames later.
      await pageTimePassed(page, 400);
      expect(await closed.locator('.menu__pending').count()).toBe(0);
      expect(await closed.locator('a').count()).toBe(1);
      expect(await closed.locator('> ul').getAttribute('aria-busy')).toBeNull();
      // Back online, the category opened again loads the tree (a new try, not the failed one again).
      await page.unroute('**/assets/sidebar-*.js');
      await closed.locator('> summary').click();
      await closed.locator('> summary').click();
      await expect.poll(() => closed.locator('a').count()).toBe(10);
      await close();
    });

    it(`shows the whole tree after a page without a sidebar: a client-side move from the landing page to a page in a closed category (${locale})`, async () => {
      const { page, problems, close } = await openPage(browser, `${site}${prefix}/landing`, { viewport: DESKTOP });
      expect(await page.locator('nav.sidebar').count()).toBe(0);
      // Held, the tree arrives after the page chunk.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/sidebar-*.js', async (route) => {
        await held;
        await route.continue();
      });
      const chunk = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith('/assets/p/'));
      await page.locator(`main a[href="${prefix}/reference/api_error_codes"]`).first().click();
      await chunk;
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      // The page waits for the tree rather than showing a sidebar without it.
      expect(new URL(page.url()).pathname).toBe(`${prefix}/reference/api_error_codes`);
      expect(await page.locator('nav.sidebar').count()).toBe(0);
      release();
      await page.waitForFunction((h) => document.querySelector('nav.sidebar a[aria-current=page]')?.getAttribute('href') === h, `${prefix}/reference/api_error_codes`);
      expect(await page.locator(`nav.sidebar details:has(> summary:text-is("${reference}")) a`).count()).toBe(10);
      expect(await page.locator(`nav.sidebar details:has(> summary:text-is("${api}"))`).getAttribute('open')).toBeNull();
      expect(problems).toEqual([]);
      await close();
    });

    it(`highlights the current page and scrolls it into view in the sidebar (${locale})`, async () => {
      const target = `${prefix}/services/upi/wallet`;
      const { page } = await open(site + target, { viewport: DESKTOP });
      const active = page.locator('nav.sidebar a[aria-current=page]');
      expect(await active.count()).toBe(1);
      expect(await active.getAttribute('href')).toBe(target);
      expect(await active.getAttribute('class')).toContain('menu__link--active');
      // The label is the page's own (Russian on the Russian site), as in the breadcrumbs.
      expect(await active.innerText()).toBe(await page.locator('nav.breadcrumbs [aria-current=page]').innerText());
      const [box, link] = await Promise.all([page.locator('nav.sidebar').boundingBox(), active.boundingBox()]);
      expect(link!.y).toBeGreaterThanOrEqual(box!.y);
      expect(link!.y + link!.height).toBeLessThanOrEqual(box!.y + box!.height);
      expect(await page.evaluate(() => window.scrollY)).toBe(0); // the window itself did not move
    });
  }
});

describe('renderer/components/SidebarDrawer (below 996 px)', () => {
  it('is closed by default; the menu button opens a modal drawer with the navbar items and the sidebar', async () => {
    const { page, problems } = await open(`${site}/services/upi/wallet`, { viewport: MOBILE });
    const drawer = page.locator('#__drawer');
    expect(await drawer.isVisible()).toBe(false);
    expect(await page.locator('header.navbar .navbar__items--left').isVisible()).toBe(false);
    const menu = page.getByRole('button', { name: 'Open navigation menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    const dialog = page.getByRole('dialog', { name: 'Navigation' });
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await dialog.locator('.drawer__primary').innerText()).toMatch(/Home\s+Knowledge base[\s\S]*English\s+Русский/);
    // The current page, highlighted and visible inside the drawer.
    const active = dialog.locator('nav.sidebar a[aria-current=page]');
    expect(await active.getAttribute('href')).toBe('/services/upi/wallet');
    const [box, link] = await Promise.all([dialog.boundingBox(), active.boundingBox()]);
    expect(link!.y).toBeGreaterThanOrEqual(box!.y);
    expect(link!.y + link!.height).toBeLessThanOrEqual(box!.y + box!.height);
    // The page behind is inert.
    expect(await page.locator('#__main').evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    expect(await page.locator('header.navbar').evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    expect(problems).toEqual([]);
  });

  it('traps focus: focus starts on Close, Tab and Shift+Tab stay inside, Escape closes and returns focus to the menu button', async () => {
    const { page } = await open(`${site}/api/transaction_create`, { viewport: MOBILE });
    const menu = page.getByRole('button', { name: 'Open navigation menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await activeElement(page)).toBe('button.drawer__close');
    const inside = () => page.evaluate(() => document.getElementById('__drawer')!.contains(document.activeElement));
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      expect(await inside(), `Tab ${i + 1}`).toBe(true);
    }
    // From the first element, Shift+Tab wraps to the last one, and Tab wraps back.
    await page.locator('#__drawer .navbar__brand').focus();
    await page.keyboard.press('Shift+Tab');
    expect(await inside()).toBe(true);
    expect(await page.evaluate(() => document.activeElement === [...document.querySelectorAll('#__drawer a, #__drawer summary, #__drawer button')].filter((e) => e.getClientRects().length > 0).at(-1))).toBe(true);
    await page.keyboard.press('Tab');
    expect(await activeElement(page)).toBe('a.navbar__brand');
    await page.keyboard.press('Escape');
    expect(await page.locator('#__drawer').isVisible()).toBe(false);
    expect(await activeElement(page)).toBe('button.navbar__menu');
    expect(await page.locator('#__main').evaluate((el) => (el as HTMLElement).inert)).toBe(false);
  });

  it('closes on navigation (client-side), on the backdrop, and when the window grows to desktop width', async () => {
    const { page, close } = await openPage(browser, `${site}/api/transaction_create`, { viewport: MOBILE });
    const documents: string[] = [];
    page.on('request', (r) => r.resourceType() === 'document' && documents.push(r.url()));
    const menu = page.getByRole('button', { name: 'Open navigation menu' });
    await menu.click();
    await page.locator('#__drawer nav.sidebar a[href="/api/transaction_pay"]').click();
    await waitForTitle(page, 'Pay a transaction'); // the target's own title: a pattern the first page matched too (Create a transaction) did not wait
    expect(new URL(page.url()).pathname).toBe('/api/transaction_pay');
    expect(await page.locator('#__drawer').isVisible()).toBe(false);
    expect(documents).toEqual([]);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    await menu.click();
    await page.mouse.click(380, 400); // the backdrop, right of the drawer
    expect(await page.locator('#__drawer.drawer--open').count()).toBe(0);
    await menu.click();
    await page.setViewportSize(DESKTOP);
    await expect.poll(() => page.locator('#__drawer.drawer--open').count()).toBe(0);
    expect(await page.locator('nav.sidebar').isVisible()).toBe(true);
    await close();
  });

  // Deep pages: revealing the current page used to scroll the whole drawer, header included, so the
  // close button, Home / Knowledge base and the language switch ended up far above the screen.
  for (const [route, theme, home] of [
    ['/services/turkey/havale/payout', 'light', 'Home'],
    ['/ru/services/pix/payin', 'dark', 'Главная'],
    ['/api/reports/report_create', 'light', 'Home'],
  ] as const) {
    it(`keeps its header on screen and scrolls only the page list to the current page (${route}, ${theme})`, async () => {
      const { page, problems } = await open(`${site}${route}`, { viewport: MOBILE, theme });
      await page.locator('button.navbar__menu').click();
      const drawer = page.locator('#__drawer.drawer--open');
      await drawer.waitFor();
      const list = drawer.locator('nav.sidebar');
      const active = list.locator('a[aria-current=page]');
      expect(await active.getAttribute('href')).toBe(route);
      const boxes = async () => {
        const [closeBox, homeBox, localeBox, listBox, activeBox] = await Promise.all([
          drawer.locator('.drawer__close').boundingBox(),
          drawer.locator('.drawer__primary').getByRole('link', { name: home, exact: true }).boundingBox(),
          drawer.locator('.drawer__locales').boundingBox(),
          list.boundingBox(),
          active.boundingBox(),
        ]);
        return { closeBox: closeBox!, homeBox: homeBox!, localeBox: localeBox!, listBox: listBox!, activeBox: activeBox! };
      };
      const { closeBox, homeBox, localeBox, listBox, activeBox } = await boxes();
      // The header and the navbar items at the top of the screen, above the list.
      expect(closeBox.y).toBeGreaterThanOrEqual(0);
      expect(closeBox.y + closeBox.height).toBeLessThanOrEqual(60);
      expect(homeBox.y).toBeGreaterThanOrEqual(closeBox.y + closeBox.height);
      expect(localeBox.y + localeBox.height).toBeLessThanOrEqual(listBox.y);
      expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('.drawer__close') !== null, [closeBox.x + closeBox.width / 2, closeBox.y + closeBox.height / 2])).toBe(true);
      // The list fills the rest of the screen and is what scrolled, to show the current page.
      expect(listBox.y + listBox.height).toBeLessThanOrEqual(MOBILE.height + 1);
      expect(activeBox.y).toBeGreaterThanOrEqual(listBox.y);
      expect(activeBox.y + activeBox.height).toBeLessThanOrEqual(listBox.y + listBox.height);
      expect(await list.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
      expect(await drawer.evaluate((el) => el.scrollTop)).toBe(0);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      // Scrolling the list by hand leaves the header where it is.
      const scrolled = await list.evaluate((el) => el.scrollTop);
      await page.mouse.move(listBox.x + listBox.width / 2, listBox.y + listBox.height / 2);
      await page.mouse.wheel(0, -300);
      await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBeLessThan(scrolled);
      expect((await boxes()).closeBox.y).toBe(closeBox.y);
      expect(await drawer.evaluate((el) => el.scrollTop)).toBe(0);
      expect(problems).toEqual([]);
    });
  }

  it('is also there on pages without a sidebar (the navbar items move into it)', async () => {
    const { page } = await open(`${site}/ru/landing`, { viewport: MOBILE });
    await page.getByRole('button', { name: 'Открыть меню навигации' }).click();
    const dialog = page.getByRole('dialog', { name: 'Навигация' });
    expect(await dialog.locator('.drawer__primary').innerText()).toMatch(/Главная\s+База знаний/);
    expect(await dialog.locator('nav.sidebar').count()).toBe(0);
  });

  // The edge, from renderer/styles/theme.css `@media (max-width: 996px)` and MOBILE_QUERY in SidebarDrawer.tsx.
  for (const [locale, prefix, openMenu, navigation] of [
    ['en', '', 'Open navigation menu', 'Navigation'],
    ['ru', '/ru', 'Открыть меню навигации', 'Навигация'],
  ] as const) {
    it(`switches exactly at the edge: the drawer at 996 px, the sidebar column at 997 px (${locale})`, async () => {
      const { page, problems } = await open(`${site}${prefix}/services/upi/wallet`, { viewport: { width: 996, height: 800 } });
      const menu = page.getByRole('button', { name: openMenu });
      const sidebar = page.locator('#__drawer nav.sidebar');
      const leftItems = page.locator('header.navbar .navbar__items--left');
      expect(await page.evaluate(() => window.innerWidth)).toBe(996);
      expect(await menu.isVisible()).toBe(true);
      expect(await sidebar.isVisible()).toBe(false);
      expect(await leftItems.isVisible()).toBe(false);
      await menu.click();
      const dialog = page.getByRole('dialog', { name: navigation });
      expect(await dialog.isVisible()).toBe(true);
      expect(await sidebar.isVisible()).toBe(true);
      // One pixel wider: the open drawer closes itself and the sidebar becomes the page's column.
      await page.setViewportSize({ width: 997, height: 800 });
      await expect.poll(() => page.locator('#__drawer.drawer--open').count()).toBe(0);
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await menu.isVisible()).toBe(false);
      expect(await leftItems.isVisible()).toBe(true);
      expect(await sidebar.isVisible()).toBe(true);
      const [column, main] = await Promise.all([page.locator('#__drawer').boundingBox(), page.locator('#__main').boundingBox()]);
      expect(column!.x).toBe(0);
      expect(main!.x).toBeGreaterThanOrEqual(column!.x + column!.width);
      expect(await page.locator('#__main').evaluate((el) => (el as HTMLElement).inert)).toBe(false);
      expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
      // And back to 996 px: the menu button again, the sidebar out of the page (the drawer stays closed).
      await page.setViewportSize({ width: 996, height: 800 });
      await expect.poll(() => menu.isVisible()).toBe(true);
      expect(await sidebar.isVisible()).toBe(false);
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(problems).toEqual([]);
    });
  }
});

describe('skip link, breadcrumbs, table of contents, pagination', () => {
  it('makes the skip link the first focusable element; it moves focus to the main content', async () => {
    for (const [p, text] of [
      ['/api/transaction_create', 'Skip to main content'],
      ['/ru/', 'Перейти к основному содержимому'],
    ] as const) {
      const { page } = await open(site + p, { viewport: DESKTOP });
      await page.keyboard.press('Tab');
      expect(await activeElement(page)).toBe('a.skip-link');
      expect(await page.locator('.skip-link').innerText()).toBe(text);
      expect(await page.locator('.skip-link').isVisible()).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => activeElement(page)).toBe('main.main#__main');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.getElementById('__main')!.contains(document.activeElement))).toBe(true);
    }
  });

  it('shows breadcrumbs on every doc page, ending with the current page', async () => {
    const { page } = await open(`${site}/services/upi/wallet`, { viewport: DESKTOP });
    const crumbs = page.locator('nav.breadcrumbs li');
    const texts = await crumbs.allInnerTexts();
    expect(texts.length).toBeGreaterThanOrEqual(3);
    expect(await crumbs.first().locator('a').getAttribute('href')).toBe('/');
    expect(await crumbs.first().locator('a').getAttribute('aria-label')).toBe('Home');
    expect(await crumbs.last().locator('[aria-current=page]').count()).toBe(1);
    for (const p of ['/callbacks', '/reference/test_cards', '/cabinet/balances']) {
      // A link in the page (a closed sidebar category may not render its items until opened).
      await page.evaluate((h) => {
        const a = Object.assign(document.createElement('a'), { href: h, textContent: 'test link' });
        document.getElementById('__content')!.append(a);
        a.click();
        a.remove();
      }, p);
      await page.waitForFunction((h) => location.pathname === h && document.querySelector('.breadcrumbs [aria-current=page]') !== null, p);
    }
  });

  for (const [locale, prefix, title] of [
    ['en', '', 'On this page'],
    ['ru', '/ru', 'На этой странице'],
  ] as const) {
    it(`lists the h2 and h3 headings in the table of contents and highlights the one in view (${locale})`, async () => {
      const { page } = await open(`${site}${prefix}/request_format`, { viewport: DESKTOP });
      expect(await page.locator('.toc .toc__title').innerText()).toMatch(new RegExp(`^${title}$`, 'i'));
      expect(await page.locator('.toc').getAttribute('aria-label')).toBe(title);
      const headings = await page.locator('#__content h2[id], #__content h3[id]').evaluateAll((hs) => hs.map((h) => ({ href: `#${h.id}`, text: (h.textContent ?? '').trim() })));
      const toc = await page.locator('.toc a').evaluateAll((as) => as.map((a) => ({ href: a.getAttribute('href'), text: (a.textContent ?? '').trim() })));
      // The entries are the headings' own text (Russian on the Russian site), without the anchor sign.
      expect(toc.map((t) => t.href)).toEqual(headings.map((h) => h.href));
      for (const [i, t] of toc.entries()) expect(headings[i]!.text.startsWith(t.text), t.text).toBe(true);
      expect(await page.locator('.toc a[aria-current=location]').getAttribute('href')).toBe(headings[0]!.href);
      const third = headings[2]!.href;
      await page.evaluate((id) => document.getElementById(id)!.scrollIntoView(), third.slice(1));
      await expect.poll(() => page.locator('.toc a[aria-current=location]').getAttribute('href')).toBe(third);
      expect(await page.locator('.toc .toc__link--active').count()).toBe(1);
    });
  }

  it('offers the table of contents as a collapsed box above the content on narrow screens', async () => {
    const { page } = await open(`${site}/ru/request_format`, { viewport: MOBILE });
    expect(await page.locator('.toc').isVisible()).toBe(false);
    const box = page.locator('details.toc-collapsible');
    expect(await box.locator('summary').innerText()).toBe('На этой странице');
    expect(await box.locator('a').first().isVisible()).toBe(false);
    await box.locator('summary').click();
    const links = box.locator('a');
    expect(await links.count()).toBe(await page.locator('#__content h2[id], #__content h3[id]').count());
    const target = (await links.nth(1).getAttribute('href'))!;
    await links.nth(1).click();
    expect(await box.getAttribute('open')).toBeNull();
    await expect.poll(() => new URL(page.url()).hash).toBe(target);
    await expect.poll(() => page.evaluate((id) => Math.round(document.getElementById(id)!.getBoundingClientRect().top), target.slice(1))).toBe(72);
  });

  for (const [locale, prefix, previous, next] of [
    ['en', '', 'Previous', 'Next'],
    ['ru', '/ru', 'Назад', 'Далее'],
  ] as const) {
    it(`links the previous and next pages (${locale})`, async () => {
      const { page } = await open(`${site}${prefix}/api/transaction_create`, { viewport: DESKTOP });
      const prevLink = page.locator('.pagination a[rel=prev]');
      const nextLink = page.locator('.pagination a[rel=next]');
      expect(await prevLink.getAttribute('href')).toBe(`${prefix}/api/api_methods`);
      expect(await prevLink.innerText()).toMatch(new RegExp(`^${previous}\\s+« `));
      expect(await nextLink.getAttribute('href')).toBe(`${prefix}/api/transaction_pay`);
      expect(await nextLink.innerText()).toMatch(new RegExp(`^${next}\\s+.+ »$`));
      expect(await page.locator('nav.pagination').getAttribute('aria-label')).toBe(prefix ? 'Страницы документации' : 'Docs pages');
      await nextLink.click();
      await page.waitForURL(`${site}${prefix}/api/transaction_pay`);
      await page.waitForFunction((h) => document.querySelector('link[rel=canonical]')?.getAttribute('href')?.endsWith(h), `${prefix}/api/transaction_pay`);
      expect(await page.locator('.pagination a[rel=prev]').getAttribute('href')).toBe(`${prefix}/api/transaction_create`);
    });
  }

  // The sidebar labels of provider pages repeat ("Pay-in (payment page)", «Выплата»): as pagination
  // labels they made both buttons of a page read the same. The buttons carry the target's title.
  for (const [locale, prefix, prevTitle, nextTitle, payoutTitle] of [
    ['en', '', 'PicPay pay-in (payment page)', 'MB WAY (payment page)', 'PicPay payout'],
    ['ru', '/ru', 'Приём платежей PicPay (платёжная страница)', 'MB WAY (платёжная страница)', 'Выплаты PicPay'],
  ] as const) {
    it(`labels previous and next with the titles of the pages they lead to, never the same twice (${locale})`, async () => {
      const { page } = await open(`${site}${prefix}/services/picpay/payout`, { viewport: DESKTOP });
      const prevLink = page.locator('.pagination a[rel=prev]');
      const nextLink = page.locator('.pagination a[rel=next]');
      expect(await prevLink.getAttribute('href')).toBe(`${prefix}/services/picpay/payin_hpp`);
      expect(await nextLink.getAttribute('href')).toBe(`${prefix}/services/portugal/mb_way/payin_hpp`);
      expect(await prevLink.locator('.pagination__label').innerText()).toBe(`« ${prevTitle}`);
      expect(await nextLink.locator('.pagination__label').innerText()).toBe(`${nextTitle} »`);
      // The label is the heading of the page the button opens (client-side, so from the page chunk too).
      await nextLink.click();
      await waitForTitle(page, nextTitle);
      // Back from there: the page just left, by its title too.
      expect(await page.locator('.pagination a[rel=prev]').getAttribute('href')).toBe(`${prefix}/services/picpay/payout`);
      expect(await page.locator('.pagination a[rel=prev] .pagination__label').innerText()).toBe(`« ${payoutTitle}`);
    });
  }

  it('gives every doc page of the built site distinct previous and next labels, each the title of its target', () => {
    const pages = new Map<string, { href: string; title: string; prev?: { label: string; href: string }; next?: { label: string; href: string } }>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'assets') walk(file);
        } else if (entry.name === 'index.html') {
          const boot = /<script id="__boot" type="application\/json">([\s\S]*?)<\/script>/.exec(readFileSync(file, 'utf8'));
          const data = boot && (JSON.parse(boot[1]!) as { page: { kind: string; href: string; title: string } }).page;
          if (data?.kind === 'doc') pages.set(data.href, data);
        }
      }
    };
    walk(dist);
    expect(pages.size).toBeGreaterThan(400);
    const same = [...pages.values()].filter((p) => p.prev && p.next && p.prev.label === p.next.label).map((p) => p.href);
    expect(same).toEqual([]);
    const wrong = [...pages.values()].flatMap((p) => [p.prev, p.next].filter((l) => l && l.label !== pages.get(l.href)?.title).map((l) => `${p.href} -> ${l!.href}: ${l!.label}`));
    expect(wrong).toEqual([]);
  });
});

describe('renderer/components/ColorModeToggle', () => {
  const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

  it('is light by default, even when the system prefers dark', async () => {
    const { page, close } = await openPage(browser, `${site}/`, { colorScheme: 'dark' });
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    expect(await background(page)).toBe('rgb(255, 255, 255)');
    await close();
  });

  for (const [locale, prefix, toDark, toLight] of [
    ['en', '', 'Switch to dark mode (light mode)', 'Switch to light mode (dark mode)'],
    ['ru', '/ru', 'Включить тёмную тему (светлая тема)', 'Включить светлую тему (тёмная тема)'],
  ] as const) {
    it(`switches light <-> dark only, keeps the choice in local storage, and applies it before first paint (${locale})`, async () => {
      const { page, problems } = await open(`${site}${prefix}/api/transaction_create`);
      const toggle = page.locator('button.color-toggle');
      expect(await toggle.getAttribute('aria-label')).toBe(toDark);
      await toggle.click();
      expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
      expect(await toggle.getAttribute('aria-label')).toBe(toLight);
      const dark = await background(page);
      expect(dark).not.toBe('rgb(255, 255, 255)');
      // Before first paint: with the app's code blocked, the head script alone sets the mode.
      const blocked = await openWithoutScripts(page);
      expect(await blocked.getAttribute('html', 'data-theme')).toBe('dark');
      expect(await background(blocked)).toBe(dark);
      expect(await blocked.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      await blocked.close();
      await page.reload();
      await hydrated(page);
      expect(await toggle.getAttribute('aria-label')).toBe(toLight);
      await toggle.click();
      expect(await page.getAttribute('html', 'data-theme')).toBe('light');
      expect(await toggle.getAttribute('aria-label')).toBe(toDark);
      await toggle.click();
      await toggle.click();
      expect(await page.getAttribute('html', 'data-theme')).toBe('light');
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
      expect(problems).toEqual([]);
    });
  }
});

describe('tabs and copy buttons (renderer/hooks/use-content-enhancements)', () => {
  it('syncs the chosen language across tab groups and pages and keeps it after a reload', async () => {
    const { page } = await open(`${site}/request_format`, { viewport: DESKTOP });
    const group = await page.locator('.tabs[data-group]').first().getAttribute('data-group');
    const values = await page.locator(`.tabs[data-group="${group}"] [role=tab]`).evaluateAll((ts) => [...new Set(ts.map((t) => t.getAttribute('data-value')))]);
    expect(values).toContain('python');
    await page.locator(`.tabs[data-group="${group}"] [role=tab][data-value=python]`).first().click();
    const selected = () => page.locator(`.tabs[data-group="${group}"]`).evaluateAll((gs) => gs.map((g) => g.querySelector('[role=tab][aria-selected=true]')?.getAttribute('data-value')));
    expect(new Set(await selected())).toEqual(new Set(['python']));
    expect(await page.evaluate((g) => localStorage.getItem(`docusaurus.tab.${g}`), group)).toBe('python');
    // Visible panel is the Python one.
    const visible = await page.locator(`.tabs[data-group="${group}"] [role=tabpanel]:not([hidden])`).first().getAttribute('data-value');
    expect(visible).toBe('python');
    // Another page, reached client-side, opens on Python too.
    await page.locator('nav.sidebar a[href="/callbacks_get"]').evaluate((a) => (a as HTMLElement).click());
    await page.waitForURL(`${site}/callbacks_get`);
    await page.waitForFunction(() => document.querySelector('.tabs [role=tab][data-value=python]') !== null);
    await expect.poll(selected).toContain('python');
    await page.reload();
    await hydrated(page);
    await expect.poll(selected).toContain('python');
    // Keyboard: arrows move between tabs of a group.
    const first = page.locator(`.tabs[data-group="${group}"] [role=tab][aria-selected=true]`).first();
    await first.focus();
    await page.keyboard.press('Home');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-selected'))).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-value'))).not.toBe('python');
  });

  for (const [locale, prefix, copied] of [
    ['en', '', 'Copied'],
    ['ru', '/ru', 'Скопировано'],
  ] as const) {
    it(`copies a code block and shows a visible confirmation (${locale})`, async () => {
      const { page, close } = await openPage(browser, `${site}${prefix}/request_format`, { viewport: DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });
      const block = page.locator('#__content .code-block').filter({ has: page.locator('pre') }).first();
      await block.scrollIntoViewIfNeeded();
      await block.hover();
      const button = block.locator('[data-copy]');
      expect(await button.isVisible()).toBe(true);
      const label = await button.innerText();
      // Named by its visible word, for speech input (WCAG 2.5.3), and described by its title.
      expect(await block.getByRole('button', { name: label, exact: true }).count()).toBe(1);
      await button.click();
      await expect.poll(() => button.innerText()).toBe(copied);
      // A screen reader hears it: the word that changed is a polite live region.
      expect(await button.locator('[aria-live=polite]').innerText()).toBe(copied);
      await expect.poll(() => button.evaluate((b) => getComputedStyle(b).opacity)).toBe('1');
      const code = await block.locator('pre').innerText();
      expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe(code.trim());
      await expect.poll(() => button.innerText(), { timeout: 4000 }).toBe(label);
      await close();
    });
  }

  for (const [locale, prefix, titles] of [
    ['en', '', { note: 'NOTE', tip: 'TIP', info: 'INFO', warning: 'WARNING', danger: 'DANGER' }],
    ['ru', '/ru', { note: 'ПРИМЕЧАНИЕ', tip: 'СОВЕТ', info: 'К СВЕДЕНИЮ', warning: 'ВНИМАНИЕ', danger: 'ОСТОРОЖНО' }],
  ] as const) {
    it(`shows admonitions as labelled notes with a visible title in the page's language (${locale})`, async () => {
      const { page } = await open(`${site}${prefix}/services/picpay/payout`);
      const notes = page.locator('aside.admonition');
      expect(await notes.count()).toBeGreaterThan(0);
      const note = notes.first();
      expect(await note.getAttribute('role')).toBe('note');
      const type = /admonition-(note|tip|info|warning|danger)/.exec((await note.getAttribute('class'))!)![1] as keyof typeof titles;
      expect(await note.locator('.admonition__title').innerText()).toBe(titles[type]);
      const style = await note.evaluate((el) => {
        const s = getComputedStyle(el);
        const title = getComputedStyle(el.querySelector('.admonition__title')!);
        return { border: s.borderLeftWidth, borderColor: s.borderLeftColor, titleColor: title.color, background: s.backgroundColor };
      });
      expect(style.border).toBe('4px');
      // Coloured by its type: the border and the title share the type's colour, on a tinted background.
      expect(style.titleColor).toBe(style.borderColor);
      expect(style.background).not.toBe('rgba(0, 0, 0, 0)');
    });
  }
});

describe('renderer/components/NotFound', () => {
  for (const [p, title, owner] of [
    ['/no/such/page', 'Page not found', /owner of the site that linked you/],
    ['/ru/нет/такой', 'Страница не найдена', /сообщите владельцу сайта/],
  ] as const) {
    it(`answers ${p} with status 404 and says the page could not be found and whom to tell`, async () => {
      const { page, problems, response: res } = await open(site + encodeURI(p));
      expect(res?.status()).toBe(404);
      expect(await page.locator('main h1').innerText()).toBe(title);
      expect(await page.locator('main').innerText()).toMatch(owner);
      expect(await page.locator('meta[name=robots]').getAttribute('content')).toBe('noindex, nofollow');
      expect(problems.filter((m) => !m.includes('404'))).toEqual([]);
    });
  }
});

describe('keyboard use', () => {
  it('reaches and follows a sidebar link, opens a category and toggles the colour mode with the keyboard only', async () => {
    const { page } = await open(`${site}/callbacks`, { viewport: DESKTOP });
    // Tab until the sidebar's "Reports" link has focus; every stop shows a focus ring.
    let found = false;
    for (let i = 0; i < 40 && !found; i++) {
      await page.keyboard.press('Tab');
      const state = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement;
        // A focus ring: the element's outline, or the ring of the search box around its input.
        const box = el.closest('.search-box');
        const ring = getComputedStyle(el).outlineStyle !== 'none' || (box !== null && getComputedStyle(box).boxShadow !== 'none');
        return { href: el.getAttribute('href'), ring, what: `${el.tagName}.${el.className}` };
      });
      expect(state.ring, `focus ring at stop ${i + 1} (${state.what})`).toBe(true);
      found = state.href === '/reports';
    }
    expect(found).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${site}/reports`);
    await page.locator('nav.sidebar summary:text-is("Reference")').focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('nav.sidebar details:has(> summary:text-is("Reference"))').getAttribute('open')).toBe('');
    await page.locator('button.color-toggle').focus();
    await page.keyboard.press('Space');
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
  });

  it('starts from the top of the new page after following a link (the next Tab is the skip link)', async () => {
    const { page } = await open(`${site}/callbacks`, { viewport: DESKTOP });
    await page.locator('nav.sidebar a[href="/reports"]').focus();
    await page.keyboard.press('Enter');
    await waitForTitle(page, /eport/);
    await page.keyboard.press('Tab');
    expect(await activeElement(page)).toBe('a.skip-link');
    // The announcer takes the title in an effect after the new page is committed.
    await expect.poll(() => page.locator('[data-route-announcer]').innerText()).toMatch(/eport/);
  });

  it('starts from the top of the new page after a link followed in the mobile drawer too, not back on the menu button', async () => {
    const { page } = await open(`${site}/callbacks`, { viewport: MOBILE });
    await page.locator('button.navbar__menu').focus();
    await page.keyboard.press('Enter');
    await page.locator('#__drawer nav.sidebar a[href="/reports"]').focus();
    await page.keyboard.press('Enter');
    await waitForTitle(page, /eport/);
    await expect.poll(() => activeElement(page)).toBe('div.route-top');
    await page.keyboard.press('Tab');
    expect(await activeElement(page)).toBe('a.skip-link');
  });
});

describe('scroll boxes and the Tab order', () => {
  it('keeps a table or code block in the Tab order only while it scrolls at this width, both ways as the window changes', async () => {
    const { page } = await open(`${site}/request_format`, { viewport: DESKTOP });
    // Every table and code block of the page: [scrolls sideways, tab index].
    const boxes = () =>
      page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('#__content table, #__content pre')]
          .filter((b) => b.getClientRects().length > 0)
          .map((b) => [b.tagName, b.scrollWidth > b.clientWidth + 1, b.tabIndex] as const),
      );
    const agree = (list: Awaited<ReturnType<typeof boxes>>) => list.every(([, scrolls, index]) => index === (scrolls ? 0 : -1));
    await expect.poll(async () => agree(await boxes())).toBe(true);
    const wide = await boxes();
    // On a desktop the tables fit: none is a Tab stop.
    expect(wide.filter(([tag]) => tag === 'TABLE').length).toBeGreaterThan(0);
    expect(wide.filter(([tag, , index]) => tag === 'TABLE' && index === 0)).toEqual([]);
    await page.setViewportSize(MOBILE);
    await expect.poll(async () => agree(await boxes())).toBe(true);
    // On a phone the wide ones scroll, and take the focus again.
    const narrow = await boxes();
    expect(narrow.filter(([tag, scrolls]) => tag === 'TABLE' && scrolls).length).toBeGreaterThan(0);
    expect(narrow.filter(([tag, scrolls]) => tag === 'PRE' && scrolls).length).toBeGreaterThan(0);
  });
});

describe('print stylesheet', () => {
  it('prints the document only: no navbar, sidebar, drawer, table of contents or footer; every tab panel shown', async () => {
    const { page } = await open(`${site}/request_format`, { viewport: DESKTOP });
    await page.emulateMedia({ media: 'print' });
    for (const selector of ['header.navbar', '#__drawer', 'nav.sidebar', '.toc', 'footer', '.pagination', '.skip-link']) {
      expect(await page.locator(selector).first().isVisible(), selector).toBe(false);
    }
    expect(await page.locator('main h1').isVisible()).toBe(true);
    expect(await page.locator('#__content').isVisible()).toBe(true);
    const hiddenPanels = await page.locator('[role=tabpanel]').evaluateAll((ps) => ps.filter((p) => p.getClientRects().length === 0).length);
    expect(hiddenPanels).toBe(0);
    // The content uses the page width.
    const width = await page.locator('#__content').evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(DESKTOP.width * 0.8);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.byteLength).toBeGreaterThan(10_000);
  });
});

describe('tables on a narrow screen', () => {
  for (const p of ['/reference/currency_codes', '/reference/api_error_codes', '/ru/reference/transaction_statuses', '/api/transaction_update']) {
    it(`keeps ${p} within the screen: wide tables scroll inside themselves`, async () => {
      const { page } = await open(site + p, { viewport: MOBILE });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      // Each table fits the screen: laid out to fit (API field lists become cards), or it is its own
      // horizontal scroll box or sits in one, and that box fits.
      const tables = await page.locator('#__content table').evaluateAll((ts) =>
        ts.map((t) => {
          let box: Element | null = t;
          while (box && box.id !== '__content' && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
          const scrolls = box !== null && box.id !== '__content';
          return { scrolls, right: Math.round((scrolls ? box! : t).getBoundingClientRect().right), fits: t.scrollWidth <= t.clientWidth + 1 };
        }),
      );
      expect(tables.length).toBeGreaterThan(0);
      for (const t of tables) {
        expect(t.scrolls || t.fits).toBe(true);
        expect(t.right).toBeLessThanOrEqual(MOBILE.width);
      }
    });
  }
});

describe('first-load JavaScript', () => {
  for (const docPath of ['/api/transaction_create', '/ru/api/transaction_create']) it(`stays within 90 KB gzip for a doc page, ${docPath} (everything loaded before it is interactive)`, async () => {
    const { page, close } = await openPage(browser, '');
    // The scripts fetched by the time the page is hydrated (resource timing, read at that moment).
    await page.addInitScript(() => {
      new MutationObserver((_, obs) => {
        if (document.documentElement.dataset.hydrated !== 'true') return;
        obs.disconnect();
        (window as unknown as { __scripts: string[] }).__scripts = performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((n) => new URL(n).pathname.endsWith('.js'));
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
    });
    await goto(page, `${site}${docPath}`);
    const before = await page.evaluate(() => (window as unknown as { __scripts: string[] }).__scripts);
    const sizes = await Promise.all(
      before.map(async (url) => {
        const res = await fetch(url);
        return { url: new URL(url).pathname, gz: gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).byteLength };
      }),
    );
    const total = sizes.reduce((a, b) => a + b.gz, 0);
    console.log(`first-load JS of ${docPath}: ${total} bytes (${(total / 1024).toFixed(1)} KiB) gzip in ${sizes.length} files\n${sizes.map((s) => `  ${(s.gz / 1024).toFixed(1)} KiB ${s.url}`).join('\n')}`);
    expect(sizes.some((s) => s.url.includes('/entry-client-'))).toBe(true);
    // 90 KB read strictly: 90 000 bytes (87.9 KiB).
    expect(total).toBeLessThanOrEqual(90_000);
    await close();
  });
});
