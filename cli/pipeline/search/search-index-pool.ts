import type { SearchSource } from './build-search-index.ts';
import type { SearchWorkerReply, SearchWorkerRequest } from './search-index-worker.ts';
import { startWorkerPool } from '../../workers/worker-pool.ts';
import { siblingModule } from '../../workers/worker-script.ts';

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

/**
 * Starts `threads` search-index threads now, for sources given later. A build starts one while the
 * compile workers finish, so that it has loaded when the sources are ready (started then, its loading
 * left a core idle for a tenth of a second). `entry`: the thread's module (tests).
 */
export function startSearchIndexPool(threads: number, entry = siblingModule(import.meta.url, 'search-index-worker')): SearchIndexPool {
  const pool = startWorkerPool<SearchWorkerRequest, SearchWorkerReply>(entry, { size: threads, tasksPerThread: 1 });
  return {
    index(sources) {
      const indexes = new Map<SearchSource, Promise<string>>();
      for (const source of sources) {
        const promise = pool.run({ head: source.head, documents: source.documents }).catch((error: Error) => {
          throw Object.assign(new Error(`search index worker: ${error.message}`), { stack: error.stack });
        });
        // Handled where it is awaited (emit); never an unhandled rejection in between.
        promise.catch(() => undefined);
        indexes.set(source, promise);
      }
      return indexes;
    },
    close: () => pool.close(),
  };
}
