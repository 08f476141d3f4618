/**
 * `npm run bench`: paydocs side by side with Docusaurus 3.8.1 (+ @easyops-cn/docusaurus-search-local)
 * on the same content, in one run, on this machine. Prints a table of medians with ratios, checks
 * the budgets and exits 1 when one breaks. Not a test: it takes some 20 minutes (Docusaurus builds
 * take minutes each) and needs Debian's Chromium.
 *
 *   npm run bench                       everything; records bench/baseline.json
 *   npm run bench -- --quick            paydocs only, compared with bench/baseline.json
 *   --runs N                            paydocs cold builds (default 5)
 *   --docusaurus-runs N                 Docusaurus cold builds (default 3)
 *   --lighthouse-runs N                 Lighthouse runs per page and tool (default 3)
 *   --skip-scale --skip-lighthouse --skip-dev --skip-serve    leave a part out (its budgets are then not checked)
 *   --content DIR                       measure another content/ folder (default: the repo's)
 *
 * The serve load test alone, on a site built beforehand: npm run bench:serve -- <dist> (serve-load.ts).
 *
 * Everything is built in temporary folders ($TMPDIR/paydocs-bench); Docusaurus is installed there
 * from the npm registry and reused by later runs. The repo's content/ is copied, never edited.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../test/helpers/chromium.ts';
import { evaluateBudgets, type Budget } from './lib/budgets.ts';
import { measureDev, type DevResult } from './lib/dev.ts';
import { buildDocusaurus, installDocusaurus, prepareDocusaurusSite, startDocusaurusDev } from './lib/docusaurus.ts';
import { runLighthouse, type LighthouseScores } from './lib/lighthouse.ts';
import { gzipSize, measureNavigation, measurePages, type Bytes, type PageWeight } from './lib/measure-pages.ts';
import { assertOk, runTimed, type TimedRun } from './lib/proc.ts';
import { serveStatic } from './lib/serve.ts';
import { measureServeLoad, serveLoadBudgets, serveLoadSummary, serveLoadTable, type ServeLoadResult } from './lib/serve-load.ts';
import { copyProject, countPages, multiplyContent, REPO_ROOT } from './lib/site-copy.ts';
import { expandDirectives } from './lib/expand-directives.ts';
import { formatTable, kib, median, mib, msec, ratio, secs } from './lib/stats.ts';
import { emptyTrash, moveAside } from './lib/trash.ts';

// ---------------------------------------------------------------- options

const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const num = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const QUICK = flag('quick');
const RUNS = num('runs', 5);
const DOCUSAURUS_RUNS = num('docusaurus-runs', 3);
const LIGHTHOUSE_RUNS = num('lighthouse-runs', 3);
const SCALE_FACTORS = [10, 50];
const CONTENT_DIR = path.resolve(argv.includes('--content') ? argv[argv.indexOf('--content') + 1]! : path.join(REPO_ROOT, 'content'));
const WORK = path.join(os.tmpdir(), 'paydocs-bench');
const BASELINE_FILE = path.join(REPO_ROOT, 'bench/baseline.json');
const PAYDOCS_BIN = path.join(REPO_ROOT, 'bin/paydocs.js');

/** Pages measured in the browser: an API page (the heaviest kind) in both locales, a payment-method page, a cabinet page. */
const API_PAGE = '/api/transaction_create';
const DOC_PAGES = [API_PAGE, `/ru${API_PAGE}`, '/services/acquiring_form', '/cabinet/payout/create'];
/** Client-side navigation measured from the API page to this page (linked from the sidebar of both tools). */
const NAV_TARGET = '/api/transaction_get_crypto_address';
const LIGHTHOUSE_PAGES = { home: '/', api: API_PAGE };

