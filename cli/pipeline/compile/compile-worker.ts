/**
 * One compile worker thread (see `startCompileWorkers` in compile-site.ts): its own unified
 * processor and shiki instance, compiling the batches of docs the main thread sends. Pages go back
 * without their `doc` (the main thread has it); problems go back as diagnostics; at the end, the
 * code-highlighting classes it registered (their names are hashes of the style, so the classes of
 * all workers merge without clashes).
 */
import { serveWorker } from '../../workers/serve-worker.ts';
import type { PaydocsConfig } from '../../../config/index.ts';
import type { Diagnostic } from '../../diagnostics.ts';
import { CompileCache, compileThrough, styleText, type CompileCacheSpec, type EntryPlace } from '../../cache/compile-cache.ts';
import { compileEntry, type CompiledPage } from './compile-markdown.ts';
import type { SourceDoc } from '../load/load-content.ts';
import { createProcessor } from './markdown/create-processor.ts';
import type { MarkdownData } from './markdown/types.ts';
import { createStyleToClass } from './markdown/highlighter.ts';
import { recordingLookups } from './compile-memo.ts';

export type CompileRequest =
  | { type: 'init'; config: PaydocsConfig; routes: Record<string, Array<[string, string]>>; data: MarkdownData; cache?: CompileCacheSpec }
  | { type: 'batch'; docs: SourceDoc[] }
  /** Directive data that came after `init` (see `LaterData`), for the batches after it. */
  | { type: 'data'; data: MarkdownData }
  | { type: 'styles' };

/** A compiled doc: its page without `doc` (the main thread has it), its problems, where its compile-cache entry went and whether it came from there. */
export interface CompiledDoc {
  page: Omit<CompiledPage, 'doc'>;
  diagnostics: Diagnostic[];
  place?: EntryPlace;
  hit: boolean;
  /** Every route the page looked up while compiling, and what it got (the dev server's compile memo keeps them). */
  lookups: Array<[string, string | undefined]>;
}

export type CompileReply = { type: 'done' } | { type: 'batch'; docs: CompiledDoc[] } | { type: 'styles'; classes: Array<[string, string]> };

const styleToClass = createStyleToClass();
// Warms up before the first batch arrives: the main thread is still loading the config and content.
const processorReady = createProcessor({ styleToClass });
let config: PaydocsConfig | undefined;
let routes = new Map<string, Map<string, string>>();
let data: MarkdownData = {};
let cache: CompileCache | undefined;
const registry = () => styleToClass.getClassRegistry() as Map<string, string | Record<string, string>>;

serveWorker<CompileRequest, CompileReply>(async (msg) => {
  if (msg.type === 'init') {
    config = msg.config;
    data = msg.data;
    cache = msg.cache && new CompileCache(msg.cache);
    routes = new Map(Object.entries(msg.routes).map(([locale, list]) => [locale, new Map(list)]));
    return { type: 'done' };
  }
  if (msg.type === 'data') {
    data = { ...data, ...msg.data };
    return { type: 'done' };
  }
  if (msg.type === 'styles') {
    // The last message of a compile: this thread's pack of cache entries is complete.
    cache?.close();
    const classes = new Map(cache?.reusedClasses);
    for (const [name, style] of registry()) classes.set(name, styleText(style));
    return { type: 'styles', classes: [...classes] };
  }
  const processor = await processorReady;
  return {
    type: 'batch',
    docs: msg.docs.map((doc) => {
      const byRel = routes.get(doc.locale) ?? new Map<string, string>();
      const lookups = new Map<string, string | undefined>();
      const done = compileThrough(cache, doc, data, recordingLookups((rel) => byRel.get(rel), lookups), registry, (routeOf) => compileEntry(doc, routeOf, { config: config!, processor, data }));
      return { page: done.page, diagnostics: done.problems, place: done.place, hit: done.hit, lookups: [...lookups] };
    }),
  };
});
