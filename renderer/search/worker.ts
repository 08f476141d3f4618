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
/** Resolves once a first query was answered: the text store (excerpts) is fetched after it. */
let answered: () => void = () => undefined;
const firstAnswer = new Promise<void>((resolve) => (answered = resolve));
/** The search page wants excerpts at once; it gets them this long after the index at the latest. */
const TEXT_DELAY_MS = 250;

async function fetchJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`search: ${url} answered ${res.status}`);
  return (await res.json()) as T;
}

function load(indexUrl: string): Loaded {
  let hit = loaded.get(indexUrl);
  if (!hit) {
    const engine = fetchJson<SearchIndexFile>(indexUrl).then((file) => new SearchEngine(file));
    // Parsing the text store takes the worker's thread for a while: the reader's first query
    // (which needs no excerpt in the suggestions) goes first.
    const all = engine.then(async (e) => {
      await Promise.race([firstAnswer, new Promise((r) => setTimeout(r, TEXT_DELAY_MS))]);
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
  const ms = performance.now() - t1;
  setTimeout(answered, 0);
  return { ...response, ms };
}

self.onmessage = (e: MessageEvent<WorkerRequest>) => {
  const req = e.data;
  handle(req).then(
    (result) => self.postMessage({ id: req.id, ok: true, result } satisfies WorkerResponse),
    (error: unknown) => self.postMessage({ id: req.id, ok: false, error: error instanceof Error ? error.message : String(error) } satisfies WorkerResponse),
  );
};
