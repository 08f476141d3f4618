import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/chromium.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { buildInto, PROJECT_ROOT, serveDir } from '../helpers/site.ts';
import { goto, hydrated, newPage, pageTimePassed, sharedPage } from './shell-helpers.ts';

/**
 * The search as a reader uses it, on `test/fixtures/search` (eleven payout pages, Russian
 * inflections, identifiers, error codes) built and served like `paydocs serve`, plus checks
 * against the real site built by the global setup, and a copy of the fixture with the keyboard
 * shortcut on.
 */
let browser: Browser;
let url: string;
let close: () => Promise<void>;
// The tests that only type, read and follow links load their pages afresh in one tab (sharedPage);
// those that watch requests or hold them back open a page of their own.
const tab = sharedPage(() => browser);

beforeAll(async () => {
  const { outDir } = await buildInto(path.join(PROJECT_ROOT, 'test/fixtures/search'));
  const served = await serveDir(outDir);
  url = served.url;
  close = served.close;
  browser = await launchBrowser();
});
afterAll(async () => {
  await tab.close();
  await browser?.close();
  await close?.();
});

/** `pathname` of the site at `base`, loaded afresh in the shared tab, until hydrated. */
async function open(pathname: string, base = url): Promise<Page> {
  return (await tab.open(base + pathname)).page;
}

const box = 'input.search-box__input';
const options = '[role=listbox] [role=option]';

/** Types into the navbar box and waits for the suggestions of that query. */
async function type(page: Page, query: string): Promise<void> {
  await page.focus(box);
  await page.waitForSelector(`${box}[role=combobox]`);
  await page.fill(`${box}[role=combobox]`, query);
  // The list is `aria-busy` until the answer to what is in the box arrives ('Loading…' shows only
  // after 200 ms, and the previous query's list stays until then).
  await page.waitForFunction(() => {
    const list = document.querySelector('[role=listbox]');
    return list && !list.hasAttribute('hidden') && list.getAttribute('aria-busy') === 'false';
  });
}

/** Search files (`/assets/search/...`) the page and its worker requested, in order. */
function searchRequests(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (p.includes('/assets/search/')) requested.push(p);
  });
  return requested;
}
const isText = (p: string) => /\/assets\/search\/[a-z]+-current-text-[^/]+\.json$/.test(p);
const isIndex = (p: string) => /\/assets\/search\/[a-z]+-current-[^/]+\.json$/.test(p) && !isText(p);

/** Holds every request for a search file (index, text store) `ms` milliseconds before sending it. */
/**
 * Holds the search files back until the returned `release` (or 15 s): the test lets them through
 * once the loading state has shown, however slow the machine (a fixed delay counted from the
 * request could run out before the reader even typed).
 */
async function holdSearchFiles(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
    setTimeout(resolve, 15_000);
  });
  await page.route('**/assets/search/*.json', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/**
 * Types `query` into the input matching `input` (in one step, as a paste) and records each text
 * `watched` shows from then on, with the milliseconds since the input, until `done` matches an
 * element (or 15 s pass). Runs in the page, so the times are not blurred by the test's round trips.
 */
function typeAndWatch(page: Page, args: { input: string; query: string; watched: string; done: string }): Promise<Array<[ms: number, text: string]>> {
  return page.evaluate(
    ({ input, query, watched, done }) =>
      new Promise<Array<[number, string]>>((resolve) => {
        const field = document.querySelector(input) as HTMLInputElement;
        const target = document.querySelector(watched) as HTMLElement;
        const seen: Array<[number, string]> = [];
        const t0 = performance.now();
        const finish = () => {
          observer.disconnect();
          resolve(seen);
        };
        const record = () => {
          const text = target.hidden ? '(hidden)' : (target.textContent ?? '');
          if (seen.at(-1)?.[1] !== text) seen.push([Math.round(performance.now() - t0), text]);
          if (document.querySelector(done)) finish();
        };
        const observer = new MutationObserver(record);
        observer.observe(target, { childList: true, subtree: true, characterData: true, attributes: true });
        setTimeout(finish, 15_000);
        // What typing does: set the value and fire `input` (React's onChange listens to it).
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, query);
        field.dispatchEvent(new Event('input', { bubbles: true }));
        record();
      }),
    args,
  );
}

