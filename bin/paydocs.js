#!/usr/bin/env node
// @ts-check
// The `paydocs` command. The CLI is TypeScript, run from a bundle esbuild makes of it (packages stay
// imports, loaded natively) and keeps in paydocs' cache while no source file changes: the JavaScript
// a published package would ship, compiled on first use. Only when the bundle is missing or stale does
// tsx load the TypeScript that makes it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { findFreshBundle } from '../cli/bundle-cache.js';

// A build is a short burst of mostly cold code: with V8's default tier-up budget, its optimizing
// compiler (TurboFan, on background threads) spent about 1.8 s of CPU optimizing functions that ran
// for a few seconds, in every compile worker, on a machine whose two cores were already busy.
// A raised budget optimizes only the really hot code: twelve times the default took the real site's
// cold build from 6.4 to 5.5 s (median of 5, interleaved; see README, Performance). Set before any
// worker starts: V8 flags are per process, and each worker's isolate reads them when it starts.
// Without inlining, what TurboFan does optimize compiles in a fraction of the time: 3.41 -> 3.26 s,
// CPU 6.14 -> 5.81 s (medians of 8, interleaved), and the 10x copy no slower (bench/README.md).
// With inlining off, eight times the default became the better budget (2026-11-25, 3 rounds of 8-10
// interleaved pairs against twelve times: 4.35 / 4.28, 4.25 / 4.19 and 4.18 / 4.05 s, CPU 0.14-0.17 s
// less; the 10x copy 25.3-25.6 / 24.3-25.0 s); six and four times, and eighteen, were slower.
v8.setFlagsFromString('--interrupt-budget=540672');
v8.setFlagsFromString('--max-inlined-bytecode-size=0');

process.env.NODE_ENV ??= 'production';
const root = fileURLToPath(new URL('..', import.meta.url));
// paydocs' own TypeScript (the CLI and the theme) compiles with its own tsconfig, wherever the docs project is.
process.env.TSX_TSCONFIG_PATH ??= path.join(root, 'tsconfig.json');

const entry = path.join(root, 'cli/main.ts');
let cli = findFreshBundle(root, 'cli', entry);
if (!cli) {
  const { register } = await import('tsx/esm/api');
  register();
  const { bundledModule } = await import('../cli/workers/worker-bundle.ts');
  cli = await bundledModule(entry, 'cli');
}
await import(cli.href);
