#!/usr/bin/env node
// The `paydocs` command. The CLI is TypeScript run through tsx, so docs.config.ts and
// content/pages/*.tsx load the same way as the CLI itself, with no compile step.
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { register } from 'tsx/esm/api';

// A build is a short burst of mostly cold code: with V8's default tier-up budget, its optimizing
// compiler (TurboFan, on background threads) spent about 1.8 s of CPU optimizing functions that ran
// for a few seconds, in every compile worker, on a machine whose two cores were already busy.
// Twelve times the default budget optimizes only the really hot code: the real site's cold build
// went from 6.4 to 5.5 s (median of 5, interleaved; see README, Performance). Set before any
// worker starts: V8 flags are per process, and each worker's isolate reads them when it starts.
v8.setFlagsFromString('--interrupt-budget=811008');

process.env.NODE_ENV ??= 'production';
// paydocs' own TypeScript (the CLI and the theme) compiles with its own tsconfig, wherever the docs project is.
process.env.TSX_TSCONFIG_PATH ??= fileURLToPath(new URL('../tsconfig.json', import.meta.url));
register();
await import('../cli/main.ts');
