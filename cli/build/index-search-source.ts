import MiniSearch from 'minisearch';
import { compactIndex, MINISEARCH_OPTIONS, type SearchIndexFile, type SectionDocument } from '../../renderer/search/index-format.ts';
import { tokenize } from '../../renderer/search/text.ts';
import type { SearchSource } from './build-search-index.ts';

/** Builds one locale's index (tokenizing every field, then MiniSearch): the file's JSON and its term count. */
export function indexSearchSource(source: Pick<SearchSource, 'head' | 'documents'>): { json: string; terms: number } {
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
  const mini = new MiniSearch<SectionDocument>(MINISEARCH_OPTIONS);
  mini.addAll(documents);
  const file: SearchIndexFile = { ...source.head, index: compactIndex(mini.toJSON(), forms) };
  return { json: JSON.stringify(file), terms: mini.termCount };
}
