/**
 * One visual system for the whole site (issue 36, items 4 and 5), read from the computed styles of the
 * real site in Chromium: the type scale, one table style, tables on a phone, admonition icons, a focus
 * ring for the keyboard only, and the landing page (code window, linked steps, reachable from the
 * introduction, no serious axe violation in light or dark).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/chromium.ts';
import { axe } from './axe.ts';
import { hydrated, sharedPage, type OpenOptions } from './shell-helpers.ts';

const site = inject('siteUrl');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
let browser: Browser;

// A tab per set of options: the checks read styles and click, type and switch language at most,
// so each loads its page in the tab of its options rather than in a context of its own.
const tabs = new Map<string, ReturnType<typeof sharedPage>>();

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const tab of tabs.values()) await tab.close();
  await browser?.close();
});

/** Runs `check` on `path`, freshly loaded (sharedPage) in the tab of `options`. */
async function on<T>(path: string, check: (page: Page, problems: string[]) => Promise<T>, options: OpenOptions = { viewport: DESKTOP }): Promise<T> {
  const key = JSON.stringify(options);
  if (!tabs.has(key)) tabs.set(key, sharedPage(() => browser, options));
  const { page, problems } = await tabs.get(key)!.open(site + path);
  return check(page, problems);
}

const px = (value: string) => parseFloat(value);

describe('type scale', () => {
  it('body text is 16 px and code 14 px, inline, in blocks and in API tables', async () => {
    await on('/api/transaction_create', async (page) => {
      const sizes = await page.evaluate(() => {
        const size = (sel: string) => {
          const el = document.querySelector(sel);
          return el ? getComputedStyle(el).fontSize : `missing ${sel}`;
        };
        return { body: size('body'), paragraph: size('.markdown p'), inline: size('.markdown p code'), block: size('.markdown .code-block pre'), apiName: size('.markdown .api-name'), apiType: size('.markdown table.api-fields td:nth-child(2)') };
      });
      expect(sizes).toEqual({ body: '16px', paragraph: '16px', inline: '14px', block: '14px', apiName: '14px', apiType: '14px' });
    });
    await on('/request_format', async (page) => {
      expect(await page.locator('.markdown table td code').first().evaluate((c) => getComputedStyle(c).fontSize)).toBe('14px');
    });
  });

  for (const [name, path] of [
    ['a doc page', '/request_format'],
    ['the search page', '/search?q=refund'],
    ['the not-found page', '/no/such/page'],
    ['the landing page', '/landing'],
  ] as const) {
    it(`the h1's line height is about 1.15 of its size on ${name}`, async () => {
      await on(path, async (page) => {
        const { size, height } = await page.locator('main h1').first().evaluate((h) => ({ size: getComputedStyle(h).fontSize, height: getComputedStyle(h).lineHeight }));
        expect(px(height) / px(size)).toBeCloseTo(1.15, 2);
      });
    });
  }
});

describe('one table style', () => {
  // A Markdown table (request_format), an API field table, a reference data table, a cabinet table.
  for (const [name, path, selector] of [
    ['a Markdown table', '/request_format', '.markdown table'],
    ['an API field table', '/api/transaction_create', '.markdown table.api-fields'],
    ['a reference table', '/reference/currency_codes', '.data-table table'],
    ['a cabinet table', '/cabinet/balances', '.markdown table'],
  ] as const) {
    it(`${name}: horizontal rules only, headers not capitalised by CSS, tabular figures, a sticky header`, async () => {
      await on(path, async (page) => {
        const style = await page.locator(selector).first().evaluate((table) => {
          const cells = [...table.querySelectorAll('th, td')];
          const vertical = cells.filter((c) => {
            const s = getComputedStyle(c);
            return (s.borderLeftStyle !== 'none' && px(s.borderLeftWidth) > 0) || (s.borderRightStyle !== 'none' && px(s.borderRightWidth) > 0);
          });
          function px(v: string) {
            return parseFloat(v) || 0;
          }
          const heads = [...table.querySelectorAll('thead th')].map((th) => getComputedStyle(th));
          const rules = cells.filter((c) => getComputedStyle(c).borderBottomStyle === 'solid').length;
          return {
            cells: cells.length,
            vertical: vertical.length,
            rules,
            transforms: [...new Set(heads.map((s) => s.textTransform))],
            positions: [...new Set(heads.map((s) => s.position))],
            numeric: getComputedStyle(table).fontVariantNumeric,
          };
        });
        expect(style.cells).toBeGreaterThan(3);
        expect(style.vertical).toBe(0);
        expect(style.rules).toBeGreaterThan(style.cells / 2);
        expect(style.transforms).toEqual(['none']);
        expect(style.positions).toEqual(['sticky']);
        expect(style.numeric).toContain('tabular-nums');
      });
    });
  }

  it('a header written in lower case reads in sentence case, and a table spans the text column', async () => {
    await on('/cabinet/balances', async (page) => {
      const table = page.locator('.markdown table').first();
      expect(await table.locator('th').first().textContent()).toBe('part');
      expect(await table.locator('th').first().evaluate((th) => getComputedStyle(th, '::first-letter').textTransform)).toBe('uppercase');
      const [tableWidth, columnWidth] = await table.evaluate((t) => [t.getBoundingClientRect().width, t.closest('.markdown')!.getBoundingClientRect().width]);
      expect(tableWidth).toBeCloseTo(columnWidth, 0);
    });
  });

  it('the header stays under the navbar while a long table is read', async () => {
    await on('/reference/currency_codes', async (page) => {
      await page.locator('.data-table tbody tr').nth(60).scrollIntoViewIfNeeded();
      const { header, navbar } = await page.evaluate(() => ({
        header: document.querySelector('.data-table thead th')!.getBoundingClientRect().top,
        navbar: document.querySelector('.navbar')!.getBoundingClientRect().bottom,
      }));
      expect(Math.abs(header - navbar)).toBeLessThanOrEqual(1);
    });
  });
});

