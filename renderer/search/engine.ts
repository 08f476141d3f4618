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
import { expandIndex, FIELD_BOOST, formsOf, MINISEARCH_OPTIONS, postingsOf, TITLE_FIELDS, type SearchIndexFile, type SearchTextFile, type SectionDocument } from '../../shared/search/index-format.ts';
import { HIGHLIGHT_PARAM } from './highlight-param.ts';
import { excerpt, markWords, queryWords, switchLayout, type QueryWord, type Segment } from '../../shared/search/text.ts';

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
  /** Words around the match in the section text; absent unless asked for and the text store has loaded. */
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
  /**
   * Whether hits carry an excerpt (the search page) or not (the navbar suggestions, which show
   * none). Needs the text store (`setText`); without it there is no excerpt either way. Default true.
   */
  excerpts?: boolean;
  /** Characters of excerpt. Default 50. */
  excerptLength?: number;
}

export { HIGHLIGHT_PARAM };

/** Edit distance allowed for a typed word: none for short words, where a typo is another word. */
export function maxTypos(word: string): number {
  const n = [...word].length;
  return /\d/.test(word) || n < 4 ? 0 : n < 7 ? 1 : 2;
}

/**
 * At most this many terms go to the page a result opens: a prefix can match a hundred terms there
 * (every `transaction.*` field of an API page for `transaction/create`), and the address carries them.
 * The query's own terms go first, then the shortest of the rest.
 */
export const HIGHLIGHT_TERMS = 12;

interface Slot {
  /** Alternatives: each is a set of terms that must all match, with a weight. */
  alts: Array<{ terms: string[]; weight: number; prefix?: boolean; fuzzy?: boolean }>;
}

/** A term's postings (field id -> document id -> frequency), decoded on first use. */
class LazyPostings {
  private data?: Map<number, Map<number, number>>;
  constructor(
    private readonly index: SearchIndexFile['index'],
    private readonly term: number,
  ) {}
  get(fieldId: number): Map<number, number> | undefined {
    this.data ??= postingsOf(this.index, this.term);
    return this.data.get(fieldId);
  }
}

export class SearchEngine {
  readonly file: SearchIndexFile;
  private readonly mini: MiniSearch<SectionDocument>;
  private readonly vocabulary: SearchableMap<string>;
  private readonly synonyms: Array<{ entries: string[][] }>;
  private texts?: string[];
  /** Each index term's postings, as handed to MiniSearch. */
  private readonly postings = new Map<string, LazyPostings>();
  /** Page id -> its first section (the one that holds the page's title, keywords and route). */
  private readonly firstSection: number[] = [];
  /** Field ids of a page's title fields. */
  private readonly pageTitleFields: number[];

  constructor(file: SearchIndexFile, text?: SearchTextFile) {
    this.file = file;
    this.mini = MiniSearch.loadJS(expandIndex(file.index), MINISEARCH_OPTIONS);
    // The one place that touches MiniSearch internals: its inverted index is filled with postings
    // that are decoded when a query first reaches them, instead of `loadJS` turning every posting
    // into objects and Maps up front (that ran between the reader's first keystroke and the first
    // results). Searching only ever calls `get(fieldId)` on these values.
    const inverted = (this.mini as unknown as { _index: SearchableMap<unknown> })._index;
    file.index.terms.forEach((term, t) => {
      const postings = new LazyPostings(file.index, t);
      this.postings.set(term, postings);
      inverted.set(term, postings);
    });
    file.sections.forEach(([page], id) => (this.firstSection[page] ??= id));
    this.pageTitleFields = ['title', 'route'].map((f) => file.index.fields.indexOf(f)).filter((f) => f >= 0);
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
    // Retry in the other keyboard layout when nothing matched, or when no typed word is a word of
    // the docs (then whatever matched did so only by fuzziness: `xfhl;,'rb` is `чарджбэки`).
    if (first.total > 0 && this.knows(query)) return first;
    const switched = switchLayout(query);
    if (!switched || !this.knows(switched)) return first;
    const second = this.searchAsTyped(switched, options);
    return second.total > 0 ? { ...second, switchedQuery: switched } : first;
  }

