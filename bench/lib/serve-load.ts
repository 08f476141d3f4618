/**
 * The load test of `paydocs serve` (issue 33), on a built site: steady keep-alive load, abandoned
 * requests and slow connections, with the server's open file descriptors counted before and after,
 * and the same steady and slow load on Debian's nginx serving the same folder, for requests per
 * second side by side. bench/README.md describes the method; the generator is http-load.ts.
 *
 * `paydocs serve` runs as its own process (the compiled bin/paydocs.js, as a user starts it) so that
 * /proc/<pid>/fd counts its descriptors alone. Linux only for the counts; elsewhere they are
 * reported as not measured.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { NGINX, startNginx, type NginxServer } from '../../test/helpers/nginx.ts';
import type { Budget } from './budgets.ts';
import { abortedLoad, getOnce, openSlowConnections, steadyLoad, type AbortResult, type SteadyResult, type Target } from './http-load.ts';
import { REPO_ROOT } from './site-copy.ts';
import { formatTable } from './stats.ts';

export interface ServeLoadOptions {
  /** Keep-alive connections of the steady load. */
  connections: number;
  /** Steady load per server, in each of the two steady phases (plain, and with the slow connections held). */
  durationMs: number;
  /** Requests abandoned, half right after sending, half on the first bytes of the answer. */
  abortedRequests: number;
  abortConcurrency: number;
  /** Sockets holding a partial request during the second steady phase. */
  slowConnections: number;
  /** Descriptors the server may hold after the load beyond what it held before, for "flat". */
  fdTolerance: number;
}

export const SERVE_LOAD_DEFAULTS: ServeLoadOptions = { connections: 32, durationMs: 5_000, abortedRequests: 5_000, abortConcurrency: 100, slowConnections: 500, fdTolerance: 8 };

export interface FdCounts {
  /** After a warm-up request for every path (Node opens some descriptors lazily), before the load. */
  before: number;
  /** The most seen during the load (sampled every 100 ms, and once with every slow connection open). */
  peak: number;
  /** Once the abandoned requests' sockets are closed on our side and the count settled (paydocs only). */
  afterAborted?: number;
  /** At the end, every socket closed on our side and the count settled. Undefined: the process ended. */
  after?: number;
  /** How long the last settling took (see settleFds). */
  settleMs: number;
}

/**
 * A steady phase with the CPU time both sides used: on a machine other work keeps busy, requests per
 * CPU second vary much less than requests per second, and a load generator near a whole core says
 * that the server's rate is a lower bound.
 */
export interface SteadyRun extends SteadyResult {
  /** User + system CPU time of the server process during the phase (/proc/<pid>/stat). */
  serverCpuMs?: number;
  /** CPU time of the load generator (this process) during the phase. */
  clientCpuMs: number;
}

export interface ServerLoad {
  /** `paydocs serve`, `nginx/1.22.1`. */
  name: string;
  steady: SteadyRun;
  slow: { opened: number; failedToOpen: Record<string, number>; stillOpenAtEnd: number; steady: SteadyRun };
  /** paydocs only: the abandoned requests. */
  aborted?: AbortResult;
  fds?: FdCounts;
  /** The process still runs after the load. */
  alive: boolean;
  /** Status of a GET / after the load (or the error). */
  finalRequest: number | string;
  /** When the process ended: its exit code or signal, and the end of its output. */
  exit?: string;
  output?: string;
}

export interface ServeLoadResult {
  options: ServeLoadOptions;
  /** The paths requested, in the order each connection walks them. */
  paths: string[];
  paydocs: ServerLoad;
  nginx?: ServerLoad;
  /** Why nginx was not measured. */
  nginxNotMeasured?: string;
  ms: number;
}

// ---------------------------------------------------------------- the site's paths

/** Clean URLs of `count` pages spread over the site (the home page first), sorted by path. */
function pagePaths(dist: string, count: number): string[] {
  const pages: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(dist, rel), { withFileTypes: true })) {
      if (e.isDirectory() && !(rel === '' && e.name === 'assets')) walk(path.join(rel, e.name));
      else if (e.name === 'index.html' && rel !== '') pages.push(`/${rel.split(path.sep).join('/')}`);
    }
  };
  walk('');
  pages.sort();
  const step = Math.max(1, Math.floor(pages.length / (count - 1)));
  return ['/', ...pages.filter((_, i) => i % step === 0).slice(0, count - 1)];
}

