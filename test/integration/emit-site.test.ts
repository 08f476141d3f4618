import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import { emitSite, listFiles } from '../../cli/pipeline/emit/emit-site.ts';
import { PaydocsError } from '../../cli/diagnostics.ts';
import { copyFixture } from '../helpers/fixture.ts';

/** A folder with a previous site in `dist/`. */
function previousSite(): { parent: string; outDir: string } {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'paydocs-emit-'));
  const outDir = path.join(parent, 'dist');
  mkdirSync(path.join(outDir, 'guide'), { recursive: true });
  writeFileSync(path.join(outDir, 'index.html'), 'old home');
  writeFileSync(path.join(outDir, 'guide/index.html'), 'old guide');
  return { parent, outDir };
}

const snapshot = (dir: string) => Object.fromEntries(listFiles(dir).sort().map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]));

describe('cli/pipeline/emit/emit-site', () => {
  it('swaps the new site in whole and removes the old one', async () => {
    const { parent, outDir } = previousSite();
    await emitSite({ outDir, files: new Map([['index.html', 'new home'], ['api/x/index.html', 'x']]) });
    expect(snapshot(outDir)).toEqual({ 'api/x/index.html': 'x', 'index.html': 'new home' });
    expect(readdirSync(parent)).toEqual(['dist']);
  });

  it('leaves the previous dist/ untouched when writing fails half-way', async () => {
    const { parent, outDir } = previousSite();
    // `a` is a file and also the folder of `a/b`: the write fails after other files were written.
    const files = new Map<string, string>([['index.html', 'new'], ['a', 'file'], ['a/b/index.html', 'x']]);
    await expect(emitSite({ outDir, files })).rejects.toThrow();
    expect(snapshot(outDir)).toEqual({ 'guide/index.html': 'old guide', 'index.html': 'old home' });
    expect(readdirSync(parent)).toEqual(['dist']);
  });

  it('writes a file still being built (a promise) once it settles, after the others; a rejected one fails the emit and keeps the previous dist/', async () => {
    const { outDir } = previousSite();
    const order: string[] = [];
    let settle!: (text: string) => void;
    const late = new Promise<string>((resolve) => (settle = resolve));
    // The index settles once the emit has asked for the page: while the emit runs, not before it.
    const files = new Map<string, string | (() => string) | Promise<string>>([
      ['search.json', late],
      ['index.html', () => (order.push('index.html'), queueMicrotask(() => (order.push('search.json'), settle('{"index":1}'))), 'new home')],
    ]);
    await emitSite({ outDir, files });
    expect(snapshot(outDir)).toEqual({ 'index.html': 'new home', 'search.json': '{"index":1}' });
    expect(order).toEqual(['index.html', 'search.json']);

    const again = previousSite();
    const failed = Promise.reject(new Error('search index worker: out of memory'));
    failed.catch(() => undefined);
    await expect(emitSite({ outDir: again.outDir, files: new Map<string, string | Promise<string>>([['index.html', 'new'], ['search.json', failed]]) })).rejects.toThrow('out of memory');
    expect(snapshot(again.outDir)).toEqual({ 'guide/index.html': 'old guide', 'index.html': 'old home' });
    expect(readdirSync(again.parent)).toEqual(['dist']);
  });

  it('leaves the previous dist/ untouched when the check of the written site fails', async () => {
    const { parent, outDir } = previousSite();
    let seen: string[] = [];
    const verify = async (dir: string) => {
      seen = listFiles(dir);
      throw new PaydocsError([{ severity: 'error', rule: 'broken-link-built', message: 'HTTP 404 for `/x`' }]);
    };
    await expect(emitSite({ outDir, files: new Map([['index.html', 'new']]), verify })).rejects.toThrow('HTTP 404 for `/x`');
    expect(seen).toEqual(['index.html']); // the check saw the complete new site
    expect(snapshot(outDir)).toEqual({ 'guide/index.html': 'old guide', 'index.html': 'old home' });
    expect(readdirSync(parent)).toEqual(['dist']);
  });
});

