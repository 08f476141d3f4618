import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { shownTexts, type OpenApiDocument } from '../../cli/pipeline/compile/api/operation-model.ts';
import { sourceHash } from '../../cli/pipeline/load/read-markdown-file.ts';
import { setSourceHash } from '../../cli/commands/i18n.ts';
import { startDevServer, type DevServer } from '../../cli/dev/dev-server.ts';
import { formatDiagnostic } from '../../cli/diagnostics.ts';
import { launchBrowser } from '../helpers/chromium.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { goto, newPage } from './shell-helpers.ts';

let browser: Browser;
let dev: DevServer;
let root: string;
const logs: string[] = [];

beforeAll(async () => {
  root = copyFixture('basic');
  // A long page, so there is a scroll position to keep.
  appendFileSync(path.join(root, 'content/docs/guide.md'), '\n' + Array.from({ length: 80 }, (_, i) => `Paragraph ${i} of the guide.\n`).join('\n'));
  // The Russian introduction records the English text it translates: an English edit changes the Russian page too.
  const ru = path.join(root, 'content/i18n/ru/intro.md');
  writeFileSync(ru, setSourceHash(readFileSync(ru, 'utf8'), sourceHash(readFileSync(path.join(root, 'content/docs/intro.md'), 'utf8'))));
  writeFileSync(path.join(root, 'content/redirects.yaml'), '- from: /old-guide\n  to: /guide\n');
  dev = await startDevServer({ root, port: 0, host: '127.0.0.1', log: (l) => logs.push(l) });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await dev?.close();
});

/** What the terminal printed for the rebuild that `change` sets off. */
async function newLines(change: () => void): Promise<string> {
  const from = logs.length;
  const rebuilt = dev.nextRebuild();
  change();
  await rebuilt;
  return logs.slice(from).join('\n');
}

