/**
 * The one key scheme of every cache in `.paydocs/cache/` (compile, search, data): an entry is used only
 * by the same paydocs code, on the same installed packages and the same Node. Each cache adds to this
 * key the inputs of its own entries.
 *
 * paydocs' code is named by `lib/code-key.txt`, a hash of the compiled files that `npm run compile`
 * writes after compiling. Run from its TypeScript sources (its own tests), the code can change between
 * two runs with no compile in between, so each process gets a key of its own: the caches work within
 * a run, never across runs.
 */
import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../package-root.ts';

/** Written by `npm run compile` (scripts/compile.mjs) beside the compiled code. */
export const CODE_KEY_FILE = 'lib/code-key.txt';
/** npm's record of the installed packages, rewritten by every install: in the `node_modules` paydocs' packages are in. */
const INSTALL_RECORD = '.package-lock.json';

let key: string | undefined;

export function codeKey(): string {
  key ??= createHash('sha256')
    .update([compiledCode(), installedPackages(), process.version, ...icuVersions()].join('\0'))
    .digest('hex');
  return key;
}

function compiledCode(): string {
  if (import.meta.url.endsWith('.ts')) return `sources ${randomUUID()}`;
  try {
    return readFileSync(path.join(PACKAGE_ROOT, CODE_KEY_FILE), 'utf8').trim();
  } catch {
    return `unstamped ${randomUUID()}`;
  }
}

/**
 * The packages paydocs runs on: npm's record in paydocs' own `node_modules` (a clone of paydocs), else in
 * the `node_modules` paydocs is installed in (a docs project's). Without one (another package manager), no
 * cache across runs.
 */
function installedPackages(): string {
  const parent = path.dirname(PACKAGE_ROOT);
  const records = [path.join(PACKAGE_ROOT, 'node_modules', INSTALL_RECORD)];
  if (path.basename(parent) === 'node_modules') records.push(path.join(parent, INSTALL_RECORD));
  else if (path.basename(path.dirname(parent)) === 'node_modules') records.push(path.join(path.dirname(parent), INSTALL_RECORD)); // a scoped install
  for (const record of records) {
    try {
      return createHash('sha256').update(readFileSync(record)).digest('hex');
    } catch {
      // not this one
    }
  }
  return `no record ${randomUUID()}`;
}

/** The ICU data that names countries and languages in the reference tables. */
function icuVersions(): string[] {
  const { icu, unicode, cldr } = process.versions as Record<string, string | undefined>;
  return [icu ?? '', unicode ?? '', cldr ?? ''];
}
