import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { compileDoc, type CompiledPage } from '../../cli/pipeline/compile/compile-markdown.ts';
import type { SourceDoc } from '../../cli/pipeline/load/load-content.ts';
import { validateConfig } from '../../cli/pipeline/load/load-config.ts';
import { createProcessor } from '../../cli/pipeline/compile/markdown/create-processor.ts';
import { createStyleToClass } from '../../cli/pipeline/compile/markdown/highlighter.ts';
import { writeFeeds } from '../../cli/pipeline/emit/write-feeds.ts';
import { DiagnosticList, formatDiagnostic } from '../../cli/diagnostics.ts';
import siteConfig from '../../docs.config.ts';
import { PROJECT_ROOT } from '../helpers/site.ts';

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

describe('content: the changelog links the Atom feed of its own language', () => {
  /** The real changelog of a locale, compiled, and the feed the build writes for it. */
  const real = (locale: string) => {
    const file = locale === 'en' ? 'content/docs/changelog.md' : `content/i18n/${locale}/changelog.md`;
    const text = readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
    const m = /^---\n([\s\S]*?)\n---\n/.exec(text)!;
    const fm = YAML.parse(m[1]!) as { title: string };
    return compile(text.slice(m[0].length), { locale, relPath: 'changelog.md', frontmatter: { title: fm.title, hide_table_of_contents: false, draft: false, noindex: false }, bodyLineOffset: m[0].split('\n').length - 1 });
  };

  it('in every locale, the feed link is the feed written for that page', () => {
    const pages = new Map(config.i18n.locales.map((l) => [l, [real(l).page]]));
    const diagnostics = new DiagnosticList();
    const feeds = writeFeeds({ config, pages, diagnostics });
    expect(diagnostics.items.map(formatDiagnostic)).toEqual([]);
    for (const [locale, [page]] of pages) {
      const feed = feeds.links.get(page!.href)!.href;
      expect(feed, locale).toBe(locale === config.i18n.defaultLocale ? '/changelog.atom' : `/${locale}/changelog.atom`);
      const atom = hrefs(page!.html).filter((h) => h.endsWith('.atom'));
      expect(atom, locale).toEqual([feed]);
    }
  });
});