describe('tables on a phone (390 px)', () => {
  for (const locale of ['en', 'ru'] as const) {
    const prefix = locale === 'ru' ? '/ru' : '';
    for (const path of ['/request_format', '/reference/currency_codes']) {
      it(`${prefix}${path} is no wider than the screen; its wide tables scroll in their own box, with a shadow at the edge`, async () => {
        await on(
          prefix + path,
          async (page) => {
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
            const boxes = await page.evaluate(() =>
              [...document.querySelectorAll<HTMLElement>('.markdown table, .data-table__scroll')]
                .filter((el) => el.scrollWidth > el.clientWidth + 1)
                .map((el) => ({ overflow: getComputedStyle(el).overflowX, background: getComputedStyle(el).backgroundImage, attachment: getComputedStyle(el).backgroundAttachment })),
            );
            expect(boxes.length).toBeGreaterThan(0);
            for (const box of boxes) {
              expect(box.overflow).toBe('auto');
              // The covers scroll with the content (local), the shadows stay at the box's edges (scroll).
              expect(box.background.match(/linear-gradient/g)).toHaveLength(4);
              expect(box.attachment).toBe('local, local, scroll, scroll');
            }
          },
          { viewport: PHONE },
        );
      });
    }
  }

  it('the Russian filter placeholder «Введите код или название» is not cut', async () => {
    await on(
      '/ru/reference/currency_codes',
      async (page) => {
        const input = page.locator('.data-table__filter-input').first();
        await input.waitFor();
        const { placeholder, text, room } = await input.evaluate((el: HTMLInputElement) => {
          const s = getComputedStyle(el);
          const ctx = document.createElement('canvas').getContext('2d')!;
          ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
          return { placeholder: el.placeholder, text: ctx.measureText(el.placeholder).width, room: el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) };
        });
        expect(placeholder).toBe('Введите код или название');
        expect(text).toBeLessThan(room);
      },
      { viewport: PHONE },
    );
  });
});

describe('admonitions', () => {
  it('each type has its own icon: an inline SVG mask painted in the type colour, not a dot', async () => {
    await on('/services/crypto/overview', async (page) => {
      const icon = page.locator('.admonition .admonition__icon').first();
      const shown = await icon.evaluate((el) => {
        const s = getComputedStyle(el);
        return { width: parseFloat(s.width), height: parseFloat(s.height), mask: s.maskImage || s.webkitMaskImage, radius: s.borderRadius, color: s.backgroundColor === getComputedStyle(el.parentElement!).color };
      });
      expect(shown.width).toBeGreaterThanOrEqual(16);
      expect(shown.height).toBeGreaterThanOrEqual(16);
      expect(shown.mask).toContain('data:image/svg+xml');
      expect(shown.radius).toBe('0px');
      expect(shown.color).toBe(true);
      // Every type the Markdown plugin emits, as it emits it (remark-admonitions.ts).
      const masks = await page.evaluate(() => {
        const out: Record<string, string> = {};
        for (const type of ['note', 'tip', 'info', 'warning', 'danger']) {
          const aside = document.createElement('aside');
          aside.className = `admonition admonition-${type}`;
          aside.innerHTML = '<p class="admonition__title"><span class="admonition__icon" aria-hidden="true"></span>Title</p>';
          document.querySelector('.markdown')!.append(aside);
          const s = getComputedStyle(aside.querySelector('.admonition__icon')!);
          out[type] = s.maskImage || s.webkitMaskImage;
        }
        return out;
      });
      for (const mask of Object.values(masks)) expect(mask).toContain('data:image/svg+xml');
      expect(new Set(Object.values(masks)).size).toBe(5);
    });
  });
});

