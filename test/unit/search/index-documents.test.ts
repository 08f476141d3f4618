import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { indexDocuments } from '../../../cli/pipeline/search/index-search-source.ts';
import type { AsPlainObject } from 'minisearch';
import { compactFrom, MINISEARCH_OPTIONS, type CompactIndex, type SectionDocument, type TermPostings } from '../../../shared/search/index-format.ts';
import { indexTerms } from '../../../shared/search/text.ts';
import { ROOT } from '../../helpers/fixture.ts';

/** MiniSearch JSON -> compact form (`forms`: term -> unstemmed words), as the build did before it counted terms itself. */
function compactIndex(js: AsPlainObject, forms: ReadonlyMap<string, Iterable<string>>): CompactIndex {
  const fields = Object.entries(js.fieldIds).sort((a, b) => a[1] - b[1]).map(([name]) => name);
  const docs = Object.keys(js.documentIds).map(Number).sort((a, b) => a - b);
  docs.forEach((shortId, i) => {
    if (js.documentIds[shortId] !== i || shortId !== i) throw new Error('search index: documents must be added with ids 0..n-1 in order');
  });
  const index = js.index.map(([term, data]): [string, TermPostings] => [
    term,
    new Map(Object.entries(data).map(([fieldId, freqs]) => [Number(fieldId), new Map(Object.entries(freqs as Record<string, number>).map(([d, tf]) => [Number(d), tf]))])),
  ]);
  return compactFrom(fields, js.averageFieldLength, docs.map((id) => js.fieldLength[id] as number[] | undefined), index, forms);
}

/** What MiniSearch itself builds from the documents, in compact form: the reference. */
const viaMiniSearch = (documents: SectionDocument[], forms: Map<string, Set<string>>) => {
  const mini = new MiniSearch<SectionDocument>(MINISEARCH_OPTIONS);
  mini.addAll(documents);
  return compactIndex(mini.toJSON(), forms);
};

/** Every Markdown file of the fixtures (English, Russian, code, tables), each paragraph a section document (pages: title, keywords and route too). */
function fixtureDocuments(): SectionDocument[] {
  const dir = path.join(ROOT, 'test/fixtures');
  const files = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.md'))
    .map((f) => path.join(dir, f));
  const documents: SectionDocument[] = [];
  for (const file of files.sort()) {
    const [title = '', ...paragraphs] = readFileSync(file, 'utf8').split(/\n{2,}/);
    const terms = (text: string) => indexTerms(text).join(' ');
    documents.push({ id: documents.length, title: terms(title), keywords: terms(path.basename(file)), route: terms(file.replace(ROOT, '').replace(/\//g, ' ')), text: '' });
    for (const p of paragraphs) documents.push(p.startsWith('#') ? { id: documents.length, heading: terms(p.split('\n')[0]!), text: terms(p) } : { id: documents.length, text: terms(p) });
  }
  return documents;
}

describe('cli/pipeline/search/index-search-source: indexDocuments', () => {
  it('builds exactly the index MiniSearch builds, over every Markdown file of the fixtures', () => {
    const documents = fixtureDocuments();
    expect(documents.length).toBeGreaterThan(500);
    const forms = new Map([['payment', new Set(['payments'])]]);
    expect(indexDocuments(documents, forms)).toEqual(viaMiniSearch(documents, forms));
  });

  it('counts as MiniSearch does at the edges: empty and missing fields, repeated terms, a document with no field, one field in no document', () => {
    const documents: SectionDocument[] = [
      { id: 0, title: 'refund refund refund', text: '' },
      { id: 1 },
      { id: 2, heading: 'refund', text: 'a  b' },
      { id: 3, text: 'b a b a' },
    ];
    const built = indexDocuments(documents, new Map());
    expect(built).toEqual(viaMiniSearch(documents, new Map()));
    expect(JSON.stringify(built)).toBe(JSON.stringify(viaMiniSearch(documents, new Map())));
    expect(built.fieldLength[1]).toEqual([0, 0, 0, 0, 0]);
  });

  it('refuses documents whose ids are not 0..n-1 in order, as compactIndex does', () => {
    expect(() => indexDocuments([{ id: 1, text: 'x' }], new Map())).toThrow('ids 0..n-1');
  });
});
