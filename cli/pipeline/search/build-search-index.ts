import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PaydocsConfig } from '../../../config/index.ts';
import { SearchSynonymsSchema, type SearchSynonyms } from '../../../config/schemas/search-synonyms.ts';
import { SEARCH_FORMAT, type IndexedPage, type IndexedSection, type SearchTextFile } from '../../../shared/search/index-format.ts';
import type { DiagnosticList } from '../../diagnostics.ts';
import type { DocRoute, LocaleRoutes } from '../routes/build-routes.ts';
import { indexSearchSource } from './index-search-source.ts';
import type { SearchSource } from './search-source.ts';

export type { SearchSource };
import { loadYamlFile } from '../load/load-yaml.ts';
import { contentHash } from '../render/render-pages.ts';

export const SYNONYMS_FILE = 'content/data/search-synonyms.yaml';

/** Where the browser finds one locale's search (passed to it in `SiteData.search.files`). */
export interface LocaleSearchFiles {
  index: string;
  text: string;
  version: string;
}

export interface SearchIndexOutput<T extends string | Promise<string> = string> {
  /** `dist/`-relative file -> JSON (an index may still be being built: a promise). */
  files: Map<string, string | T>;
  /** Locale -> URLs of its index and text store. */
  byLocale: Record<string, LocaleSearchFiles>;
}

export interface BuildSearchIndexInput {
  root: string;
  config: PaydocsConfig;
  locales: LocaleRoutes[];
  diagnostics: DiagnosticList;
}

/** One locale's search, gathered from the compiled pages: everything the index is built from. */

/**
 * One search index per locale and docs version, from the sections the compiler already produced
 * (never from the HTML). Documents are page sections: the first holds the page title, keywords,
 * route and breadcrumb labels; each h2/h3 section holds its heading and text. Section texts go to
 * a separate text store so the index the browser needs first stays small.
 *
 * This step is cheap: it gathers the sources and names the files. The index file's name is a hash
 * of everything it is built from (and of the code that builds it), so the pages can link to it
 * while `indexSearchSource` still runs, on a worker thread beside the rendering (see search-index-pool.ts).
 */
export function searchSources({ root, config, locales, diagnostics }: BuildSearchIndexInput): SearchSource[] {
  const synonyms = loadSynonyms(root, diagnostics);
  const version = config.version.name;
  const engine = engineFingerprint();
  return locales.map(({ locale, routes }) => {
    const docs = routes.filter((r): r is DocRoute => r.kind === 'doc' && !r.page.doc.frontmatter.noindex && !r.page.doc.frontmatter.draft);
    const pages: IndexedPage[] = [];
    const sections: IndexedSection[] = [];
    const texts: string[] = [];
    const documents: SearchSource['documents'] = [];
    for (const route of docs) {
      const { doc, sections: compiled } = route.page;
      const fm = doc.frontmatter;
      const trail = route.breadcrumbs.slice(1, -1).map((c) => c.label);
      const pageId = pages.length;
      const top = doc.route.split('/')[1] ?? '';
      pages.push({ t: fm.title, u: route.href, b: trail.join(' › '), c: doc.route.split('/').length > 2 ? top : '' });
      compiled.forEach((section, i) => {
        sections.push([pageId, i === 0 ? '' : section.title, section.id]);
        const text = i === 0 && !section.text ? (fm.description ?? '') : section.text;
        texts.push(text);
        // A section's context (a table row's caption) is indexed as its text but not shown in its excerpt,
        // and is no title: a search for the caption's words lands on the table, not on a row.
        const indexed = section.context ? `${text} ${section.context}` : text;
        documents.push(
          i === 0
            ? {
                title: fm.title,
                keywords: [...(fm.keywords ?? []), fm.description ?? ''].join(' '),
                route: [doc.route.replace(/\//g, ' '), fm.sidebar_label ?? '', ...trail].join(' '),
                heading: undefined,
                text,
              }
            : { title: undefined, keywords: undefined, route: undefined, heading: section.title, text: indexed },
        );
      });
    }
    const textFile: SearchTextFile = { format: SEARCH_FORMAT, texts };
    const textJson = JSON.stringify(textFile);
    const textName = `assets/search/${locale}-${version}-text-${contentHash(textJson)}.json`;
    const head: SearchSource['head'] = {
      format: SEARCH_FORMAT,
      locale,
      version,
      text: config.baseUrl + textName,
      pages,
      sections,
      excerptLength: config.search.excerptLength,
      synonyms: synonyms[locale] ?? [],
    };
    const indexName = `assets/search/${locale}-${version}-${contentHash(engine + JSON.stringify([head, documents]))}.json`;
    return { locale, head, documents, indexName, indexUrl: config.baseUrl + indexName, textName, textJson };
  });
}

/** All of the search, in this thread (tests, small sites). */
export function buildSearchIndex(input: BuildSearchIndexInput): SearchIndexOutput {
  return collectSearchIndex(searchSources(input), indexSearchSource);
}

/** The files and URLs of the search, with each index's JSON from `indexOf` (a string now, or the promise of one). */
export function collectSearchIndex<T extends string | Promise<string>>(sources: SearchSource[], indexOf: (source: SearchSource) => T): SearchIndexOutput<T> {
  const out: SearchIndexOutput<T> = { files: new Map(), byLocale: {} };
  for (const source of sources) {
    out.files.set(source.textName, source.textJson);
    out.files.set(source.indexName, indexOf(source));
    out.byLocale[source.locale] = { index: source.indexUrl, text: source.head.text, version: source.head.version };
  }
  return out;
}

let fingerprint: string | undefined;
/**
 * What else shapes an index file besides its sources: the format's own version (`SEARCH_FORMAT`,
 * raised with any change to how text is tokenized or the index is laid out) and the versions of the
 * packages that build it.
 */
function engineFingerprint(): string {
  if (fingerprint === undefined) {
    const require = createRequire(import.meta.url);
    const versions = ['minisearch/package.json', '@orama/stemmers/package.json'].map((p) => {
      try {
        return (require(p) as { version: string }).version;
      } catch {
        return '';
      }
    });
    fingerprint = contentHash([String(SEARCH_FORMAT), ...versions].join('\0'), 16);
  }
  return fingerprint;
}

/** Reads `content/data/search-synonyms.yaml` (optional); problems are reported with their line. */
export function loadSynonyms(root: string, diagnostics: DiagnosticList): SearchSynonyms {
  const abs = path.join(root, SYNONYMS_FILE);
  if (!existsSync(abs)) return {};
  const hint = 'write `<locale>:` then a list of groups, each a list of at least two words: `en: [[refund, reversal]]`';
  return loadYamlFile(abs, { file: SYNONYMS_FILE, rule: 'search-synonyms', schema: SearchSynonymsSchema, diagnostics, hint, empty: {} })?.value ?? {};
}