describe('focus ring for the keyboard only', () => {
  const ring = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const s = getComputedStyle(el);
      return { tag: el.tagName, id: el.id, visible: el.matches(':focus-visible'), outline: s.outlineStyle === 'none' ? 0 : parseFloat(s.outlineWidth) };
    });

  it('a heading reached by clicking a link to it shows no ring; Tab from there shows one', async () => {
    await on('/request_format', async (page) => {
      await page.locator('.toc a[href="#base-urls"]').click();
      await page.waitForFunction(() => document.activeElement?.id === 'base-urls');
      expect(await ring(page)).toMatchObject({ tag: 'H3', id: 'base-urls', outline: 0 });
      await page.keyboard.press('Tab');
      const next = await ring(page);
      expect(next.id).not.toBe('base-urls');
      expect(next.visible).toBe(true);
      expect(next.outline).toBeGreaterThanOrEqual(2);
    });
  });

  it('after switching language on a page with an #anchor, the target heading shows no ring', async () => {
    await on('/request_format#base-urls', async (page) => {
      await page.locator('.dropdown__toggle').click();
      await Promise.all([page.waitForURL(`${site}/ru/request_format#base-urls`), page.locator('.dropdown__link[lang="ru"]').click()]);
      await hydrated(page);
      const heading = page.locator('#base-urls');
      expect(await heading.evaluate((h) => getComputedStyle(h).outlineStyle === 'none' || parseFloat(getComputedStyle(h).outlineWidth) === 0)).toBe(true);
    });
  });
});

describe('the landing page', () => {
  const STEPS = ['/cabinet/control/point_settings', '/request_format#request-signing', '/callbacks', '/request_format#base-urls'];
  const POPULAR = ['/api/transaction_create', '/callbacks', '/reference/test_cards', '/reference/api_error_codes'];

  /** The route exists (200, not the 404 page) and so does its #anchor. */
  async function resolves(page: Page, href: string): Promise<boolean> {
    return page.evaluate(async (h) => {
      const url = new URL(h, location.href);
      const res = await fetch(url.pathname);
      if (!res.ok) return false;
      if (!url.hash) return true;
      const doc = new DOMParser().parseFromString(await res.text(), 'text/html');
      return doc.getElementById(decodeURIComponent(url.hash.slice(1))) !== null;
    }, href);
  }

  for (const locale of ['en', 'ru'] as const) {
    const prefix = locale === 'ru' ? '/ru' : '';
    it(`${locale}: a code window with request and response tabs, the four steps and the popular pages as links that resolve`, async () => {
      await on(`${prefix}/landing`, async (page, problems) => {
        const tabs = page.locator('.code-window [role=tab]');
        expect(await tabs.count()).toBe(2);
        expect(await page.locator('.code-window [role=tabpanel]:visible').innerText()).toMatch(/X-Signature[\s\S]*transaction\/create|transaction\/create[\s\S]*X-Signature/);
        await tabs.nth(1).click();
        await expect.poll(() => tabs.nth(1).getAttribute('aria-selected')).toBe('true');
        expect(await page.locator('.code-window [role=tabpanel]:visible').innerText()).toContain('"id": "tx_01HZX3K9QW7M5R2T8B4N"');
        // Arrow keys move between the tabs.
        await page.keyboard.press('ArrowLeft');
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-selected'))).toBe('true');
        expect(await tabs.nth(0).getAttribute('aria-selected')).toBe('true');

        const steps = await page.locator('.landing__step-list > li > a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
        expect(steps).toEqual(STEPS.map((s) => prefix + s));
        const popular = await page.locator('.landing__links a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
        expect(popular).toEqual(POPULAR.map((s) => prefix + s));
        const cards = await page.locator('.landing__card').evaluateAll((as) => as.map((a) => ({ href: a.getAttribute('href')!, icon: a.querySelector('svg') !== null })));
        expect(cards.every((c) => c.icon)).toBe(true);
        expect(cards.map((c) => c.href)).not.toContain(`${prefix}/services/card_payout`);
        expect(await page.locator('.landing__news a').first().getAttribute('href')).toBe(`${prefix}/changelog`);
        for (const href of [...steps, ...popular, ...cards.map((c) => c.href), `${prefix}/changelog`]) expect(await resolves(page, href), href).toBe(true);
        expect(problems).toEqual([]);
      });
    });

    it(`${locale}: linked from the introduction`, async () => {
      await on(`${prefix}/`, async (page) => {
        const link = page.locator(`.markdown a[href="${prefix}/landing"]`);
        expect(await link.count()).toBe(1);
        await link.click();
        await page.waitForURL(`${site}${prefix}/landing`);
        await page.locator('.code-window').waitFor();
      });
    });
  }

  it('works without JavaScript: both samples are shown, and the steps are links', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${site}/ru/landing`);
      const panels = page.locator('.code-window [role=tabpanel]');
      expect(await panels.count()).toBe(2);
      for (const i of [0, 1]) expect(await panels.nth(i).isVisible()).toBe(true);
      expect(await page.locator('.code-window [role=tablist]').isVisible()).toBe(false);
      expect(await page.locator('.landing__step-list a').count()).toBe(4);
    } finally {
      await context.close();
    }
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const viewport of [DESKTOP, PHONE]) {
      it(`axe: no serious or critical violation (${theme}, ${viewport.width} px, en and ru)`, async () => {
        for (const prefix of ['', '/ru']) {
          await on(
            `${prefix}/landing`,
            async (page) => {
              expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
              expect(await axe(page)).toEqual([]);
            },
            { theme, viewport },
          );
        }
      });
    }
  }
});

