/**
 * The search indexes of the last build, kept in `.paydocs/cache/search/<locale>/`. Building one is
 * tokenizing and counting every section of a locale (about half a second of CPU per locale on the
 * real site), and after an edit the other locale's sections are the ones they were.
 *
 * An index file's name is already a hash of everything it is built from (`searchSources`: the
 * sections, the pages, the synonyms, the version, and the code that builds it); the cache names its
 * copy by that name and by `code` (`codeKey()`: paydocs' code, the installed packages and Node), so the copy found is the index that would be built. Each locale keeps its last one.
 */
import { createHash } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { SearchSource } from '../pipeline/search/build-search-index.ts';
import { readChecked, writeChecked } from './checked-file.ts';

export const SEARCH_CACHE_DIR = '.paydocs/cache/search';

export interface SearchIndexCache {
  /** The index JSON built before from the same source by the same code, if kept. */
  get(source: SearchSource): string | undefined;
  /** Keeps `json`, built from `source`, as its locale's index; the locale's older one goes. */
  keep(source: SearchSource, json: string): void;
}

export function searchIndexCache(root: string, code: string): SearchIndexCache {
  const fileOf = (source: SearchSource) =>
    path.join(root, SEARCH_CACHE_DIR, encodeURIComponent(source.locale), `${createHash('sha256').update(`${code}\0${source.indexName}`).digest('hex').slice(0, 32)}.json`);
  return {
    get: (source) => readChecked(fileOf(source))?.toString('utf8'),
    keep(source, json) {
      const file = fileOf(source);
      if (!writeChecked(file, Buffer.from(json, 'utf8'))) return;
      let names: string[] = [];
      try {
        names = readdirSync(path.dirname(file));
      } catch {
        return;
      }
      for (const name of names) {
        if (name === path.basename(file) || !name.endsWith('.json')) continue;
        try {
          rmSync(path.join(path.dirname(file), name), { force: true });
        } catch {
          // a folder of that name: left alone
        }
      }
    },
  };
}
