// Compiles paydocs' TypeScript into lib/ (`tsc -b cli`: the CLI and the projects it references, shared/
// and renderer/; `npm run typecheck` checks the tests and the portal's pages too), then names the
// compiled code in lib/code-key.txt, the code part of every cache's key (cli/cache/code-key.ts), and
// writes the JSON Schemas for editors into schemas/ from the compiled zod schemas (write-schemas.mjs).
// Run by `prepare` (npm install in a clone), `prepack` (npm pack and publish), and before `start`,
// `test` and `bench`, where it compiles only what changed.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeSchemas } from './write-schemas.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
try {
  execFileSync(process.execPath, [tsc, '-b', path.join(root, 'cli/tsconfig.json')], { stdio: 'inherit' });
} catch {
  process.exit(1); // tsc has printed its errors
}
const lib = path.join(root, 'lib');
const files = readdirSync(lib, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.js'))
  .map((e) => path.join(e.parentPath, e.name))
  .sort();
const hash = createHash('sha256');
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
hash.update(`paydocs ${version}\0`);
for (const file of files) hash.update(path.relative(lib, file)).update('\0').update(readFileSync(file)).update('\0');
writeFileSync(path.join(lib, 'code-key.txt'), `${hash.digest('hex')}\n`);
await writeSchemas(root);
