/**
 * The search-index worker thread (see search-index-pool.ts): builds one locale's index per request,
 * while the main thread renders and writes the pages.
 */
import { serveWorker } from '../../workers/serve-worker.ts';
import type { SearchSource } from './build-search-index.ts';
import { indexSearchSource } from './index-search-source.ts';

export type SearchWorkerRequest = Pick<SearchSource, 'head' | 'documents'>;
/** The index file's JSON. */
export type SearchWorkerReply = string;

serveWorker<SearchWorkerRequest, SearchWorkerReply>((source) => indexSearchSource(source));
