/**
 * The search engine on a small corpus (test/search/corpus.ts) built by the build's own stages
 * (content -> Markdown -> routes -> `buildSearchIndex`) and read back from the JSON the build
 * writes, then queried with `SearchEngine` exactly as the worker does.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSearchIndex, loadSynonyms } from '../../../cli/pipeline/search/build-search-index.ts';
import { DiagnosticList, formatDiagnostic, PaydocsError } from '../../../cli/diagnostics.ts';
import { HIGHLIGHT_TERMS, SearchEngine, type SearchOptions } from '../../../renderer/search/engine.ts';
import type { Segment } from '../../../shared/search/text.ts';
import { ROOT } from '../../helpers/fixture.ts';
import { buildCorpus, CONFIG, COUNTRIES, REFERENCE_CORPUS, removeCorpora, SYNONYMS, writeCorpus, type Built } from './corpus.ts';

let built: Built;
let en: SearchEngine;
let ru: SearchEngine;

beforeAll(async () => {
  built = await buildCorpus(writeCorpus());
  expect(built.diagnostics.items.map(formatDiagnostic)).toEqual([]);
  // Index and text store, as the worker has them once the search page asked for excerpts.
  en = new SearchEngine(built.files.en!.index, built.files.en!.text);
  ru = new SearchEngine(built.files.ru!.index, built.files.ru!.text);
});
afterAll(removeCorpora);

/** Result pages of a query (with `#anchor` when the hit is a section), best first. */
const hrefs = (engine: SearchEngine, query: string, options: Partial<SearchOptions> = {}) =>
  engine.search(query, { limit: 100, ...options }).hits.map((h) => h.href + (h.anchor ? `#${h.anchor}` : ''));
const pages = (engine: SearchEngine, query: string, options: Partial<SearchOptions> = {}) => engine.search(query, { limit: 100, ...options }).hits.map((h) => h.href);
const show = (segments: Segment[] | undefined) => segments?.map((s) => (s.hit ? `[${s.text}]` : s.text)).join('');

describe('renderer/search/engine: synonyms (content/data/search-synonyms.yaml)', () => {
  it('ships each locale its own groups from the YAML file', () => {
    const yaml = YAML.parse(readFileSync(SYNONYMS, 'utf8')) as Record<string, string[][]>;
    expect(built.files.en!.index.synonyms).toEqual(yaml.en);
    expect(built.files.ru!.index.synonyms).toEqual(yaml.ru);
    expect(yaml.en).toContainEqual(expect.arrayContaining(['callback', 'webhook']));
    expect(yaml.en).toContainEqual(expect.arrayContaining(['3ds', '3-d secure']));
    expect(yaml.ru).toContainEqual(expect.arrayContaining(['выплата', 'payout']));
    expect(yaml.ru).toContainEqual(expect.arrayContaining(['возврат', 'refund']));
  });

  it('webhook <-> callback, both ways, the exact word first', () => {
    expect(pages(en, 'webhook')).toEqual(['/guides/webhook_retries', '/guides/callbacks']);
    expect(pages(en, 'callback')).toEqual(['/guides/callbacks', '/guides/webhook_retries']);
  });

  it('3ds <-> 3-d secure (a multi-word entry), both ways', () => {
    // /guides/three_d_secure says only `3-D Secure`, /guides/card_checks only `3DS`.
    expect(new Set(pages(en, '3ds'))).toEqual(new Set(['/guides/three_d_secure', '/guides/card_checks']));
    expect(new Set(pages(en, '3-d secure'))).toEqual(new Set(['/guides/three_d_secure', '/guides/card_checks']));
    // The title pass comes first, synonym or not: `3-D Secure` is a title, `3DS` is in body text.
    expect(pages(en, '3ds')[0]).toBe('/guides/three_d_secure');
    expect(pages(en, '3d secure')).toContain('/guides/card_checks');
  });

  it('payout <-> выплата and refund <-> возврат in the Russian index, both ways', () => {
    // /ru/cabinet/balances says only `Выплата`; the untranslated service pages say only `Payouts`.
    expect(pages(ru, 'payout')).toContain('/ru/cabinet/balances');
    expect(pages(ru, 'выплата')).toContain('/ru/services/brazil');
    expect(pages(ru, 'выплатой')).toContain('/ru/services/brazil');
    // /ru/guides/callbacks says only `возврат`.
    expect(pages(ru, 'refund')).toEqual(['/ru/guides/callbacks']);
    expect(pages(ru, 'возврат')).toEqual(['/ru/guides/callbacks']);
  });

  it('keeps synonyms per locale: an English group does not apply to the Russian index', () => {
    // en has [refund, reversal, return]; ru has [возврат, refund, рефанд] and no `reversal`.
    expect(pages(ru, 'reversal')).toEqual([]);
    expect(pages(ru, 'рефанд')).toEqual(['/ru/guides/callbacks']);
  });
});

