import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SearchSource } from './build-search-index.ts';
import type { SearchWorkerReply, SearchWorkerRequest } from './search-index-worker.ts';
import { bundledModule } from '../../workers/worker-bundle.ts';

/**
 * Search-index worker threads, started ahead of the sources they will index: the main thread goes on
 * to render and write the pages (which link to the index files by names known in advance, see
 * `searchSources`), and writes each index when its promise settles.
 */
export interface SearchIndexPool {
  /** Sends each source to a thread, in turn; each promise settles with the index JSON. */
  index(sources: SearchSource[]): Map<SearchSource, Promise<string>>;
  close(): Promise<void>;
}

interface Thread {
  worker: Worker;
  /** Requests sent and not answered, by id. */
  pending: Map<number, { resolve: (json: string) => void; reject: (error: Error) => void }>;
  /** Why the thread stopped: fails what was pending then, and whatever is sent to it after. */
  ended?: Error;
}

/**
 * Starts `threads` search-index threads now, for sources given later (sent to them in turn). A build
 * starts one while the compile workers finish, so that it has loaded when the sources are ready
 * (started then, its loading left a core idle for a tenth of a second). `entry`: the thread's module (tests).
 */
export function startSearchIndexPool(threads: number, entry = fileURLToPath(new URL('./search-index-worker.ts', import.meta.url))): SearchIndexPool {
  const url = bundledModule(entry, path.basename(entry, '.ts'));
  const started = Array.from({ length: Math.max(1, threads) }, () =>
    url.then((u) => {
      const thread: Thread = { worker: new Worker(u), pending: new Map() };
      const end = (error: Error) => {
        thread.ended ??= error;
        for (const p of thread.pending.values()) p.reject(thread.ended);
        thread.pending.clear();
      };
      thread.worker.on('message', (reply: SearchWorkerReply) => {
        const p = thread.pending.get(reply.id);
        if (!p) return;
        thread.pending.delete(reply.id);
        if ('json' in reply) p.resolve(reply.json);
        else p.reject(Object.assign(new Error(`search index worker: ${reply.error}`), { stack: reply.stack }));
      });
      thread.worker.once('error', end);
      thread.worker.once('exit', (code) => end(new Error(`search index worker exited with code ${code}`)));
      return thread;
    }),
  );
  for (const t of started) t.catch(() => undefined); // failed bundling fails the sources, where they are awaited
  let sent = 0;
  return {
    index(sources) {
      const indexes = new Map<SearchSource, Promise<string>>();
      for (const source of sources) {
        const id = sent++;
        const promise = started[id % started.length]!.then(
          (thread) =>
            new Promise<string>((resolve, reject) => {
              if (thread.ended) return reject(thread.ended);
              thread.pending.set(id, { resolve, reject });
              thread.worker.postMessage({ id, source: { head: source.head, documents: source.documents } } satisfies SearchWorkerRequest);
            }),
        );
        // Handled where it is awaited (emit); never an unhandled rejection in between.
        promise.catch(() => undefined);
        indexes.set(source, promise);
      }
      return indexes;
    },
    async close() {
      await Promise.all(
        started.map(async (t) => {
          const thread = await t.catch(() => undefined);
          thread?.worker.removeAllListeners('exit');
          await thread?.worker.terminate();
        }),
      );
    },
  };
}
