/**
 * The search stage: each locale's index, built on its own thread while the pages render (in-process
 * for a small site), or taken from the search cache when its sources are the ones it was built from.
 * The pages link to the index files by names known before the indexes are built (`searchSources`).
 */
import type { PaydocsConfig } from '../../../config/index.ts';
import type { SiteData } from '../../../shared/page-data.ts';
import { codeKey } from '../../cache/code-key.ts';
import { searchIndexCache } from '../../cache/search-cache.ts';
import type { DiagnosticList } from '../../diagnostics.ts';
import type { LocaleRoutes } from '../routes/build-routes.ts';
import { collectSearchIndex, searchSources } from './build-search-index.ts';
import { indexSearchSource } from './index-search-source.ts';
import { startSearchIndexPool } from './search-index-pool.ts';

export interface SearchIndexRun {
  /** Locale -> where the browser finds its search (the site data). */
  searchFiles: Record<string, SiteData['searchFiles']>;
  /** The index and text files; an index still building on the thread is a promise, written last. */
  files: Map<string, string | Promise<string>>;
  /** Stops the thread (once the files are written). */
  close(): Promise<void>;
}

export function startSearchIndex(input: { root: string; config: PaydocsConfig; locales: LocaleRoutes[]; diagnostics: DiagnosticList; cache?: boolean; searchWorker: string; threads: number }): SearchIndexRun {
  const { root, config, locales, diagnostics } = input;
  const sources = searchSources({ root, config, locales, diagnostics });
  const cache = input.cache ? searchIndexCache(root, codeKey()) : undefined;
  const reused = new Map(sources.flatMap((source) => {
    const json = cache?.get(source);
    return json === undefined ? [] : [[source, json] as const];
  }));
  const toBuild = sources.filter((source) => !reused.has(source));
  const pool = input.threads > 0 && toBuild.length > 0 ? startSearchIndexPool(input.threads) : undefined;
  const background = pool?.index(toBuild);
  const search = collectSearchIndex(sources, (source) => {
    const json = reused.get(source) ?? background?.get(source) ?? indexSearchSource(source);
    if (cache && !reused.has(source)) {
      if (typeof json === 'string') cache.keep(source, json);
      // A failed index fails the build where the file is written; the cache just keeps nothing.
      else json.then((built) => cache.keep(source, built), () => undefined);
    }
    return json;
  });
  const searchFiles = Object.fromEntries(Object.entries(search.byLocale).map(([locale, f]) => [locale, { worker: input.searchWorker, index: f.index, version: f.version }]));
  return { searchFiles, files: search.files, close: async () => pool?.close() };
}
