import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildRoutes, type DocRoute } from '../../cli/pipeline/routes/build-routes.ts';
import { compileMarkdown, type CompiledPage } from '../../cli/pipeline/compile/compile-markdown.ts';
import { loadConfig } from '../../cli/pipeline/load/load-config.ts';
import { loadContent } from '../../cli/pipeline/load/load-content.ts';
import { createProcessor } from '../../cli/pipeline/compile/markdown/create-processor.ts';
import { createStyleToClass } from '../../cli/pipeline/compile/markdown/highlighter.ts';
import { DiagnosticList } from '../../cli/diagnostics.ts';

const root = path.resolve(import.meta.dirname, '../fixtures/basic');
const config = await loadConfig(root);
const diagnostics = new DiagnosticList();
const content = loadContent({ root, config, mode: 'build', diagnostics });
const pages = compileMarkdown(content, { config, processor: await createProcessor({ styleToClass: createStyleToClass() }), diagnostics });
const locales = buildRoutes({ config, pages, categories: content.categories, customPages: ['landing'] });

describe('cli/pipeline/routes/build-routes', () => {
  it('makes one route per doc and locale, the intro at / and /ru/, custom pages in both', () => {
    expect(locales.map((l) => [l.locale, l.routes.map((r) => r.href).sort()])).toEqual([
      ['en', ['/', '/api/create', '/guide', '/landing']],
      ['ru', ['/ru/', '/ru/api/create', '/ru/guide', '/ru/landing']],
    ]);
  });

  it('generates the docs sidebar from the folder tree with ordered, translated categories', () => {
    const [en, ru] = locales;
    expect(en!.sidebar).toEqual([
      { type: 'doc', label: 'Introduction', href: '/' },
      { type: 'doc', label: 'Guide', href: '/guide' },
      { type: 'category', key: 'api', label: 'API', collapsed: true, items: [{ type: 'doc', label: 'Create a payment', href: '/api/create' }] },
    ]);
    expect(ru!.sidebar[0]).toEqual({ type: 'doc', label: 'Введение', href: '/ru/' });
    expect(ru!.sidebar[2]).toMatchObject({ type: 'category', label: 'API (рус)' });
  });

  it('links prev/next in sidebar order and builds breadcrumbs through categories', () => {
    const byHref = new Map(locales[0]!.routes.filter((r): r is DocRoute => r.kind === 'doc').map((r) => [r.href, r]));
    expect(byHref.get('/')!.prev).toBeUndefined();
    expect(byHref.get('/')!.next).toEqual({ label: 'Guide', href: '/guide' });
    expect(byHref.get('/guide')!.next).toEqual({ label: 'Create a payment', href: '/api/create' });
    expect(byHref.get('/api/create')!.prev).toEqual({ label: 'Guide', href: '/guide' });
    expect(byHref.get('/api/create')!.breadcrumbs.map((b) => b.label)).toEqual(['', 'API', 'Create a payment']);
    expect(byHref.get('/api/create')!.alternates).toEqual([
      { locale: 'en', hrefLang: 'en', href: '/api/create' },
      { locale: 'ru', hrefLang: 'ru', href: '/ru/api/create' },
    ]);
  });

  it("labels prev/next with the target page's title, not its sidebar label (which repeats across providers)", () => {
    // Two pages with the same short sidebar label, as the providers' "Pay-in (payment page)" pages have.
    const fm = (p: CompiledPage, extra: Partial<CompiledPage['doc']['frontmatter']>): CompiledPage => ({ ...p, doc: { ...p.doc, frontmatter: { ...p.doc.frontmatter, ...extra } } });
    const en = pages.get('en')!.map((p) => (p.doc.id === 'intro' ? p : fm(p, { sidebar_label: 'Pay-in', ...(p.doc.id === 'guide' ? { pagination_prev: 'api/create' } : {}) })));
    const [routes] = buildRoutes({ config, pages: new Map([['en', en]]), categories: content.categories, customPages: [] });
    const byHref = new Map(routes!.routes.filter((r): r is DocRoute => r.kind === 'doc').map((r) => [r.href, r]));
    // The sidebar and the breadcrumbs keep the short label: the categories around it give the context.
    expect(routes!.sidebar[1]).toEqual({ type: 'doc', label: 'Pay-in', href: '/guide' });
    expect(byHref.get('/api/create')!.breadcrumbs.at(-1)).toEqual({ label: 'Pay-in', href: '/api/create' });
    // Sidebar order, and a link named in `pagination_prev`: both carry the title.
    expect(byHref.get('/')!.next).toEqual({ label: 'Guide', href: '/guide' });
    expect(byHref.get('/guide')!.next).toEqual({ label: 'Create a payment', href: '/api/create' });
    expect(byHref.get('/guide')!.prev).toEqual({ label: 'Create a payment', href: '/api/create' });
    expect(byHref.get('/api/create')!.prev).toEqual({ label: 'Guide', href: '/guide' });
  });
});
