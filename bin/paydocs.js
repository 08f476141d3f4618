#!/usr/bin/env node
// The `paydocs` command. The CLI is TypeScript run through tsx, so docs.config.ts and
// content/pages/*.tsx load the same way as the CLI itself, with no compile step.
import { register } from 'tsx/esm/api';

process.env.NODE_ENV ??= 'production';
register();
await import('../cli/main.ts');
