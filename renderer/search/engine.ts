/**
 * Answers queries against one locale's index: plain functions over the loaded files, used by the
 * worker in the browser and by the unit tests and the benchmark in Node.
 *
 * A query becomes one slot per typed word; a slot matches the word's stem exactly (and as a
 * prefix for the last word, so results follow typing), the typed word fuzzily against the
 * corpus' unstemmed vocabulary (so a typo in an inflected word still finds its stem), and the
 * word's synonyms. Ranking runs in passes: every slot in a title, heading, keyword or route
 * field first; then every slot anywhere; then, for longer queries, any slot. A query with no
 * result at all is retried as typed in the other keyboard layout.
 */
import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';
import { expandIndex, FIELD_BOOST, formsOf, MINISEARCH_OPTIONS, postingsOf, TITLE_FIELDS, type SearchIndexFile, type SearchTextFile, type SectionDocument } from './index-format.ts';
import { HIGHLIGHT_PARAM } from './highlight-param.ts';
import { excerpt, markWords, queryWords, switchLayout, type QueryWord, type Segment } from './text.ts';

export interface SearchHit {
  /** Site path of the page. */
  href: string;
  /** Where to go: the page, the matched heading and the matched terms for highlighting there. */
  url: string;
  anchor: string;
  title: Segment[];
  heading: Segment[];
  /** Breadcrumb path (categories). */
  path: string;
  /** Words around the match in the section text; absent until the text store has loaded. */
  excerpt?: Segment[];
  /** Index terms that matched, passed to the target page in `?_highlight=`. */
  terms: string[];
  score: number;
}

export interface SearchResponse {
  hits: SearchHit[];
  /** Number of matching pages (before `limit`). */
  total: number;
  /** Set when nothing matched as typed and the query in the other keyboard layout did. */
  switchedQuery?: string;
}

export interface SearchOptions {
  /** Top-level section (`api`), or `''`/undefined for the whole site. */
  ctx?: string;
  limit: number;
  /** Characters of excerpt. Default 50. */
  excerptLength?: number;
}

export { HIGHLIGHT_PARAM };

/** Edit distance allowed for a typed word: none for short words, where a typo is another word. */
export function maxTypos(word: string): number {
  const n = [...word].length;
  return /\d/.test(word) || n < 4 ? 0 : n < 7 ? 1 : 2;
}

interface Slot {
  /** Alternatives: each is a set of terms that must all match, with a weight. */
  alts: Array<{ terms: string[]; weight: number; prefix?: boolean; fuzzy?: boolean }>;
}

export class SearchEngine {
  readonly file: SearchIndexFile;
  private readonly mini: MiniSearch<SectionDocument>;
  private readonly vocabulary: SearchableMap<string>;
  private readonly synonyms: Array<{ entries: string[][] }>;
  private texts?: string[];

  constructor(file: SearchIndexFile, text?: SearchTextFile) {
    this.file = file;
    this.mini = MiniSearch.loadJS(expandIndex(file.index), MINISEARCH_OPTIONS);
    // The one place that touches MiniSearch internals: filling its inverted index from the compact
    // postings directly is several times faster than `loadJS` going through plain objects (it
    // matters: this runs between the reader's first keystroke and the first results).
    const inverted = (this.mini as unknown as { _index: SearchableMap<Map<number, Map<number, number>>> })._index;
    file.index.terms.forEach((term, t) => inverted.set(term, postingsOf(file.index, t)));
    // Every index term and every written form of it, each pointing at the term.
    this.vocabulary = new SearchableMap<string>();
    for (const term of file.index.terms) if (!/\d/.test(term)) this.vocabulary.set(term, term);
    for (const [word, term] of formsOf(file.index)) this.vocabulary.set(word, term);
    this.synonyms = file.synonyms.map((group) => ({ entries: group.map((e) => queryWords(e).map((w) => w.terms[0]!)).filter((e) => e.length > 0) }));
    if (text) this.setText(text);
  }

  setText(text: SearchTextFile): void {
    this.texts = text.texts;
  }

  get hasText(): boolean {
    return this.texts !== undefined;
  }

  search(query: string, options: SearchOptions): SearchResponse {
    const first = this.searchAsTyped(query, options);
    if (first.total > 0) return first;
    const switched = switchLayout(query);
    if (!switched) return first;
    const second = this.searchAsTyped(switched, options);
    return second.total > 0 ? { ...second, switchedQuery: switched } : first;
  }

