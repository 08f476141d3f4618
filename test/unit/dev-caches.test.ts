import { utimesSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildRoutes } from '../../cli/pipeline/routes/build-routes.ts';
import { compileDoc, type CompiledPage } from '../../cli/pipeline/compile/compile-markdown.ts';
import { compileSite } from '../../cli/pipeline/compile/compile-site.ts';
import { loadConfig } from '../../cli/pipeline/load/load-config.ts';
import { loadContent, type CategoryEntry, type SourceDoc } from '../../cli/pipeline/load/load-content.ts';
import { createProcessor } from '../../cli/pipeline/compile/markdown/create-processor.ts';
import { createStyleToClass } from '../../cli/pipeline/compile/markdown/highlighter.ts';
import { renderPages, type PageChunk } from '../../cli/pipeline/render/render-pages.ts';
import { DiagnosticList } from '../../cli/diagnostics.ts';
import { copyFixture } from '../helpers/fixture.ts';

const root = copyFixture('basic');
const config = await loadConfig(root);
const assets = { entry: '/assets/entry.js', preload: [], css: ['/assets/style.css'], pageChunks: {} };

function render(pages: Map<string, CompiledPage[]>, categories: ReturnType<typeof loadContent>['categories'], chunkCache: Map<string, PageChunk> | undefined) {
  const locales = buildRoutes({ config, pages, categories, customPages: [] });
  return renderPages({ config, locales, custom: [], assets, chunkCache });
}

describe('dev rebuild caches', () => {
  it('cli/pipeline/render/render-pages: reuses the chunk of an unchanged page and writes a new one only for the edited page', async () => {
    const content = loadContent({ root, config, mode: 'dev', diagnostics: new DiagnosticList() });
    const { pages } = await compileSite(content, { config, diagnostics: new DiagnosticList() });
    const cache = new Map<string, PageChunk>();
    const first = render(pages, content.categories, cache);
    const again = render(pages, content.categories, cache);
    expect([...again.chunkOf]).toEqual([...first.chunkOf]);
    // An edit: the compile cache hands back a new page object with new HTML for one doc only.
    const en = pages.get('en')!;
    const edited = new Map(pages);
    edited.set('en', en.map((p, i) => (i === 0 ? { ...p, html: `${p.html}<p>edit</p>` } : p)));
    const after = render(edited, content.categories, cache);
    const changed = [...after.chunkOf].filter(([href, chunk]) => first.chunkOf.get(href) !== chunk).map(([href]) => href);
    expect(changed).toEqual([en[0]!.href]);
    // The reused chunk is what a fresh render writes.
    const fresh = render(edited, content.categories, new Map());
    expect([...fresh.chunkOf]).toEqual([...after.chunkOf]);
  });

  it('cli/pipeline/render/render-pages: a build holds no page chunk as text before the emit; it writes the text dev serves, under the same name', async () => {
    const content = loadContent({ root, config, mode: 'build', diagnostics: new DiagnosticList() });
    const { pages } = await compileSite(content, { config, diagnostics: new DiagnosticList() });
    const built = render(pages, content.categories, undefined);
    const served = render(pages, content.categories, new Map());
    expect([...built.chunkOf]).toEqual([...served.chunkOf]);
    const chunks = [...built.files].filter(([file]) => file.startsWith('assets/p/'));
    expect(chunks.length).toBe(built.chunkOf.size);
    for (const [file, value] of chunks) {
      expect(typeof value).toBe('function');
      const text = (value as () => string)();
      expect(text).toBe(served.files.get(file));
      expect(text).toMatch(/^export default \{.*"html":/s);
    }
  });

  it('cli/pipeline/load/load-content: re-reads a _category_.yml only when it changed', () => {
    const categoryCache = new Map<string, { mtimeMs: number; entry: CategoryEntry }>();
    const load = () => loadContent({ root, config, mode: 'dev', diagnostics: new DiagnosticList(), categoryCache }).categories.get('en')!;
    const before = load();
    expect(categoryCache.size).toBeGreaterThan(0);
    const [abs, hit] = [...categoryCache][0]!;
    expect(load().get([...before].find(([, e]) => e === hit.entry)![0])).toBe(hit.entry);
    writeFileSync(abs, 'label: Renamed\n');
    utimesSync(abs, new Date(), new Date(Date.now() + 5000));
    expect([...load().values()].map((e) => e.label)).toContain('Renamed');
    // A broken file keeps the folder's last good label and position (the error is reported), as a doc does.
    const renamed = [...load().values()].find((e) => e.label === 'Renamed')!;
    writeFileSync(abs, 'label: Broken\nposition: ten\n');
    utimesSync(abs, new Date(), new Date(Date.now() + 10000));
    const diagnostics = new DiagnosticList();
    const kept = loadContent({ root, config, mode: 'dev', diagnostics, categoryCache }).categories.get('en')!;
    expect(diagnostics.items.map((d) => d.message)).toEqual(['position: expected number, received string']);
    expect([...kept.values()]).toContainEqual(renamed);
  });

  it('cli/pipeline/compile/markdown/remark-code: the highlight cache keys on language, highlighted lines and code', async () => {
    const processor = await createProcessor({ styleToClass: createStyleToClass() });
    const doc = (body: string): SourceDoc => ({ locale: 'en', file: 'content/docs/x.md', relPath: 'x.md', id: 'x', route: '/x', frontmatter: { title: 'X', hide_table_of_contents: false, draft: false, noindex: false }, body, bodyLineOffset: 0, hash: 'h' });
    const compile = (body: string) => compileDoc(doc(body), () => undefined, { config, processor, diagnostics: new DiagnosticList() }).html;
    const plain = compile('```js\nconst a = 1;\nconst b = 2;\n```');
    const marked = compile('```js {2}\nconst a = 1;\nconst b = 2;\n```');
    const python = compile('```python\nconst a = 1;\nconst b = 2;\n```');
    expect(marked).toContain('highlighted');
    expect(plain).not.toContain('highlighted');
    expect(python).not.toBe(plain);
    // A second compile of the same block (served from the cache) is the same markup.
    expect(compile('```js\nconst a = 1;\nconst b = 2;\n```')).toBe(plain);
  });
});
