import type { SearchIndexFile, SectionDocument } from '../../../shared/search/index-format.ts';

/** One locale's search, gathered (`searchSources`) and not indexed yet (`indexSearchSource`, perhaps on the search thread). */
export interface SearchSource {
  locale: string;
  /** What the browser gets besides the index proper. */
  head: Omit<SearchIndexFile, 'index'>;
  /** The fields of each section document, as written (the heavy part, tokenizing them, is `indexSearchSource`). */
  documents: Array<Record<Exclude<keyof SectionDocument, 'id'>, string | undefined>>;
  /** `dist/`-relative names, known before the index is built: the pages link to them. */
  indexName: string;
  indexUrl: string;
  textName: string;
  textJson: string;
}
