import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import MiniSearch from 'minisearch';
import YAML, { isMap, isNode, isScalar, LineCounter } from 'yaml';
import type { PaydocsConfig } from '../../config/index.ts';
import { SearchSynonymsSchema, type SearchSynonyms } from '../../config/schemas/search-synonyms.ts';
import { compactIndex, MINISEARCH_OPTIONS, SEARCH_FORMAT, type IndexedPage, type IndexedSection, type SearchIndexFile, type SearchTextFile, type SectionDocument } from '../../renderer/search/index-format.ts';
import { tokenize } from '../../renderer/search/text.ts';
import { describeZodIssue, formatPath, type DiagnosticList } from '../diagnostics.ts';
import type { DocRoute, LocaleRoutes } from './build-routes.ts';
import { contentHash } from './render-pages.ts';

export const SYNONYMS_FILE = 'content/data/search-synonyms.yaml';

/** Where the browser finds one locale's search (passed to it in `SiteData.search.files`). */
export interface LocaleSearchFiles {
  index: string;
  text: string;
  version: string;
}

export interface SearchIndexOutput {
  /** `dist/`-relative file -> JSON. */
  files: Map<string, string>;
  /** Locale -> URLs of its index and text store. */
  byLocale: Record<string, LocaleSearchFiles>;
  /** Sizes per locale, for the benchmark and `--verbose`. */
  stats: Record<string, { pages: number; sections: number; terms: number; indexBytes: number; textBytes: number }>;
}

export interface BuildSearchIndexInput {
  root: string;
  config: PaydocsConfig;
  locales: LocaleRoutes[];
  diagnostics: DiagnosticList;
}

/**
 * One search index per locale and docs version, from the sections the compiler already produced
 * (never from the HTML). Documents are page sections: the first holds the page title, keywords,
 * route and breadcrumb labels; each h2/h3 section holds its heading and text. Section texts go to
 * a separate text store so the index the browser needs first stays small.
 */
export function buildSearchIndex({ root, config, locales, diagnostics }: BuildSearchIndexInput): SearchIndexOutput {
  const synonyms = loadSynonyms(root, diagnostics);
  const out: SearchIndexOutput = { files: new Map(), byLocale: {}, stats: {} };
  const version = config.version.name;
  for (const { locale, routes } of locales) {
    const docs = routes.filter((r): r is DocRoute => r.kind === 'doc' && !r.page.doc.frontmatter.noindex && !r.page.doc.frontmatter.draft);
    const pages: IndexedPage[] = [];
    const sections: IndexedSection[] = [];
    const texts: string[] = [];
    const documents: SectionDocument[] = [];
    // Unstemmed words per index term, so the worker can match a typo against what was written.
    const forms = new Map<string, Set<string>>();
    const terms = (text: string) => {
      const tokens = tokenize(text);
      for (const t of tokens) {
        if (t.terms.length !== 1 || t.terms[0] === t.word || /\d/.test(t.word)) continue;
        const set = forms.get(t.terms[0]!) ?? new Set<string>();
        set.add(t.word);
        forms.set(t.terms[0]!, set);
      }
      return tokens.flatMap((t) => t.terms).join(' ');
    };
    for (const route of docs) {
      const { doc, sections: compiled } = route.page;
      const fm = doc.frontmatter;
      const trail = route.breadcrumbs.slice(1, -1).map((c) => c.label);
      const pageId = pages.length;
      const top = doc.route.split('/')[1] ?? '';
      pages.push({ t: fm.title, u: route.href, b: trail.join(' › '), c: doc.route.split('/').length > 2 ? top : '' });
      compiled.forEach((section, i) => {
        const id = sections.length;
        sections.push([pageId, i === 0 ? '' : section.title, section.id]);
        const text = i === 0 && !section.text ? (fm.description ?? '') : section.text;
        texts.push(text);
        documents.push(
          i === 0
            ? {
                id,
                title: terms(fm.title),
                keywords: terms([...(fm.keywords ?? []), fm.description ?? ''].join(' ')),
                route: terms([doc.route.replace(/\//g, ' '), fm.sidebar_label ?? '', ...trail].join(' ')),
                text: terms(text),
              }
            : { id, heading: terms(section.title), text: terms(text) },
        );
      });
    }
    const mini = new MiniSearch<SectionDocument>(MINISEARCH_OPTIONS);
    mini.addAll(documents);
    const textFile: SearchTextFile = { format: SEARCH_FORMAT, texts };
    const textJson = JSON.stringify(textFile);
    const textName = `assets/search/${locale}-${version}-text-${contentHash(textJson)}.json`;
    const indexFile: SearchIndexFile = {
      format: SEARCH_FORMAT,
      locale,
      version,
      text: config.baseUrl + textName,
      pages,
      sections,
      excerptLength: config.search.excerptLength,
      synonyms: synonyms[locale] ?? [],
      index: compactIndex(mini.toJSON(), forms),
    };
    const indexJson = JSON.stringify(indexFile);
    const indexName = `assets/search/${locale}-${version}-${contentHash(indexJson)}.json`;
    out.files.set(textName, textJson);
    out.files.set(indexName, indexJson);
    out.byLocale[locale] = { index: config.baseUrl + indexName, text: config.baseUrl + textName, version };
    out.stats[locale] = { pages: pages.length, sections: sections.length, terms: mini.termCount, indexBytes: Buffer.byteLength(indexJson), textBytes: Buffer.byteLength(textJson) };
  }
  return out;
}

/** Reads `content/data/search-synonyms.yaml` (optional); problems are reported with their line. */
export function loadSynonyms(root: string, diagnostics: DiagnosticList): SearchSynonyms {
  const abs = path.join(root, SYNONYMS_FILE);
  if (!existsSync(abs)) return {};
  const file = SYNONYMS_FILE;
  const lineCounter = new LineCounter();
  const doc = YAML.parseDocument(readFileSync(abs, 'utf8'), { lineCounter, prettyErrors: false });
  if (doc.errors.length) {
    for (const e of doc.errors) {
      const pos = lineCounter.linePos(e.pos[0]);
      diagnostics.add({ file, line: pos.line, column: pos.col, rule: 'search-synonyms', message: `invalid YAML: ${e.message.split('\n')[0]}` });
    }
    return {};
  }
  const result = SearchSynonymsSchema.safeParse(doc.toJS() ?? {}, { reportInput: true });
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    // A bad locale key: zod says 'Invalid key in record'; say which key and what a key looks like.
    const { path: key, message } =
      issue.code === 'invalid_key' ? { path: formatPath(issue.path), message: `expected a locale code such as \`en\` or \`ru\`, received \`${String(issue.path.at(-1))}\`` } : describeZodIssue(issue);
    let line: number | undefined;
    if (issue.code === 'invalid_key' && isMap(doc.contents)) {
      const pair = doc.contents.items.find((p) => isScalar(p.key) && String(p.key.value) === String(issue.path.at(-1)));
      if (isNode(pair?.key) && pair.key.range) line = lineCounter.linePos(pair.key.range[0]).line;
    }
    for (let n = issue.path.length; n >= 0 && line === undefined; n--) {
      const node = doc.getIn(issue.path.slice(0, n) as Array<string | number>, true);
      if (isNode(node) && node.range) line = lineCounter.linePos(node.range[0]).line;
    }
    diagnostics.add({
      file,
      line,
      rule: 'search-synonyms',
      message: key ? `${key}: ${message}` : message,
      hint: 'write `<locale>:` then a list of groups, each a list of at least two words: `en: [[refund, reversal]]`',
    });
  }
  return {};
}