  /** Whether a word of the query (of 3 letters or more) is a word of the corpus, or starts one if it is the last. */
  private knows(query: string): boolean {
    const words = queryWords(query);
    return words.some(
      (w, i) =>
        /\d/.test(w.word) ||
        ([...w.word].length >= 3 && (this.vocabulary.has(w.word) || this.vocabulary.has(w.terms[0]!) || (i === words.length - 1 && this.vocabulary.atPrefix(w.terms[0]!).size > 0))),
    );
  }

  private searchAsTyped(query: string, options: SearchOptions): SearchResponse {
    const words = queryWords(query);
    if (words.length === 0) return { hits: [], total: 0 };
    const slots = this.plan(words);
    const ctx = options.ctx || '';
    const filter = ctx ? (r: SearchResult) => this.file.pages[this.file.sections[r.id as number]![0]]!.c === ctx : undefined;
    const run = (combineWith: 'AND' | 'OR', fields: string[] | undefined, lean: boolean) =>
      this.mini.search(this.toQuery(slots, combineWith, lean), { fields, filter, boost: FIELD_BOOST });
    // Pages in the order the passes found them; within a pass by best section score.
    const order: number[] = [];
    const best = new Map<number, SearchResult>();
    const termsOfPage = new Map<number, Set<string>>();
    // A section whose heading holds every word of the query is where the reader wants to land,
    // even when the page's first section (title, description) scores higher. The reader's own words:
    // a shorter stem, a synonym or a typo's correction in a heading (`fail` of a table row's
    // `authentication_failed` for `failure reason`) is no reason to leave the top of the page.
    type Holds = (r: SearchResult, term: string, prefix: boolean) => boolean;
    // A match of `term` (or, for a prefix, of a longer term) in a field `where` accepts.
    const matched = (where: (r: SearchResult, t: string, fields: string[]) => boolean): Holds => (r, term, prefix) =>
      Object.entries(r.match).some(([t, fields]) => (t === term || (prefix && t.startsWith(term))) && where(r, t, fields));
    const inHeading = matched((_r, _t, fields) => fields.includes('heading'));
    // The heading and its page's title hold the reader's words between them: `currency code USD`
    // is the `USD` row of Currency codes, `Коды валют`.
    const inHeadingOrPage = matched((r, t, fields) => fields.includes('heading') || this.inPageTitle(r.id as number, t));
    // Whether a slot's own word (not a weaker alternative) is where `holds` looks.
    const slotIn = (r: SearchResult, holds: Holds) => (slot: Slot) => slot.alts.some((a) => a.weight === 1 && a.terms.every((t) => holds(r, t, a.prefix ?? false)));
    const hasHeading = (r: SearchResult) => this.file.sections[r.id as number]![1] !== '';
    const headingCovers = (r: SearchResult) => hasHeading(r) && slots.every(slotIn(r, inHeading));
    const titledCovers = (r: SearchResult) => hasHeading(r) && slots.every(slotIn(r, inHeadingOrPage)) && slots.some(slotIn(r, inHeading));
    const take = (results: SearchResult[]) => {
      const fresh: number[] = [];
      // A page that matches in several sections is a better answer than one passing mention.
      const pageScore = new Map<number, number>();
      for (const r of results) {
        const page = this.file.sections[r.id as number]![0];
        const prev = pageScore.get(page);
        pageScore.set(page, prev === undefined ? r.score : prev + r.score * 0.3);
      }
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
      fresh.sort((a, b) => pageScore.get(b)! - pageScore.get(a)!);
      order.push(...fresh);
    };
    take(run('AND', TITLE_FIELDS, true));
    // Body matches rank after title matches: with a full list already, they would not be shown.
    // First among them the sections whose heading and page title hold every word between them.
    if (order.length < options.limit) {
      const all = run('AND', undefined, false);
      take(all.filter(titledCovers));
      take(all);
    }
    // Few pages hold every word: add pages that hold some (exact and prefix matches only; fuzzy
    // alternatives of every word would flood this pass and cost milliseconds).
    if (slots.length > 1 && order.length < Math.min(3, options.limit)) take(run('OR', undefined, true));
    const excerptLength = options.excerpts === false ? 0 : (options.excerptLength ?? 50);
    const own = new Set(slots.flatMap((slot) => slot.alts.filter((a) => a.weight === 1).flatMap((a) => a.terms)));
    const hits = order.slice(0, options.limit).map((page) => this.hit(best.get(page)!, termsOfPage.get(page)!, own, excerptLength));
    return { hits, total: order.length };
  }

