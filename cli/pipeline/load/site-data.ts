/**
 * The data the content directives render: the reference data (`content/data`, `loadData`) and the
 * OpenAPI document with its translations (`content/api`, `loadApi`), loaded and checked once per
 * build or dev start.
 *
 * Loading them is mostly checking them (zod, Ajv over the OpenAPI 3.1 schema and every example), some
 * 0.5 to 0.8 s of a build that compiles nothing else: after an edit, every page but one comes from the
 * compile cache, and the pages that render this data wait for it. So, with a cache, what loading gave
 * (the data and every problem found) is kept in `.paydocs/cache/data.bin` and used while nothing it
 * was loaded from changed:
 * - every file below `content/api` and `content/data`, by the hash of its bytes;
 * - the names of the Markdown files below `content/docs` (an operation's `x-page` must be one);
 * - the locales and the default locale;
 * - paydocs' code and the installed packages (`code`: the loaders run from the CLI's bundle, named by
 *   a hash of its code; the ISO lists come from packages), Node and its ICU data.
 * A folder that cannot be listed means no cache.
 * The problems are reported again by every build that uses the entry, as by the one that found them.
 * Anything unreadable is a miss; a failed write only costs the next build time.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { DiagnosticList, type Diagnostic } from '../../diagnostics.ts';
import type { ApiLoadFailure, ApiModel } from './api/load-api.ts';
import type { Step } from '../step.ts';
import { readChecked, writeChecked } from '../../cache/checked-file.ts';
import { DOCS_DIR } from './content-dirs.ts';
import type { ReferenceData } from './load-data.ts';

/** Where the entry is kept, below the project root. */
export const DATA_CACHE_FILE = '.paydocs/cache/data.bin';
/** Bumped when the entry's shape changes: an older one is then a miss. */
const FORMAT = 1;
/** The folders whose every file the data is loaded from. */
const INPUT_DIRS = ['content/api', 'content/data'];

export interface SiteData {
  reference: ReferenceData;
  /** `loadApi`'s answer: the model, a failure marker, or nothing (no OpenAPI document). */
  api: ApiModel | ApiLoadFailure | undefined;
  /** The problems found, by loader (dev keeps each loader's last good value while its files are broken). */
  problems: { data: Diagnostic[]; api: Diagnostic[] };
  /** Came from the cache. */
  cached: boolean;
}

export interface LoadSiteDataInput {
  root: string;
  locales: string[];
  defaultLocale: string;
  /** Keep and reuse what loading gave; `code` names paydocs' code and packages (`codeKey()`). */
  cache?: { code: string };
  /** Times the loaders (`--verbose`). */
  step?: Step;
}

/** Loads and checks the reference data and the OpenAPI document, from the cache when nothing they are loaded from changed. */
export async function loadSiteData(input: LoadSiteDataInput): Promise<SiteData> {
  const { root, cache } = input;
  const step: Step = input.step ?? (async (_name, fn) => fn());
  const key = cache ? inputsKey(input, cache.code) : undefined;
  if (key) {
    const hit = await step('read data cache', () => readEntry(root, key));
    if (hit) return { ...hit, cached: true };
  }
  // Imported only on a miss: a build from the cache never loads Ajv, the OpenAPI parser or the ISO lists.
  const dataProblems = new DiagnosticList();
  const apiProblems = new DiagnosticList();
  const reference = await step('load data', async () => (await import('./load-data.ts')).loadData({ root, diagnostics: dataProblems }));
  const api = await step('load api', async () => (await import('./api/load-api.ts')).loadApi({ root, locales: input.locales, defaultLocale: input.defaultLocale, diagnostics: apiProblems }));
  const loaded = { reference, api, problems: { data: dataProblems.items, api: apiProblems.items } };
  // A file saved while it loaded: what was loaded may be neither version, so it is not kept.
  if (key && inputsKey(input, cache!.code) === key) writeEntry(root, key, loaded);
  return { ...loaded, cached: false };
}

/** The hash of everything the data is loaded from (see the module's comment); undefined when a folder cannot be listed. */
function inputsKey(input: LoadSiteDataInput, code: string): string | undefined {
  const hash = createHash('sha256').update(`${FORMAT}\0${code}\0${process.version}\0${input.locales.join(',')}\0${input.defaultLocale}\0`);
  const listed = [...INPUT_DIRS, DOCS_DIR].map((dir) => filesBelow(path.join(input.root, dir)));
  if (listed.some((files) => files === undefined)) return undefined;
  const [api, data, docs] = listed as [string[], string[], string[]];
  for (const [dir, files] of [[INPUT_DIRS[0]!, api], [INPUT_DIRS[1]!, data]] as const) {
    for (const rel of files) {
      hash.update(`${dir}/${rel}\0`);
      try {
        hash.update(createHash('sha256').update(readFileSync(path.join(input.root, dir, rel))).digest('hex'));
      } catch {
        hash.update('unreadable'); // a folder, or a file deleted meanwhile
      }
      hash.update('\0');
    }
  }
  hash.update('docs\0');
  for (const rel of docs) if (rel.endsWith('.md')) hash.update(`${rel}\0`);
  return hash.digest('hex');
}

/** Every entry below `dir`, `/`-separated and sorted: none when it does not exist, undefined when it cannot be listed. */
function filesBelow(dir: string): string[] | undefined {
  if (!existsSync(dir)) return [];
  try {
    return (readdirSync(dir, { recursive: true }) as string[]).map((f) => f.split(path.sep).join('/')).sort();
  } catch {
    return undefined; // a folder that cannot be read: whatever is in it could have changed
  }
}

type Entry = Omit<SiteData, 'cached'>;

/** The entry for `key`, when the file is whole (see checked-file.ts) and has an entry's shape. */
function readEntry(root: string, key: string): Entry | undefined {
  const body = readChecked(path.join(root, DATA_CACHE_FILE));
  if (!body) return undefined;
  try {
    const stored = deserialize(body) as { format?: unknown; key?: unknown; entry?: Partial<Entry> } | null;
    if (stored?.format !== FORMAT || stored.key !== key) return undefined;
    const entry = stored.entry;
    const shaped = entry?.reference?.tables instanceof Map && Array.isArray(entry.reference.failed) && Array.isArray(entry.problems?.data) && Array.isArray(entry.problems.api) && (entry.api === undefined || typeof entry.api?.file === 'string');
    return shaped ? (entry as Entry) : undefined;
  } catch {
    return undefined; // not an entry
  }
}

function writeEntry(root: string, key: string, entry: Entry): void {
  let body: Buffer;
  try {
    body = serialize({ format: FORMAT, key, entry });
  } catch {
    return; // data that cannot be serialized: the next build loads it again
  }
  writeChecked(path.join(root, DATA_CACHE_FILE), body);
}
