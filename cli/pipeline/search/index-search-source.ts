import { compactFrom, FIELDS, type CompactIndex, type SearchIndexFile, type SectionDocument } from '../../../shared/search/index-format.ts';
import { tokenize } from '../../../shared/search/text.ts';
import type { SearchSource } from './search-source.ts';

/** Builds one locale's index (tokenizing every field, then counting terms): the index file's JSON. */
export function indexSearchSource(source: Pick<SearchSource, 'head' | 'documents'>): string {
  // Unstemmed words per index term, so the worker can match a typo against what was written.
  const forms = new Map<string, Set<string>>();
  const terms = (text: string | undefined) => {
    if (text === undefined) return undefined;
    const tokens = tokenize(text);
    for (const t of tokens) {
      if (t.terms.length !== 1 || t.terms[0] === t.word || /\d/.test(t.word)) continue;
      const set = forms.get(t.terms[0]!) ?? new Set<string>();
      set.add(t.word);
      forms.set(t.terms[0]!, set);
    }
    return tokens.flatMap((t) => t.terms).join(' ');
  };
  const documents: SectionDocument[] = source.documents.map((d, id) =>
    d.heading === undefined ? { id, title: terms(d.title), keywords: terms(d.keywords), route: terms(d.route), text: terms(d.text) } : { id, heading: terms(d.heading), text: terms(d.text) },
  );
  const file: SearchIndexFile = { ...source.head, index: indexDocuments(documents, forms) };
  return JSON.stringify(file);
}

/**
 * The index MiniSearch builds from `documents` with `MINISEARCH_OPTIONS` (terms separated by spaces,
 * taken as they are), in compact form: the same field lengths (distinct tokens per field), the same
 * running averages, the same postings. Counted directly: MiniSearch's radix tree, which the build
 * never queries, was most of the indexing time. A test holds the two equal on the real content.
 */
export function indexDocuments(documents: readonly SectionDocument[], forms: ReadonlyMap<string, Iterable<string>>): CompactIndex {
  const averageFieldLength: number[] = [];
  const fieldLength: Array<number[] | undefined> = [];
  const index = new Map<string, Map<number, Map<number, number>>>();
  documents.forEach((doc, count) => {
    if (doc.id !== count) throw new Error('search index: documents must have ids 0..n-1 in order');
    FIELDS.forEach((field, fieldId) => {
      const value = doc[field];
      if (value == null) return;
      const tokens = String(value).split(' ');
      const length = new Set(tokens).size;
      (fieldLength[count] ??= [])[fieldId] = length;
      averageFieldLength[fieldId] = ((averageFieldLength[fieldId] || 0) * count + length) / (count + 1);
      for (const term of tokens) {
        if (!term) continue;
        let byField = index.get(term);
        if (!byField) index.set(term, (byField = new Map()));
        let freqs = byField.get(fieldId);
        if (!freqs) byField.set(fieldId, (freqs = new Map()));
        freqs.set(count, (freqs.get(count) ?? 0) + 1);
      }
    });
  });
  fieldLength.length = documents.length;
  return compactFrom(FIELDS, averageFieldLength, fieldLength, index, forms);
}
