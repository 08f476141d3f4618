import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { killTree } from './proc.ts';

export interface DevResult {
  /** Spawn -> the page is rendered and interactive in Chromium. */
  readyMs: number;
  /** File saved -> the edited text is in the page's DOM, per edit. */
  saveToBrowserMs: number[];
}

/**
 * Records, in the page, when each edit marker first appears in the DOM. Installed before any page
 * script, so it also works across a full reload.
 */
const EDIT_PROBE = `(() => {
  window.__benchSeen = window.__benchSeen || {};
  const scan = () => {
    const text = document.body ? document.body.textContent || '' : '';
    for (const m of text.match(/BENCHEDIT[0-9]+/g) || []) if (!(m in window.__benchSeen)) window.__benchSeen[m] = Date.now();
  };
  new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const t0 = Date.now();
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));
  for (;;) {
    if (exited !== null) throw new Error(`dev server exited with code ${exited}`);
    if (Date.now() - t0 > timeoutMs) throw new Error(`dev server did not answer ${url} within ${timeoutMs} ms`);
    try {
      const r = await fetch(url);
      await r.arrayBuffer();
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts a dev server, measures when the page is ready in Chromium, then saves `edits` content
 * edits (a paragraph appended to the page's Markdown) and measures save -> text in the DOM.
 * The Markdown file is restored afterwards.
 */
export async function measureDev(browser: Browser, input: {
  start: () => ChildProcess;
  baseUrl: string;
  path: string;
  /** Text the rendered page contains (its title), to know it is shown. */
  expectText: string;
  markdownFile: string;
  edits: number;
  timeoutMs?: number;
  log?: (s: string) => void;
}): Promise<DevResult> {
  const original = readFileSync(input.markdownFile, 'utf8');
  const t0 = Date.now();
  const child = input.start();
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  child.stderr?.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await waitForHttp(input.baseUrl + input.path, child, input.timeoutMs ?? 300_000);
    await context.addInitScript(EDIT_PROBE);
    const page: Page = await context.newPage();
    await page.goto(input.baseUrl + input.path, { waitUntil: 'load', timeout: input.timeoutMs ?? 300_000 });
    await page.waitForFunction((text) => document.documentElement.hasAttribute('data-hydrated') || document.documentElement.hasAttribute('data-has-hydrated') ? (document.querySelector('main, article')?.textContent ?? '').includes(text) : false, input.expectText, { timeout: input.timeoutMs ?? 300_000 });
    const readyMs = Date.now() - t0;
    await page.waitForLoadState('networkidle');
    await new Promise((r) => setTimeout(r, 1000));
    const saveToBrowserMs: number[] = [];
    for (let i = 0; i < input.edits; i++) {
      const marker = `BENCHEDIT${Date.now()}${i}`;
      const tSave = Date.now();
      writeFileSync(input.markdownFile, `${original}\n\nEdited paragraph ${marker} for the dev-server benchmark.\n`);
      await page.waitForFunction((m) => (window as unknown as { __benchSeen?: Record<string, number> }).__benchSeen?.[m] !== undefined, marker, { timeout: 120_000, polling: 20 });
      const seen = await page.evaluate((m) => (window as unknown as { __benchSeen: Record<string, number> }).__benchSeen[m]!, marker);
      saveToBrowserMs.push(seen - tSave);
      input.log?.(`  edit ${i + 1}: ${seen - tSave} ms`);
      await new Promise((r) => setTimeout(r, 1000));
    }
    return { readyMs, saveToBrowserMs };
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- dev server output ---\n${output}`);
  } finally {
    writeFileSync(input.markdownFile, original);
    await context.close();
    killTree(child);
    await new Promise((r) => setTimeout(r, 300));
    killTree(child, 'SIGKILL');
  }
}
