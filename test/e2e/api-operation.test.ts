import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../helpers/chromium.ts';
import { goto, newContext, sharedPage } from './shell-helpers.ts';

/**
 * API pages as a reader sees them on the real site (built by the global setup): the operation
 * rendered from content/api/openapi.yaml by `::api-operation`, its synced sample tabs, the signed
 * samples, the error links into the reference, and the Russian texts.
 */
let browser: Browser;
const siteUrl = inject('siteUrl');

// The pages are loaded afresh, one after another, in one tab (sharedPage): the tests read them and click.
const tab = sharedPage(() => browser);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await tab.close();
  await browser?.close();
});

/** `pathname` loaded afresh in the shared tab, until hydrated. */
async function open(pathname: string): Promise<Page> {
  return (await tab.open(siteUrl + pathname)).page;
}

const SECRET = 'sk_sandbox_9f3b2c7e1a4d';

describe('::api-operation (cli/pipeline/compile/markdown/remark-api-operation)', () => {
  it('shows method and path, authentication, the parameter table, samples in seven languages and the errors', async () => {
    const page = await open('/api/transaction_create');
    await expect(page.locator('.api-endpoint').innerText()).resolves.toMatch(/POST\s+\/v1\/transaction\/create/);
    await expect(page.locator('.api-auth').innerText()).resolves.toContain('X-Signature');
    const row = page.locator('table.api-fields').first().locator('tr', { has: page.locator('.api-name', { hasText: /^order_id$/ }) });
    await expect(row.innerText()).resolves.toMatch(/required[\s\S]*string[\s\S]*unique per point[\s\S]*1 to 64 characters/);
    const tabs = page.locator('#request ~ .tabs').first().locator('[role=tab]');
    await expect(tabs.allInnerTexts()).resolves.toEqual(['HTTP', 'cURL', 'PHP', 'Python', 'JavaScript', 'Java', 'Kotlin']);
    await expect(page.locator('table.api-errors a[href="/reference/api_error_codes#2003"]').count()).resolves.toBe(1);
  });

  it('writes the numbers of the constraints as the locale does', async () => {
    for (const [path, expected] of [
      ['/api/p2p/p2p_confirm', /up to 7,000,000 characters/],
      // Grouped with no-break spaces, and bound to the words around by the Russian typesetting.
      ['/ru/api/p2p/p2p_confirm', /до\u00a07\u00a0000\u00a0000\u00a0символов/],
    ] as const) {
      const page = await open(path);
      await expect(page.locator('table.api-fields').first().innerText()).resolves.toMatch(expected);
    }
  });

  it('signs the HTTP sample for real: X-Signature is the HMAC of the timestamp and the body shown', async () => {
    const page = await open('/api/transaction_cancel');
    const http = await page.locator('#request ~ .tabs [role=tabpanel]').first().locator('code').first().innerText();
    const timestamp = /X-Timestamp: (\d+)/.exec(http)![1]!;
    const signature = /X-Signature: ([0-9a-f]{64})/.exec(http)![1]!;
    const body = http.trim().split('\n').at(-1)!.trim();
    expect(JSON.parse(body)).toEqual({ transaction_id: 'tx_01HZX3K9QW7M5R2T8B4N', reason: 'customer_request' });
    expect(createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex')).toBe(signature);
  });

  it('keeps the language tabs in sync across the sample groups of a page', async () => {
    const page = await open('/api/transaction_pay');
    const groups = page.locator('.tabs[data-group="lang"]');
    expect(await groups.count()).toBe(2);
    await groups.nth(0).locator('[role=tab]', { hasText: 'Kotlin' }).click();
    await expect(groups.nth(1).locator('[role=tab][aria-selected=true]').innerText()).resolves.toBe('Kotlin');
    await expect(groups.nth(1).locator('[role=tabpanel]:not([hidden])').innerText()).resolves.toContain('OkHttpClient()');
  });

  it('links each error code to its row in the reference', async () => {
    const page = await open('/api/transaction_find');
    await page.locator('table.api-errors a', { hasText: '3001' }).click();
    await page.waitForURL(/\/reference\/api_error_codes#3001$/);
    // The address changes first; the new page is shown once its chunk has loaded.
    await page.locator('[id="3001"]').waitFor();
    await expect(page.locator('[id="3001"]').count()).resolves.toBe(1);
  });

  it('lists every transaction field on transaction/find and points there from other methods', async () => {
    const find = await open('/api/transaction_find');
    const names = await find.locator('#response ~ table.api-fields').first().locator('.api-name').allInnerTexts();
    expect(names.map((n) => n.replace(/\s/g, ''))).toEqual(expect.arrayContaining(['transaction.next_action.type', 'transaction.failure_reason.code', 'transaction.payment_page.token']));
    const cancel = await open('/api/transaction_cancel');
    await expect(cancel.locator('.api-note a[href="/api/transaction_find#response"]').count()).resolves.toBe(1);
  });

  it('renders the Russian texts of the spec and localized links on /ru pages', async () => {
    const page = await open('/ru/api/transaction_create');
    await expect(page.locator('h2#request').innerText()).resolves.toMatch(/^Запрос/);
    const row = page.locator('table.api-fields').first().locator('tr', { has: page.locator('.api-name', { hasText: /^order_id$/ }) });
    await expect(row.innerText()).resolves.toMatch(/обязательное[\s\S]*Ваш\sидентификатор\sзаказа,\sуникальный\sв\sпределах\sточки/);
    await expect(page.locator('table.api-errors a[href="/ru/reference/api_error_codes#3003"]').count()).resolves.toBe(1);
    await expect(page.locator('table.api-errors').innerText()).resolves.toMatch(/уже\sиспользован\sна\sэтой\sточке/);
  });

  it('renders the callback payload examples and the signed GET example', async () => {
    const post = await open('/callbacks');
    await expect(post.locator('#payload ~ .tabs').first().locator('[role=tab]').allInnerTexts()).resolves.toEqual(['Pay-in succeeded', 'Payout failed', 'Partial refund', 'Card saved as a token']);
    await expect(post.locator('#verifying-the-signature ~ .tabs').first().locator('[role=tab]').allInnerTexts()).resolves.toEqual(['PHP', 'Python', 'JavaScript', 'Java', 'Kotlin']);
    const get = await open('/callbacks_get');
    const line = await get.locator('.code-block[data-lang=http]', { hasText: 'cb.php?amount=' }).innerText();
    const query = /\?(\S+)&signature=([0-9a-f]{64})/.exec(line)!;
    const timestamp = /timestamp=(\d+)/.exec(query[1]!)![1]!;
    expect(createHmac('sha256', SECRET).update(`${timestamp}.${query[1]}`).digest('hex')).toBe(query[2]);
  });
});

describe('the Markdown twin of an API or reference page (Copy page as Markdown, llms-full.txt)', () => {
  it('copies what the page shows: the operation and the data table as Markdown, not the directive lines', async () => {
    const context = await newContext(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    const copy = async (pathname: string) => {
      const page = await context.newPage();
      await goto(page, siteUrl + pathname);
      await page.locator('button.copy-page').click();
      await page.waitForFunction(() => document.querySelector('button.copy-page')?.classList.contains('copy-page--done'));
      const text = await page.evaluate(() => navigator.clipboard.readText());
      await page.close();
      return text;
    };
    const api = await copy('/ru/api/transaction_create');
    expect(api).not.toMatch(/^::/m);
    expect(api).toContain('POST `/v1/transaction/create`');
    expect(api).toContain('| `order_id` (обязательное) | string | Ваш идентификатор заказа, уникальный в пределах точки. (от 1 до 64 символов) |');
    // Site links go to the Markdown twin in the page's language; the samples are code blocks.
    expect(api).toContain('[подпись запроса](/ru/request_format.md#request-signing)');
    expect(api).toMatch(/^```bash\ncurl --request POST/m);
    expect(api).toMatch(/^## Ошибки$/m);
    const cards = await copy('/reference/test_cards');
    expect(cards).not.toMatch(/^::/m);
    // The path after the status every card starts in (`created`): pay-ins go through `pending`, card payouts do not.
    expect(cards).toMatch(/^\| `4242 4242 4242 4242` \| Visa \| frictionless \| \[`pending`\]\(\/reference\/transaction_statuses\.md#pending\) → \[`processing`\]\(\/reference\/transaction_statuses\.md#processing\)/m);
    expect(cards).toMatch(/^\| `5200 8282 8282 8210` .*\| \[`processing`\]\(\/reference\/transaction_statuses\.md#processing\) → \[`success`\]/m);
    await context.close();
  });
});
