/**
 * cli/cache/compile-cache: each doc's compiled page kept in `.paydocs/cache/pages/` between runs. A
 * build from it must write exactly what a build without it writes, and a doc must be compiled again
 * whenever anything it was compiled from changed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { directivesUsedBy } from '../../cli/pipeline/compile/directives.ts';

const needsLaterData = (doc: { body: string }): boolean => directivesUsedBy(doc.body).length > 0;
import { classesIn, COMPILE_CACHE_DIR, compileCacheSpec, stableText } from '../../cli/cache/compile-cache.ts';
import { compileSite, startCompileWorkers } from '../../cli/pipeline/compile/compile-site.ts';
import { loadApi } from '../../cli/pipeline/load/api/load-api.ts';
import { loadConfig } from '../../cli/pipeline/load/load-config.ts';
import { loadContent, type ContentTree, type SourceDoc } from '../../cli/pipeline/load/load-content.ts';
import { loadData } from '../../cli/pipeline/load/load-data.ts';
import { startDevServer } from '../../cli/dev/dev-server.ts';
import { DiagnosticList } from '../../cli/diagnostics.ts';
import { copyFixture, fixture, ROOT } from '../helpers/fixture.ts';
import { buildInto, fileHashes } from '../helpers/site.ts';

const files = fileHashes;

const cacheDir = (site: string) => path.join(site, COMPILE_CACHE_DIR);
const tmpRoot = () => mkdtempSync(path.join(os.tmpdir(), 'paydocs-cache-'));
/** The page without its source object, for comparing what two compiles produced. */
const output = (pages: Map<string, Array<{ doc: unknown }>>) => [...pages].map(([locale, list]) => [locale, list.map(({ doc: _doc, ...rest }) => rest)]);

describe('cli/cache/compile-cache: stableText', () => {
  it('writes equal values alike however V8 holds them, and different values differently', () => {
    const computed = { n: [0.5 * 2, 2 ** 31, -0.25], s: 'а'.repeat(2).slice(1) };
    expect(stableText(computed)).toBe(stableText({ n: [1, 2147483648, -0.25], s: 'а' }));
    expect(stableText(new Map([['a', new Set([1])]]))).toBe(stableText(new Map([['a', new Set([1])]])));
    const distinct = [1, '1', true, 'true', null, undefined, [], {}, { a: undefined }, new Map(), new Set(), [1, 2], [[1], 2], { a: 1, b: 2 }, { b: 2, a: 1 }, 'a"b', new Date(0), /x/];
    expect(new Set(distinct.map(stableText)).size).toBe(distinct.length);
  });

  it('reads highlighting classes from class attributes only', () => {
    const registry = new Map<string, string | Record<string, string>>([['sk-abc', 'color:red'], ['sk-def', { color: 'blue', 'font-style': 'italic' }]]);
    const html = '<pre><span class="line sk-abc">x</span><span class="sk-def">y</span><span class="sk-zzz">z</span></pre><p>sk-abc sk-def class="sk-def"</p>';
    expect(classesIn(html, registry)).toEqual([['sk-abc', 'color:red'], ['sk-def', 'color:blue;font-style:italic']]);
    expect(classesIn('<p>key sk-abc</p>', registry)).toEqual([]);
    // Inline code that shows a class attribute is text, not a tag; a tag's other attributes come before its class.
    expect(classesIn('<p>Write <code>x class="sk-abc"</code> <span title="a > b" data-x class="sk-def">y</span></p>', registry)).toEqual([['sk-def', 'color:blue;font-style:italic']]);
  });
});

