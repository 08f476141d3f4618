/**
 * `npm run bench:search`: builds the site, serves it, and measures the search the way a reader gets
 * it, in Chromium: quality on `bench/search-queries.yaml` (hit@1, hit@3, MRR, zero-result rate),
 * query latency inside the worker (p50/p95), index and text-store size raw/gzip per locale, the
 * worker's heap, and the time from first focus of the search box to the first suggestions on a cold
 * page. Prints the targets next to the figures.
 *
 *   npm run bench:search -- [--root <site>] [--queries <yaml>] [--rounds 5] [--cold 3] [--check] [--json out.json]
 *
 * `--check` exits 1 when a target is missed.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Browser, CDPSession } from 'playwright-core';
import YAML from 'yaml';
import { buildSite } from '../cli/pipeline/build-site.ts';
import { createStaticHandler } from '../cli/serve/static-handler.ts';
import type { BootData, SiteData } from '../shared/page-data.ts';
import { launchBrowser } from '../test/helpers/chromium.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    root: { type: 'string', default: ROOT },
    queries: { type: 'string', default: path.join(ROOT, 'bench/search-queries.yaml') },
    rounds: { type: 'string', default: '5' },
    cold: { type: 'string', default: '3' },
    check: { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});

interface Query {
  q: string;
  expect: string;
  kind: string;
}

const TARGETS = { hit3: 0.95, zero: 0, p95: 5, indexGzipKB: 150, coldMs: 300 };
const LIMIT = 8;

const queries = YAML.parse(readFileSync(args.queries!, 'utf8')) as Record<string, Query[]>;
const rounds = Number(args.rounds);
const coldRuns = Number(args.cold);

const gz = (b: Buffer | string) => gzipSync(b, { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]! : NaN;
};

async function main(): Promise<void> {
  const outDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'paydocs-bench-search-')), 'dist');
  const tBuild = performance.now();
  const built = await buildSite({ root: args.root!, outDir });
  console.log(`built ${built.pages} pages in ${((performance.now() - tBuild) / 1000).toFixed(1)} s`);
  const server = createServer(createStaticHandler(outDir));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchBrowser();
  const report: Record<string, unknown> = { pages: built.pages };
  const failures: string[] = [];
  try {
    // First-load JS of a doc page: the entry and what it preloads (the search box's own share is tiny).
    const docHtml = readFileSync(path.join(outDir, 'api/transaction_create/index.html'), 'utf8');
    const scripts = [...docHtml.matchAll(/<script type="module" src="([^"]+)"|<link rel="modulepreload" href="([^"]+)"/g)].map((m) => (m[1] ?? m[2])!);
    const code = scripts.filter((s) => !/\/site-[\w-]+\.js$/.test(s));
    const firstLoad = code.reduce((sum, s) => sum + gz(readFileSync(path.join(outDir, s))), 0);
    const siteData = scripts.filter((s) => !code.includes(s)).reduce((sum, s) => sum + gz(readFileSync(path.join(outDir, s))), 0);
    console.log(`\nfirst-load JS of a doc page: ${kb(firstLoad)} gzip code in ${code.length} files + ${kb(siteData)} site data module (budget 90 KB)`);
    report.firstLoadJsGzip = { code: firstLoad, siteData };

    for (const locale of Object.keys(queries)) {
      const home = locale === 'en' ? '/' : `/${locale}/`;
      console.log(`\n=== ${locale} (${queries[locale]!.length} queries) ===`);
      const r = await benchLocale(browser, origin, outDir, home, queries[locale]!);
      report[locale] = r;
      const line = (label: string, value: string, ok?: boolean) => {
        console.log(`  ${label.padEnd(34)} ${value}${ok === undefined ? '' : ok ? '  ✔' : '  ✘'}`);
        if (ok === false) failures.push(`${locale}: ${label} ${value}`);
      };
      line('hit@1', r.hit1.toFixed(3));
      line('hit@3 (target >= 0.95)', r.hit3.toFixed(3), r.hit3 >= TARGETS.hit3);
      line('MRR', r.mrr.toFixed(3));
      line('zero-result rate (target 0)', r.zero.toFixed(3), r.zero <= TARGETS.zero);
      line('worker query p50', `${r.p50.toFixed(2)} ms`);
      line('worker query p95 (target < 5 ms)', `${r.p95.toFixed(2)} ms`, r.p95 < TARGETS.p95);
      line('index raw / gzip (target < 150 KB)', `${kb(r.index.raw)} / ${kb(r.index.gzip)}`, r.index.gzip < TARGETS.indexGzipKB * 1024);
      line('text store raw / gzip', `${kb(r.text.raw)} / ${kb(r.text.gzip)}`);
      line('worker heap (index + text loaded)', `${(r.heap / 1024 / 1024).toFixed(1)} MB`);
      line('worker load+build (in worker)', `${r.loadMs.toFixed(0)} ms`);
      line('cold focus -> first results', `median ${r.cold.median.toFixed(0)} ms, max ${r.cold.max.toFixed(0)} ms`, r.cold.max < TARGETS.coldMs);
      console.log('  by kind:');
      for (const [kind, k] of Object.entries(r.byKind)) console.log(`    ${kind.padEnd(20)} n=${k.n}  hit@1 ${k.hit1.toFixed(2)}  hit@3 ${k.hit3.toFixed(2)}`);
      if (r.misses.length) {
        console.log('  not in the top 3:');
        for (const m of r.misses) console.log(`    ${JSON.stringify(m.q)} -> want ${m.expect}, got ${m.got.slice(0, 3).join(', ') || '(nothing)'}`);
      }
    }
  } finally {
    await browser.close();
    server.close();
    rmSync(path.dirname(outDir), { recursive: true, force: true });
  }
  if (args.json) writeFileSync(args.json, JSON.stringify(report, null, 2));
  console.log(failures.length ? `\n${failures.length} target(s) missed:\n  ${failures.join('\n  ')}` : '\nall targets met');
  if (args.check && failures.length) process.exitCode = 1;
}

interface LocaleReport {
  hit1: number;
  hit3: number;
  mrr: number;
  zero: number;
  p50: number;
  p95: number;
  index: { raw: number; gzip: number };
  text: { raw: number; gzip: number };
  heap: number;
  loadMs: number;
  cold: { runs: number[]; median: number; max: number };
  byKind: Record<string, { n: number; hit1: number; hit3: number }>;
  misses: Array<{ q: string; expect: string; got: string[] }>;
}

async function benchLocale(browser: Browser, origin: string, outDir: string, home: string, list: Query[]): Promise<LocaleReport> {
  // Quality and latency: the queries go to the real worker, as the search box sends them.
  const context = await browser.newContext();
  // tsx keeps function names with a helper the page does not have.
  await context.addInitScript('window.__name = (f) => f;');
  const page = await context.newPage();
  await page.goto(origin + home, { waitUntil: 'networkidle' });
  const boot = JSON.parse((await page.locator('#__boot').textContent()) ?? '{}') as BootData;
  const site = (await page.evaluate(async (url) => ((await import(url)) as { default: unknown }).default, boot.siteModule)) as SiteData;
  const files = site.searchFiles;
  if (!files) throw new Error(`${home}: the site module has no searchFiles; was the search index built?`);
  const indexFile = path.join(outDir, new URL(files.index, origin).pathname);
  const indexJson = JSON.parse(readFileSync(indexFile, 'utf8')) as { text: string };
  const textFile = path.join(outDir, new URL(indexJson.text, origin).pathname);
  const size = (f: string) => ({ raw: statSync(f).size, gzip: gz(readFileSync(f)) });
  const run = await page.evaluate(
    async ({ files, list, rounds, limit }) => {
      const worker = new Worker(files.worker, { type: 'module', name: 'paydocs-search-bench' });
      let next = 1;
      const call = (msg: Record<string, unknown>) =>
        new Promise<any>((resolve, reject) => {
          const id = next++;
          const on = (e: MessageEvent) => {
            if (e.data.id !== id) return;
            worker.removeEventListener('message', on);
            if (e.data.ok) resolve(e.data.result);
            else reject(new Error(e.data.error));
          };
          worker.addEventListener('message', on);
          worker.postMessage({ ...msg, id });
        });
      // With the text store, as on the search page, so the heap figure counts both files.
      const loaded = await call({ op: 'load', indexUrl: files.index, ctx: '', excerpts: true });
      const out: Array<{ hrefs: string[]; total: number; ms: number[] }> = list.map(() => ({ hrefs: [], total: 0, ms: [] }));
      for (let r = 0; r < rounds; r++) {
        for (let i = 0; i < list.length; i++) {
          // As the navbar box asks: no excerpts.
          const res = await call({ op: 'search', indexUrl: files.index, ctx: '', query: list[i]!.q, limit, excerpts: false });
          out[i]!.ms.push(res.ms);
          out[i]!.hrefs = res.hits.map((h: { href: string }) => h.href);
          out[i]!.total = res.total;
        }
      }
      (window as unknown as { __benchWorker: Worker }).__benchWorker = worker;
      return { loadMs: loaded.ms as number, out };
    },
    { files, list, rounds, limit: LIMIT },
  );
  const heap = await workerHeap(browser, 'paydocs-search-bench');
  await context.close();

  const prefix = home.replace(/\/$/, '');
  let h1 = 0;
  let h3 = 0;
  let rr = 0;
  let zero = 0;
  const byKind: LocaleReport['byKind'] = {};
  const misses: LocaleReport['misses'] = [];
  list.forEach((q, i) => {
    const got = run.out[i]!.hrefs;
    const want = q.expect === '/' ? home : prefix + q.expect;
    const rank = got.indexOf(want) + 1;
    const k = (byKind[q.kind] ??= { n: 0, hit1: 0, hit3: 0 });
    k.n++;
    if (rank === 1) (h1++, k.hit1++);
    if (rank >= 1 && rank <= 3) (h3++, k.hit3++);
    else misses.push({ q: q.q, expect: want, got });
    if (rank > 0) rr += 1 / rank;
    if (run.out[i]!.total === 0) zero++;
  });
  for (const k of Object.values(byKind)) {
    k.hit1 /= k.n;
    k.hit3 /= k.n;
  }
  const ms = run.out.flatMap((o) => o.ms);

  // Cold: a fresh browser context (empty cache), the reader focuses the box and types.
  const coldQuery = home === '/' ? 'payout' : 'выплата';
  const cold: number[] = [];
  for (let i = 0; i < coldRuns; i++) {
    const ctx = await browser.newContext();
    await ctx.addInitScript('window.__name = (f) => f;');
    const p = await ctx.newPage();
    await p.goto(origin + home, { waitUntil: 'networkidle' });
    await p.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await p.evaluate(() => {
      const w = window as unknown as { __first: Promise<number>; __t0: number };
      w.__first = new Promise((resolve) => {
        const obs = new MutationObserver(() => {
          if (document.querySelector('[role=listbox] .search-suggestions__title')) {
            obs.disconnect();
            resolve(performance.now());
          }
        });
        obs.observe(document.body, { childList: true, subtree: true });
      });
      w.__t0 = performance.now();
    });
    await p.focus('input.search-box__input');
    await p.keyboard.type(coldQuery);
    cold.push(await p.evaluate(async () => {
      const w = window as unknown as { __first: Promise<number>; __t0: number };
      return (await w.__first) - w.__t0;
    }));
    await ctx.close();
  }
  const sorted = [...cold].sort((a, b) => a - b);
  return {
    hit1: h1 / list.length,
    hit3: h3 / list.length,
    mrr: rr / list.length,
    zero: zero / list.length,
    p50: pct(ms, 50),
    p95: pct(ms, 95),
    index: size(indexFile),
    text: size(textFile),
    heap,
    loadMs: run.loadMs,
    cold: { runs: cold, median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)! },
    byKind,
    misses,
  };
}

/** Used JS heap of the named worker after a full GC, read over the DevTools protocol. */
async function workerHeap(browser: Browser, name: string): Promise<number> {
  const cdp: CDPSession = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: Array<{ targetId: string; type: string; title: string; url: string }> };
    const target = targetInfos.find((t) => t.type === 'worker' && (t.title === name || t.url.includes('search-worker')));
    if (!target) return NaN;
    const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: target.targetId, flatten: false })) as { sessionId: string };
    let id = 0;
    const send = (method: string) =>
      new Promise<Record<string, number>>((resolve) => {
        const mine = ++id;
        const on = (e: { sessionId: string; message: string }) => {
          const msg = JSON.parse(e.message) as { id?: number; result?: Record<string, number> };
          if (e.sessionId !== sessionId || msg.id !== mine) return;
          cdp.off('Target.receivedMessageFromTarget', on);
          resolve(msg.result ?? {});
        };
        cdp.on('Target.receivedMessageFromTarget', on);
        void cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: mine, method }) });
      });
    await send('HeapProfiler.collectGarbage');
    const usage = await send('Runtime.getHeapUsage');
    return usage.usedSize ?? NaN;
  } finally {
    await cdp.detach();
  }
}

await main();