const log = (s: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${s}`);

// ---------------------------------------------------------------- result shape

/** Medians of one tool, by figure key (see FIGURES). */
type Summary = Record<string, number>;

interface ToolResult {
  summary: Summary;
  builds?: BuildRun[];
  rebuilds?: BuildRun[];
  dev?: DevResult;
  pages?: PageWeight[];
  navigation?: Bytes & { files: number; paths: string[]; fullReload: boolean };
  dist?: { bytes: number; files: number };
  search?: Record<string, Bytes & { files: number }>;
  lighthouse?: Record<string, LighthouseScores[]>;
  /** paydocs only: `paydocs serve` under load beside nginx (lib/serve-load.ts), or why it could not run. */
  serve?: ServeLoadResult | { error: string };
}

interface ScaleResult {
  factor: number;
  pages: number;
  wallMs: number;
  peakRssMiB: number;
  msPer1000: number;
  mibPer1000: number;
  /** The build failed (out of memory, too slow): why, in a line. */
  error?: string;
}

export interface BenchResult {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; loadAverage: number[]; cpuPressure?: string; loadAverageAtEnd?: number[] };
  docs: { markdownFiles: number };
  versions: Record<string, string>;
  paydocs: ToolResult;
  docusaurus?: ToolResult;
  scale?: ScaleResult[];
}

// ---------------------------------------------------------------- measurements

/** Linux PSI: the share of time some runnable task waited for a CPU (other work on the machine). */
function cpuPressure(): string | undefined {
  try {
    const m = /some avg10=([\d.]+) avg60=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return m ? `${m[1]}% (10 s), ${m[2]}% (60 s)` : undefined;
  } catch {
    return undefined;
  }
}

function dirStats(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      const s = statSync(p);
      if (s.isDirectory()) walk(p);
      else {
        bytes += s.size;
        files++;
      }
    }
  };
  walk(dir);
  return { bytes, files };
}

function filesBytes(files: string[]): Bytes & { files: number } {
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const data = readFileSync(f);
    raw += data.length;
    gzip += gzipSize(data);
  }
  return { raw, gzip, files: files.length };
}

/** paydocs: `assets/search/<locale>-<version>-*.json` (the index and the text store). */
function paydocsSearch(dist: string): Record<string, Bytes & { files: number }> {
  const dir = path.join(dist, 'assets/search');
  if (!existsSync(dir)) return {};
  const byLocale = new Map<string, string[]>();
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const locale = f.split('-')[0]!;
    byLocale.set(locale, [...(byLocale.get(locale) ?? []), path.join(dir, f)]);
  }
  return Object.fromEntries([...byLocale].map(([l, files]) => [l, filesBytes(files)]));
}

/** Docusaurus search-local: `search-index*.json` in `build/` (en) and `build/ru/`. */
function docusaurusSearch(build: string): Record<string, Bytes & { files: number }> {
  const list = (d: string) => (existsSync(d) ? readdirSync(d).filter((n) => /^search-index.*\.json$/.test(n)).map((n) => path.join(d, n)) : []);
  return { en: filesBytes(list(build)), ru: filesBytes(list(path.join(build, 'ru'))) };
}

type BuildRun = { wallMs: number; peakRssMiB: number; cpuMs?: number };

/** Logs a timed build and keeps its figures (not its output). */
function logRun(label: string, r: TimedRun): BuildRun {
  log(`${label}: ${secs(r.wallMs)}${r.cpuMs !== undefined ? ` (CPU ${secs(r.cpuMs)})` : ''}, peak ${r.peakRssMiB.toFixed(0)} MiB`);
  return { wallMs: r.wallMs, peakRssMiB: r.peakRssMiB, cpuMs: r.cpuMs };
}

async function timedRuns(n: number, label: string, run: () => Promise<TimedRun>): Promise<BuildRun[]> {
  const out = [];
  for (let i = 0; i < n; i++) out.push(logRun(`${label} ${i + 1}/${n}`, await run()));
  return out;
}

function appendParagraph(file: string): () => void {
  const original = readFileSync(file, 'utf8');
  writeFileSync(file, `${original}\n\nA paragraph added by the benchmark to rebuild after one page changed (${Date.now()}).\n`);
  return () => writeFileSync(file, original);
}

async function measureBrowserSide(browser: Browser, dist: string, tool: 'paydocs' | 'docusaurus', result: ToolResult): Promise<void> {
  const server = await serveStatic(dist);
  try {
    const paths = DOC_PAGES.filter((p) => existsSync(path.join(dist, p, 'index.html')) || existsSync(path.join(dist, `${p}.html`)) || existsSync(path.join(dist, p.slice(1), 'index.html')));
    const missing = DOC_PAGES.filter((p) => !paths.includes(p));
    if (missing.length) log(`${tool}: pages not in the build, not measured: ${missing.join(', ')}`);
    result.pages = await measurePages(browser, { baseUrl: server.url, dir: dist, paths });
    for (const p of result.pages) log(`${tool} ${p.path}: html ${kib(p.html.raw)} (${kib(p.html.gzip)} gz), js ${p.js.files} files ${kib(p.js.raw)} (${kib(p.js.gzip)} gz), css ${kib(p.css.raw)} (${kib(p.css.gzip)} gz)`);
    const nav = await measureNavigation(browser, { baseUrl: server.url, dir: dist, from: API_PAGE, to: NAV_TARGET }).catch((e: Error) => {
      log(`${tool}: client-side navigation not measured: ${e.message}`);
      return undefined;
    });
    if (nav) result.navigation = nav;
    if (!flag('skip-lighthouse')) {
      result.lighthouse = {};
      for (const [name, p] of Object.entries(LIGHTHOUSE_PAGES)) {
        const runs: LighthouseScores[] = [];
        for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
          const scores = await runLighthouse(server.url + p);
          log(`${tool} lighthouse ${p} ${i + 1}/${LIGHTHOUSE_RUNS}: perf ${scores.performance}, a11y ${scores.accessibility}, bp ${scores['best-practices']}, seo ${scores.seo}${scores.failed.length ? ` (below 100: ${scores.failed.join(', ')})` : ''}`);
          runs.push(scores);
        }
        result.lighthouse[name] = runs;
      }
    }
  } finally {
    await server.close();
  }
}

/** Medians of everything measured, by figure key. */
function summarize(r: ToolResult): Summary {
  const s: Summary = {};
  if (r.builds) {
    s['build.wall'] = median(r.builds.map((b) => b.wallMs));
    s['build.rss'] = median(r.builds.map((b) => b.peakRssMiB));
    if (r.builds.every((b) => b.cpuMs !== undefined)) s['build.cpu'] = median(r.builds.map((b) => b.cpuMs!));
  }
  if (r.rebuilds) {
    s['rebuild.wall'] = median(r.rebuilds.map((b) => b.wallMs));
    s['rebuild.rss'] = median(r.rebuilds.map((b) => b.peakRssMiB));
  }
  if (r.dev) {
    s['dev.ready'] = r.dev.readyMs;
    s['dev.save'] = median(r.dev.saveToBrowserMs);
    s['dev.save.max'] = Math.max(...r.dev.saveToBrowserMs);
  }
  const api = r.pages?.find((p) => p.path === API_PAGE);
  if (api) {
    s['page.html.raw'] = api.html.raw;
    s['page.html.gzip'] = api.html.gzip;
    s['page.js.raw'] = api.js.raw;
    s['page.js.gzip'] = api.js.gzip;
    s['page.js.files'] = api.js.files;
    s['page.css.raw'] = api.css.raw;
    s['page.css.gzip'] = api.css.gzip;
  }
  if (r.pages?.length) {
    s['pages.js.gzip.max'] = Math.max(...r.pages.map((p) => p.js.gzip));
    s['pages.html.gzip.median'] = median(r.pages.map((p) => p.html.gzip));
  }
  if (r.navigation) {
    s['nav.js.gzip'] = r.navigation.gzip;
    s['nav.js.files'] = r.navigation.files;
  }
  if (r.dist) {
    s['dist.bytes'] = r.dist.bytes;
    s['dist.files'] = r.dist.files;
  }
  for (const [l, b] of Object.entries(r.search ?? {})) {
    s[`search.${l}.raw`] = b.raw;
    s[`search.${l}.gzip`] = b.gzip;
  }
  for (const [name, runs] of Object.entries(r.lighthouse ?? {})) {
    for (const c of ['performance', 'accessibility', 'best-practices', 'seo'] as const) s[`lh.${name}.${c}`] = median(runs.map((x) => x[c]));
  }
  if (r.serve && !('error' in r.serve)) Object.assign(s, serveLoadSummary(r.serve));
  return s;
}

/** A tool ready to measure: its cold build (run in turn with the other tool's), then everything else. */
interface ToolBench {
  coldBuild(): Promise<TimedRun>;
  /** Rebuild, dev server, pages, Lighthouse; fills `result` (its `builds` already there) and its summary. */
  rest(browser: Browser, result: ToolResult): Promise<void>;
}

function preparePaydocs(site: string): ToolBench {
  const dist = path.join(site, 'dist');
  const build = () => runTimed(process.execPath, [PAYDOCS_BIN, 'build', '--out', dist], { cwd: site, timeoutMs: 10 * 60_000 }).then((r) => assertOk(r, 'paydocs build'));
  return {
    coldBuild() {
      // Moved aside, not deleted: see bench/lib/trash.ts.
      for (const old of readdirSync(site).filter((n) => n === 'dist' || n.startsWith('.paydocs'))) moveAside(path.join(site, old));
      return build();
    },
    async rest(browser, result) {
      log('paydocs: rebuild after one page changed');
      result.rebuilds = await timedRuns(Math.min(RUNS, 3), 'paydocs rebuild', async () => {
        const restore = appendParagraph(path.join(site, 'content/docs', `${API_PAGE}.md`));
        try {
          return await build();
        } finally {
          restore();
        }
      });
      await build();
      result.dist = dirStats(dist);
      result.search = paydocsSearch(dist);
      if (!flag('skip-dev')) {
        log('paydocs: dev server, ready time and save-to-browser');
        const port = 4600 + Math.floor(Math.random() * 300);
        result.dev = await measureDev(browser, {
          start: () => spawn(process.execPath, [PAYDOCS_BIN, 'dev', '--port', String(port), '--host', '127.0.0.1'], { cwd: site, detached: true, stdio: ['ignore', 'pipe', 'pipe'] }),
          baseUrl: `http://127.0.0.1:${port}`,
          path: API_PAGE,
          expectText: titleOf(path.join(site, 'content/docs', `${API_PAGE}.md`)),
          markdownFile: path.join(site, 'content/docs', `${API_PAGE}.md`),
          edits: 7,
          log,
        });
        log(`paydocs dev: ready ${msec(result.dev.readyMs)}, save-to-browser ${result.dev.saveToBrowserMs.join(' / ')} ms`);
      }
      await measureBrowserSide(browser, dist, 'paydocs', result);
      if (!flag('skip-serve')) {
        log('paydocs: serve under load (steady, abandoned requests, slow connections), beside nginx on the same folder');
        result.serve = await measureServeLoad(dist, {}, log).catch((e: Error) => {
          log(`paydocs serve: load test failed: ${e.message}`);
          return { error: e.message };
        });
      }
      result.summary = summarize(result);
    },
  };
}

