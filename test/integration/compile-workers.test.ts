import { afterAll, describe, expect, it } from 'vitest';
import { compileSite, startCompileWorkers, startCompileWorkersFor, youngGenerationMb } from '../../cli/pipeline/compile/compile-site.ts';
import { loadConfig } from '../../cli/pipeline/load/load-config.ts';
import { loadContent } from '../../cli/pipeline/load/load-content.ts';
import { DiagnosticList } from '../../cli/diagnostics.ts';
import { fixture } from '../helpers/fixture.ts';
import { loadApi } from '../../cli/pipeline/load/api/load-api.ts';
import { loadData } from '../../cli/pipeline/load/load-data.ts';
import { directivesUsedBy } from '../../cli/pipeline/compile/directives.ts';

const needsLaterData = (doc: { body: string }): boolean => directivesUsedBy(doc.body).length > 0;

const root = fixture('basic');
const config = await loadConfig(root);
const content = loadContent({ root, config, mode: 'build', diagnostics: new DiagnosticList() });
const workers = startCompileWorkers(2);
afterAll(() => workers.close());

/** The page without its source object, for comparing what two compiles produced. */
const output = (pages: Map<string, Array<{ doc: unknown }>>) => [...pages].map(([locale, list]) => [locale, list.map(({ doc: _doc, ...rest }) => rest)]);

describe('cli/pipeline/compile/compile-markdown (worker threads)', () => {
  it('compiles on two workers exactly what one process compiles: same pages in the same order, same highlighting CSS', async () => {
    const inProcess = await compileSite(content, { config, diagnostics: new DiagnosticList() });
    const parallel = await compileSite(content, { config, diagnostics: new DiagnosticList(), workers });
    expect(output(parallel.pages)).toEqual(output(inProcess.pages));
    expect(parallel.css).toBe(inProcess.css);
    expect(parallel.css).toMatch(/^\.sk-/);
    // The source docs are the caller's own objects, not copies that came back from a thread.
    expect(parallel.pages.get('en')![0]!.doc).toBe(content.docs.get('en')![0]);
  });

  it("reports a page's problems with its file and line, as the in-process compile does", async () => {
    const broken = structuredClone(content);
    const doc = broken.docs.get('en')![0]!;
    doc.body = `${doc.body}\n\n\`\`\`nosuchlanguage\nx\n\`\`\`\n`;
    const a = new DiagnosticList();
    const b = new DiagnosticList();
    await compileSite(broken, { config, diagnostics: a });
    await compileSite(broken, { config, diagnostics: b, workers });
    expect(b.items).toEqual(a.items);
    expect(b.items.find((d) => d.rule === 'code-language')).toMatchObject({ file: doc.file, severity: 'warning' });
  });

  it('compiles the docs that need data still loading once it has come, the others meanwhile: the same pages as with all the data at once', async () => {
    // Pages that embed an operation (they need the OpenAPI model), pages with data tables and status
    // diagrams (they need the reference data), and pages that need neither.
    const siteRoot = fixture('api-data');
    const siteConfig = await loadConfig(siteRoot);
    const site = loadContent({ root: siteRoot, config: siteConfig, mode: 'build', diagnostics: new DiagnosticList() });
    const docs = [...site.docs.values()].flat();
    for (const directive of ['::api-operation', '::data-table', '::status-diagram']) expect(docs.filter((d) => d.body.includes(directive)).every(needsLaterData)).toBe(true);
    expect(docs.filter((d) => d.body.includes('::api-operation'))).toHaveLength(8);
    expect(docs.filter((d) => d.body.includes('::data-table'))).toHaveLength(8);
    expect(docs.filter(needsLaterData)).toHaveLength(16);
    expect(docs.filter((d) => !needsLaterData(d))).toHaveLength(6);
    const model = await loadApi({ root: siteRoot, locales: siteConfig.i18n.locales, defaultLocale: siteConfig.i18n.defaultLocale, diagnostics: new DiagnosticList() });
    const reference = loadData({ root: siteRoot, diagnostics: new DiagnosticList() });
    const a = new DiagnosticList();
    const b = new DiagnosticList();
    const inProcess = await compileSite(site, { config: siteConfig, diagnostics: a, data: { api: model, reference } });
    expect(a.items).toEqual([]);
    let arrive!: (data: { api: typeof model; reference: typeof reference }) => void;
    const data = new Promise<{ api: typeof model; reference: typeof reference }>((resolve) => (arrive = resolve));
    const compiling = compileSite(site, { config: siteConfig, diagnostics: b, later: { data, needs: needsLaterData }, workers });
    // The compile has started (the docs that need nothing are on the threads) when the data comes.
    arrive({ api: model, reference });
    const parallel = await compiling;
    expect(output(parallel.pages)).toEqual(output(inProcess.pages));
    expect(b.items).toEqual(a.items);
  });

  it('waits for the later data even when no doc needs it: its loaders report problems of this build', async () => {
    let arrive!: (data: { reference: undefined }) => void;
    let settled = false;
    const waiting = compileSite(content, { config, diagnostics: new DiagnosticList(), later: { data: new Promise((resolve) => (arrive = resolve)), needs: () => false }, workers }).finally(() => (settled = true));
    // The same docs compiled again on the same threads, queued after the first compile's: once they are done, so are its.
    await compileSite(content, { config, diagnostics: new DiagnosticList(), workers });
    expect(settled).toBe(false);
    arrive({ reference: undefined });
    await waiting;
    expect(settled).toBe(true);
    const failing = Promise.reject(new Error('content/data/markets.yaml: cannot read'));
    await expect(compileSite(content, { config, diagnostics: new DiagnosticList(), later: { data: failing, needs: () => false }, workers })).rejects.toThrow('cannot read');
  });

  it('keeps small sites in-process (starting threads costs more than it saves)', () => {
    expect(startCompileWorkersFor(root, 4)).toBeUndefined();
    expect(startCompileWorkersFor(root, 1)).toBeUndefined();
  });

  it("gives a big site's workers a larger young generation, not the real site's (where it only cost memory)", () => {
    const sizes = [0, 450, 1000, 2000, 4500, 22_500].map(youngGenerationMb);
    expect(sizes).toEqual([48, 48, 50, 100, 192, 192]);
  });
});