/** The checks of the lazy-loader delay on a recording of `typeAndWatch`. */
function expectLoadingOnlyAfter200ms(seen: Array<[number, string]>, loading: string): void {
  const first = seen.find(([, text]) => text.includes(loading));
  // The files were held back long enough: the loading state did show, after 200 ms ...
  expect(first, JSON.stringify(seen)).toBeDefined();
  expect(first![0], JSON.stringify(seen)).toBeGreaterThanOrEqual(200);
  // ... and nothing before 200 ms said it.
  expect(seen.filter(([ms]) => ms < 200).some(([, text]) => text.includes(loading)), JSON.stringify(seen)).toBe(false);
  // Then the answer replaced it.
  expect(seen.at(-1)![1], JSON.stringify(seen)).not.toContain(loading);
}

const titles = (page: Page) => page.locator(`${options} .search-suggestions__title`).allInnerTexts();

describe('renderer/components/SearchBox', () => {
  it('loads neither the worker nor the index before the box is first used, then only the index on hover; the text store only for the search page', async () => {
    const page = await newPage(browser);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    const files = searchRequests(page);
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    await goto(page, url + '/api/transaction_create');
    // Nothing of the search by the time the network has gone quiet (500 ms without a request:
    // `networkidle` is the condition itself here) and a moment past the hydration on the page's clock.
    await page.waitForLoadState('networkidle');
    await pageTimePassed(page, 300);
    expect(workers).toEqual([]);
    expect(requested.filter((p) => /search-worker|assets\/search\/|SearchCombobox/.test(p))).toEqual([]);
    await page.hover(box);
    // The worker fetches the index of this locale and version, and nothing else.
    await expect.poll(() => files.length, { timeout: 10_000 }).toBe(1);
    expect(files[0]).toMatch(/^\/assets\/search\/en-current-/);
    expect(isIndex(files[0]!)).toBe(true);
    expect(workers.some((w) => /search-worker-/.test(w))).toBe(true);
    expect(requested.some((p) => /SearchCombobox/.test(p))).toBe(true);
    // Suggestions show no excerpts: using them never downloads the text store.
    await type(page, 'payout');
    expect((await titles(page)).length).toBe(8);
    await type(page, 'transaction');
    // The answer came without it (the worker fetches the text store before answering a request for
    // excerpts), nor is it fetched a second later, on the page's clock.
    await pageTimePassed(page, 1000);
    expect(files.filter(isText)).toEqual([]);
    // The search page shows excerpts: the same worker fetches the text store then, once.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname === '/search');
    await page.waitForSelector('.search-result__excerpt mark');
    expect(files.filter(isIndex)).toHaveLength(1);
    expect(files.filter(isText)).toHaveLength(1);
    expect(files[1]).toMatch(/^\/assets\/search\/en-current-text-/);
    await page.close();
  });

  it("shows 'Loading…' only once the index is 200 ms late, then the suggestions", async () => {
    const page = await newPage(browser);
    await goto(page, url + '/');
    const release = await holdSearchFiles(page);
    await page.focus(box);
    await page.waitForSelector(`${box}[role=combobox]`);
    const watching = typeAndWatch(page, { input: `${box}[role=combobox]`, query: 'payout', watched: '[role=listbox]', done: '[role=listbox] .search-suggestions__title' });
    // If it never shows, the timeline checked below says what was seen instead.
    await page.locator('[role=listbox]', { hasText: 'Loading…' }).waitFor({ timeout: 8000 }).catch(() => undefined);
    release();
    const seen = await watching;
    expectLoadingOnlyAfter200ms(seen, 'Loading…');
    // Before 200 ms the open list holds only 'See all results'.
    expect(seen.filter(([ms, text]) => ms < 200 && text !== '(hidden)').map(([, text]) => text)).toEqual(['See all results']);
    expect(await page.locator(`${options}.search-suggestions__item:not(.search-suggestions__all)`).count()).toBe(8);
    await page.close();
  });

  it('shows at most 8 suggestions with title, heading and breadcrumb path, matched words marked, then See all results', async () => {
    const page = await open('/');
    await type(page, 'payout');
    const all = await page.locator(options).all();
    const results = page.locator(`${options}.search-suggestions__item:not(.search-suggestions__all)`);
    expect(await results.count()).toBe(8);
    expect(all.length).toBe(9);
    expect(await page.locator(options).last().innerText()).toBe('See all results');
    // A screen reader hears how many suggestions there are, not a total the search page would contradict.
    expect(await page.locator('.search-box [role=status]').innerText()).toBe('8 suggestions');
    const first = results.first();
    expect(await first.locator('.search-suggestions__title').innerText()).toMatch(/Payouts/);
    expect(await first.locator('.search-suggestions__title mark').first().innerText()).toMatch(/^Payouts?$/);
    expect(await page.locator(`${options} .search-suggestions__path`).allInnerTexts()).toContain('Services › Brazil');
    // A query that matches a heading shows it, and links to it.
    await type(page, 'limits');
    // The previous query's list stays on screen until the new answer arrives: wait for the new one.
    await expect.poll(async () => (await page.locator(`${options} .search-suggestions__heading`).allInnerTexts()).slice(0, 3)).toEqual(['Limits', 'Limits', 'Limits']);
    expect(await page.locator(`${options} a`).first().getAttribute('href')).toMatch(/^\/services\/\w+\/payout\?_highlight=limit#limits$/);
  });

  it("says 'No results' for nonsense", async () => {
    const page = await open('/');
    await type(page, 'zzqxjvw');
    expect(await page.locator(options).allInnerTexts()).toEqual(['No results', 'See all results']);
    expect(await page.locator('[role=status]').first().innerText()).toBe('No results');
  });

  it('works from the keyboard with the ARIA combobox pattern', async () => {
    const page = await open('/');
    await type(page, 'transaction');
    const input = page.locator(`${box}[role=combobox]`);
    expect(await input.getAttribute('aria-expanded')).toBe('true');
    expect(await input.getAttribute('aria-autocomplete')).toBe('list');
    const listId = await input.getAttribute('aria-controls');
    expect(await page.locator(`[id="${listId}"]`).getAttribute('role')).toBe('listbox');
    expect(await input.getAttribute('aria-activedescendant')).toBeNull();
    await page.keyboard.press('ArrowDown');
    const firstId = await input.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${firstId}"]`).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowDown');
    const secondId = await input.getAttribute('aria-activedescendant');
    expect(secondId).not.toBe(firstId);
    await page.keyboard.press('ArrowUp');
    expect(await input.getAttribute('aria-activedescendant')).toBe(firstId);
    // Focus never leaves the input while moving through the list.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('combobox');
    await page.keyboard.press('Escape');
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    expect(await input.inputValue()).toBe('transaction');
    await page.keyboard.press('Escape');
    expect(await input.inputValue()).toBe('');
    // Enter on an option opens it.
    await page.fill(`${box}[role=combobox]`, 'find transaction');
    await page.waitForFunction(() => document.querySelector('[role=listbox] .search-suggestions__title')?.textContent?.includes('Find a transaction'));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname === '/api/transaction_find' && document.querySelector('h1')?.textContent === 'Find a transaction');
    // The box starts empty for the next search: typed words do not add to the query of the result just opened.
    expect(await input.inputValue()).toBe('');
    await input.click();
    await page.keyboard.type('refund');
    expect(await input.inputValue()).toBe('refund');
  });

  it("scrolls the option the arrow keys make active into the list's view", async () => {
    // The real site: eight suggestions with long paths for `refund`.
    const page = await open('/', inject('siteUrl'));
    await page.setViewportSize({ width: 1280, height: 600 });
    await type(page, 'refund');
    // The list is taller than its box, so the last options start below its edge.
    expect(await page.evaluate(() => { const l = document.querySelector('[role=listbox]')!; return l.scrollHeight > l.clientHeight + 40; })).toBe(true);
    const shown = () =>
      page.evaluate(() => {
        const o = document.querySelector('[role=listbox] [aria-selected=true]')!.getBoundingClientRect();
        const l = document.querySelector('[role=listbox]')!.getBoundingClientRect();
        return o.top >= l.top - 1 && o.bottom <= l.bottom + 1;
      });
    await page.keyboard.press('ArrowUp');
    expect(await page.locator('[role=listbox] [aria-selected=true]').innerText()).toBe('See all results');
    await expect.poll(shown).toBe(true);
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('[role=listbox] [aria-selected=true]').getAttribute('id')).toMatch(/-opt-0$/);
    await expect.poll(shown).toBe(true);
    for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowDown');
    expect(await page.locator('[role=listbox] [aria-selected=true]').getAttribute('id')).toMatch(/-opt-7$/);
    await expect.poll(shown).toBe(true);
  });

  it("'See all results' opens the search page with q", async () => {
    const page = await open('/api/transaction_create');
    await type(page, 'payout');
    await page.keyboard.press('ArrowUp');
    expect(await page.locator('[aria-selected=true]').innerText()).toBe('See all results');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname === '/search');
    expect(new URL(page.url()).searchParams.get('q')).toBe('payout');
    await page.waitForSelector('.search-result');
    expect(await page.locator('h1').innerText()).toBe('Search the documentation');
    // Eleven country pages, the cabinet page, and two pages that mention payouts in passing.
    expect(await page.locator('.search-page__status[role=status]').innerText()).toBe('14 documents found');
    expect(await page.locator('.search-result').count()).toBe(14);
  });

  it('opens a result, the navbar links and the logo from the search page with a query', async () => {
    for (const [start, follow] of [
      ['/ru/search?q=возврат', '.search-result__link'],
      ['/search?q=refund', '.search-result__link'],
      ['/search?q=refund', '.navbar__brand'],
    ] as const) {
      const page = await open(start);
      await page.waitForSelector('.search-result');
      const href = new URL((await page.locator(follow).first().getAttribute('href'))!, page.url());
      await page.locator(follow).first().click();
      // The address reached is the link's, not the search page's written back over it.
      await page.waitForFunction((path) => location.pathname === path && !document.querySelector('.search-page'), href.pathname);
      expect(new URL(page.url()).search).toBe(href.search);
    }
  });

  it('lists every result it counts: a hundred, then the rest on request', async () => {
    // The real site: the fixture has no query with more than a hundred results.
    const page = await open('/search?q=refund', inject('siteUrl'));
    await page.waitForSelector('.search-result');
    const total = Number(/\d+/.exec(await page.locator('.search-page__status[role=status]').innerText())![0]);
    expect(total).toBeGreaterThan(100);
    expect(await page.locator('.search-result').count()).toBe(100);
    const more = page.locator('button.search-page__more');
    expect(await more.innerText()).toBe(`Show ${Math.min(100, total - 100)} more`);
    // By keyboard: Enter on the button, and the focus goes on from the first new result (the button may be gone).
    await more.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction((n) => document.querySelectorAll('.search-result').length === n, Math.min(200, total));
    if (total <= 200) expect(await more.count()).toBe(0);
    await page.waitForFunction(() => document.activeElement === document.querySelectorAll('.search-result__link')[100]);
    // The page's search form is a landmark of its own name, apart from the navbar's.
    expect(await page.locator('form.search-page__controls').getAttribute('aria-label')).toBe('Search the documentation');
    // A new query starts from the first hundred again.
    await page.fill('.search-page__input', 'payout');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('q') === 'payout' && document.querySelectorAll('.search-result').length <= 100);
  });

  it('puts the reader back where they were on Back: the results listed, the scroll position, the result they opened', async () => {
    // The real site: long lists of results, with 'Show more' for `refund`.
    for (const [start, nth, more] of [
      ['/search?q=refund', 130, true],
      [`/ru/search?q=${encodeURIComponent('подпись')}`, 15, false],
    ] as const) {
      const page = await open(start, inject('siteUrl'));
      await page.waitForSelector('.search-result');
      if (more) {
        await page.locator('button.search-page__more').click();
        await page.waitForFunction((n) => document.querySelectorAll('.search-result').length > n, nth);
      }
      const count = await page.locator('.search-result').count();
      const link = page.locator('.search-result__link').nth(nth);
      await link.scrollIntoViewIfNeeded();
      const y = await page.evaluate(() => window.scrollY);
      expect(y, start).toBeGreaterThan(1000);
      const href = (await link.getAttribute('href'))!;
      await link.click();
      await page.waitForFunction(() => !document.querySelector('.search-page'));
      await page.goBack();
      // All three at once: on its way back the browser scrolls the page still shown (the result's) to the
      // search page's position, and the search page, short until its results come, to the top.
      const back = { n: count, at: y, href };
      const where = () => page.evaluate(() => ({ n: document.querySelectorAll('.search-result').length, at: window.scrollY, href: document.activeElement?.getAttribute('href') }));
      await page
        .waitForFunction(({ n, at, href }) => document.querySelectorAll('.search-result').length === n && Math.abs(window.scrollY - at) <= 1 && document.activeElement?.getAttribute('href') === href, back, { timeout: 5000 })
        .catch(async () => expect(await where(), start).toEqual(back));
      // A result opened by a full load: the click saves it, and unloading the page (pagehide) keeps it.
      const kept = await page.evaluate(() => {
        const link = document.querySelectorAll<HTMLAnchorElement>('.search-result__link')[2]!;
        window.addEventListener('click', (e) => e.preventDefault(), { capture: true, once: true });
        link.click();
        window.dispatchEvent(new Event('pagehide'));
        return [link.getAttribute('href'), (history.state as Record<string, { link?: string }>)['paydocs:search-place']?.link];
      });
      expect(kept[1], start).toBe(kept[0]);
    }
  });

  it("shows an API field's name and its required or optional as two words in the excerpts", async () => {
    for (const [start, words] of [
      ['/search?q=order_id', /\border_id required\b/],
      [`/ru/search?q=order_id`, /\border_id обязательное /],
    ] as const) {
      const page = await open(start, inject('siteUrl'));
      await page.waitForSelector('.search-result__excerpt');
      const excerpts = await page.locator('.search-result__excerpt').allInnerTexts();
      expect(excerpts.some((e) => words.test(e)), excerpts.slice(0, 5).join('\n')).toBe(true);
      expect(excerpts.filter((e) => /[a-z](required|optional|обязательное|необязательное)/.test(e))).toEqual([]);
    }
  });

  it('keeps the suggestions and the search page inside a phone screen', async () => {
    const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await goto(page, `${url}/ru/`);
    await type(page, 'выплата');
    const shown = await page.locator(`${options}:not(.search-suggestions__all)`).count();
    expect(shown).toBe(4);
    expect(await page.locator('[role=status]').first().innerText()).toBe('4 подсказки');
    const list = (await page.locator('[role=listbox]').boundingBox())!;
    expect(list.x).toBeGreaterThanOrEqual(0);
    expect(list.x + list.width).toBeLessThanOrEqual(390);
    await goto(page, `${url}/search?q=${'cote_divoire_mobile_money_payin_hpp'.repeat(3)}`);
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input.search-page__input')?.value.includes('cote_divoire'));
    await page.waitForFunction(() => document.querySelector('.search-page__status[role=status]')?.textContent !== '');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.close();
  });

  it('gives the box room to type in on a 320 px phone: the brand name steps aside while it has focus, and stays the link\'s name', async () => {
    const page = await newPage(browser, { viewport: { width: 320, height: 568 } });
    await goto(page, `${url}/ru/`);
    const width = () => page.locator(box).evaluate((el) => el.getBoundingClientRect().width);
    expect(await page.locator('header.navbar .navbar__title').isVisible()).toBe(true);
    await type(page, 'подпись запроса');
    expect(await width()).toBeGreaterThanOrEqual(120);
    expect(await page.locator('header.navbar').getByRole('link', { name: 'Examplepay', exact: true }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.close();
  });

  it('keeps the box put on a phone as the query grows: the heading does not name the query and grow a line', async () => {
    for (const start of ['/search?q=refund', '/ru/search?q=' + encodeURIComponent('возврат')]) {
      const page = await newPage(browser, { viewport: { width: 390, height: 844 } });
      await goto(page, url + start);
      await page.waitForSelector('.search-result');
      const input = page.locator('input.search-page__input');
      const before = (await input.boundingBox())!.y;
      await input.pressSequentially(' and a much longer query that wraps', { delay: 0 });
      await page.waitForFunction(() => new URLSearchParams(location.search).get('q')?.endsWith('wraps'));
      expect((await input.boundingBox())!.y, start).toBe(before);
      await page.close();
    }
  });

  it('finds Russian pages by an inflected form and English pages despite a typo', async () => {
    const ru = await open('/ru/');
    await type(ru, 'выплатой');
    expect((await titles(ru)).slice(0, 3)).toContain('Выплаты в личном кабинете');
    expect(await ru.locator(`${options} mark`).first().innerText()).toMatch(/^[Вв]ыплат/);
    const en = await open('/');
    for (const typo of ['tranasction', 'transacton', 'calbacks']) {
      await type(en, typo);
      const got = await titles(en);
      expect(got.length, typo).toBeGreaterThan(0);
      expect(got.slice(0, 3).some((t) => /transaction|Callbacks/i.test(t)), `${typo}: ${got.join(' | ')}`).toBe(true);
    }
  });

  it('retries a query typed in the wrong keyboard layout', async () => {
    const page = await open('/ru/');
    await type(page, 'nhfypfrwbz');
    expect(await titles(page)).toContain('Создание транзакции');
  });

  it('opens a result at its heading and highlights the matched words, inflected forms included', async () => {
    const page = await open('/ru/');
    await type(page, 'создание выплаты');
    const link = page.locator(`${options} a`, { hasText: 'Создание выплаты' }).first();
    expect(await link.count()).toBe(1);
    await link.click();
    await page.waitForFunction(() => location.pathname === '/ru/cabinet/payouts');
    const current = new URL(page.url());
    expect(current.hash).toBe('#create');
    expect(current.searchParams.get('_highlight')).toContain('выплат');
    // The address changes first, and the page left can be marked with the new words until the new one
    // is shown (its chunk loading): wait for the new page, then for its marks.
    await page.waitForFunction(() => document.querySelector('link[rel=canonical]')?.getAttribute('href')?.endsWith('/ru/cabinet/payouts'));
    await page.waitForSelector('#__content mark.search-highlight');
    const marked = await page.locator('#__content mark.search-highlight').allInnerTexts();
    expect(new Set(marked.map((m) => m.toLowerCase()))).toEqual(new Set(['создание', 'выплаты', 'выплату', 'выплата', 'выплатой']));
    // Whole words only: the mark never cuts a word.
    const cut = await page.evaluate(() =>
      [...document.querySelectorAll('#__content mark.search-highlight')].some((m) => /[\p{L}\p{N}]$/u.test(m.previousSibling?.textContent ?? '') || /^[\p{L}\p{N}]/u.test(m.nextSibling?.textContent ?? '')),
    );
    expect(cut).toBe(false);
    // The page was scrolled so the heading sits at the top (below the navbar).
    await page.waitForFunction(() => window.scrollY > 300);
    const top = await page.evaluate(() => document.getElementById('create')!.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(200);
  });
});

describe('content/pages/search', () => {
  it("shows 'Loading…' only once the index and text store are 200 ms late, then the results with excerpts", async () => {
    const page = await newPage(browser);
    const files = searchRequests(page);
    const release = await holdSearchFiles(page);
    // Not `networkidle`: the page starts loading the held-back files as soon as it is hydrated.
    // The page asks for the index once it has read its query from the address: type after that.
    const indexRequested = page.waitForRequest((r) => isIndex(r.url()));
    await page.goto(url + '/search', { waitUntil: 'domcontentloaded' });
    await hydrated(page);
    await indexRequested;
    const watching = typeAndWatch(page, { input: '.search-page__input', query: 'signature', watched: '.search-page__status[role=status]', done: '.search-result__excerpt' });
    // If it never shows, the timeline checked below says what was seen instead.
    await page.locator('.search-page__status[role=status]', { hasText: 'Loading…' }).waitFor({ timeout: 8000 }).catch(() => undefined);
    release();
    const seen = await watching;
    expectLoadingOnlyAfter200ms(seen, 'Loading…');
    expect(seen[0]![1]).toBe('');
    expect(seen.at(-1)![1]).toMatch(/^\d+ documents? found$/);
    // This page asked for excerpts, so its worker fetched the text store after the index.
    expect(files.map((f) => (isText(f) ? 'text' : isIndex(f) ? 'index' : f))).toEqual(['index', 'text']);
    await page.close();
  });

  it('keeps q and ctx in the URL as the reader types, and shows title, path and a highlighted whole-word excerpt', async () => {
    const page = await open('/search');
    expect(await page.locator('[role=status]').last().innerText()).toBe('Type a word, a method name or an error code.');
    await page.locator('.search-page__input').pressSequentially('signature', { delay: 20 });
    await page.waitForFunction(() => new URLSearchParams(location.search).get('q') === 'signature');
    await page.waitForSelector('.search-result');
    const first = page.locator('.search-result').first();
    expect(await first.locator('.search-result__link').innerText()).toMatch(/Create a transaction › Request signing|Callbacks › Verifying the callback signature/);
    const excerpt = await first.locator('.search-result__excerpt').innerText();
    expect(excerpt.length).toBeLessThanOrEqual(50 + 4);
    expect(await first.locator('.search-result__excerpt mark').first().innerText()).toBe('signature');
    await page.selectOption('select.search-page__select', 'api');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('ctx') === 'api');
    await page.waitForFunction(() => [...document.querySelectorAll('.search-result__link')].every((a) => new URL((a as HTMLAnchorElement).href).pathname.startsWith('/api/')));
    expect(await page.locator('.search-result').count()).toBe(1);
  });

  it('reads q, ctx and version from the URL, in Russian, with Cyrillic excerpts cut at whole words', async () => {
    const page = await open('/ru/search?q=' + encodeURIComponent('подписи') + '&ctx=&version=current');
    await page.waitForSelector('.search-result');
    expect(await page.locator('h1').innerText()).toBe('Поиск по документации');
    expect(await page.locator('input.search-page__input').inputValue()).toBe('подписи');
    const excerpts = await page.locator('.search-result__excerpt').allInnerTexts();
    expect(excerpts.length).toBeGreaterThan(0);
    for (const e of excerpts) {
      // Starts and ends at a word boundary (or an ellipsis that marks the cut).
      expect(e).toMatch(/^(… )?[\p{L}\p{N}`«(]/u);
      expect(e).toMatch(/([\p{L}\p{N}.,;:»)`]| …)$/u);
    }
    expect(await page.locator('.search-result__excerpt mark').first().innerText()).toMatch(/^подпис/i);
    expect(new URL(page.url()).searchParams.get('version')).toBe('current');
  });
});