describe('renderer/search/engine: ranking', () => {
  it('ranks a title match, then a heading match, above a page that has the word only in its body (even many times)', () => {
    expect(hrefs(en, 'settlement')).toEqual(['/cabinet/settlement_reports', '/cabinet/balances#schedule', '/guides/faq']);
    const [, heading] = en.search('settlement', { limit: 8 }).hits;
    expect(show(heading!.heading)).toBe('[Settlement] schedule');
    expect(heading!.url).toBe('/cabinet/balances?_highlight=settlement#schedule');
  });

  it('shows at most `limit` hits (8 suggestions) and counts the pages found', () => {
    const r = en.search('payouts', { limit: 8 });
    expect(r.hits).toHaveLength(8);
    expect(r.total).toBe(COUNTRIES.length);
    expect(en.search('payouts', { limit: 100 }).hits).toHaveLength(COUNTRIES.length);
  });

  it('finds nothing for nonsense', () => {
    expect(en.search('zzqxjvw', { limit: 8 })).toEqual({ hits: [], total: 0 });
    expect(en.search('   ', { limit: 8 })).toEqual({ hits: [], total: 0 });
  });
});

describe('renderer/search/engine: identifiers, ё, keyboard layout', () => {
  it('finds an identifier whole and by its parts', () => {
    // `report_download` is the only place these words appear on /guides/report_files.
    const whole = en.search('report_download', { limit: 8 });
    expect(whole.hits.map((h) => h.href)).toEqual(['/guides/report_files']);
    expect(whole.hits[0]!.terms).toContain('report_download');
    expect(pages(en, 'download')).toEqual(['/guides/report_files']);
    expect(pages(en, 'report download')[0]).toBe('/guides/report_files');
    expect(pages(en, 'report_down')).toEqual(['/guides/report_files']); // the last word is a prefix while typing
    expect(pages(en, 'transaction_create')).toEqual(['/api/transaction_create']);
    expect(pages(ru, 'transaction_create')).toEqual(['/ru/api/transaction_create']);
    // The page's mention is highlighted as a whole word on the target page and in the excerpt.
    expect(show(en.search('download', { limit: 8 }).hits[0]!.excerpt)).toBe('Call [report_download] with the id you got.');
  });

  it('reads ё as е on both sides', () => {
    // Written `Отчёты о расчётах`, `Расчётный счёт`; typed without ё.
    expect(pages(ru, 'отчеты')).toEqual(['/ru/cabinet/settlement_reports']);
    expect(pages(ru, 'расчетный счет')[0]).toBe('/ru/cabinet/settlement_reports');
    // Written `счет`; typed with ё.
    expect(pages(ru, 'счёт')).toContain('/ru/cabinet/balances');
    expect(pages(ru, 'отчёты')).toEqual(pages(ru, 'отчеты'));
  });

  it('retries a query typed in the other keyboard layout, and says so', () => {
    const r = ru.search('nhfypfrwbz', { limit: 8 });
    expect(r.switchedQuery).toBe('транзакция');
    expect(r.hits.map((h) => h.href)).toEqual(['/ru/api/transaction_create']);
    // `settlement` typed on the Russian layout.
    const e = en.search('ыуеедуьуте', { limit: 8 });
    expect(e.switchedQuery).toBe('settlement');
    expect(e.hits[0]!.href).toBe('/cabinet/settlement_reports');
    // A query that matches as typed is not switched.
    expect(en.search('settlement', { limit: 8 }).switchedQuery).toBeUndefined();
  });
});

