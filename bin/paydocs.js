#!/usr/bin/env node
// The `paydocs` command: the CLI compiled into lib/ (scripts/compile.mjs, run at install and pack time).
import { existsSync } from 'node:fs';

const main = new URL('../lib/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  console.error('paydocs is not compiled: run `npm run compile` in its folder (npm install does it).');
  process.exit(1);
}
process.env.NODE_ENV ??= 'production';
await import(main.href);