/**
 * What a visit loads: `pages` HTML pages, the home page's stylesheet, module script and module
 * preloads, and the first locale's search index (not its text store).
 */
export function loadPaths(dist: string, pages = 8): string[] {
  const home = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const assets = [...home.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const searchDir = path.join(dist, 'assets/search');
  const search = existsSync(searchDir) ? readdirSync(searchDir).filter((n) => n.endsWith('.json') && !n.includes('-text-')).sort().slice(0, 1).map((n) => `/assets/search/${n}`) : [];
  return [...pagePaths(dist, pages), ...new Set(assets), ...search];
}

// ---------------------------------------------------------------- descriptors

/** Open descriptors of a process (entries of /proc/<pid>/fd), or undefined where /proc has none. */
export function openFds(pid: number): number | undefined {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return undefined;
  }
}

/**
 * Waits for a server to close what its clients closed: polls the count every 50 ms and returns when
 * it is back at `floor`, or has not gone down for `quietMs`, or at `deadlineMs`.
 */
async function settleFds(pid: number, floor: number, { quietMs = 1_000, deadlineMs = 10_000 } = {}): Promise<{ count: number | undefined; ms: number }> {
  const t0 = performance.now();
  let count = openFds(pid);
  let lastDrop = t0;
  for (;;) {
    const now = performance.now();
    if (count === undefined || count <= floor || now - lastDrop >= quietMs || now - t0 >= deadlineMs) return { count, ms: now - t0 };
    await new Promise((r) => setTimeout(r, 50));
    const next = openFds(pid);
    if (next !== undefined && next < count) lastDrop = performance.now();
    count = next;
  }
}

/** User + system CPU time of a process, in ms, or undefined where /proc has none. */
let clockTick: number | undefined;
function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    clockTick ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTick;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------- the servers

interface Server {
  name: string;
  target: Target;
  pid: number;
  /** Undefined while it runs; otherwise how it ended. */
  exit(): string | undefined;
  /** The end of what it printed. */
  output(): string;
  stop(): Promise<void>;
}

/** `paydocs serve <dist> --port 0`, resolved when it prints the port it got. */
function startPaydocsServe(dist: string): Promise<Server> {
  const child = spawn(process.execPath, [path.join(REPO_ROOT, 'bin/paydocs.js'), 'serve', dist, '--port', '0', '--host', '127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const exit = () => (child.exitCode === null && child.signalCode === null ? undefined : child.signalCode ? `killed by ${child.signalCode}` : `exit code ${child.exitCode}`);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail('did not print its address within 20 s'), 20_000);
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`paydocs serve ${why}:\n${output}`));
    };
    const onEarlyExit = () => fail(`ended (${exit()})`);
    child.once('exit', onEarlyExit);
    child.stdout.on('data', () => {
      const port = /at http:\/\/127\.0\.0\.1:(\d+)\//.exec(output)?.[1];
      if (!port) return;
      clearTimeout(timer);
      child.off('exit', onEarlyExit);
      resolve({
        name: 'paydocs serve',
        target: { host: '127.0.0.1', port: Number(port) },
        pid: child.pid!,
        exit,
        output: () => output.trim().split('\n').slice(-15).join('\n'),
        async stop() {
          if (exit()) return;
          child.kill('SIGTERM');
          const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
          await exited;
          clearTimeout(killer);
        },
      });
    });
  });
}

function nginxVersion(): string {
  return /nginx\/[\d.]+/.exec(spawnSync(NGINX, ['-v'], { encoding: 'utf8' }).stderr)?.[0] ?? 'nginx';
}

function asServer(n: NginxServer, name: string): Server {
  return {
    name,
    target: { host: '127.0.0.1', port: n.port },
    pid: n.process.pid!,
    exit: () => (n.process.exitCode === null && n.process.signalCode === null ? undefined : n.process.signalCode ? `killed by ${n.process.signalCode}` : `exit code ${n.process.exitCode}`),
    output: () => (existsSync(n.errorLog) ? readFileSync(n.errorLog, 'utf8').trim().split('\n').slice(-15).join('\n') : ''),
    stop: () => n.stop(),
  };
}