  /** Whether the page of section `id` holds `term` in its title or route (not its keywords, which carry the description's prose). */
  private inPageTitle(id: number, term: string): boolean {
    const first = this.firstSection[this.file.sections[id]![0]]!;
    const postings = this.postings.get(term);
    return postings !== undefined && this.pageTitleFields.some((f) => postings.get(f)?.has(first) === true);
  }

  /** One slot per word; a run of words that spells a multi-word synonym becomes one slot. */
  private plan(words: QueryWord[]): Slot[] {
    const slots: Slot[] = [];
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      const isLast = i === words.length - 1;
      const primary = w.terms[0]!;
      const slot: Slot = { alts: [{ terms: [primary], weight: 1, prefix: isLast && [...w.word].length >= 2 }] };
      const chars = [...primary];
      // Stemmers are not always consistent across forms (`создать` -> `созда`, `создание` -> `создан`):
      // a longer stem also matches as a prefix, ranked below an exact match.
      if (!isLast && chars.length >= 4 && !/\d/.test(primary)) slot.alts.push({ terms: [primary], weight: 0.7, prefix: true });
      // A longer index term by one letter is taken as the same word, title passes included:
      // `создать` -> `созда` and `создание` -> `создан` (`Создание выплаты` for `создать выплату`).
      // Not two: `стран` (`страны`) would take `страниц` (`страница`).
      if (!isLast && chars.length >= 5 && !/[\d_.-]/.test(primary)) {
        for (const [word, term] of this.vocabulary.atPrefix(primary)) {
          if (word === term && [...term].length === chars.length + 1) slot.alts.push({ terms: [term], weight: 0.8 });
        }
      }
      // ... and the other way round: `подписи` -> `подпис`, but `подпись` -> `подп`. A shorter index
      // term that the stem starts with (one or two letters shorter, four at least) matches too.
      if (!/[\d_.-]/.test(primary)) {
        for (let n = chars.length - 1; n >= Math.max(4, chars.length - 2); n--) {
          const shorter = chars.slice(0, n).join('');
          if (this.vocabulary.get(shorter) === shorter) slot.alts.push({ terms: [shorter], weight: 0.8 });
        }
      }
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
      // Only a word the docs do not contain is taken for a typo (a word being typed is not one):
      // correcting real words would only add noise, and costs a millisecond per long word.
      const known = this.vocabulary.has(w.word) || this.vocabulary.has(primary) || (isLast && this.vocabulary.atPrefix(primary).size > 0);
      if (!known) slot.alts.push(...this.fuzzy(w.word, primary).map((t) => ({ terms: [t], weight: 0.5, fuzzy: true })));
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

  /** `lean`: only the word itself (a prefix for the last), its identifier parts and synonyms. */
  private toQuery(slots: Slot[], combineWith: 'AND' | 'OR', lean: boolean): Query {
    return {
      combineWith,
      queries: slots.map((slot) => ({
        combineWith: 'OR',
        queries: slot.alts
          .filter((a) => !lean || a.weight >= 0.8)
          .map((a) => ({ combineWith: 'AND', queries: a.terms, prefix: a.prefix ?? false, fuzzy: false, boostTerm: () => a.weight })),
      })),
    };
  }

  /** `excerptLength` 0: no excerpt. */
  private hit(r: SearchResult, terms: Set<string>, own: Set<string>, excerptLength: number): SearchHit {
    const [pageId, heading, anchor] = this.file.sections[r.id as number]!;
    const page = this.file.pages[pageId]!;
    const list = [...terms].sort((a, b) => Number(own.has(b)) - Number(own.has(a)) || a.length - b.length).slice(0, HIGHLIGHT_TERMS);
    const params = list.length ? `?${HIGHLIGHT_PARAM}=${encodeURIComponent(list.join(' '))}` : '';
    const text = excerptLength > 0 ? this.texts?.[r.id as number] : undefined;
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