describe('renderer/search/engine: search context', () => {
  it('keeps only pages of the top-level section asked for', () => {
    expect(new Set(pages(en, 'transaction', { ctx: 'api' }))).toEqual(new Set(['/api/transaction_create', '/api/transaction_find']));
    expect(pages(en, 'transaction', { ctx: 'cabinet' })).toEqual([]);
    expect(pages(en, 'payment')).toContain('/api/transaction_create');
    expect(new Set(pages(en, 'payment', { ctx: 'cabinet' }))).toEqual(new Set(['/cabinet/settlement_reports', '/cabinet/balances']));
    expect(pages(en, 'settlement', { ctx: 'guides' })).toEqual(['/guides/faq']);
    expect(pages(ru, 'payout', { ctx: 'cabinet' })).toEqual(['/ru/cabinet/balances']);
    // '' is the whole site.
    expect(pages(en, 'settlement', { ctx: '' })).toHaveLength(3);
  });
});

describe('renderer/search/engine: excerpts and the text store', () => {
  it('has no excerpts without the text store (the suggestions), and ~50-character excerpts with it (the search page)', () => {
    const bare = new SearchEngine(built.files.en!.index);
    expect(bare.hasText).toBe(false);
    expect(bare.search('settlement', { limit: 8 }).hits.map((h) => h.excerpt)).toEqual([undefined, undefined, undefined]);
    // The same answers otherwise.
    expect(bare.search('settlement', { limit: 8 }).hits.map((h) => h.url)).toEqual(en.search('settlement', { limit: 8 }).hits.map((h) => h.url));

    const faq = en.search('settlement', { limit: 8, excerptLength: 50 }).hits[2]!;
    const text = show(faq.excerpt)!;
    expect(text).toBe('… long does [settlement] take? [Settlement] takes one …');
    expect(text.replace(/[[\]]/g, '').replace(/^… | …$/g, '').length).toBeLessThanOrEqual(50);
    // Asked not to (the navbar), no excerpt even with the text store loaded.
    expect(en.search('settlement', { limit: 8, excerpts: false }).hits.map((h) => h.excerpt)).toEqual([undefined, undefined, undefined]);
  });
});

describe('renderer/search/engine: the terms passed to the page a result opens', () => {
  it('are at most HIGHLIGHT_TERMS, the query\'s own first, when a prefix matches many (every field of an API page)', async () => {
    const fields = Array.from({ length: 40 }, (_, i) => `| \`transaction.field_${String(i).padStart(2, '0')}\` | string |`).join('\n');
    const built = await buildCorpus(writeCorpus(undefined, { 'docs/api/transaction_get.md': `---\ntitle: Get a transaction\n---\n\nReturns one transaction.\n\n| field | type |\n|---|---|\n${fields}\n` }));
    const engine = new SearchEngine(built.files.en!.index, built.files.en!.text);
    const hit = engine.search('transaction get', { limit: 8 }).hits.find((h) => h.href === '/api/transaction_get')!;
    expect(hit.terms).toHaveLength(HIGHLIGHT_TERMS);
    expect(hit.terms.slice(0, 2)).toEqual(['get', 'transac']);
    expect(hit.url.length).toBeLessThan(300);
    // A query whose terms are few passes them all.
    expect(engine.search('returns', { limit: 8 }).hits.find((h) => h.href === '/api/transaction_get')!.terms).toEqual(['return']);
  });
});

