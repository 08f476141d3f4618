/**
 * The files `paydocs build` writes for search, one pair per locale and docs version, and the
 * MiniSearch options both sides must share. Plain JSON.
 */
import type { AsPlainObject, Options } from 'minisearch';

/**
 * The version of the index files. Raise it with any change that makes the same pages give another index:
 * the layout here, or how `text.ts` splits, folds or stems words. It is part of each index file's name
 * (see `searchSources`), so browsers and the build's cache never take an old index for a new one.
 */
export const SEARCH_FORMAT = 1;

/** A page, shared by its sections. */
export interface IndexedPage {
  /** Title. */
  t: string;
  /** Site path (`/ru/api/transaction_create`). */
  u: string;
  /** Breadcrumb path, categories only: `HTTP API › Reports`. */
  b: string;
  /** Search context: the top-level section (`api`), `''` for pages at the root. */
  c: string;
}

/** A section: its page, heading (`''` for the text above the first h2) and anchor. */
export type IndexedSection = [page: number, heading: string, anchor: string];

/** `assets/search/<locale>-<version>-<hash>.json`: everything needed to answer a query but the excerpts. */
export interface SearchIndexFile {
  format: typeof SEARCH_FORMAT;
  locale: string;
  version: string;
  /** URL of the text store (section texts for excerpts), loaded only where excerpts are shown (the search page). */
  text: string;
  pages: IndexedPage[];
  /** Section id (MiniSearch document id) -> section. */
  sections: IndexedSection[];
  /** Characters of excerpt around a match (`search.excerptLength`). */
  excerptLength: number;
  /** Groups of synonyms for this locale, from `content/data/search-synonyms.yaml`. */
  synonyms: string[][];
  index: CompactIndex;
}

/**
 * MiniSearch's index in about half the bytes of its own JSON: terms sorted, each term's postings
 * as numbers (field id, count, then per document the gap to the previous id, doubled, plus one
 * when a term frequency above 1 follows), and the unstemmed forms of each term as endings.
 */
export interface CompactIndex {
  fields: string[];
  averageFieldLength: number[];
  /** Per document, the length of each field (0 when absent). */
  fieldLength: number[][];
  terms: string[];
  postings: number[][];
  /**
   * Per term, the corpus words that stem to it and differ from it, comma-separated: as the
   * ending after the term (`выплат` -> `а,ы,ой`), or whole after `=` when the word does not
   * start with the term (`yearli` -> `=yearly`). For fuzzy matching of what the reader typed.
   */
  forms: string[];
}

/** One term's postings: field id -> document id -> term frequency. */
export type TermPostings = ReadonlyMap<number, ReadonlyMap<number, number>>;

/**
 * The compact form of an index given as MiniSearch holds it: per document the number of distinct
 * terms of each field, the running average of those lengths, and each term's postings.
 * `forms`: term -> unstemmed words.
 */
export function compactFrom(
  fields: readonly string[],
  averageFieldLength: readonly number[],
  fieldLength: ReadonlyArray<readonly number[] | undefined>,
  index: Iterable<[term: string, postings: TermPostings]>,
  forms: ReadonlyMap<string, Iterable<string>>,
): CompactIndex {
  const entries = [...index].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return {
    fields: [...fields],
    averageFieldLength: averageFieldLength.map((n) => Math.round(n * 100) / 100),
    fieldLength: [...fieldLength].map((lengths) => fields.map((_, f) => lengths?.[f] ?? 0)),
    terms: entries.map(([term]) => term),
    postings: entries.map(([, data]) => {
      const out: number[] = [];
      for (const [fieldId, freqs] of [...data].sort((a, b) => a[0] - b[0])) {
        const list = [...freqs].sort((a, b) => a[0] - b[0]);
        out.push(fieldId, list.length);
        let prev = 0;
        for (const [doc, tf] of list) {
          out.push((doc - prev) * 2 + (tf > 1 ? 1 : 0));
          if (tf > 1) out.push(tf);
          prev = doc;
        }
      }
      return out;
    }),
    forms: entries.map(([term]) =>
      [...(forms.get(term) ?? [])]
        .filter((w) => w !== term)
        .sort()
        .map((w) => (w.startsWith(term) ? w.slice(term.length) : `=${w}`))
        .join(','),
    ),
  };
}

/** Compact form -> what `MiniSearch.loadJS` reads, without the postings (see `postingsOf`). */
export function expandIndex(c: CompactIndex): AsPlainObject {
  const n = c.fieldLength.length;
  const documentIds: Record<string, number> = {};
  const fieldLength: Record<string, number[]> = {};
  for (let i = 0; i < n; i++) {
    documentIds[i] = i;
    fieldLength[i] = c.fieldLength[i]!;
  }
  return {
    documentCount: n,
    nextId: n,
    documentIds,
    fieldIds: Object.fromEntries(c.fields.map((f, i) => [f, i])),
    fieldLength,
    averageFieldLength: c.averageFieldLength,
    storedFields: {},
    dirtCount: 0,
    index: [],
    serializationVersion: 2,
  };
}

/** The postings of term number `t`: field id -> document id -> term frequency. */
export function postingsOf(c: CompactIndex, t: number): Map<number, Map<number, number>> {
  const p = c.postings[t]!;
  const data = new Map<number, Map<number, number>>();
  let k = 0;
  while (k < p.length) {
    const fieldId = p[k++]!;
    const count = p[k++]!;
    const freqs = new Map<number, number>();
    let doc = 0;
    for (let j = 0; j < count; j++) {
      const v = p[k++]!;
      doc += v >> 1;
      freqs.set(doc, v & 1 ? p[k++]! : 1);
    }
    data.set(fieldId, freqs);
  }
  return data;
}

/** Unstemmed word -> its index term, from `CompactIndex.forms`. */
export function* formsOf(c: CompactIndex): Generator<[word: string, term: string]> {
  for (let t = 0; t < c.terms.length; t++) {
    const term = c.terms[t]!;
    const forms = c.forms[t];
    if (!forms) continue;
    for (const f of forms.split(',')) yield [f.startsWith('=') ? f.slice(1) : term + f, term];
  }
}

/** `assets/search/<locale>-<version>-text-<hash>.json`: section id -> plain text. */
export interface SearchTextFile {
  format: typeof SEARCH_FORMAT;
  texts: string[];
}

/** What a section document holds while indexing; only ids are stored in the index. */
export interface SectionDocument {
  id: number;
  /** Page title (first section of a page only, so the title counts once per page). */
  title?: string;
  /** Frontmatter keywords and description (first section only). */
  keywords?: string;
  /** Route words and breadcrumb labels (first section only): `api transaction_create HTTP API`. */
  route?: string;
  heading?: string;
  text?: string;
}

export const FIELDS = ['title', 'keywords', 'route', 'heading', 'text'] as const;
/** Fields of the first pass: a match there ranks before a match in body text only. */
export const TITLE_FIELDS = ['title', 'keywords', 'route', 'heading'];
export const FIELD_BOOST = { title: 4, keywords: 2, route: 2, heading: 2.5, text: 1 };

/**
 * Options for `new MiniSearch()` and `MiniSearch.loadJS()`. Tokenizing happens before MiniSearch
 * sees the text (in `text.ts`, with positions and identifiers), so here terms are space-separated
 * and taken as they are.
 */
export const MINISEARCH_OPTIONS: Options<SectionDocument> = {
  fields: [...FIELDS],
  storeFields: [],
  tokenize: (s) => s.split(' '),
  processTerm: (t) => t || null,
};
