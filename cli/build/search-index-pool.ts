import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SearchSource } from './build-search-index.ts';
import type { SearchWorkerReply, SearchWorkerRequest } from './search-index-worker.ts';
import { bundledWorker } from './worker-bundle.ts';

/**
 * Builds the search indexes on one worker thread, in the background: the main thread goes on to
 * render and write the pages (which link to the index files by names known in advance, see
 * `searchSources`), and writes each index when its promise settles. Locales are indexed one after
 * the other: the main thread keeps the other core busy.
 */
export function indexInBackground(sources: SearchSource[]): { indexes: Map<SearchSource, Promise<string>>; close: () => Promise<void> } {
  const started = bundledWorker(fileURLToPath(new URL('./search-index-worker.ts', import.meta.url)), 'search-index-worker').then((url) => new Worker(url));
  const pending = new Map<number, { resolve: (json: string) => void; reject: (error: Error) => void }>();
  const fail = (error: Error) => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  const ready = started.then((worker) => {
    worker.on('message', (reply: SearchWorkerReply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      if ('json' in reply) p.resolve(reply.json);
      else p.reject(Object.assign(new Error(`search index worker: ${reply.error}`), { stack: reply.stack }));
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`search index worker exited with code ${code}`)));
    return worker;
  });
  const indexes = new Map<SearchSource, Promise<string>>();
  sources.forEach((source, id) => {
    const promise = new Promise<string>((resolve, reject) => pending.set(id, { resolve, reject }));
    // Handled where it is awaited (emit); never an unhandled rejection in between.
    promise.catch(() => undefined);
    indexes.set(source, promise);
    ready.then(
      (worker) => worker.postMessage({ id, source: { head: source.head, documents: source.documents } } satisfies SearchWorkerRequest),
      (error: Error) => fail(error),
    );
  });
  return {
    indexes,
    close: async () => {
      const worker = await ready.catch(() => undefined);
      worker?.removeAllListeners('exit');
      await worker?.terminate();
    },
  };
}
