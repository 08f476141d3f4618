/**
 * Messages between the page and the search worker. The worker does exactly two things:
 * `load` fetches and builds the index of a locale and docs version, and `search` answers a query.
 * `indexUrl` is the base every other file is found from: the content-hashed index of the locale and
 * version (`SiteData.searchFiles.index`), which names its text store. `ctx` is a search context
 * (a top-level section such as `api`, or `''` for the whole site).
 *
 * `excerpts`: whether the caller shows excerpts. Only then does the worker fetch the text store
 * (section texts, larger than the index), so a reader who only uses the navbar suggestions never
 * downloads it; `load` with it resolves once the text store has arrived too, `search` with it
 * waits for the text store and returns hits with excerpts.
 */
import type { SearchResponse } from './engine.ts';

export type WorkerRequest =
  | { id: number; op: 'load'; indexUrl: string; ctx: string; excerpts: boolean }
  | { id: number; op: 'search'; indexUrl: string; ctx: string; query: string; limit: number; excerpts: boolean };

export interface LoadResult {
  pages: number;
  /** Pages in the context. */
  pagesInContext: number;
  sections: number;
  /** Milliseconds spent fetching and building, measured in the worker. */
  ms: number;
}

export interface SearchResult extends SearchResponse {
  /** Milliseconds the query took in the worker. */
  ms: number;
}

export type WorkerResponse = { id: number; ok: true; result: LoadResult | SearchResult } | { id: number; ok: false; error: string };
