/// <reference lib="webworker" />
/**
 * The search worker: keeps one engine per index URL (locale and docs version) so typing never
 * blocks the page. Two operations, see `protocol.ts`. The text store (section texts, for
 * excerpts) is fetched only when a caller asks for excerpts: the navbar suggestions never do.
 *
 * The engine (MiniSearch, the stemmers) is imported dynamically, so this module has no code to
 * wait for: the first `load` fetches the index while the engine's code is still on its way,
 * instead of after it.
 */
import type { SearchEngine } from './engine.ts';
import type { SearchIndexFile, SearchTextFile } from '../../shared/search/index-format.ts';
import type { LoadResult, SearchResult, WorkerRequest, WorkerResponse } from './protocol.ts';

declare const self: DedicatedWorkerGlobalScope;

interface Loaded {
  engine: Promise<SearchEngine>;
  /** Resolves when the text store has arrived too; started by the first request that wants excerpts. */
  text?: Promise<SearchEngine>;
}

const loaded = new Map<string, Loaded>();

let engineModule: Promise<typeof import('./engine.ts')> | undefined;
/** The engine's code; a failed import may be retried by the next request. */
function engineCode(): Promise<typeof import('./engine.ts')> {
  if (!engineModule) {
    const module = import('./engine.ts');
    engineModule = module;
    module.catch(() => {
      if (engineModule === module) engineModule = undefined;
    });
  }
  return engineModule;
}
// Started with the worker, before the first request arrives.
void engineCode();

async function fetchJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`search: ${url} answered ${res.status}`);
  return (await res.json()) as T;
}

/** The engine of `indexUrl`, with the text store loaded when `excerpts` is set. */
function load(indexUrl: string, excerpts: boolean): Promise<SearchEngine> {
  let hit = loaded.get(indexUrl);
  if (!hit) {
    const engine = Promise.all([fetchJson<SearchIndexFile>(indexUrl), engineCode()]).then(([file, { SearchEngine }]) => new SearchEngine(file));
    hit = { engine };
    loaded.set(indexUrl, hit);
    // A failed fetch may be retried by the next request.
    engine.catch(() => loaded.delete(indexUrl));
  }
  if (!excerpts) return hit.engine;
  if (hit.text) return hit.text;
  const entry = hit;
  const text = entry.engine.then(async (e) => {
    if (!e.hasText) e.setText(await fetchJson<SearchTextFile>(new URL(e.file.text, indexUrl).href));
    return e;
  });
  entry.text = text;
  // A failed fetch of the text store may be retried by the next request for excerpts.
  text.catch(() => {
    if (entry.text === text) entry.text = undefined;
  });
  return text;
}

async function handle(req: WorkerRequest): Promise<LoadResult | SearchResult> {
  const t0 = performance.now();
  const url = new URL(req.indexUrl, self.location.href).href;
  const engine = await load(url, req.excerpts);
  if (req.op === 'load') {
    const { pages, sections } = engine.file;
    return { pages: pages.length, pagesInContext: req.ctx ? pages.filter((p) => p.c === req.ctx).length : pages.length, sections: sections.length, ms: performance.now() - t0 };
  }
  const t1 = performance.now();
  const response = engine.search(req.query, { ctx: req.ctx, limit: req.limit, excerpts: req.excerpts, excerptLength: engine.file.excerptLength });
  return { ...response, ms: performance.now() - t1 };
}

self.onmessage = (e: MessageEvent<WorkerRequest>) => {
  const req = e.data;
  handle(req).then(
    (result) => self.postMessage({ id: req.id, ok: true, result } satisfies WorkerResponse),
    (error: unknown) => self.postMessage({ id: req.id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies WorkerResponse),
  );
};