describe('cli/cache/compile-cache: builds', () => {
  it('a build from the cache writes exactly what a build without it writes, code highlighting included, and compiles no doc', async () => {
    const site = copyFixture('basic');
    const cold = await buildInto(site, { cache: true });
    expect(cold.result.reused).toBe(0);
    expect(readdirSync(cacheDir(site)).sort()).toEqual([expect.stringMatching(/\.pack$/), 'index.json']);
    const warm = await buildInto(site, { cache: true });
    expect(warm.result.reused).toBe(warm.result.docs);
    expect(warm.result.docs).toBeGreaterThan(4);
    const none = await buildInto(site);
    expect(files(warm.outDir)).toEqual(files(none.outDir));
    expect(files(cold.outDir)).toEqual(files(none.outDir));
    const css = readdirSync(path.join(warm.outDir, 'assets')).filter((f) => f.endsWith('.css')).map((f) => readFileSync(path.join(warm.outDir, 'assets', f), 'utf8'));
    expect(css.join('')).toMatch(/\.sk-[0-9a-z]+\{/);
    // The last run's pack replaced the one before it: the folder does not grow.
    expect(readdirSync(cacheDir(site)).filter((f) => f.endsWith('.pack'))).toHaveLength(1);
  });

  it('compiles again the page edited and the untranslated copy of it, nothing else', async () => {
    const site = copyFixture('basic');
    await buildInto(site, { cache: true });
    const guide = path.join(site, 'content/docs/guide.md');
    writeFileSync(guide, `${readFileSync(guide, 'utf8')}\n\nA sentence added since.\n`);
    const { result, outDir } = await buildInto(site, { cache: true });
    expect(result.reused).toBe(result.docs - 2); // en guide, and ru guide (no translation: the English page again)
    expect(readFileSync(path.join(outDir, 'guide/index.html'), 'utf8')).toContain('A sentence added since.');
    expect(readFileSync(path.join(outDir, 'ru/guide/index.html'), 'utf8')).toContain('A sentence added since.');
  });

  it('compiles a translated page again when the English edit makes it outdated, not when it stays as it was', async () => {
    const site = copyFixture('basic');
    const intro = path.join(site, 'content/docs/intro.md');
    const ruIntro = path.join(site, 'content/i18n/ru/intro.md');
    const hrefs = (r: { result: { reused: number; docs: number } }) => r.result.docs - r.result.reused;
    const before = await buildInto(site, { cache: true });
    // No source_hash recorded: the translation's state does not follow its source, only the English page is compiled.
    writeFileSync(intro, `${readFileSync(intro, 'utf8')}\n\nA sentence added since.\n`);
    const edited = await buildInto(site, { cache: true });
    expect(hrefs(edited)).toBe(1);
    expect(readFileSync(path.join(edited.outDir, 'index.html'), 'utf8')).toContain('A sentence added since.');
    expect(files(edited.outDir)['ru/index.html']).toBe(files(before.outDir)['ru/index.html']);
    // The translation records the hash of the source it translates: current, then outdated by the next English edit.
    const { sourceHash } = await import('../../cli/pipeline/load/read-markdown-file.ts');
    writeFileSync(ruIntro, readFileSync(ruIntro, 'utf8').replace('slug: /', `slug: /\nsource_hash: ${sourceHash(readFileSync(intro, 'utf8'))}`));
    expect(hrefs(await buildInto(site, { cache: true }))).toBe(1);
    writeFileSync(intro, `${readFileSync(intro, 'utf8')}\nAnother sentence.\n`);
    const outdated = await buildInto(site, { cache: true });
    expect(hrefs(outdated)).toBe(2);
    const none = await buildInto(site);
    expect(files(outdated.outDir)).toEqual(files(none.outDir));
  });

  it('reports the warnings of a page that comes from the cache, as the build that compiled it did', async () => {
    const site = copyFixture('basic');
    const guide = path.join(site, 'content/docs/guide.md');
    writeFileSync(guide, `${readFileSync(guide, 'utf8')}\n\n\`\`\`nosuchlanguage\nx\n\`\`\`\n`);
    const first = await buildInto(site, { cache: true });
    const second = await buildInto(site, { cache: true });
    expect(second.result.reused).toBe(second.result.docs);
    const warnings = (r: typeof first) => r.result.warnings.filter((w) => w.rule === 'code-language');
    expect(warnings(first)).toHaveLength(1);
    expect(warnings(second)).toEqual(warnings(first));
    await expect(buildInto(site, { cache: true, strict: true })).rejects.toThrow(/unknown code language `nosuchlanguage`/);
  });

  it('compiles a page again when a page it links to is written: its link goes where the new page is', async () => {
    const site = copyFixture('basic');
    const guide = path.join(site, 'content/docs/guide.md');
    writeFileSync(guide, `${readFileSync(guide, 'utf8')}\n\nSee [the new page](new-page.md).\n`);
    // The link is broken: the build fails, but what it compiled is kept.
    await expect(buildInto(site, { cache: true })).rejects.toThrow(/new-page\.md/);
    writeFileSync(path.join(site, 'content/docs/new-page.md'), '---\ntitle: New page\ndescription: Written after the link to it.\n---\n\nHere.\n');
    const { result, outDir } = await buildInto(site, { cache: true });
    expect(readFileSync(path.join(outDir, 'guide/index.html'), 'utf8')).toMatch(/<a href="\/new-page"[^>]*>the new page<\/a>/);
    // The two guides (they looked the page up) and the two new pages; the others did not link to it.
    expect(result.reused).toBe(result.docs - 4);
  });

  it('compiles every page again when the config changes', async () => {
    const site = copyFixture('basic');
    await buildInto(site, { cache: true });
    const cfg = path.join(site, 'docs.config.ts');
    const before = readFileSync(cfg, 'utf8');
    writeFileSync(cfg, before.replace("brand: 'Examplepay',", "brand: 'Examplepay', theme: { toc: { min: 2, max: 2 }, footer: { copyright: 'Copyright © 2025 Examplepay' } },").replace(/\n  theme: \{ footer[^\n]*\n/, '\n'));
    expect(readFileSync(cfg, 'utf8')).not.toBe(before);
    const { result } = await buildInto(site, { cache: true });
    expect(result.reused).toBe(0);
  });

  it('compiles on: a cache that is not one, or cannot be written, is no cache', async () => {
    const site = copyFixture('basic');
    const none = await buildInto(site);
    const dir = cacheDir(site);
    const index = () => JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8')) as { entries: Record<string, unknown[]> };
    const packs = () => readdirSync(dir).filter((f) => f.endsWith('.pack'));
    const docs = (await buildInto(site, { cache: true })).result.docs;
    // Packs whose bytes are not entries, the index intact.
    for (const f of packs()) writeFileSync(path.join(dir, f), 'not an entry '.repeat(100_000));
    const garbled = await buildInto(site, { cache: true });
    expect(garbled.result.reused).toBe(0);
    expect(files(garbled.outDir)).toEqual(files(none.outDir));
    // Entries damaged in place, same length: a byte changed in the middle of every entry.
    for (const place of Object.values(index().entries)) {
      const [pack, offset, length] = place as [string, number, number];
      const bytes = readFileSync(path.join(dir, pack));
      bytes[offset + Math.floor(length / 2)]! ^= 0x20;
      writeFileSync(path.join(dir, pack), bytes);
    }
    const damaged = await buildInto(site, { cache: true });
    expect(damaged.result.reused).toBe(0);
    expect(files(damaged.outDir)).toEqual(files(none.outDir));
    // Entries cut short: the index points past the end of the pack.
    const long = index();
    for (const place of Object.values(long.entries)) (place as number[])[2] += 1_000_000;
    writeFileSync(path.join(dir, 'index.json'), JSON.stringify(long));
    expect((await buildInto(site, { cache: true })).result.reused).toBe(0);
    // An index whose places are not places, or that is not an index.
    for (const text of ['{"format":1,"entries":{"en\\u0000guide.md":null,"en\\u0000intro.md":5,"x":{},"y":["../../../etc/passwd",0,10,"0"]}}', '{"format":1,"entries":[1]}', 'null', '[']) {
      writeFileSync(path.join(dir, 'index.json'), text);
      const odd = await buildInto(site, { cache: true });
      expect(odd.result.reused).toBe(0);
      expect(files(odd.outDir)).toEqual(files(none.outDir));
    }
    expect((await buildInto(site, { cache: true })).result.reused).toBe(docs);
    // A file where the cache folder goes: nothing can be written, the build goes on.
    rmSync(path.join(site, '.paydocs'), { recursive: true });
    mkdirSync(path.join(site, '.paydocs'));
    writeFileSync(path.join(site, '.paydocs/cache'), 'not a folder');
    for (let i = 0; i < 2; i++) {
      const blocked = await buildInto(site, { cache: true });
      expect(blocked.result.reused).toBe(0);
      expect(files(blocked.outDir)).toEqual(files(none.outDir));
    }
  });

  it('keeps the pages of the locales a build leaves out (--locale ru) for the next build of them all', async () => {
    const site = copyFixture('basic');
    const all = await buildInto(site, { cache: true });
    const ru = await buildInto(site, { cache: true, locales: ['ru'] });
    expect(ru.result.reused).toBe(0); // another config: only Russian
    const again = await buildInto(site, { cache: true });
    const en = all.result.docs - ru.result.docs;
    expect(en).toBeGreaterThan(2);
    expect(again.result.reused).toBe(en);
    expect(files(again.outDir)).toEqual(files(all.outDir));
    expect((await buildInto(site, { cache: true })).result.reused).toBe(all.result.docs);
  });

  it('drops a deleted page from the index', async () => {
    const site = copyFixture('basic');
    const page = path.join(site, 'content/docs/brief.md');
    writeFileSync(page, '---\ntitle: Brief\ndescription: Here for a while.\n---\n\nSoon gone.\n');
    await buildInto(site, { cache: true });
    const names = () => Object.keys((JSON.parse(readFileSync(path.join(cacheDir(site), 'index.json'), 'utf8')) as { entries: object }).entries);
    expect(names()).toEqual(expect.arrayContaining(['en\0brief.md', 'ru\0brief.md', 'en\0guide.md']));
    rmSync(page);
    const { result } = await buildInto(site, { cache: true });
    expect(names()).not.toContain('en\0brief.md');
    expect(names()).not.toContain('ru\0brief.md');
    expect(names()).toHaveLength(result.docs);
    expect(result.reused).toBe(result.docs);
  });
});

// Pages that render the OpenAPI document, pages with data tables, pages with neither (`guide.md` is not translated).
const siteRoot = fixture('api-data');
const config = await loadConfig(siteRoot);
const all = loadContent({ root: siteRoot, config, mode: 'build', diagnostics: new DiagnosticList() });
const pick = ['api/transaction_create.md', 'callbacks.md', 'reference/test_cards.md', 'reference/transaction_statuses.md', 'guide.md', 'intro.md'];
// The status page without its data tables: a page whose only use of the data is `::status-diagram`.
const diagramOnly = (d: SourceDoc): SourceDoc => ({ ...d, body: d.body.replace(/^::data-table.*$/gm, '') });
const some: ContentTree = { ...all, docs: new Map([...all.docs].map(([locale, docs]) => [locale, docs.filter((d) => pick.includes(d.relPath)).map((d) => (d.relPath === 'reference/transaction_statuses.md' ? diagramOnly(d) : d))])) };
const api = await loadApi({ root: siteRoot, locales: config.i18n.locales, defaultLocale: config.i18n.defaultLocale, diagnostics: new DiagnosticList() });
const reference = loadData({ root: siteRoot, diagnostics: new DiagnosticList() });

describe('cli/cache/compile-cache: the data a page renders', () => {
  it('has the pages it needs', () => {
    const docs = [...some.docs.values()].flat();
    expect(docs.map((d) => d.relPath).sort()).toEqual([...pick, ...pick].sort());
    expect(docs.filter((d) => d.body.includes('::api-operation'))).toHaveLength(4);
    expect(docs.filter((d) => d.body.includes('::data-table'))).toHaveLength(2);
    expect(docs.filter((d) => d.body.includes('::status-diagram') && !d.body.includes('::data-table'))).toHaveLength(2);
    expect(docs.filter(needsLaterData)).toHaveLength(8);
  });

  for (const where of ['in-process', 'on worker threads'] as const) {
    it(`compiles again, ${where}, the pages that render the data that changed, and reuses the rest`, async () => {
      const spec = () => compileCacheSpec(tmp, 'test-compiler', config);
      const tmp = tmpRoot();
      // New threads for each compile, as each build starts its own: their highlighters have met no code yet.
      const compile = async (data: object) => {
        if (where === 'in-process') return compileSite(some, { config, diagnostics: new DiagnosticList(), data, cache: spec() });
        const workers = startCompileWorkers(2);
        try {
          return await compileSite(some, { config, diagnostics: new DiagnosticList(), data, cache: spec(), workers });
        } finally {
          await workers.close();
        }
      };
      const fresh = await compileSite(some, { config, diagnostics: new DiagnosticList(), data: { api, reference } });
      const cold = await compile({ api, reference });
      expect(cold.reused).toBe(0);
      const warm = await compile({ api, reference });
      expect(warm.reused).toBe(12);
      expect(output(warm.pages)).toEqual(output(fresh.pages));
      expect(warm.css).toBe(fresh.css);
      // Data loaded again is the same data: nothing to compile.
      const reloaded = structuredClone({ api, reference });
      expect((await compile(reloaded)).reused).toBe(12);
      // A test card's brand renamed: the two pages of each locale that render the reference data.
      const renamed = structuredClone({ api, reference });
      renamed.reference!.testCards = renamed.reference!.testCards!.map((card, i) => (i === 0 ? { ...card, brand: 'Mir' as const } : card));
      const afterData = await compile(renamed);
      expect(afterData.reused).toBe(8);
      // An operation described otherwise: the two API pages of each locale.
      const described = structuredClone(renamed);
      const op = JSON.stringify(described.api);
      expect(op).toContain('"summary":"Create a transaction"');
      described.api = JSON.parse(op.replace('"summary":"Create a transaction"', '"summary":"Start a transaction"')) as typeof api;
      const afterApi = await compile(described);
      expect(afterApi.reused).toBe(8);
      expect(output(afterApi.pages)).toEqual(output((await compileSite(some, { config, diagnostics: new DiagnosticList(), data: described })).pages));
      rmSync(tmp, { recursive: true, force: true });
    });
  }
});

describe('paydocs build and dev with the cache', () => {
  const bin = path.join(ROOT, 'bin/paydocs.js');
  it('says how many pages came from the cache; --no-cache neither reads nor writes it', () => {
    const site = copyFixture('basic');
    const run = (...args: string[]) => spawnSync(process.execPath, [bin, 'build', '--out', path.join(site, 'dist'), ...args], { cwd: site, encoding: 'utf8' });
    const none = run('--no-cache');
    expect(none.status, none.stderr).toBe(0);
    expect(existsSync(path.join(site, '.paydocs'))).toBe(false);
    const first = run();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).not.toContain('from .paydocs/cache');
    const second = run();
    expect(second.stdout).toMatch(/; (\d+) of \1 Markdown pages unchanged, from \.paydocs\/cache\) into dist in/);
    expect(run('--no-cache').stdout).not.toContain('.paydocs/cache');
  });

  it('dev starts from the cache and serves what it served when it compiled every page', async () => {
    const site = copyFixture('basic');
    const guide = path.join(site, 'content/docs/guide.md');
    const serve = async (edit?: string) => {
      const logs: string[] = [];
      const dev = await startDevServer({ root: site, port: 0, host: '127.0.0.1', log: (line) => logs.push(line), cache: true });
      try {
        const html = await (await fetch(`${dev.url}/guide`)).text();
        const css = await Promise.all([...html.matchAll(/href="(\/assets\/style-[^"]+\.css)"/g)].map(async (m) => (await fetch(dev.url + m[1])).text()));
        let edited: string | undefined;
        if (edit) {
          // A save after a start from the cache still shows.
          const rebuilt = dev.nextRebuild();
          writeFileSync(guide, `${readFileSync(guide, 'utf8')}\n\n${edit}\n`);
          expect((await rebuilt).errors).toEqual([]);
          edited = await (await fetch(`${dev.url}/guide`)).text();
        }
        return { html, css: css.join(''), logs: logs.join('\n'), edited };
      } finally {
        await dev.close();
      }
    };
    const first = await serve();
    expect(first.logs).toContain('(watching content/)');
    const second = await serve('A sentence saved while dev ran.');
    expect(second.edited).toContain('A sentence saved while dev ran.');
    expect(second.logs).toMatch(/\(watching content\/; (\d+) of \1 Markdown pages unchanged, from \.paydocs\/cache\)/);
    expect(second.html).toBe(first.html);
    expect(second.css).toBe(first.css);
    expect(second.css).toMatch(/\.sk-[0-9a-z]+\{/);
  });
});
