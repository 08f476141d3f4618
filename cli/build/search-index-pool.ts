import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SearchSource } from './build-search-index.ts';
import type { SearchWorkerReply, SearchWorkerRequest } from './search-index-worker.ts';
import { bundledModule } from './worker-bundle.ts';

/** Search-index worker threads, started ahead of the sources they will index (see `startSearchIndexPool`). */
export interface SearchIndexPool {
  /** Sends each source to a thread; each promise settles with the index JSON. */
  index(sources: SearchSource[]): Map<SearchSource, Promise<string>>;
  close(): Promise<void>;
}

/**
 * Builds the search indexes on worker threads, in the background: the main thread goes on to render
 * and write the pages (which link to the index files by names known in advance, see
 * `searchSources`), and writes each index when its promise settles. One thread per locale, at most
 * `threads`: on a big site one locale's index takes longer than writing the pages.
 */
export function indexInBackground(sources: SearchSource[], threads = 2): { indexes: Map<SearchSource, Promise<string>>; close: () => Promise<void> } {
  const pool = startSearchIndexPool(Math.min(threads, sources.length));
  return { indexes: pool.index(sources), close: () => pool.close() };
}

/**
 * Starts `threads` search-index threads now, for sources given later: a build starts them while the
 * compile workers finish, so that they have loaded when the sources are ready (started then, their
 * loading left a core idle for a tenth of a second). `entry`: the thread's module (tests).
 */
export function startSearchIndexPool(threads: number, entry = fileURLToPath(new URL('./search-index-worker.ts', import.meta.url))): SearchIndexPool {
  const url = bundledModule(entry, path.basename(entry, '.ts'));
  // Until a source is sent, what happens to a thread is kept: its error, or its exit, fails the sources sent to it later.
  const ended = new WeakMap<Worker, Error>();
  const workers = Array.from({ length: Math.max(1, threads) }, () =>
    url.then((u) => {
      const worker = new Worker(u);
      worker.once('error', (error) => ended.set(worker, ended.get(worker) ?? error));
      worker.once('exit', (code) => ended.set(worker, ended.get(worker) ?? new Error(`search index worker exited with code ${code}`)));
      return worker;
    }),
  );
  for (const w of workers) w.catch(() => undefined); // failed bundling fails the sources, where they are awaited
  let sent = 0;
  const index = (sources: SearchSource[]) => {
    const indexes = new Map<SearchSource, Promise<string>>();
    for (const source of sources) {
      const id = sent++;
      const promise = workers[id % workers.length]!.then(
        (worker) =>
          new Promise<string>((resolve, reject) => {
            const gone = ended.get(worker);
            if (gone) return reject(gone);
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
    }
    return indexes;
  };
  return {
    index,
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