  private searchAsTyped(query: string, options: SearchOptions): SearchResponse {
    const words = queryWords(query);
    if (words.length === 0) return { hits: [], total: 0 };
    const slots = this.plan(words);
    const ctx = options.ctx || '';
    const filter = ctx ? (r: SearchResult) => this.file.pages[this.file.sections[r.id as number]![0]]!.c === ctx : undefined;
    const run = (combineWith: 'AND' | 'OR', fields: string[] | undefined, withFuzzy: boolean) =>
      this.mini.search(this.toQuery(slots, combineWith, withFuzzy), { fields, filter, boost: FIELD_BOOST });
    // Pages in the order the passes found them; within a pass by best section score.
    const order: number[] = [];
    const best = new Map<number, SearchResult>();
    const termsOfPage = new Map<number, Set<string>>();
    // A section whose heading holds every word of the query is where the reader wants to land,
    // even when the page's first section (title, description) scores higher.
    const headingCovers = (r: SearchResult) => this.file.sections[r.id as number]![1] !== '' && Object.values(r.match).filter((f) => f.includes('heading')).length >= slots.length;
    const take = (results: SearchResult[]) => {
      const fresh: number[] = [];
      const covered = new Set<number>();
      for (const r of results) {
        const page = this.file.sections[r.id as number]![0];
        const terms = termsOfPage.get(page) ?? new Set<string>();
        for (const t of r.terms) terms.add(t);
        termsOfPage.set(page, terms);
        if (best.has(page)) {
          if (fresh.includes(page) && !covered.has(page) && headingCovers(r)) {
            best.set(page, { ...r, score: best.get(page)!.score });
            covered.add(page);
          }
          continue;
        }
        best.set(page, r);
        if (headingCovers(r)) covered.add(page);
        fresh.push(page);
      }
      order.push(...fresh);
    };
    take(run('AND', TITLE_FIELDS, false));
    take(run('AND', undefined, true));
    if (slots.length > 1 && order.length < options.limit) take(run('OR', undefined, true));
    const hits = order.slice(0, options.limit).map((page) => this.hit(best.get(page)!, termsOfPage.get(page)!, options.excerptLength ?? 50));
    return { hits, total: order.length };
  }

  /** One slot per word; a run of words that spells a multi-word synonym becomes one slot. */
  private plan(words: QueryWord[]): Slot[] {
    const slots: Slot[] = [];
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      const isLast = i === words.length - 1;
      const primary = w.terms[0]!;
      const slot: Slot = { alts: [{ terms: [primary], weight: 1, prefix: isLast && [...w.word].length >= 2 }] };
      // An identifier also matches its parts together: `transaction_create` ~ `transaction create`.
      if (w.terms.length > 2) slot.alts.push({ terms: w.terms.slice(1), weight: 0.8 });
      // Multi-word synonym spelled out here (`3-d secure`): this slot takes those words.
      for (const group of this.synonyms) {
        const hit = group.entries.find((e) => e.length > 1 && e.every((t, k) => words[i + k]?.terms[0] === t));
        if (hit) {
          for (const e of group.entries) if (e !== hit) slot.alts.push({ terms: e, weight: 0.8 });
          slot.alts.push({ terms: hit, weight: 1 });
          i += hit.length - 1;
          break;
        }
        if (group.entries.some((e) => e.length === 1 && e[0] === primary)) {
          for (const e of group.entries) if (!(e.length === 1 && e[0] === primary)) slot.alts.push({ terms: e, weight: 0.8 });
        }
      }
      slot.alts.push(...this.fuzzy(w.word, primary).map((t) => ({ terms: [t], weight: 0.5, fuzzy: true })));
      slots.push(slot);
    }
    return slots;
  }

  /**
   * Stems of corpus words within the allowed edit distance of the typed word, unstemmed: the
   * typo is measured against what writers wrote, not against a stem (`выплтой` -> `выплатой`
   * -> `выплат`). A swap of two neighbouring letters counts as one edit.
   */
  private fuzzy(word: string, primary: string): string[] {
    const d = maxTypos(word);
    if (d === 0) return [];
    const out = new Set<string>();
    for (const [, [term]] of this.vocabulary.fuzzyGet(word, d)) out.add(term);
    const chars = [...word];
    for (let i = 0; i + 1 < chars.length; i++) {
      if (chars[i] === chars[i + 1]) continue;
      const swapped = [...chars];
      [swapped[i], swapped[i + 1]] = [swapped[i + 1]!, swapped[i]!];
      const term = this.vocabulary.get(swapped.join(''));
      if (term) out.add(term);
    }
    out.delete(primary);
    return [...out];
  }

  private toQuery(slots: Slot[], combineWith: 'AND' | 'OR', withFuzzy: boolean): Query {
    return {
      combineWith,
      queries: slots.map((slot) => ({
        combineWith: 'OR',
        queries: slot.alts
          .filter((a) => withFuzzy || !a.fuzzy)
          .map((a) => ({ combineWith: 'AND', queries: a.terms, prefix: a.prefix ?? false, fuzzy: false, boostTerm: () => a.weight })),
      })),
    };
  }

  private hit(r: SearchResult, terms: Set<string>, excerptLength: number): SearchHit {
    const [pageId, heading, anchor] = this.file.sections[r.id as number]!;
    const page = this.file.pages[pageId]!;
    const list = [...terms];
    const params = list.length ? `?${HIGHLIGHT_PARAM}=${encodeURIComponent(list.join(' '))}` : '';
    const text = this.texts?.[r.id as number];
    return {
      href: page.u,
      url: page.u + params + (anchor ? `#${anchor}` : ''),
      anchor,
      title: markWords(page.t, terms),
      heading: heading ? markWords(heading, terms) : [],
      path: page.b,
      excerpt: text === undefined ? undefined : excerpt(text, terms, excerptLength),
      terms: list,
      score: r.score,
    };
  }
}
