#!/usr/bin/env node
// The `paydocs` command. The CLI is TypeScript run through tsx, so docs.config.ts and
// content/pages/*.tsx load the same way as the CLI itself, with no compile step.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

process.env.NODE_ENV ??= 'production';
// paydocs' own TypeScript (the CLI and the theme) compiles with its own tsconfig, wherever the docs project is.
process.env.TSX_TSCONFIG_PATH ??= fileURLToPath(new URL('../tsconfig.json', import.meta.url));
register();
await import('../cli/main.ts');