describe('cli/pipeline/pipeline (atomic)', () => {
  it('a build with content errors writes nothing and keeps the previous dist/', async () => {
    const root = copyFixture('basic');
    const outDir = path.join(root, 'dist');
    await buildSite({ root, outDir });
    const before = snapshot(outDir);
    expect(Object.keys(before)).toContain('guide/index.html');
    writeFileSync(path.join(root, 'content/docs/guide.md'), '---\ntitle: [broken\n---\n');
    await expect(buildSite({ root, outDir })).rejects.toBeInstanceOf(PaydocsError);
    expect(snapshot(outDir)).toEqual(before);
    expect(readdirSync(root).filter((f) => f.startsWith('.dist'))).toEqual([]);
  });

  it('a build with the cache writes what a build without it writes, and nothing of the site it replaced', async () => {
    const root = copyFixture('basic');
    const outDir = path.join(root, 'dist');
    const extra = path.join(root, 'content/docs/extra.md');
    writeFileSync(extra, '---\ntitle: Extra\n---\n\nA page deleted later.\n');
    for (let i = 0; i < 2; i++) await buildSite({ root, outDir, cache: true });
    expect(existsSync(path.join(outDir, 'extra/index.html'))).toBe(true);
    writeFileSync(path.join(root, 'content/docs/guide.md'), `${readFileSync(path.join(root, 'content/docs/guide.md'), 'utf8')}\nA sentence added.\n`);
    rmSync(extra);
    await buildSite({ root, outDir, cache: true });
    const fresh = path.join(root, 'fresh');
    await buildSite({ root, outDir: fresh });
    expect(snapshot(outDir)).toEqual(snapshot(fresh));
    expect(snapshot(outDir)['guide/index.html']).toContain('A sentence added.');
    expect(existsSync(path.join(outDir, 'extra'))).toBe(false);
    expect(readdirSync(root).filter((f) => f.startsWith('.dist'))).toEqual([]);
  });

  it('a build whose built-site link check fails keeps the previous dist/', async () => {
    const root = copyFixture('basic');
    const outDir = path.join(root, 'dist');
    await buildSite({ root, outDir });
    const before = snapshot(outDir);
    // An image that does not exist, in a React page: links and images in Markdown (HTML included) and a
    // React page's links are checked from the source; a React page's images only by the crawl.
    const landing = path.join(root, 'content/pages/landing.tsx');
    writeFileSync(landing, readFileSync(landing, 'utf8').replace('<h1 className="landing__title">', '<img src="/img/missing.png" alt="Flow" />\n        <h1 className="landing__title">'));
    const error = await buildSite({ root, outDir, checkBuiltSite: { external: false, log: () => undefined } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaydocsError);
    // Named at the file the page is built from, at the line of the URL, with the page it is on.
    const line = readFileSync(landing, 'utf8').split('\n').findIndex((l) => l.includes('/img/missing.png')) + 1;
    expect((error as PaydocsError).diagnostics.map((d) => `${d.file}:${d.line}: ${d.message}`)).toEqual([
      `content/pages/landing.tsx:${line}: HTTP 404 for \`/img/missing.png\` on \`/landing\``,
      `content/pages/landing.tsx:${line}: HTTP 404 for \`/img/missing.png\` on \`/ru/landing\``,
    ]);
    expect(snapshot(outDir)).toEqual(before);
    // Built elsewhere (`--out site`): the same, never the temporary folder (a URL no project file writes,
    // such as a redirect page's, is named at the built file under `site/`: check-built-site.test.ts).
    const other = await buildSite({ root, outDir: path.join(root, 'site'), checkBuiltSite: { external: false, log: () => undefined } }).catch((e: unknown) => e);
    expect((other as PaydocsError).diagnostics.map((d) => `${d.file}:${d.line}: ${d.message}`)).toEqual((error as PaydocsError).diagnostics.map((d) => `${d.file}:${d.line}: ${d.message}`));
  });
});
