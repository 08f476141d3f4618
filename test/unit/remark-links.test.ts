import { describe, expect, it } from 'vitest';
import { compileDoc, type CompiledPage } from '../../cli/pipeline/compile/compile-markdown.ts';
import type { SourceDoc } from '../../cli/pipeline/load/load-content.ts';
import { validateConfig } from '../../cli/pipeline/load/load-config.ts';
import { createProcessor } from '../../cli/pipeline/compile/markdown/create-processor.ts';
import { createStyleToClass } from '../../cli/pipeline/compile/markdown/highlighter.ts';
import { DiagnosticList, formatDiagnostic } from '../../cli/diagnostics.ts';
import siteConfig from '../fixtures/full-config/docs.config.ts';

const config = validateConfig(siteConfig);
const processor = await createProcessor({ styleToClass: createStyleToClass() });
const routes: Record<string, string> = { 'changelog.md': '/changelog', 'api/transaction_find.md': '/api/transaction_find' };

function compile(body: string, opts: { locale: string; relPath: string; frontmatter?: SourceDoc['frontmatter']; bodyLineOffset?: number }): { page: CompiledPage; errors: string[] } {
  const diagnostics = new DiagnosticList();
  const doc: SourceDoc = {
    locale: opts.locale,
    file: `${opts.locale === 'en' ? 'content/docs' : `content/i18n/${opts.locale}`}/${opts.relPath}`,
    relPath: opts.relPath,
    id: opts.relPath.replace(/\.md$/, ''),
    route: routes[opts.relPath] ?? '/x',
    frontmatter: opts.frontmatter ?? { title: 'T', hide_table_of_contents: false, draft: false, noindex: false },
    body,
    bodyLineOffset: opts.bodyLineOffset ?? 4,
    hash: 'abc',
  };
  const page = compileDoc(doc, (rel) => routes[rel], { config, processor, diagnostics });
  return { page, errors: diagnostics.items.map(formatDiagnostic) };
}

const hrefs = (html: string) => [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!);

describe('cli/pipeline/compile/markdown/remark-links: links to the changelog feed', () => {
  const body = '[absolute](/changelog.atom), [relative](./changelog.atom), [image](/img/flow.png), [no feed](/api/transaction_find.atom)';

  it('point at the feed of the page\'s own locale, absolute or relative', () => {
    const ru = compile(body, { locale: 'ru', relPath: 'changelog.md' });
    expect(ru.errors).toEqual([]);
    expect(hrefs(ru.page.html)).toEqual(['/ru/changelog.atom', '/ru/changelog.atom', '/img/flow.png', '/api/transaction_find.atom']);
    expect(ru.page.links.slice(0, 2).map((l) => ({ kind: l.kind, path: l.path }))).toEqual([
      { kind: 'path', path: '/ru/changelog.atom' },
      { kind: 'path', path: '/ru/changelog.atom' },
    ]);
    const en = compile(body, { locale: 'en', relPath: 'changelog.md' });
    expect(hrefs(en.page.html)).toEqual(['/changelog.atom', '/changelog.atom', '/img/flow.png', '/api/transaction_find.atom']);
  });

  it('resolve a relative link from another folder, keeping the fragment', () => {
    const { page } = compile('[feed](../changelog.atom#2025-10-14)', { locale: 'ru', relPath: 'api/transaction_find.md' });
    expect(hrefs(page.html)).toEqual(['/ru/changelog.atom#2025-10-14']);
  });
});
