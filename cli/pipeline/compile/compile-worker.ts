/**
 * One compile worker thread (see `startCompileWorkers` in compile-site.ts): its own unified
 * processor and shiki instance, compiling the batches of docs the main thread sends. Pages go back
 * without their `doc` (the main thread has it); problems go back as diagnostics; at the end, the
 * code-highlighting classes it registered (their names are hashes of the style, so the classes of
 * all workers merge without clashes).
 */
import { parentPort } from 'node:worker_threads';
import type { PaydocsConfig } from '../../../config/index.ts';
import type { Diagnostic } from '../../diagnostics.ts';
import { CompileCache, compileThrough, styleText, type CompileCacheSpec, type EntryPlace } from '../../cache/compile-cache.ts';
import { compileEntry, type CompiledPage } from './compile-markdown.ts';
import type { SourceDoc } from '../load/load-content.ts';
import { createProcessor } from './markdown/create-processor.ts';
import type { MarkdownData } from './markdown/types.ts';
import { createStyleToClass } from './markdown/highlighter.ts';

export type WorkerRequest =
  | { type: 'init'; config: PaydocsConfig; routes: Record<string, Array<[string, string]>>; data: MarkdownData; cache?: CompileCacheSpec }
  | { type: 'batch'; id: number; docs: SourceDoc[] }
  /** Directive data that came after `init` (see `LaterData`), for the batches after it. */
  | { type: 'data'; data: MarkdownData }
  | { type: 'styles' };

export type WorkerReply =
  | { type: 'ready' }
  /** `places`: where each page's compile-cache entry went, when there is a cache; `hits`: which pages came from it. */
  | { type: 'batch'; id: number; pages: Array<Omit<CompiledPage, 'doc'>>; diagnostics: Diagnostic[][]; places: Array<EntryPlace | undefined>; hits: boolean[] }
  | { type: 'styles'; classes: Array<[string, string]> }
  | { type: 'error'; message: string; stack?: string };

const port = parentPort!;
const styleToClass = createStyleToClass();
const processorReady = createProcessor({ styleToClass });
let config: PaydocsConfig | undefined;
let routes = new Map<string, Map<string, string>>();
let data: MarkdownData = {};
let cache: CompileCache | undefined;
const registry = () => styleToClass.getClassRegistry() as Map<string, string | Record<string, string>>;

port.on('message', (msg: WorkerRequest) => {
  void handle(msg).catch((error: Error) => port.postMessage({ type: 'error', message: error.message, stack: error.stack } satisfies WorkerReply));
});

async function handle(msg: WorkerRequest): Promise<void> {
  if (msg.type === 'init') {
    config = msg.config;
    data = msg.data;
    cache = msg.cache && new CompileCache(msg.cache);
    routes = new Map(Object.entries(msg.routes).map(([locale, list]) => [locale, new Map(list)]));
    return;
  }
  if (msg.type === 'data') {
    data = { ...data, ...msg.data };
    return;
  }
  if (msg.type === 'styles') {
    // The last message of a compile: this thread's pack of cache entries is complete.
    cache?.close();
    const classes = new Map(cache?.reusedClasses);
    for (const [name, style] of registry()) classes.set(name, styleText(style));
    port.postMessage({ type: 'styles', classes: [...classes] } satisfies WorkerReply);
    return;
  }
  const processor = await processorReady;
  const pages: Array<Omit<CompiledPage, 'doc'>> = [];
  const diagnostics: Diagnostic[][] = [];
  const places: Array<EntryPlace | undefined> = [];
  const hits: boolean[] = [];
  for (const doc of msg.docs) {
    const byRel = routes.get(doc.locale) ?? new Map<string, string>();
    const done = compileThrough(cache, doc, data, (rel) => byRel.get(rel), registry, (routeOf) => compileEntry(doc, routeOf, { config: config!, processor, data }));
    pages.push(done.page);
    diagnostics.push(done.problems);
    places.push(done.place);
    hits.push(done.hit);
  }
  port.postMessage({ type: 'batch', id: msg.id, pages, diagnostics, places, hits } satisfies WorkerReply);
}

// Warm up before the first batch arrives: the main thread is still loading the config and content.
void processorReady.then(() => port.postMessage({ type: 'ready' } satisfies WorkerReply));