describe('renderer/search/engine: reference tables', () => {
  let en: SearchEngine;
  let ru: SearchEngine;
  beforeAll(async () => {
    const built = await buildCorpus(writeCorpus(undefined, REFERENCE_CORPUS));
    expect(built.diagnostics.items.map(formatDiagnostic)).toEqual([]);
    en = new SearchEngine(built.files.en!.index, built.files.en!.text);
    ru = new SearchEngine(built.files.ru!.index, built.files.ru!.text);
  });

  it('finds a code on its row, before a page that mentions it in passing more often', () => {
    expect(hrefs(en, '4001')[0]).toBe('/reference/api_error_codes#4001');
    expect(hrefs(en, '4001')).toContain('/guides/retries');
  });

  it('finds a row by its code and the words of the caption together', () => {
    expect(hrefs(en, '4001 error code')[0]).toBe('/reference/api_error_codes#4001');
  });

  it('a search for the page itself lands on the page, not on one of its rows', () => {
    expect(hrefs(en, 'API error codes')[0]).toBe('/reference/api_error_codes');
    // Neither the caption's words (in every row) nor a row heading that holds only a stem of a word makes a row the answer.
    expect(hrefs(en, 'failure reason')[0]).toBe('/reference/failure_reason_codes');
    expect(hrefs(en, 'failure reasons')[0]).toBe('/reference/failure_reason_codes');
    expect(hrefs(en, 'error codes')[0]).toBe('/reference/api_error_codes');
    expect(hrefs(en, 'insufficient_funds')[0]).toBe('/reference/failure_reason_codes#insufficient_funds');
  });

  it('lands on the row whose heading and page title hold the query between them, before a page that holds every word itself', () => {
    expect(hrefs(en, 'currency code USD')[0]).toBe('/reference/currency_codes#USD');
    expect(hrefs(en, 'USD currency code')[0]).toBe('/reference/currency_codes#USD');
    expect(hrefs(en, 'error 4001')[0]).toBe('/reference/api_error_codes#4001');
    // Only the heading makes a row the answer: the page's own words alone keep the reader on its top.
    expect(hrefs(en, 'currency codes')[0]).toBe('/reference/currency_codes');
  });

  it('takes an index term one letter longer than the stem for the same word (`создать` ~ `создание`), in the title pass too', () => {
    expect(pages(ru, 'создать выплату')[0]).toBe('/ru/cabinet/payout_create');
  });
});

describe('cli/pipeline/search/build-search-index: content/data/search-synonyms.yaml is validated', () => {
  const errorsFor = (yaml: string) => {
    const diagnostics = new DiagnosticList();
    const synonyms = loadSynonyms(writeCorpus(yaml), diagnostics);
    return { synonyms, errors: diagnostics.errors.map((d) => formatDiagnostic(d).split('\n')[0]) };
  };

  it('accepts a file of groups in both locales', () => {
    const diagnostics = new DiagnosticList();
    expect(Object.keys(loadSynonyms(writeCorpus(), diagnostics))).toEqual(['en', 'ru']);
    expect(diagnostics.items).toEqual([]);
  });

  it('names the file, line and key of each problem', () => {
    expect(errorsFor('en:\n  - [refund, reversal]\n  - [lonely]\nru:\n  - [возврат, refund]\n')).toEqual({
      synonyms: {},
      errors: ['content/data/search-synonyms.yaml:3: en[1]: expected at least 2 items, received `["lonely"]`'],
    });
    expect(errorsFor('en:\n  - refund\n').errors).toEqual(['content/data/search-synonyms.yaml:2: en[0]: expected array, received string']);
    expect(errorsFor('en:\n  - [refund, ""]\n').errors).toEqual(['content/data/search-synonyms.yaml:2: en[0][1]: expected a non-empty string, received ``']);
    expect(errorsFor('en:\n  - [a, b]\nenglish:\n  - [c, d]\n').errors).toEqual([
      'content/data/search-synonyms.yaml:3: english: expected a locale code such as `en` or `ru`, received `english`',
    ]);
    expect(errorsFor('- [a, b]\n').errors).toEqual(['content/data/search-synonyms.yaml:1: expected record, received array']);
  });

  it('reports broken YAML with its line and column', () => {
    expect(errorsFor('en:\n  - [refund, reversal]\n  - [payout, withdrawal\n').errors).toEqual([
      expect.stringMatching(/^content\/data\/search-synonyms\.yaml:4:\d+: invalid YAML: /),
    ]);
  });

  it('fails the build with that message and a hint', async () => {
    const root = writeCorpus('en:\n  - [lonely]\n');
    const diagnostics = new DiagnosticList();
    buildSearchIndex({ root, config: CONFIG, locales: [], diagnostics });
    const thrown = (() => {
      try {
        diagnostics.throwIfErrors();
      } catch (e) {
        return e;
      }
    })();
    expect(thrown).toBeInstanceOf(PaydocsError);
    expect((thrown as PaydocsError).message).toMatch(/^content\/data\/search-synonyms\.yaml:2: en\[0\]: expected at least 2 items, received `\["lonely"\]`\n {2}hint: write `<locale>:` then a list of groups/);
  });

  it('is optional: no file, no synonyms', () => {
    const diagnostics = new DiagnosticList();
    expect(loadSynonyms(path.join(ROOT, 'test/fixtures/basic'), diagnostics)).toEqual({});
    expect(diagnostics.items).toEqual([]);
  });
});