describe('cli/dev/dev-server', () => {
  it('shows a saved edit in the open page without a reload, keeping the scroll position', async () => {
    const page = await openPage('/guide');
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
    const page = await openPage('/guide');
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

  it('keeps the overlay of a Markdown error when the same save updates another page (its translation)', async () => {
    const page = await openPage('/');
    await page.evaluate(() => {
      const w = window as unknown as { __updates: string[] };
      w.__updates = [];
      window.addEventListener('paydocs:routes', (e) => w.__updates.push(...Object.keys((e as CustomEvent<Record<string, string>>).detail)));
    });
    const file = path.join(root, 'content/docs/intro.md');
    const good = readFileSync(file, 'utf8');
    let rebuilt = dev.nextRebuild();
    writeFileSync(file, `${good}\n::foo\n`);
    expect((await rebuilt).errors.map(formatDiagnostic).join('\n')).toContain('content/docs/intro.md:');
    // The Russian page now says the English text changed: an update, sent after the error.
    await page.waitForFunction(() => (window as unknown as { __updates: string[] }).__updates.includes('/ru/'));
    expect(await page.locator('#__paydocs_overlay').count()).toBe(1);
    expect(await page.locator('#__paydocs_overlay').innerText()).toContain('content/docs/intro.md:');
    rebuilt = dev.nextRebuild();
    writeFileSync(file, good);
    expect((await rebuilt).errors).toEqual([]);
    await page.waitForSelector('#__paydocs_overlay', { state: 'detached' });
    await page.close();
  });

  it('keeps a config error on the overlay, for new connections and across unrelated saves, until the config is fixed', async () => {
    const page = await openPage('/guide');
    const file = path.join(root, 'docs.config.ts');
    const good = readFileSync(file, 'utf8');
    // `docs.config.ts: title: …`, or with the line where the config loader knows it.
    const message = /docs\.config\.ts(:\d+)?: title: expected string or object, received `42`/;
    let rebuilt = dev.nextRebuild();
    writeFileSync(file, good.replace("title: 'Example Docs'", 'title: 42'));
    expect((await rebuilt).errors.map(formatDiagnostic).join('\n')).toMatch(message);
    await page.waitForSelector('#__paydocs_overlay');
    expect(await page.locator('#__paydocs_overlay').innerText()).toMatch(message);
    // A reload (a new connection) is told about it.
    await page.reload();
    expect(await page.locator('#__paydocs_overlay').innerText()).toMatch(message);
    // An unrelated save does not clear it: the server states it again, not `ok`.
    const events = await listen(dev.url);
    rebuilt = dev.nextRebuild();
    appendFileSync(path.join(root, 'content/docs/guide.md'), '\nOne more sentence.\n');
    expect((await rebuilt).errors.map(formatDiagnostic).join('\n')).toMatch(message);
    const state = await events.until((m) => m.type === 'ok' || (m.type === 'error' && events.messages.indexOf(m) > 0));
    events.close();
    expect(state.type).toBe('error');
    expect(state.text).toMatch(message);
    const other = await openPage('/guide');
    expect(await other.locator('#__paydocs_overlay').innerText()).toMatch(message);
    await other.close();
    rebuilt = dev.nextRebuild();
    writeFileSync(file, good);
    expect((await rebuilt).errors).toEqual([]);
    await page.waitForSelector('#__paydocs_overlay', { state: 'detached' });
    await page.close();
  });

  it('survives a React page that throws while rendering: overlay and terminal name the file and line, the last good page is served', async () => {
    const page = await openPage('/landing');
    const file = path.join(root, 'content/pages/landing.tsx');
    const good = readFileSync(file, 'utf8');
    const bad = good.replace('<div className="landing__actions">', '<div className="landing__actions">\n          {(undefined as any).x}');
    const line = bad.split('\n').findIndex((l) => l.includes('(undefined as any).x')) + 1;
    let rebuilt = dev.nextRebuild();
    writeFileSync(file, bad);
    const errors = (await rebuilt).errors.map(formatDiagnostic).join('\n');
    expect(errors).toContain(`content/pages/landing.tsx:${line}:`);
    expect(errors).toMatch(/`\/landing`.*TypeError: Cannot read properties of undefined \(reading 'x'\)/);
    expect(logs.join('\n')).toContain(`content/pages/landing.tsx:${line}:`);
    // The page reloads (a React page changed) and gets its last good render, with the overlay.
    await page.waitForSelector('#__paydocs_overlay');
    expect(await page.locator('#__paydocs_overlay').innerText()).toContain(`content/pages/landing.tsx:${line}:`);
    const res = await fetch(`${dev.url}/landing`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Payments and payouts in one API');
    expect((await fetch(`${dev.url}/ru/landing`)).status).toBe(200);
    rebuilt = dev.nextRebuild();
    writeFileSync(file, good);
    expect((await rebuilt).errors).toEqual([]);
    await page.waitForSelector('#__paydocs_overlay', { state: 'detached' });
    expect((await fetch(`${dev.url}/landing`)).status).toBe(200);
    await page.close();
  });

  it('serves the redirects of content/redirects.yaml as the build writes them, reloads them and reports a broken table', async () => {
    const redirectTo = async (from: string) => /<html[^>]* data-to="([^"]*)"/.exec(await (await fetch(`${dev.url}${from}`)).text())?.[1];
    expect(await redirectTo('/old-guide')).toBe('/guide');
    expect(await redirectTo('/ru/old-guide')).toBe('/ru/guide');
    const page = await browser.newPage();
    await page.goto(`${dev.url}/old-guide?x=1#signing`);
    await page.waitForURL(`${dev.url}/guide?x=1#signing`);
    const file = path.join(root, 'content/redirects.yaml');
    const good = readFileSync(file, 'utf8');
    let rebuilt = dev.nextRebuild();
    writeFileSync(file, good.replace('to: /guide', 'to: /api/create'));
    expect((await rebuilt).errors).toEqual([]);
    expect(await redirectTo('/old-guide')).toBe('/api/create');
    // A loop is an error with its line; the last good table keeps being served.
    rebuilt = dev.nextRebuild();
    writeFileSync(file, `${good}- from: /loop\n  to: /loop\n`);
    const errors = (await rebuilt).errors.map(formatDiagnostic).join('\n');
    expect(errors).toContain('content/redirects.yaml:3: redirect loop: `/loop` → `/loop`');
    expect(logs.join('\n')).toContain('content/redirects.yaml:3: redirect loop');
    const other = await openPage('/guide');
    expect(await other.locator('#__paydocs_overlay').innerText()).toContain('content/redirects.yaml:3: redirect loop');
    expect(await redirectTo('/old-guide')).toBe('/api/create');
    expect((await fetch(`${dev.url}/loop`)).status).toBe(404);
    rebuilt = dev.nextRebuild();
    writeFileSync(file, good);
    expect((await rebuilt).errors).toEqual([]);
    await other.waitForSelector('#__paydocs_overlay', { state: 'detached' });
    expect(await redirectTo('/old-guide')).toBe('/guide');
    await other.close();
    await page.close();
  });

  it('shows drafts in dev', async () => {
    writeFileSync(path.join(root, 'content/docs/draft-page.md'), '---\ntitle: Draft page\ndraft: true\n---\n\nStill writing.\n');
    await dev.nextRebuild();
    const res = await fetch(`${dev.url}/draft-page`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Still writing.');
  });

  it('rechecks a link when the page it points to is written or deleted, though the linking page did not change', async () => {
    const guide = path.join(root, 'content/docs/guide.md');
    const original = readFileSync(guide, 'utf8');
    expect(await newLines(() => writeFileSync(guide, `${original}\nSee [the later page](./later-page.md).\n`))).toContain('link to `./later-page.md`: no file `content/docs/later-page.md`');
    const later = path.join(root, 'content/docs/later-page.md');
    expect(await newLines(() => writeFileSync(later, '---\ntitle: Later page\n---\n\nWritten after the link.\n'))).not.toContain('link to `./later-page.md`');
    expect(await (await fetch(`${dev.url}/guide`)).text()).toContain('href="/later-page"');
    expect(await newLines(() => rmSync(later))).toContain('link to `./later-page.md`: no file `content/docs/later-page.md`');
    await newLines(() => writeFileSync(guide, original));
  });

  it('knows the files of content/static, as the build does: an image there is no warning, a missing one is', async () => {
    const guide = path.join(root, 'content/docs/guide.md');
    const original = readFileSync(guide, 'utf8');
    const out = await newLines(() => writeFileSync(guide, `${original}\n![icon](/img/favicon.svg) <img src="/img/none.png" alt="">\n`));
    expect(out).not.toContain('/img/favicon.svg');
    expect(out).toContain('image `/img/none.png`: no such file');
    await newLines(() => writeFileSync(guide, original));
  });

  it('does not call a file with errors and no good version yet "no file" in the pages that link to it', async () => {
    const guide = path.join(root, 'content/docs/guide.md');
    const original = readFileSync(guide, 'utf8');
    const broken = path.join(root, 'content/docs/broken-from-start.md');
    expect(await newLines(() => writeFileSync(broken, '---\ntitle: Broken\nsidebar_position: two\n---\n\nText.\n'))).toContain('content/docs/broken-from-start.md:3: sidebar_position: expected number, received string');
    const linked = await newLines(() => writeFileSync(guide, `${original}\nSee [the broken page](./broken-from-start.md).\n`));
    expect(linked).toContain('content/docs/broken-from-start.md:3: sidebar_position');
    expect(linked).not.toContain('link to `./broken-from-start.md`');
    await newLines(() => rmSync(broken));
    await newLines(() => writeFileSync(guide, original));
  });

  it("keeps a page's warning listed across saves of other files, and through a quick update of the page itself", async () => {
    const page = path.join(root, 'content/docs/warned.md');
    let rebuilt = dev.nextRebuild();
    writeFileSync(page, '---\ntitle: Warned\n---\n\n# A second h1\n\nText.\n');
    const rules = async (result: Promise<{ warnings: Array<{ rule: string; file?: string }> }>) => (await result).warnings.filter((w) => w.file === 'content/docs/warned.md').map((w) => w.rule);
    expect(await rules(rebuilt)).toEqual(['body-h1']);
    // Another file saved: the page is not compiled again, and its warning stays on the list.
    rebuilt = dev.nextRebuild();
    appendFileSync(path.join(root, 'content/docs/intro.md'), '\nOne more line.\n');
    expect(await rules(rebuilt)).toEqual(['body-h1']);
    // The page itself edited in the body (the quick lane compiles it first): still listed.
    rebuilt = dev.nextRebuild();
    appendFileSync(page, '\nMore text.\n');
    expect(await rules(rebuilt)).toEqual(['body-h1']);
    rebuilt = dev.nextRebuild();
    rmSync(page);
    expect(await rules(rebuilt)).toEqual([]);
  });
});

/**
 * A page of the dev site, hydrated, and listening to the dev server: its dev client's event stream is
 * open (the server counts a client once it has sent the stream's first message, with its headers), so
 * a save from now on reaches the page.
 */
async function openPage(route: string, server = dev): Promise<Page> {
  const page = await newPage(browser);
  const listening = page.waitForResponse((r) => new URL(r.url()).pathname === '/__paydocs/events');
  await goto(page, `${server.url}${route}`);
  await listening;
  return page;
}

interface DevMessage {
  type: string;
  text?: string;
}

/** The dev server's messages, as a page's dev client receives them. */
async function listen(url: string) {
  const abort = new AbortController();
  const res = await fetch(`${url}/__paydocs/events`, { signal: abort.signal });
  const messages: DevMessage[] = [];
  const waiting = new Set<() => void>();
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = res.body!.getReader();
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          messages.push(JSON.parse(buffer.slice('data: '.length, end)) as DevMessage);
          buffer = buffer.slice(end + 2);
          for (const w of waiting) w();
        }
      }
    } catch {
      // closed
    }
  })();
  return {
    messages,
    /** The first message, received so far or later, that passes `test`. */
    until(test: (m: DevMessage) => boolean): Promise<DevMessage> {
      return new Promise((resolve) => {
        const check = () => {
          const found = messages.find(test);
          if (found) (waiting.delete(check), resolve(found));
        };
        waiting.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}

describe('cli/dev/dev-server (the OpenAPI document and content/data)', () => {
  let site: DevServer;
  let dir: string;
  const MINI = `openapi: 3.1.0
info: { title: Mini, version: '1' }
servers: [{ url: 'https://sandbox.example.com/v1' }]
paths:
  /thing/get:
    post:
      operationId: thing_get
      x-page: /api/thing_get
      summary: Get a thing
      requestBody:
        content:
          application/json:
            schema: { type: object, required: [id], properties: { id: { type: string, description: Thing id. } } }
            examples:
              one: { summary: One, value: { id: t_1 } }
      responses:
        '200':
          description: The thing.
`;
  const languages = (code: string, market: string) => `- code: ${code}\n  markets: { en: ${market}, ru: Бразилия }\n`;
  const text = async (route: string) => (await fetch(`${site.url}${route}`)).text();

  beforeAll(async () => {
    dir = copyFixture('basic');
    mkdirSync(path.join(dir, 'content/api'), { recursive: true });
    mkdirSync(path.join(dir, 'content/data'), { recursive: true });
    writeFileSync(path.join(dir, 'content/api/openapi.yaml'), MINI);
    const texts = Object.fromEntries([...shownTexts(YAML.parse(MINI) as OpenApiDocument).keys()].map((k) => [k, 'Текст']));
    writeFileSync(path.join(dir, 'content/api/openapi.ru.yaml'), YAML.stringify({ texts }));
    writeFileSync(path.join(dir, 'content/docs/api/thing_get.md'), '---\ntitle: Get a thing\n---\n\n::api-operation{id="thing_get"}\n');
    writeFileSync(path.join(dir, 'content/docs/languages.md'), '---\ntitle: Languages\n---\n\n::data-table{src="language_codes"}\n');
    // Dev starts with a broken data file.
    writeFileSync(path.join(dir, 'content/data/languages.yaml'), languages('PT', 'Brazil'));
    site = await startDevServer({ root: dir, port: 0, host: '127.0.0.1', log: () => undefined });
  });
  afterAll(async () => {
    await site?.close();
  });

  it('reloads content/data/*.yaml: errors with file and line until fixed, the last good data meanwhile', async () => {
    const events = await listen(site.url);
    expect((await events.until(() => true)).text).toMatch(/content\/data\/languages\.yaml:1(:\d+)?: /);
    events.close();
    const file = path.join(dir, 'content/data/languages.yaml');
    let rebuilt = site.nextRebuild();
    writeFileSync(file, languages('pt', 'Brazil first'));
    expect((await rebuilt).errors).toEqual([]);
    expect(await text('/languages')).toContain('Brazil first');
    rebuilt = site.nextRebuild();
    writeFileSync(file, languages('pt', 'Brazil second'));
    expect((await rebuilt).errors).toEqual([]);
    expect(await text('/languages')).toContain('Brazil second');
    rebuilt = site.nextRebuild();
    writeFileSync(file, languages('PT', 'Brazil broken'));
    expect((await rebuilt).errors.map(formatDiagnostic).join('\n')).toMatch(/content\/data\/languages\.yaml:1(:\d+)?: /);
    const page = await openPage('/languages', site);
    expect(await page.locator('#__paydocs_overlay').innerText()).toContain('content/data/languages.yaml:1');
    expect(await text('/languages')).toContain('Brazil second');
    rebuilt = site.nextRebuild();
    writeFileSync(file, languages('pt', 'Brazil fixed'));
    expect((await rebuilt).errors).toEqual([]);
    await page.waitForSelector('#__paydocs_overlay', { state: 'detached' });
    expect(await text('/languages')).toContain('Brazil fixed');
    await page.close();
  });

  it('reloads content/api/openapi.yaml and recompiles the pages that render it', async () => {
    const file = path.join(dir, 'content/api/openapi.yaml');
    expect(await text('/api/thing_get')).toContain('Thing id.');
    let rebuilt = site.nextRebuild();
    writeFileSync(file, MINI.replace('Thing id.', 'Thing identifier.'));
    expect((await rebuilt).errors).toEqual([]);
    expect(await text('/api/thing_get')).toContain('Thing identifier.');
    rebuilt = site.nextRebuild();
    writeFileSync(file, MINI.replace('Thing id.', 'Broken thing.').replace('          description: The thing.', '          descriptio: The thing.'));
    expect((await rebuilt).errors.map(formatDiagnostic).join('\n')).toContain('content/api/openapi.yaml:17:9: missing required property `description`');
    expect(await text('/api/thing_get')).toContain('Thing identifier.');
    rebuilt = site.nextRebuild();
    writeFileSync(file, MINI);
    expect((await rebuilt).errors).toEqual([]);
    expect(await text('/api/thing_get')).toContain('Thing id.');
  });

  it('reloads the OpenAPI translations when the config changes the locales', async () => {
    let fixed = site.nextRebuild();
    writeFileSync(path.join(dir, 'content/data/languages.yaml'), languages('pt', 'Brazil'));
    await fixed;
    const config = path.join(dir, 'docs.config.ts');
    const original = readFileSync(config, 'utf8');
    expect(await text('/ru/api/thing_get')).toContain('Текст');
    let rebuilt = site.nextRebuild();
    // English only: the locale, its label, its navbar text and its tagline go.
    writeFileSync(config, original.replace("locales: ['en', 'ru']", "locales: ['en']").replace(", ru: { label: 'Русский', htmlLang: 'ru' }", '').replace(", ru: 'Главная'", '').replace(", ru: 'Платежи для примеров.'", ''));
    // The Russian folder is now an error of its own; the API document has nothing to say.
    expect((await rebuilt).errors.map((d) => d.rule)).toEqual(['unknown-locale']);
    // The translation changes meanwhile: the document reloads for English only.
    const translation = path.join(dir, 'content/api/openapi.ru.yaml');
    rebuilt = site.nextRebuild();
    writeFileSync(translation, readFileSync(translation, 'utf8').replaceAll('Текст', 'Новый текст'));
    await rebuilt;
    rebuilt = site.nextRebuild();
    writeFileSync(config, original);
    expect((await rebuilt).errors).toEqual([]);
    expect(await text('/ru/api/thing_get')).toContain('Новый текст');
  });
});