describe('renderer/search on the real site', () => {
  it('has the keyboard shortcut off (docs.config.ts): no hint, and neither / nor Ctrl+K moves the focus to the box', async () => {
    const page = await open('/', inject('siteUrl'));
    const focusedBox = () => page.evaluate(() => document.activeElement?.matches('input.search-box__input') ?? false);
    expect(await page.locator('.search-box__hint').count()).toBe(0);
    for (const key of ['/', 'Control+k', 'Meta+k']) {
      await page.keyboard.press(key);
      expect(await focusedBox(), key).toBe(false);
    }
    // Nor once the combobox has taken over the box (hover loads it).
    await page.hover(box);
    await page.waitForSelector(`${box}[role=combobox]`);
    await page.mouse.move(600, 500);
    for (const key of ['/', 'Control+k']) {
      await page.keyboard.press(key);
      expect(await focusedBox(), key).toBe(false);
    }
    expect(await page.locator('.search-box__hint').count()).toBe(0);
    expect(await page.locator(`${box}[role=combobox]`).inputValue()).toBe('');
  });

  it('finds the Russian payout pages by an inflected form', async () => {
    const page = await open('/ru/', inject('siteUrl'));
    await type(page, 'выплатами');
    const got = await titles(page);
    expect(got.length).toBeGreaterThan(0);
    expect(got.length).toBeLessThanOrEqual(8);
    expect(got.slice(0, 3).some((t) => /[Вв]ыплат/.test(t))).toBe(true);
  });
});

