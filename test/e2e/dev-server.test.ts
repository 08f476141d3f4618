import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startDevServer, type DevServer } from '../../cli/dev/dev-server.ts';
import { launchBrowser } from '../helpers/chromium.ts';
import { copyFixture } from '../helpers/fixture.ts';

let browser: Browser;
let dev: DevServer;
let root: string;
const logs: string[] = [];

beforeAll(async () => {
  root = copyFixture('basic');
  // A long page, so there is a scroll position to keep.
  appendFileSync(path.join(root, 'content/docs/guide.md'), '\n' + Array.from({ length: 80 }, (_, i) => `Paragraph ${i} of the guide.\n`).join('\n'));
  dev = await startDevServer({ root, port: 0, host: '127.0.0.1', log: (l) => logs.push(l) });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await dev?.close();
});

describe('cli/dev/dev-server', () => {
  it('shows a saved edit in the open page without a reload, keeping the scroll position', async () => {
    const page = await browser.newPage();
    await page.goto(`${dev.url}/guide`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 7;
      window.scrollTo(0, 900);
    });
    const file = path.join(root, 'content/docs/guide.md');
    const rebuilt = dev.nextRebuild();
    const t0 = Date.now();
    appendFileSync(file, '\nA brand new sentence from the writer.\n');
    await page.waitForFunction(() => document.getElementById('__content')?.textContent?.includes('A brand new sentence'));
    const latency = Date.now() - t0;
    const result = await rebuilt;
    console.log(`dev: save-to-browser ${latency} ms (rebuild ${result.ms.toFixed(0)} ms)`);
    expect(result.errors).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    expect(await page.evaluate(() => window.scrollY)).toBe(900);
    await page.close();
  });

  it('shows a frontmatter error in an overlay and the terminal, and keeps serving the last good page', async () => {
    const page = await browser.newPage();
    await page.goto(`${dev.url}/guide`, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const file = path.join(root, 'content/docs/guide.md');
    const good = readFileSync(file, 'utf8');
    let rebuilt = dev.nextRebuild();
    writeFileSync(file, good.replace('sidebar_position: 2', 'sidebar_position: second'));
    await rebuilt;
    await page.waitForSelector('#__paydocs_overlay');
    expect(await page.locator('#__paydocs_overlay').innerText()).toContain('content/docs/guide.md:4: sidebar_position: expected number, received string');
    expect(logs.join('\n')).toContain('content/docs/guide.md:4: sidebar_position: expected number, received string');
    // A fresh load still gets the last good page.
    const other = await browser.newPage();
    const res = await other.goto(`${dev.url}/guide`);
    expect(res?.status()).toBe(200);
    expect(await other.locator('h1').innerText()).toBe('Guide');
    await other.close();
    rebuilt = dev.nextRebuild();
    writeFileSync(file, good);
    await rebuilt;
    await page.waitForSelector('#__paydocs_overlay', { state: 'detached' });
    await page.close();
  });

  it('shows drafts in dev', async () => {
    writeFileSync(path.join(root, 'content/docs/draft-page.md'), '---\ntitle: Draft page\ndraft: true\n---\n\nStill writing.\n');
    await dev.nextRebuild();
    const res = await fetch(`${dev.url}/draft-page`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Still writing.');
  });
});
