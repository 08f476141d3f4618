/**
 * One compile worker thread (see `startCompileWorkers` in compile-site.ts): its own unified
 * processor and shiki instance, compiling the batches of docs the main thread sends. Pages go back
 * without their `doc` (the main thread has it); problems go back as diagnostics; at the end, the
 * code-highlighting classes it registered (their names are hashes of the style, so the classes of
 * all workers merge without clashes).
 */
import { parentPort } from 'node:worker_threads';
import type { PaydocsConfig } from '../../config/index.ts';
import { DiagnosticList, type Diagnostic } from '../diagnostics.ts';
import { compileDoc, type CompiledPage } from './compile-markdown.ts';
import type { SourceDoc } from './load-content.ts';
import { createProcessor } from './markdown/create-processor.ts';
import type { MarkdownData } from './markdown/types.ts';
import { createStyleToClass } from './markdown/highlighter.ts';

export type WorkerRequest =
  | { type: 'init'; config: PaydocsConfig; routes: Record<string, Array<[string, string]>>; data: MarkdownData }
  | { type: 'batch'; id: number; docs: SourceDoc[] }
  /** Directive data that came after `init` (see `LaterData`), for the batches after it. */
  | { type: 'data'; data: MarkdownData }
  | { type: 'styles' };

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'batch'; id: number; pages: Array<Omit<CompiledPage, 'doc'>>; diagnostics: Diagnostic[][] }
  | { type: 'styles'; classes: Array<[string, string]> }
  | { type: 'error'; message: string; stack?: string };

const port = parentPort!;
const styleToClass = createStyleToClass();
const processorReady = createProcessor({ styleToClass });
let config: PaydocsConfig | undefined;
let routes = new Map<string, Map<string, string>>();
let data: MarkdownData = {};

const stringifyStyle = (style: string | Record<string, string>) => (typeof style === 'string' ? style : Object.entries(style).map(([k, v]) => `${k}:${v}`).join(';'));

port.on('message', (msg: WorkerRequest) => {
  void handle(msg).catch((error: Error) => port.postMessage({ type: 'error', message: error.message, stack: error.stack } satisfies WorkerReply));
});

async function handle(msg: WorkerRequest): Promise<void> {
  if (msg.type === 'init') {
    config = msg.config;
    data = msg.data;
    routes = new Map(Object.entries(msg.routes).map(([locale, list]) => [locale, new Map(list)]));
    return;
  }
  if (msg.type === 'data') {
    data = { ...data, ...msg.data };
    return;
  }
  if (msg.type === 'styles') {
    const registry = styleToClass.getClassRegistry() as Map<string, string | Record<string, string>>;
    port.postMessage({ type: 'styles', classes: [...registry].map(([name, style]) => [name, stringifyStyle(style)]) } satisfies WorkerReply);
    return;
  }
  const processor = await processorReady;
  const pages: Array<Omit<CompiledPage, 'doc'>> = [];
  const diagnostics: Diagnostic[][] = [];
  for (const doc of msg.docs) {
    const byRel = routes.get(doc.locale) ?? new Map<string, string>();
    const local = new DiagnosticList();
    const { doc: _doc, ...page } = compileDoc(doc, (rel) => byRel.get(rel), { config: config!, processor, diagnostics: local, data });
    pages.push(page);
    diagnostics.push(local.items);
  }
  port.postMessage({ type: 'batch', id: msg.id, pages, diagnostics } satisfies WorkerReply);
}

// Warm up before the first batch arrives: the main thread is still loading the config and content.
void processorReady.then(() => port.postMessage({ type: 'ready' } satisfies WorkerReply));
