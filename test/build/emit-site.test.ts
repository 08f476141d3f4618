import { chmodSync, existsSync, linkSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../cli/pipeline/pipeline.ts';
import { emitSite, listFiles } from '../../cli/pipeline/emit/emit-site.ts';
import { SPARE_OUTPUT_DIR } from '../../cli/pipeline/output-site.ts';
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

describe('cli/build/emit-site', () => {
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
    const files = new Map<string, string | (() => string) | Promise<string>>([
      ['search.json', late],
      ['index.html', () => (order.push('index.html'), 'new home')],
    ]);
    setTimeout(() => (order.push('search.json'), settle('{"index":1}')), 20);
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

describe('cli/build/emit-site: writing over the replaced site (spareDir)', () => {
  it('keeps the site it replaces, and the next emit writes over it: only the new site is left, whatever the old one had', async () => {
    const { parent, outDir } = previousSite();
    const spareDir = path.join(parent, '.paydocs/cache/output/x');
    await emitSite({ outDir, files: new Map([['index.html', 'first home'], ['guide/index.html', 'first guide'], ['a', 'a file'], ['c/one.html', 'one'], ['c/d/two.html', 'two']]), spareDir });
    // The site it replaced is the spare now; nothing else is left beside dist/.
    expect(snapshot(spareDir)).toEqual({ 'guide/index.html': 'old guide', 'index.html': 'old home' });
    expect(readdirSync(parent).sort()).toEqual(['.paydocs', 'dist']);
    // The spare of the next emit: the first site, with a link out of it where a file will be written.
    await emitSite({ outDir, files: new Map([['index.html', 'second home']]), spareDir });
    const outside = path.join(parent, 'outside.txt');
    writeFileSync(outside, 'not to be written');
    symlinkSync(outside, path.join(spareDir, 'linked.html'));
    const inode = statSync(path.join(spareDir, 'guide/index.html')).ino;
    const staticDir = path.join(parent, 'static');
    mkdirSync(path.join(staticDir, 'img'), { recursive: true });
    writeFileSync(path.join(staticDir, 'img/logo.svg'), '<svg/>');
    // `a` was a file and is a folder now, `c` a folder and now a file; `linked.html` is written, not followed.
    await emitSite({ outDir, files: new Map([['index.html', 'third home'], ['guide/index.html', 'third guide'], ['a/b/index.html', 'b'], ['c', 'c file'], ['linked.html', 'page']]), staticDir, spareDir });
    expect(snapshot(outDir)).toEqual({ 'a/b/index.html': 'b', c: 'c file', 'guide/index.html': 'third guide', 'img/logo.svg': '<svg/>', 'index.html': 'third home', 'linked.html': 'page' });
    expect(lstatSync(path.join(outDir, 'linked.html')).isFile()).toBe(true);
    expect(readFileSync(outside, 'utf8')).toBe('not to be written');
    // Written over, not made anew.
    expect(statSync(path.join(outDir, 'guide/index.html')).ino).toBe(inode);
    expect(snapshot(spareDir)).toEqual({ 'index.html': 'second home' });
    expect(readdirSync(parent).sort()).toEqual(['.paydocs', 'dist', 'outside.txt', 'static']);
  });

  it('a failed emit over the spare keeps the previous dist/ and leaves nothing behind', async () => {
    const { parent, outDir } = previousSite();
    const spareDir = path.join(parent, 'spare');
    await emitSite({ outDir, files: new Map([['index.html', 'first home']]), spareDir });
    const before = snapshot(outDir);
    await expect(emitSite({ outDir, files: new Map([['index.html', 'new'], ['a', 'file'], ['a/b/index.html', 'x']]), spareDir })).rejects.toThrow();
    expect(snapshot(outDir)).toEqual(before);
    expect(readdirSync(parent)).toEqual(['dist']);
    // The next emit starts anew.
    await emitSite({ outDir, files: new Map([['index.html', 'third']]), spareDir });
    expect(snapshot(outDir)).toEqual({ 'index.html': 'third' });
  });

  it('never empties or writes through a link: an output folder that links elsewhere, or a link where the spare goes', async () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'paydocs-emit-'));
    const target = path.join(parent, 'served');
    mkdirSync(target);
    writeFileSync(path.join(target, 'index.html'), 'served home');
    writeFileSync(path.join(target, 'CNAME'), 'docs.example.com');
    const outDir = path.join(parent, 'dist');
    symlinkSync(target, outDir);
    const spareDir = path.join(parent, 'spare');
    for (let i = 0; i < 2; i++) await emitSite({ outDir, files: new Map([['index.html', `home ${i}`]]), spareDir });
    expect(snapshot(outDir)).toEqual({ 'index.html': 'home 1' });
    expect(snapshot(target)).toEqual({ CNAME: 'docs.example.com', 'index.html': 'served home' });
    // A link where the spare goes: not taken for a site to write over.
    rmSync(spareDir, { recursive: true, force: true });
    symlinkSync(target, spareDir);
    await emitSite({ outDir, files: new Map([['index.html', 'home 2']]), spareDir });
    expect(snapshot(outDir)).toEqual({ 'index.html': 'home 2' });
    expect(snapshot(target)).toEqual({ CNAME: 'docs.example.com', 'index.html': 'served home' });
  });

  it('writes anew, rather than over, a file with another name (a hard link) or another mode', async () => {
    const { parent, outDir } = previousSite();
    const spareDir = path.join(parent, 'spare');
    await emitSite({ outDir, files: new Map([['index.html', 'home'], ['guide/index.html', 'guide']]), spareDir });
    await emitSite({ outDir, files: new Map([['index.html', 'home'], ['guide/index.html', 'guide']]), spareDir });
    // The spare is the first of these sites: a snapshot shares its home page, and its guide is executable.
    const snapshotCopy = path.join(parent, 'snapshot.html');
    linkSync(path.join(spareDir, 'index.html'), snapshotCopy);
    chmodSync(path.join(spareDir, 'guide/index.html'), 0o700);
    const mode = statSync(path.join(outDir, 'index.html')).mode & 0o7777;
    await emitSite({ outDir, files: new Map([['index.html', 'new home'], ['guide/index.html', 'new guide']]), spareDir });
    expect(snapshot(outDir)).toEqual({ 'guide/index.html': 'new guide', 'index.html': 'new home' });
    expect(readFileSync(snapshotCopy, 'utf8')).toBe('home');
    expect(statSync(path.join(outDir, 'guide/index.html')).mode & 0o7777).toBe(mode);
  });

  const shm = '/dev/shm';
  const secondFileSystem = existsSync(shm) && statSync(shm).dev !== statSync(os.tmpdir()).dev;
  it.skipIf(!secondFileSystem)('deletes the replaced site when the spare cannot be kept on its file system', async () => {
    const { parent, outDir } = previousSite();
    const spareDir = path.join(mkdtempSync(path.join(shm, 'paydocs-spare-')), 'spare');
    await emitSite({ outDir, files: new Map([['index.html', 'new home']]), spareDir });
    expect(snapshot(outDir)).toEqual({ 'index.html': 'new home' });
    expect(readdirSync(parent)).toEqual(['dist']);
    expect(existsSync(spareDir)).toBe(false);
  });
});

describe('cli/build/build-site (atomic)', () => {
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

  it('a build with the cache writes over the site the build before it replaced, and writes what a build without it writes', async () => {
    const root = copyFixture('basic');
    const outDir = path.join(root, 'dist');
    const extra = path.join(root, 'content/docs/extra.md');
    writeFileSync(extra, '---\ntitle: Extra\n---\n\nA page deleted later.\n');
    for (let i = 0; i < 2; i++) await buildSite({ root, outDir, cache: true });
    expect(existsSync(path.join(outDir, 'extra/index.html'))).toBe(true);
    const spare = path.join(root, SPARE_OUTPUT_DIR);
    const inode = statSync(path.join(spare, 'guide/index.html')).ino;
    writeFileSync(path.join(root, 'content/docs/guide.md'), `${readFileSync(path.join(root, 'content/docs/guide.md'), 'utf8')}\nA sentence added.\n`);
    rmSync(extra);
    await buildSite({ root, outDir, cache: true });
    expect(statSync(path.join(outDir, 'guide/index.html')).ino).toBe(inode);
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
