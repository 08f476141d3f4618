/**
 * `paydocs dev`: the pipeline kept alive in dev mode (cli/pipeline/pipeline.ts), run again with each
 * change the watcher sees, its output served from memory and pushed to the open pages. Nothing here
 * builds: this file is the watcher, the live update and the error reporting; dev-site.ts serves a run's
 * output over HTTP.
 */
import { statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import { watch } from 'chokidar';
import { reusedNote } from '../cache/compile-cache.ts';
import { formatDiagnostic, PaydocsError, type Diagnostic } from '../diagnostics.ts';
import { RENDERER_DIR } from '../package-root.ts';
import { createPipeline, type SiteOutput } from '../pipeline/pipeline.ts';
import { isAllowedHost } from '../serve/allowed-host.ts';
import { listen } from '../serve/listen.ts';
import { DevSite } from './dev-site.ts';

export interface DevServerOptions {
  root: string;
  port: number;
  host: string;
  locales?: string[];
  /** Ports after `port` to try when it is taken (`--port` left at its default). */
  tryNext?: number;
  /** Print to the terminal (tests pass a collector). */
  log?: (line: string) => void;
  /** Start from the caches in `.paydocs/cache/`: `paydocs dev` does unless given `--no-cache`. */
  cache?: boolean;
}

export interface DevServer {
  url: string;
  close(): Promise<void>;
  /** Resolves after the next rebuild triggered by a file change (tests). */
  nextRebuild(): Promise<RebuildResult>;
}

export interface RebuildResult {
  ms: number;
  errors: Diagnostic[];
  /** The warnings of the whole site after this rebuild, as the terminal lists them. */
  warnings: Diagnostic[];
  changed: string[];
}

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const { root, log = console.log } = options;
  const pipeline = createPipeline({ root, mode: 'dev', locales: options.locales, cache: options.cache });
  const first = await pipeline.run();
  const site = new DevSite(root, first);
  const clients = new Set<ServerResponse>();
  const waiters: Array<(r: RebuildResult) => void> = [];
  /** What went wrong in the last run when it threw (not a content problem: a bug, shown rather than lost). */
  let runErrors: Diagnostic[] = [];

  const send = (msg: unknown) => {
    const data = `data: ${JSON.stringify(msg)}\n\n`;
    for (const c of clients) c.write(data);
  };
  /** Every problem that is still there, whatever found it: the overlay and new connections show this list. */
  const currentErrors = (): Diagnostic[] => [...site.output.codeErrors, ...runErrors, ...site.output.diagnostics.errors, ...site.renderErrors()];

  let warned = '';
  const report = (warnings?: Diagnostic[]) => {
    const w = warnings?.map(formatDiagnostic).join('\n');
    if (warnings && w && w !== warned) log(`\n⚠ ${warnings.length} warning${warnings.length === 1 ? '' : 's'}:\n${w}`);
    if (w !== undefined) warned = w;
    const errors = currentErrors();
    if (errors.length) {
      const text = errors.map(formatDiagnostic).join('\n');
      log(`\n✖ ${errors.length} error${errors.length === 1 ? '' : 's'} (also shown in the browser; a page with errors keeps its last good version, if it had one):\n${text}`);
      send({ type: 'error', text });
    } else send({ type: 'ok' });
  };
  site.renderReactPages();
  report(first.diagnostics.warnings);

  // Saves come in bursts (an editor writes a file, a formatter rewrites it): a run takes what came in 8 ms.
  let timer: NodeJS.Timeout | undefined;
  const pending = new Set<string>();
  let running: Promise<void> = Promise.resolve();
  let closed = false;
  const onChange = (file: string) => {
    if (closed) return;
    pending.add(projectPath(root, file));
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(rebuild);
    }, 8);
  };

  // chokidar drops a file's `change` that comes within 50 ms of the one before (its throttle), so a
  // second quick save (a formatter rewriting the file on save) was never shown: once that window has
  // passed, each file of a rebuild is looked at again, and one that changed since is rebuilt.
  let recheck: NodeJS.Timeout | undefined;
  const mtimeOf = (rel: string) => {
    try {
      return statSync(path.join(root, rel)).mtimeMs;
    } catch {
      return undefined;
    }
  };
  const rebuild = async () => {
    const changed = [...pending];
    pending.clear();
    if (!changed.length) return;
    const seen = new Map(changed.map((f) => [f, mtimeOf(f)]));
    recheck = setTimeout(() => {
      for (const [f, mtime] of seen) if (mtimeOf(f) !== mtime) onChange(path.join(root, f));
    }, 60);
    const t0 = performance.now();
    let output: SiteOutput | undefined;
    try {
      output = await pipeline.run(changed);
      runErrors = [];
    } catch (error) {
      runErrors = error instanceof PaydocsError ? error.diagnostics : [{ severity: 'error', rule: 'dev', message: (error as Error).stack ?? String(error) }];
    }
    const update = output ? site.update(output) : undefined;
    report(output?.diagnostics.warnings);
    if (update?.reload) send({ type: 'reload' });
    else if (update?.changedHrefs.length) send({ type: 'update', routes: site.routesPatch(update.changedHrefs) });
    const ms = performance.now() - t0;
    const pages = update?.changedHrefs.length ?? 0;
    log(`↻ ${changed.join(', ')} (${ms.toFixed(0)} ms${pages ? `, ${pages} page${pages === 1 ? '' : 's'} updated` : ''})`);
    const errors = currentErrors();
    for (const w of waiters.splice(0)) w({ ms, errors, warnings: output?.diagnostics.warnings ?? [], changed });
  };

  const watcher = watch([path.join(root, 'content'), path.join(root, 'docs.config.ts'), RENDERER_DIR], { ignoreInitial: true });
  watcher.on('all', (_event, file) => onChange(file));
  // A save made once the server is up is seen: chokidar reports nothing before its first scan is done.
  const watching = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    // DNS rebinding: a page of another site whose name resolves here must not read the writer's drafts.
    if (!isAllowedHost(req.headers.host, { listenHost: options.host })) {
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end('paydocs dev answers only requests for its own host name.\n');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/__paydocs/events') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
      const errors = currentErrors();
      res.write(`data: ${JSON.stringify(errors.length ? { type: 'error', text: errors.map(formatDiagnostic).join('\n') } : { type: 'hello' })}\n\n`);
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    const { changedErrors } = site.serve(req, res, url);
    if (changedErrors) report();
  };
  // Nothing a request meets may end the session: the writer is mid-edit.
  const server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch (error) {
      log(`\n✖ ${req.url}: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end();
    }
  });
  let port: number;
  try {
    [port] = await Promise.all([listen(server, { port: options.port, host: options.host, tryNext: options.tryNext, log }), watching]);
  } catch (error) {
    await watcher.close(); // else it keeps the process alive after the error is printed
    await pipeline.close();
    throw error;
  }
  const url = `http://${options.host === '0.0.0.0' ? 'localhost' : options.host}:${port}`;
  const fromCache = first.reused ? `; ${reusedNote(first.reused, first.docs)}` : '';
  log(`paydocs dev: ${url}${first.config.baseUrl} (watching content/${fromCache})`);
  return {
    url,
    async close() {
      closed = true;
      clearTimeout(timer);
      clearTimeout(recheck);
      await watcher.close();
      await running;
      for (const c of clients) c.end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pipeline.close();
    },
    nextRebuild: () => new Promise((resolve) => waiters.push(resolve)),
  };
}

/** A watched file as the pipeline names it: relative to the project, or `renderer/...` for paydocs' theme. */
function projectPath(root: string, file: string): string {
  const theme = path.relative(RENDERER_DIR, file);
  if (!theme.startsWith('..') && !path.isAbsolute(theme)) return `renderer/${theme.split(path.sep).join('/')}`;
  return path.relative(root, file).split(path.sep).join('/');
}

