/// <reference lib="webworker" />
/**
 * The search worker: keeps one engine per index URL (locale and docs version) so typing never
 * blocks the page. Two operations, see `protocol.ts`.
 */
import { SearchEngine } from './engine.ts';
import type { SearchIndexFile, SearchTextFile } from './index-format.ts';
import type { LoadResult, SearchResult, WorkerRequest, WorkerResponse } from './protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

interface Loaded {
  engine: Promise<SearchEngine>;
  /** Resolves when the text store (excerpts) has arrived too. */
  all: Promise<SearchEngine>;
}

const loaded = new Map<string, Loaded>();

async function fetchJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`search: ${url} answered ${res.status}`);
  return (await res.json()) as T;
}

function load(indexUrl: string): Loaded {
  let hit = loaded.get(indexUrl);
  if (!hit) {
    const engine = fetchJson<SearchIndexFile>(indexUrl).then((file) => new SearchEngine(file));
    const all = engine.then(async (e) => {
      e.setText(await fetchJson<SearchTextFile>(new URL(e.file.text, indexUrl).href));
      return e;
    });
    hit = { engine, all };
    // A failed fetch may be retried by the next request.
    all.catch(() => loaded.delete(indexUrl));
    loaded.set(indexUrl, hit);
  }
  return hit;
}

async function handle(req: WorkerRequest): Promise<LoadResult | SearchResult> {
  const t0 = performance.now();
  const url = new URL(req.indexUrl, self.location.href).href;
  if (req.op === 'load') {
    const engine = await load(url).all;
    const { pages, sections } = engine.file;
    return { pages: pages.length, pagesInContext: req.ctx ? pages.filter((p) => p.c === req.ctx).length : pages.length, sections: sections.length, ms: performance.now() - t0 };
  }
  const engine = await load(url).engine;
  const t1 = performance.now();
  const response = engine.search(req.query, { ctx: req.ctx, limit: req.limit, excerptLength: engine.file.excerptLength });
  return { ...response, ms: performance.now() - t1 };
}

self.onmessage = (e: MessageEvent<WorkerRequest>) => {
  const req = e.data;
  handle(req).then(
    (result) => self.postMessage({ id: req.id, ok: true, result } satisfies WorkerResponse),
    (error: unknown) => self.postMessage({ id: req.id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies WorkerResponse),
  );
};
