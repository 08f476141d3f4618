import { VFile } from 'vfile';
import type { PaydocsConfig } from '../../../config/index.ts';
import { stringsFor } from '../../../shared/i18n/strings.ts';
import { DiagnosticList, type Diagnostic } from '../../diagnostics.ts';
import type { ContentTree, SourceDoc } from '../load/load-content.ts';
import type { MarkdownProcessor } from './markdown/create-processor.ts';
import type { DirectiveMarkdown, LinkRef, MarkdownData, PageFileData, Section, TocItem } from './markdown/types.ts';
import { sitePath } from '../routes/site-paths.ts';

export interface CompiledPage {
  doc: SourceDoc;
  /** Site path with base and locale prefix: `/ru/api/x`. */
  href: string;
  html: string;
  toc: TocItem[];
  links: LinkRef[];
  sections: Section[];
  headingIds: string[];
  /** What the content directives wrote, as Markdown, where the body has them (see `pageMarkdown`); absent when none. */
  markdown?: DirectiveMarkdown[];
}

export interface CompileOptions {
  config: PaydocsConfig;
  processor: MarkdownProcessor;
  diagnostics: DiagnosticList;
  /** Compiled pages of earlier runs, reused while the source is the same object (dev). */
  cache?: WeakMap<SourceDoc, CompiledPage>;
  /** Data the directives render (the API document). */
  data?: MarkdownData;
}

/** What the plugins read and leave behind for one doc: `file.data.paydocs` (see types.ts). */
export function pageFileData(doc: SourceDoc, routeOfRelPath: (rel: string) => string | undefined, config: PaydocsConfig, data: MarkdownData = {}): PageFileData {
  return {
    ctx: {
      locale: doc.locale,
      relPath: doc.relPath,
      file: doc.file,
      bodyLineOffset: doc.bodyLineOffset,
      strings: stringsFor(doc.locale),
      routeOfRelPath,
      localizePath: (route) => (route.startsWith(config.baseUrl) && route !== '/' && isLocalized(config, route) ? route : sitePath(config, doc.locale, route)),
      tocMin: config.theme.toc.min,
      tocMax: config.theme.toc.max,
      allowScripts: config.markdown.allowScripts,
      data,
    },
    out: { toc: [], links: [], sections: [], headingIds: [], markdown: [], problems: [] },
  };
}

/**
 * Compiles one doc. Problems found by the plugins go to `diagnostics` with the file's real line
 * numbers (an untranslated copy of an English page leaves them to that page).
 */
export function compileDoc(doc: SourceDoc, routeOfRelPath: (rel: string) => string | undefined, options: CompileOptions): CompiledPage {
  const { config, processor, diagnostics } = options;
  const file = new VFile({ value: doc.body, path: doc.file });
  const data = pageFileData(doc, routeOfRelPath, config, options.data);
  file.data.paydocs = data;
  const html = String(processor.processSync(file));
  // An untranslated page is the English file compiled again: its problems are the English page's, said
  // once there, unless the build leaves the default locale out (`--locale ru`).
  const copy = doc.translation === 'missing' && config.i18n.locales.includes(config.i18n.defaultLocale);
  if (!copy) for (const p of data.out.problems) diagnostics.add({ file: doc.file, line: p.line, column: p.column, rule: p.rule, severity: p.severity, message: p.message, hint: p.hint });
  const sections = data.out.sections;
  if (sections[0]) sections[0].title = doc.frontmatter.title;
  const page: CompiledPage = { doc, href: sitePath(config, doc.locale, doc.route), html, toc: data.out.toc, links: data.out.links, sections, headingIds: data.out.headingIds };
  if (data.out.markdown.length) page.markdown = data.out.markdown;
  return page;
}

/** A doc compiled on its own: the page without its source and the problems found (what a compile thread sends back, what the compile cache keeps). */
export function compileEntry(doc: SourceDoc, routeOfRelPath: (rel: string) => string | undefined, options: Omit<CompileOptions, 'diagnostics' | 'cache'>): { page: Omit<CompiledPage, 'doc'>; problems: Diagnostic[] } {
  const diagnostics = new DiagnosticList();
  const { doc: _doc, ...page } = compileDoc(doc, routeOfRelPath, { ...options, diagnostics });
  return { page, problems: diagnostics.items };
}

function isLocalized(config: PaydocsConfig, p: string): boolean {
  return config.i18n.locales.some((l) => l !== config.i18n.defaultLocale && p.startsWith(`${config.baseUrl}${config.i18n.localeConfigs[l]?.path ?? l}/`));
}

/** Compiles every doc of every locale. */
export function compileMarkdown(content: ContentTree, options: CompileOptions): Map<string, CompiledPage[]> {
  const out = new Map<string, CompiledPage[]>();
  for (const [locale, docs] of content.docs) {
    const byRel = new Map(docs.map((d) => [d.relPath, d.route]));
    const routeOfRelPath = (rel: string) => byRel.get(rel);
    out.set(
      locale,
      docs.map((doc) => {
        const hit = options.cache?.get(doc);
        if (hit) return hit;
        const page = compileDoc(doc, routeOfRelPath, options);
        options.cache?.set(doc, page);
        return page;
      }),
    );
  }
  return out;
}