// ---------------------------------------------------------------- the run

async function steadyRun(s: Server, paths: string[], options: { connections: number; durationMs: number }): Promise<SteadyRun> {
  const server0 = cpuMs(s.pid);
  const client0 = process.cpuUsage();
  const r = await steadyLoad(s.target, paths, options);
  const client = process.cpuUsage(client0);
  const server1 = cpuMs(s.pid);
  return { ...r, serverCpuMs: server0 === undefined || server1 === undefined ? undefined : server1 - server0, clientCpuMs: (client.user + client.system) / 1000 };
}

function mergeSteady(a: SteadyRun, b: SteadyRun): SteadyRun {
  const ms = a.ms + b.ms;
  const ok = a.ok + b.ok;
  const bytes = a.bytes + b.bytes;
  const failed = { ...a.failed };
  for (const [k, v] of Object.entries(b.failed)) failed[k] = (failed[k] ?? 0) + v;
  const serverCpuMs = a.serverCpuMs === undefined || b.serverCpuMs === undefined ? undefined : a.serverCpuMs + b.serverCpuMs;
  return { connections: a.connections, ms, ok, bytes, requestsPerSecond: (ok / ms) * 1000, bytesPerSecond: (bytes / ms) * 1000, failed, socketsOpened: a.socketsOpened + b.socketsOpened, serverCpuMs, clientCpuMs: a.clientCpuMs + b.clientCpuMs };
}

/**
 * Runs the load test on `dist` (a built site): paydocs serve always, nginx when /usr/sbin/nginx
 * exists. Takes about 2 × durationMs per server for the steady phases, the same again for the slow
 * ones, and a few seconds for the abandoned requests: some 30 s with the defaults.
 */
