/**
 * `npm run bench:serve -- <dist>`: the serve load test of `npm run bench` alone (lib/serve-load.ts)
 * on an already built site, in about 30 s instead of the full bench's quarter of an hour. Prints the
 * table and the serve budgets, writes bench/.results/serve-load.json, exits 1 when a budget breaks.
 *
 *   node bin/paydocs.js build --out /tmp/dist && npm run bench:serve -- /tmp/dist
 *   --connections N    keep-alive connections of the steady load (default 32)
 *   --duration S       seconds of steady load per server and phase (default 5)
 *   --aborted N        requests abandoned (default 5000)
 *   --slow N           slow connections held (default 500)
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { evaluateBudgets } from './lib/budgets.ts';
import { measureServeLoad, serveLoadBudgets, serveLoadTable, SERVE_LOAD_DEFAULTS } from './lib/serve-load.ts';
import { REPO_ROOT } from './lib/site-copy.ts';

const argv = process.argv.slice(2);
const num = (name: string, fallback: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : fallback;
};
const dist = argv.find((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--'));
if (!dist || !existsSync(path.join(dist, 'index.html'))) {
  console.error('usage: npm run bench:serve -- <dist> (a built site: node bin/paydocs.js build --out <dist>)');
  process.exit(2);
}

const log = (s: string) => console.error(`[bench:serve ${new Date().toISOString().slice(11, 19)}] ${s}`);
const result = await measureServeLoad(
  path.resolve(dist),
  {
    connections: num('connections', SERVE_LOAD_DEFAULTS.connections),
    durationMs: num('duration', SERVE_LOAD_DEFAULTS.durationMs / 1000) * 1000,
    abortedRequests: num('aborted', SERVE_LOAD_DEFAULTS.abortedRequests),
    slowConnections: num('slow', SERVE_LOAD_DEFAULTS.slowConnections),
  },
  log,
);
mkdirSync(path.join(REPO_ROOT, 'bench/.results'), { recursive: true });
writeFileSync(path.join(REPO_ROOT, 'bench/.results/serve-load.json'), `${JSON.stringify({ date: new Date().toISOString(), dist: path.resolve(dist), ...result }, null, 2)}\n`);
const checked = evaluateBudgets(serveLoadBudgets(result));
console.log(['', `serve under load, ${(result.ms / 1000).toFixed(1)} s:`, '', serveLoadTable(result).text, '', 'Budgets:', '', checked.text].join('\n'));
process.exitCode = checked.failed ? 1 : 0;