describe('search.shortcut on (a copy of test/fixtures/search with `shortcut: true`)', () => {
  let shortcutUrl: string;
  let closeShortcut: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const dir = copyFixture('search');
    const edit = (file: string, from: RegExp | string, to: string) => {
      const abs = path.join(dir, file);
      const text = readFileSync(abs, 'utf8');
      if (!text.match(from)) throw new Error(`${file}: ${String(from)} not found`);
      writeFileSync(abs, text.replace(from, to));
    };
    edit('docs.config.ts', 'shortcut: false', 'shortcut: true');
    // The fixture's search page re-exports the real one by a relative path; the copy lives elsewhere.
    edit('content/pages/search.tsx', /'(\.\.\/)+content\/pages\/search\.tsx'/, `'${path.join(PROJECT_ROOT, 'content/pages/search.tsx')}'`);
    const { outDir } = await buildInto(dir, { locales: ['en'] });
    const served = await serveDir(outDir);
    shortcutUrl = served.url;
    closeShortcut = served.close;
  });
  afterAll(async () => closeShortcut?.());

  it('shows the / hint, and / or Ctrl+K focuses the box, before and after the combobox takes over', async () => {
    const page = await open('/api/transaction_create', shortcutUrl);
    const focusedBox = () => page.evaluate(() => document.activeElement?.matches('input.search-box__input') ?? false);
    const hint = page.locator('.search-box__hint');
    expect(await hint.innerText()).toBe('/');
    expect(await hint.getAttribute('title')).toBe('Press / to search');
    expect(await focusedBox()).toBe(false);
    // The plain box (before the combobox chunk): `/` focuses it and is not typed into it.
    await page.keyboard.press('/');
    expect(await focusedBox()).toBe(true);
    // Focus loads the combobox, which keeps the focus and the hint.
    await page.waitForSelector(`${box}[role=combobox]`);
    await expect.poll(focusedBox).toBe(true);
    expect(await page.locator(`${box}[role=combobox]`).inputValue()).toBe('');
    expect(await hint.innerText()).toBe('/');
    for (const key of ['Control+k', '/']) {
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      expect(await focusedBox()).toBe(false);
      await page.keyboard.press(key);
      expect(await focusedBox(), key).toBe(true);
    }
    expect(await page.locator(`${box}[role=combobox]`).inputValue()).toBe('');
  });

  it('leaves / alone while the reader types in another field', async () => {
    const page = await open('/search', shortcutUrl);
    await page.focus('.search-page__input');
    await page.keyboard.type('a/b');
    expect(await page.locator('.search-page__input').inputValue()).toBe('a/b');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('search-page__input'))).toBe(true);
  });
});