export async function measureServeLoad(dist: string, options: Partial<ServeLoadOptions> = {}, log: (s: string) => void = () => {}): Promise<ServeLoadResult> {
  const o = { ...SERVE_LOAD_DEFAULTS, ...options };
  const t0 = performance.now();
  const paths = loadPaths(dist);
  const servers: Server[] = [await startPaydocsServe(dist)];
  let nginxNotMeasured: string | undefined;
  if (!existsSync(NGINX)) nginxNotMeasured = `${NGINX} not found`;
  else {
    try {
      // One connection each for the steady load, the slow ones and the final request, with room.
      servers.push(asServer(await startNginx(dist, { workerConnections: 2 * (o.connections + o.slowConnections) + 64 }), nginxVersion()));
    } catch (e) {
      nginxNotMeasured = `nginx did not start: ${(e as Error).message.split('\n')[0]}`;
    }
  }
  const [paydocs, nginx] = servers as [Server, Server | undefined];
  const peak = new Map<Server, number>();
  const samplePeak = () => {
    for (const s of servers) peak.set(s, Math.max(peak.get(s) ?? 0, openFds(s.pid) ?? 0));
  };
  let sampler: NodeJS.Timeout | undefined;
  try {
    log(`serve load: ${paths.length} paths (${paths.filter((p) => !p.startsWith('/assets/')).length} pages, the home page's CSS and JS, a search index); paydocs serve pid ${paydocs.pid}${nginx ? `, ${nginx.name} pid ${nginx.pid}` : `; nginx not measured (${nginxNotMeasured})`}`);
    for (const s of servers) {
      for (const p of paths) {
        const status = await getOnce(s.target, p);
        if (status !== 200) throw new Error(`${s.name} answered ${status} for ${p} before any load: the path list or the server is wrong`);
      }
    }
    const before = new Map(servers.map((s) => [s, openFds(s.pid)]));
    sampler = setInterval(samplePeak, 100);

    // Steady load in turns, paydocs, nginx, nginx, paydocs, half the time each: drift of the
    // machine's speed during the phase falls on both servers alike.
    const half = { connections: o.connections, durationMs: o.durationMs / 2 };
    const steady = new Map<Server, SteadyRun>();
    for (const s of nginx ? [paydocs, nginx, nginx, paydocs] : [paydocs, paydocs]) {
      const r = await steadyRun(s, paths, half);
      const prev = steady.get(s);
      steady.set(s, prev ? mergeSteady(prev, r) : r);
    }
    for (const s of servers) log(`serve load: ${s.name} steady ${Math.round(steady.get(s)!.requestsPerSecond)} requests/s`);

    const aborted = await abortedLoad(paydocs.target, paths, { requests: o.abortedRequests, concurrency: o.abortConcurrency });
    const afterAborted = await settleFds(paydocs.pid, before.get(paydocs) ?? 0);
    log(`serve load: ${o.abortedRequests} requests abandoned in ${Math.round(aborted.ms)} ms; paydocs serve descriptors ${before.get(paydocs) ?? '–'} -> ${afterAborted.count ?? '–'}`);

    const slow = new Map<Server, ServerLoad['slow']>();
    for (const s of servers) {
      const held = await openSlowConnections(s.target, { count: o.slowConnections, batch: 100 });
      samplePeak();
      const r = await steadyRun(s, paths, { connections: o.connections, durationMs: o.durationMs });
      const stillOpenAtEnd = held.stillOpen();
      await held.release();
      slow.set(s, { opened: held.opened, failedToOpen: held.failed, stillOpenAtEnd, steady: r });
      log(`serve load: ${s.name} with ${held.opened} slow connections held: ${Math.round(r.requestsPerSecond)} requests/s, ${stillOpenAtEnd} slow ones still open at the end`);
    }
    clearInterval(sampler);
    sampler = undefined;

    const results = new Map<Server, ServerLoad>();
    for (const s of servers) {
      const b = before.get(s);
      const settled = b === undefined ? undefined : await settleFds(s.pid, b);
      const exit = s.exit();
      const fds = b === undefined || !settled ? undefined : { before: b, peak: peak.get(s) ?? b, afterAborted: s === paydocs ? afterAborted.count : undefined, after: settled.count, settleMs: settled.ms };
      const finalRequest = exit ? 'not run' : await getOnce(s.target, '/');
      results.set(s, { name: s.name, steady: steady.get(s)!, slow: slow.get(s)!, fds, alive: !exit, finalRequest, ...(exit && { exit, output: s.output() }) });
    }
    results.get(paydocs)!.aborted = aborted;
    return { options: o, paths, paydocs: results.get(paydocs)!, nginx: nginx && results.get(nginx), nginxNotMeasured, ms: performance.now() - t0 };
  } finally {
    if (sampler) clearInterval(sampler);
    for (const s of servers) await s.stop();
  }
}

// ---------------------------------------------------------------- report and budgets

const int = (v: number) => Math.round(v).toLocaleString('en-US');
const total = (f: Record<string, number>) => Object.values(f).reduce((a, b) => a + b, 0);
const perCpuSecond = (r: SteadyRun) => (r.serverCpuMs ? int((r.ok / r.serverCpuMs) * 1000) : '–');
const failures = (f: Record<string, number>) => (total(f) ? `${total(f)} (${Object.entries(f).map(([k, v]) => `${k}: ${v}`).join(', ')})` : '0');