/**
 * The cold builds of both tools, taking turns (paydocs, Docusaurus, paydocs, ...; paydocs's extra runs
 * last): this machine's speed drifts by a tenth or more within an hour, and builds of one tool after
 * the other's put the drift into the ratio.
 */
async function coldBuildsInTurn(paydocs: ToolBench, docusaurus: ToolBench | undefined): Promise<{ paydocs: BuildRun[]; docusaurus: BuildRun[] }> {
  const out = { paydocs: [] as BuildRun[], docusaurus: [] as BuildRun[] };
  const dRuns = docusaurus ? DOCUSAURUS_RUNS : 0;
  log(`cold builds of both locales: paydocs ${RUNS}${docusaurus ? `, Docusaurus ${dRuns} (minutes each), in turn` : ''}`);
  // Each build starts with the last one's writes on disk (`sync`, untimed): a Docusaurus build writes
  // hundreds of megabytes, which the kernel would otherwise flush during the next paydocs build.
  const settled = (build: () => Promise<TimedRun>) => {
    spawnSync('sync');
    return build();
  };
  for (let i = 0; i < Math.max(RUNS, dRuns); i++) {
    if (i < RUNS) out.paydocs.push(logRun(`paydocs cold build ${i + 1}/${RUNS}`, await settled(() => paydocs.coldBuild())));
    if (docusaurus && i < dRuns) out.docusaurus.push(logRun(`docusaurus cold build ${i + 1}/${dRuns}`, await settled(() => docusaurus.coldBuild())));
  }
  return out;
}

