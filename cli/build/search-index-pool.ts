import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SearchSource } from './build-search-index.ts';
import type { SearchWorkerReply, SearchWorkerRequest } from './search-index-worker.ts';
import { bundledModule } from './worker-bundle.ts';

/**
 * Builds the search indexes on worker threads, in the background: the main thread goes on to render
 * and write the pages (which link to the index files by names known in advance, see
 * `searchSources`), and writes each index when its promise settles. One thread per locale, at most
 * `threads`: on a big site one locale's index takes longer than writing the pages.
 */
export function indexInBackground(sources: SearchSource[], threads = 2): { indexes: Map<SearchSource, Promise<string>>; close: () => Promise<void> } {
  const url = bundledModule(fileURLToPath(new URL('./search-index-worker.ts', import.meta.url)), 'search-index-worker');
  const workers = Array.from({ length: Math.max(1, Math.min(threads, sources.length)) }, () => url.then((u) => new Worker(u)));
  const indexes = new Map<SearchSource, Promise<string>>();
  sources.forEach((source, id) => {
    const promise = workers[id % workers.length]!.then(
      (worker) =>
        new Promise<string>((resolve, reject) => {
          const onMessage = (reply: SearchWorkerReply) => {
            if (reply.id !== id) return;
            done();
            if ('json' in reply) resolve(reply.json);
            else reject(Object.assign(new Error(`search index worker: ${reply.error}`), { stack: reply.stack }));
          };
          const onError = (error: Error) => (done(), reject(error));
          const onExit = (code: number) => (done(), reject(new Error(`search index worker exited with code ${code}`)));
          const done = () => {
            worker.off('message', onMessage);
            worker.off('error', onError);
            worker.off('exit', onExit);
          };
          worker.on('message', onMessage);
          worker.on('error', onError);
          worker.on('exit', onExit);
          worker.postMessage({ id, source: { head: source.head, documents: source.documents } } satisfies SearchWorkerRequest);
        }),
    );
    // Handled where it is awaited (emit); never an unhandled rejection in between.
    promise.catch(() => undefined);
    indexes.set(source, promise);
  });
  return {
    indexes,
    close: async () => {
      await Promise.all(
        workers.map(async (started) => {
          const worker = await started.catch(() => undefined);
          worker?.removeAllListeners('exit');
          await worker?.terminate();
        }),
      );
    },
  };
}