/** The table the bench prints: one column per server, and paydocs / nginx for the rates. */
export function serveLoadTable(r: ServeLoadResult): { text: string; markdown: string } {
  const servers = [r.paydocs, ...(r.nginx ? [r.nginx] : [])];
  const ratio = (pick: (s: ServerLoad) => number) => {
    const v = r.nginx ? pick(r.paydocs) / pick(r.nginx) : NaN;
    return Number.isFinite(v) ? v.toFixed(2) : '–';
  };
  let first = true;
  const row = (label: string, cell: (s: ServerLoad) => string, ratioCell = '') => {
    const last = r.nginx ? ratioCell : first ? `not measured: ${r.nginxNotMeasured}` : '';
    first = false;
    return [label, ...servers.map(cell), last];
  };
  const { connections, durationMs, slowConnections, abortedRequests } = r.options;
  return formatTable(
    ['', ...servers.map((s) => s.name), r.nginx ? 'paydocs / nginx' : 'nginx'].map(String),
    [
      row(`steady: requests/s (${connections} keep-alive connections, ${durationMs / 1000} s)`, (s) => int(s.steady.requestsPerSecond), ratio((s) => s.steady.requestsPerSecond)),
      row('steady: MiB/s', (s) => (s.steady.bytesPerSecond / 2 ** 20).toFixed(1), ratio((s) => s.steady.bytesPerSecond)),
      row('steady: requests per CPU second of the server', (s) => perCpuSecond(s.steady), ratio((s) => s.steady.ok / (s.steady.serverCpuMs ?? NaN))),
      row('steady: load generator CPU (share of one core)', (s) => (s.steady.clientCpuMs / s.steady.ms).toFixed(2)),
      row('steady: failed requests', (s) => failures(s.steady.failed)),
      row(`slow: connections holding a partial request (of ${slowConnections})`, (s) => `${s.slow.opened} opened, ${s.slow.stillOpenAtEnd} at the end`),
      row('slow: requests/s of the steady load meanwhile', (s) => int(s.slow.steady.requestsPerSecond), ratio((s) => s.slow.steady.requestsPerSecond)),
      row('slow: requests per CPU second of the server', (s) => perCpuSecond(s.slow.steady), ratio((s) => s.slow.steady.ok / (s.slow.steady.serverCpuMs ?? NaN))),
      row('slow: failed requests', (s) => failures(s.slow.steady.failed)),
      row(`aborted: requests abandoned (of ${int(abortedRequests)})`, (s) => (s.aborted ? `${int(s.aborted.aborted['after-send'])} after send, ${int(s.aborted.aborted['after-first-bytes'])} on first bytes${total(s.aborted.failed) ? `; not as planned: ${failures(s.aborted.failed)}` : ''}` : 'not run')),
      row('open descriptors: before / peak / after aborted / after', (s) => (s.fds ? `${s.fds.before} / ${s.fds.peak} / ${s.fds.afterAborted ?? '–'} / ${s.fds.after ?? '–'}` : 'not measured')),
      row('alive after the load, GET /', (s) => `${s.alive ? 'yes' : `no (${s.exit})`}, ${s.finalRequest}`),
    ],
  );
}

/** The figures of the run in `summary` (bench.ts), by name. */
export function serveLoadSummary(r: ServeLoadResult): Record<string, number> {
  const s: Record<string, number> = { 'serve.rps': r.paydocs.steady.requestsPerSecond, 'serve.slow.rps': r.paydocs.slow.steady.requestsPerSecond };
  if (r.paydocs.fds?.after !== undefined) s['serve.fds.growth'] = r.paydocs.fds.after - r.paydocs.fds.before;
  if (r.nginx) {
    s['serve.nginx.rps'] = r.nginx.steady.requestsPerSecond;
    s['serve.nginx.slow.rps'] = r.nginx.slow.steady.requestsPerSecond;
  }
  return s;
}

/**
 * Issue 33's budgets on `paydocs serve`: no crash, open handles flat, and every request of the
 * steady load answered, with the slow connections held too. Undefined: not measured. A run that
 * could not start the server or request the site (`error`) breaks the first.
 */
export function serveLoadBudgets(r: ServeLoadResult | { error: string } | undefined): Budget[] {
  const error = r && 'error' in r ? r.error : undefined;
  const run = r && !('error' in r) ? r : undefined;
  const p = run?.paydocs;
  const tolerance = run?.options.fdTolerance ?? SERVE_LOAD_DEFAULTS.fdTolerance;
  const crashed = error !== undefined || (p !== undefined && !(p.alive && p.finalRequest === 200));
  return [
    {
      name: `serve: no crash under load (process alive, GET / answers 200)${error ? `: ${error.split('\n')[0]}` : ''}`,
      value: r ? (crashed ? 1 : 0) : undefined,
      limit: 0,
      format: (v) => `${v} crash${v === 1 ? '' : 'es'}`,
    },
    { name: 'serve: every request of the steady load answered 200, slow connections held too', value: p ? total(p.steady.failed) + total(p.slow.steady.failed) : undefined, limit: 0, format: (v) => `${v} failed` },
    { name: 'serve: open handles flat after aborted and slow connections (descriptors after - before)', value: p?.fds?.after === undefined ? undefined : p.fds.after - p.fds.before, limit: tolerance, format: (v) => `${v > 0 ? '+' : ''}${v} fds` },
  ];
}