function titleOf(markdownFile: string): string {
  const m = /^title:\s*(.+)$/m.exec(readFileSync(markdownFile, 'utf8'));
  return (m?.[1] ?? '').trim().replace(/^['"]|['"]$/g, '');
}

async function prepareDocusaurus(versions: Record<string, string>, paydocsSite: string): Promise<ToolBench> {
  const dir = path.join(WORK, 'docusaurus');
  const installed = await installDocusaurus(dir, log);
  Object.assign(versions, Object.fromEntries(Object.entries(installed.versions).map(([k, v]) => [`docusaurus:${k}`, v])));
  const converted = await prepareDocusaurusSite(dir, paydocsSite);
  log(`docusaurus: content converted (${JSON.stringify(converted)})`);
  return {
    coldBuild: () => buildDocusaurus(dir, { cold: true }),
    async rest(browser, result) {
      log('docusaurus: rebuild after one page changed (webpack cache kept)');
      const restore = appendParagraph(path.join(dir, 'docs', `${API_PAGE}.md`));
      try {
        result.rebuilds = await timedRuns(1, 'docusaurus rebuild', () => buildDocusaurus(dir, { cold: false }));
      } finally {
        restore();
      }
      const build = path.join(dir, 'build');
      result.dist = dirStats(build);
      result.search = docusaurusSearch(build);
      if (!flag('skip-dev')) {
        log('docusaurus: dev server (English only, as Docusaurus dev serves one locale), ready time and save-to-browser');
        const port = 4900 + Math.floor(Math.random() * 300);
        result.dev = await measureDev(browser, {
          start: () => startDocusaurusDev(dir, port),
          baseUrl: `http://127.0.0.1:${port}`,
          path: API_PAGE,
          expectText: titleOf(path.join(dir, 'docs', `${API_PAGE}.md`)),
          markdownFile: path.join(dir, 'docs', `${API_PAGE}.md`),
          edits: 3,
          timeoutMs: 600_000,
          log,
        });
        log(`docusaurus dev: ready ${msec(result.dev.readyMs)}, save-to-browser ${result.dev.saveToBrowserMs.join(' / ')} ms`);
      }
      await measureBrowserSide(browser, build, 'docusaurus', result);
      result.summary = summarize(result);
    },
  };
}

async function benchScale(): Promise<ScaleResult[]> {
  const out: ScaleResult[] = [];
  for (const factor of SCALE_FACTORS) {
    const site = copyProject(path.join(WORK, `scale-${factor}`), { contentFrom: CONTENT_DIR });
    multiplyContent(path.join(site, 'content'), factor, await expandDirectives(site));
    const files = countPages(path.join(site, 'content'));
    log(`scale ${factor}x: ${files} Markdown files, building`);
    // Several times the budget's minute per 10 000 pages is a failure worth reporting, not waiting for.
    const timeoutMs = Math.max(120_000, (files / 10_000) * 5 * 60_000);
    const r = await runTimed(process.execPath, [PAYDOCS_BIN, 'build', '--out', path.join(site, 'dist')], { cwd: site, timeoutMs });
    const pages = Number(/Built (\d+) pages/.exec(r.output)?.[1] ?? files);
    const error = r.code === 0 ? undefined : /heap out of memory/.test(r.output) ? 'out of memory (JavaScript heap)' : r.code === null ? `stopped after ${secs(timeoutMs)}` : `exit code ${r.code}: ${r.output.trim().split('\n').pop()}`;
    out.push({ factor, pages, wallMs: r.wallMs, peakRssMiB: r.peakRssMiB, msPer1000: (r.wallMs / pages) * 1000, mibPer1000: (r.peakRssMiB / pages) * 1000, error });
    log(`scale ${factor}x: ${pages} pages ${error ? `FAILED after ${secs(r.wallMs)} (${error})` : `in ${secs(r.wallMs)}`}, peak ${r.peakRssMiB.toFixed(0)} MiB`);
    moveAside(site);
    if (error) break;
  }
  return out;
}

// ---------------------------------------------------------------- report

interface Figure {
  key: string;
  label: string;
  format: (v: number) => string;
  /** Ratio column: Docusaurus / paydocs (for "lower is better" figures). */
  ratio?: boolean;
}

const score = (v: number) => String(Math.round(v));
const FIGURES: Figure[] = [
  { key: 'build.wall', label: 'Cold build, en + ru (wall)', format: secs, ratio: true },
  { key: 'build.cpu', label: 'Cold build, CPU time (user + sys)', format: secs, ratio: true },
  { key: 'build.rss', label: 'Cold build, peak memory (RSS)', format: (v) => `${v.toFixed(0)} MiB`, ratio: true },
  { key: 'rebuild.wall', label: 'Rebuild after one page changed', format: secs, ratio: true },
  { key: 'dev.ready', label: 'Dev server: start to page shown', format: msec, ratio: true },
  { key: 'dev.save', label: 'Dev: save to browser updated (median)', format: msec, ratio: true },
  { key: 'dev.save.max', label: 'Dev: save to browser updated (slowest)', format: msec, ratio: true },
  { key: 'page.html.raw', label: `HTML of ${API_PAGE}`, format: kib, ratio: true },
  { key: 'page.html.gzip', label: `HTML of ${API_PAGE}, gzip`, format: kib, ratio: true },
  { key: 'page.js.raw', label: 'First-load JS (API page)', format: kib, ratio: true },
  { key: 'page.js.gzip', label: 'First-load JS (API page), gzip', format: kib, ratio: true },
  { key: 'pages.js.gzip.max', label: 'First-load JS, gzip, largest doc page', format: kib, ratio: true },
  { key: 'page.css.raw', label: 'CSS of a doc page', format: kib, ratio: true },
  { key: 'page.css.gzip', label: 'CSS of a doc page, gzip', format: kib, ratio: true },
  { key: 'nav.js.gzip', label: 'JS of a client-side navigation, gzip', format: kib, ratio: true },
  { key: 'dist.bytes', label: 'Total output size', format: mib, ratio: true },
  { key: 'dist.files', label: 'Output files', format: (v) => String(v), ratio: true },
  { key: 'search.en.raw', label: 'Search index, en', format: kib, ratio: true },
  { key: 'search.en.gzip', label: 'Search index, en, gzip', format: kib, ratio: true },
  { key: 'search.ru.raw', label: 'Search index, ru', format: kib, ratio: true },
  { key: 'search.ru.gzip', label: 'Search index, ru, gzip', format: kib, ratio: true },
  ...(['home', 'api'] as const).flatMap((page) =>
    (['performance', 'accessibility', 'best-practices', 'seo'] as const).map((c) => ({ key: `lh.${page}.${c}`, label: `Lighthouse mobile, ${page === 'home' ? 'home' : 'API page'}: ${c}`, format: score })),
  ),
];

function report(result: BenchResult, baseline: BenchResult | undefined): { text: string; markdown: string } {
  const ours = result.paydocs.summary;
  const theirs = (result.docusaurus ?? baseline?.docusaurus)?.summary ?? {};
  const before = QUICK ? baseline?.paydocs.summary : undefined;
  const head = ['figure', 'paydocs', ...(before ? ['paydocs (baseline)'] : []), `Docusaurus 3.8.1${QUICK ? ' (baseline)' : ''}`, 'ratio'];
  const rows = FIGURES.filter((f) => ours[f.key] !== undefined || theirs[f.key] !== undefined).map((f) => {
    const cell = (s: Summary | undefined) => (s?.[f.key] === undefined ? '–' : f.format(s[f.key]!));
    return [f.label, cell(ours), ...(before ? [cell(before)] : []), cell(theirs), f.ratio ? ratio(ours[f.key], theirs[f.key]) : ''];
  });
  return formatTable(head, rows);
}

function scaleReport(scale: ScaleResult[]): { text: string; markdown: string } {
  return formatTable(
    ['scale', 'pages', 'build', 'peak memory', 'build per 1000 pages', 'memory per 1000 pages'],
    scale.map((s) =>
      s.error
        ? [`${s.factor}x`, String(s.pages), `failed after ${secs(s.wallMs)}: ${s.error}`, `${s.peakRssMiB.toFixed(0)} MiB`, '–', '–']
        : [`${s.factor}x`, String(s.pages), secs(s.wallMs), `${s.peakRssMiB.toFixed(0)} MiB`, secs(s.msPer1000), `${s.mibPer1000.toFixed(0)} MiB`],
    ),
  );
}

// ---------------------------------------------------------------- budgets (bench/README.md)

function budgets(result: BenchResult, baseline: BenchResult | undefined): Budget[] {
  const s = result.paydocs.summary;
  const d = (result.docusaurus ?? baseline?.docusaurus)?.summary;
  const list: Budget[] = [
    { name: 'Full build at least 20x faster than Docusaurus', value: d?.['build.wall'] && s['build.wall'] ? d['build.wall'] / s['build.wall'] : undefined, limit: 20, atLeast: true, format: (v) => `${v.toFixed(1)}x` },
    { name: 'Rebuild after one page edit at most 0.5 s', value: s['rebuild.wall'], limit: 500, format: secs },
    // "90 KB" read strictly, as 90 000 bytes (87.9 KiB), the smaller of its two readings.
    { name: 'First-load JS of a doc page at most 90 KB gzip, 90 000 bytes (largest measured page)', value: s['pages.js.gzip.max'], limit: 90_000, format: (v) => `${(v / 1000).toFixed(1)} kB (${kib(v)})` },
    {
      name: 'A page visited client-side loads only its own chunk (assets/p/)',
      value: result.paydocs.navigation ? (result.paydocs.navigation.fullReload ? Infinity : result.paydocs.navigation.paths.filter((p) => !p.includes('/assets/p/')).length) : undefined,
      limit: 0,
      format: (v) => (Number.isFinite(v) ? `${v} other file(s)` : 'full reload'),
    },
  ];
  if (!flag('skip-dev')) {
    list.push({ name: 'Dev save-to-browser under 100 ms (median of the edits)', value: s['dev.save'], limit: 100, format: msec, strict: true });
    list.push({ name: 'Dev start to first page shown, with a cache, at most 1 s', value: s['dev.ready'], limit: 1000, format: msec });
  }
  if (!flag('skip-lighthouse')) {
    for (const page of ['home', 'api']) {
      list.push({ name: `Lighthouse mobile ${page}: performance >= 98`, value: s[`lh.${page}.performance`], limit: 98, atLeast: true, format: score });
      for (const c of ['accessibility', 'best-practices', 'seo']) list.push({ name: `Lighthouse mobile ${page}: ${c} 100`, value: s[`lh.${page}.${c}`], limit: 100, atLeast: true, format: score });
    }
  }
  // Reported as not measured with --skip-serve.
  list.push(...serveLoadBudgets(flag('skip-serve') ? undefined : result.paydocs.serve));
  if (result.scale?.some((x) => x.error)) {
    const failed = result.scale.find((x) => x.error)!;
    list.push({ name: `Scale: 10 000 pages build in under a minute (${failed.factor}x, ${failed.pages} pages: ${failed.error})`, value: Infinity, limit: 60_000, format: (v) => (Number.isFinite(v) ? secs(v) : 'failed') });
  } else if (result.scale?.length) {
    // Time and memory at 10 000 pages, from the two scale runs (growth is linear; the table shows it).
    const [a, b] = result.scale;
    const at = (pages: number, pick: (x: ScaleResult) => number) => (b ? pick(a!) + ((pick(b) - pick(a!)) * (pages - a!.pages)) / (b.pages - a!.pages) : (pick(a!) * pages) / a!.pages);
    list.push({ name: 'Scale: 10 000 pages build in under a minute', value: at(10_000, (x) => x.wallMs), limit: 60_000, format: secs });
    list.push({ name: 'Scale: 10 000 pages with under 2 GiB peak memory', value: at(10_000, (x) => x.peakRssMiB), limit: 2048, format: (v) => `${v.toFixed(0)} MiB` });
  }
  return list;
}

// ---------------------------------------------------------------- main

async function main(): Promise<number> {
  mkdirSync(WORK, { recursive: true });
  const baseline = existsSync(BASELINE_FILE) ? (JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as BenchResult) : undefined;
  if (QUICK && !baseline) log('no bench/baseline.json yet: run `npm run bench` once without --quick to record one');
  const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  const result: BenchResult = {
    date: new Date().toISOString(),
    machine: { cpus: os.availableParallelism(), cpuModel: os.cpus()[0]?.model ?? '?', memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadAverage: os.loadavg(), cpuPressure: cpuPressure() },
    docs: { markdownFiles: countPages(CONTENT_DIR) },
    versions: { paydocs: pkg.version },
    paydocs: { summary: {} },
  };
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const site = copyProject(path.join(WORK, 'paydocs'), { contentFrom: CONTENT_DIR });
    const paydocs = preparePaydocs(site);
    const docusaurus = QUICK ? undefined : await prepareDocusaurus(result.versions, site);
    const builds = await coldBuildsInTurn(paydocs, docusaurus);
    result.paydocs = { summary: {}, builds: builds.paydocs };
    await paydocs.rest(browser, result.paydocs);
    if (docusaurus) {
      result.docusaurus = { summary: {}, builds: builds.docusaurus };
      await docusaurus.rest(browser, result.docusaurus);
    }
    if (!flag('skip-scale')) result.scale = await benchScale();
  } finally {
    await browser.close();
    emptyTrash();
  }
  result.machine.loadAverageAtEnd = os.loadavg();
  mkdirSync(path.join(REPO_ROOT, 'bench/.results'), { recursive: true });
  writeFileSync(path.join(REPO_ROOT, 'bench/.results/latest.json'), `${JSON.stringify(result, null, 2)}\n`);
  if (!QUICK) writeFileSync(BASELINE_FILE, `${JSON.stringify(result, null, 2)}\n`);

  const table = report(result, baseline);
  const lines = [
    '',
    `paydocs vs Docusaurus 3.8.1, ${result.docs.markdownFiles} Markdown pages (en + ru), medians (builds: paydocs ${RUNS} runs, Docusaurus ${QUICK ? `from the baseline of ${baseline?.date ?? '–'}` : `${DOCUSAURUS_RUNS} runs`})`,
    `${result.machine.cpus} CPUs (${result.machine.cpuModel}), ${result.machine.memoryGiB} GiB, Node ${result.machine.node}; load average at start ${result.machine.loadAverage.map((x) => x.toFixed(1)).join(' ')}, at end ${result.machine.loadAverageAtEnd!.map((x) => x.toFixed(1)).join(' ')}${result.machine.cpuPressure ? `; CPU pressure at start: ${result.machine.cpuPressure}` : ''}`,
    'Wall times depend on what else runs on the machine; CPU time does much less.',
    '',
    table.text,
  ];
  if (result.scale) lines.push('', 'Synthetic scale (the real content copied N times, both locales):', '', scaleReport(result.scale).text);
  const serve = result.paydocs.serve && !('error' in result.paydocs.serve) ? serveLoadTable(result.paydocs.serve) : undefined;
  if (serve) lines.push('', '`paydocs serve` under load, beside nginx on the same folder, same run:', '', serve.text);
  const checked = evaluateBudgets(budgets(result, baseline));
  lines.push('', 'Budgets:', '', checked.text);
  console.log(lines.join('\n'));
  writeFileSync(path.join(REPO_ROOT, 'bench/.results/latest.md'), [table.markdown, '', result.scale ? scaleReport(result.scale).markdown : '', '', serve?.markdown ?? '', '', checked.markdown, ''].join('\n'));
  log('wrote bench/.results/latest.json and latest.md (Markdown tables for the README)');
  return checked.failed ? 1 : 0;
}

process.exitCode = await main();
