/**
 * The page's side of the search worker: one worker per page, started on first use (never at page
 * load), with promise-returning `load` and `search`.
 */
import type { LoadResult, SearchResult, WorkerRequest, WorkerResponse } from './protocol.ts';

export interface SearchClient {
  /** Fetches and builds the index; with `excerpts`, the text store too (see `protocol.ts`). */
  load(indexUrl: string, ctx: string, options?: { excerpts?: boolean }): Promise<LoadResult>;
  /** Answers a query; with `excerpts`, hits carry excerpts (the text store is fetched first if needed). */
  search(indexUrl: string, ctx: string, query: string, limit: number, options?: { excerpts?: boolean }): Promise<SearchResult>;
}

let client: { url: string; api: SearchClient } | undefined;

/** The search client for the worker bundle at `workerUrl` (`SiteData.searchFiles.worker`). */
export function searchClient(workerUrl: string): SearchClient {
  if (client?.url === workerUrl) return client.api;
  const worker = new Worker(workerUrl, { type: 'module', name: 'paydocs-search' });
  const pending = new Map<number, { resolve: (v: never) => void; reject: (e: Error) => void }>();
  let next = 1;
  worker.onmessage = (e: MessageEvent<WorkerResponse>) => {
    const p = pending.get(e.data.id);
    if (!p) return;
    pending.delete(e.data.id);
    if (e.data.ok) p.resolve(e.data.result as never);
    else p.reject(new Error(e.data.error));
  };
  worker.onerror = (e) => {
    for (const p of pending.values()) p.reject(new Error(`search worker failed: ${e.message}`));
    pending.clear();
  };
  const call = <T,>(req: WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = next++;
      pending.set(id, { resolve: resolve as (v: never) => void, reject });
      worker.postMessage({ ...req, id } as WorkerRequest);
    });
  const api: SearchClient = {
    load: (indexUrl, ctx, options) => call<LoadResult>({ op: 'load', indexUrl, ctx, excerpts: options?.excerpts ?? false }),
    search: (indexUrl, ctx, query, limit, options) => call<SearchResult>({ op: 'search', indexUrl, ctx, query, limit, excerpts: options?.excerpts ?? false }),
  };
  client = { url: workerUrl, api };
  return api;
}
