/**
 * The search-index worker thread (see search-index-pool.ts): builds one locale's index per request,
 * while the main thread renders and writes the pages.
 */
import { parentPort } from 'node:worker_threads';
import type { SearchSource } from './build-search-index.ts';
import { indexSearchSource } from './index-search-source.ts';

export type SearchWorkerRequest = { id: number; source: Pick<SearchSource, 'head' | 'documents'> };
export type SearchWorkerReply = { id: number; json: string } | { id: number; error: string; stack?: string };

const port = parentPort!;
port.on('message', ({ id, source }: SearchWorkerRequest) => {
  try {
    port.postMessage({ id, json: indexSearchSource(source) } satisfies SearchWorkerReply);
  } catch (error) {
    port.postMessage({ id, error: (error as Error).message, stack: (error as Error).stack } satisfies SearchWorkerReply);
  }
});
