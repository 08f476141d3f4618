import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Message } from 'esbuild';
import { ConfigSchema, type PaydocsConfig } from '../../../config/index.ts';
import { errorText, PaydocsError, zodDiagnostics, type Diagnostic } from '../../diagnostics.ts';
import { STATIC_DIR } from './content-dirs.ts';
import { importCode, packagesByUrl, sourceLocator } from './import-code.ts';
import { resolveFromPaydocs } from './resolve-package.ts';

export const CONFIG_FILE = 'docs.config.ts';

/**
 * Validates a config object; the diagnostics name the key path, what was expected and what was found,
 * and, given the text of `docs.config.ts`, the line of the key.
 */
export function validateConfig(raw: unknown, file = CONFIG_FILE, source?: string): PaydocsConfig {
  const result = ConfigSchema.safeParse(raw, { reportInput: true });
  if (result.success) return result.data;
  const lineOf = source === undefined ? undefined : (keyPath: readonly PropertyKey[]) => locateInSource(source, keyPath)?.line;
  throw new PaydocsError(zodDiagnostics(result.error, { file, rule: 'config', schema: ConfigSchema, lineOf }));
}

/**
 * Where a key path of the exported config is written in `docs.config.ts`: the object literal passed
 * to `defineConfig(...)` (or exported) is walked key by key and item by item, skipping strings and
 * comments. A path that leaves the literal (a value from a variable) ends at the last key found.
 */
export function locateInSource(source: string, keyPath: readonly PropertyKey[]): { line: number; column: number } | undefined {
  const start = /defineConfig\s*\(|export\s+default\b/.exec(source);
  if (!start) return undefined;
  let pos = source.indexOf('{', start.index);
  if (pos === -1) return undefined;
  let found: number | undefined;
  for (const key of keyPath) {
    const next = typeof key === 'number' ? source[pos] === '[' && childAt(source, pos, key) : source[pos] === '{' && propertyOf(source, pos, String(key));
    if (!next) break;
    found = next.at;
    pos = next.value;
  }
  if (found === undefined) found = start.index;
  const before = source.slice(0, found).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

/** Skips a string, template or comment starting at `i`; returns the index after it, or `i` when there is none. */
function skipLiteral(src: string, i: number): number {
  const c = src[i];
  if (c === '/' && src[i + 1] === '/') return src.indexOf('\n', i) === -1 ? src.length : src.indexOf('\n', i);
  if (c === '/' && src[i + 1] === '*') return src.indexOf('*/', i + 2) === -1 ? src.length : src.indexOf('*/', i + 2) + 2;
  if (c === '"' || c === "'" || c === '`') {
    for (let j = i + 1; j < src.length; j++) {
      if (src[j] === '\\') j++;
      else if (src[j] === c) return j + 1;
    }
    return src.length;
  }
  return i;
}

/** The entries of the object or array literal opening at `open`: each entry's start, at depth one. */
function entries(src: string, open: number): number[] {
  const starts: number[] = [];
  let depth = 0;
  let expecting = true;
  for (let i = open; i < src.length; ) {
    const skipped = skipLiteral(src, i);
    const c = src[i]!;
    if (skipped !== i) {
      // A string starts an entry (`'key': ...`); a comment does not.
      if (depth === 1 && expecting && c !== '/') (starts.push(i), (expecting = false));
      i = skipped;
      continue;
    }
    if ('{[('.includes(c)) {
      if (depth === 1 && expecting) (starts.push(i), (expecting = false));
      depth++;
    } else if ('}])'.includes(c)) {
      depth--;
      if (depth === 0) break;
    } else if (c === ',' && depth === 1) expecting = true;
    else if (depth === 1 && expecting && !/\s/.test(c)) (starts.push(i), (expecting = false));
    i++;
  }
  return starts;
}

function skipSpace(src: string, i: number): number {
  for (;;) {
    while (i < src.length && /\s/.test(src[i]!)) i++;
    const after = src[i] === '/' && (src[i + 1] === '/' || src[i + 1] === '*') ? skipLiteral(src, i) : i;
    if (after === i) return i;
    i = after;
  }
}

function childAt(src: string, open: number, index: number): { at: number; value: number } | undefined {
  const at = entries(src, open)[index];
  return at === undefined ? undefined : { at, value: at };
}

function propertyOf(src: string, open: number, key: string): { at: number; value: number } | undefined {
  for (const at of entries(src, open)) {
    const m = /^(?:([A-Za-z_$][\w$]*)|'([^']*)'|"([^"]*)")\s*:/.exec(src.slice(at, at + key.length + 64));
    if (m && (m[1] ?? m[2] ?? m[3]) === key) return { at, value: skipSpace(src, at + m[0].length) };
  }
  return undefined;
}

/**
 * Files the config names under `content/static/` (the favicon, the logo) must exist: a missing one
 * would be a broken image on every page, found only by a link crawl (once per page).
 */
export function checkConfigFiles(config: PaydocsConfig, root: string, source?: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  const files: Array<[PropertyKey[], string | undefined]> = [
    [['favicon'], config.favicon],
    [['navbar', 'logo'], config.navbar.logo],
  ];
  for (const [keyPath, value] of files) {
    if (!value || /^[a-z][a-z0-9+.-]*:/i.test(value)) continue;
    const rel = `${STATIC_DIR}/${value.replace(/^\/+/, '')}`;
    if (existsSync(path.join(root, rel))) continue;
    out.push({
      severity: 'error',
      file: CONFIG_FILE,
      line: source === undefined ? undefined : locateInSource(source, keyPath)?.line,
      rule: 'config',
      message: `${keyPath.join('.')}: no file \`${rel}\``,
      hint: `${keyPath.join('.')} is a path under ${STATIC_DIR}/, such as \`img/${keyPath.at(-1) === 'logo' ? 'logo' : 'favicon'}.svg\``,
    });
  }
  return out;
}

/** A config written as CommonJS (`exports.default = ...`) comes back as its module object: the export sits one level down. */
export function unwrapDefault(value: unknown): unknown {
  if (value && typeof value === 'object' && 'default' in value && Object.keys(value).every((k) => k === 'default' || k === '__esModule')) {
    return (value as { default: unknown }).default;
  }
  return value;
}

/** Imports `docs.config.ts` (afresh on every call, for the dev server) and validates it. */
export async function loadConfig(root: string): Promise<PaydocsConfig> {
  const file = path.join(root, CONFIG_FILE);
  if (!existsSync(file)) {
    throw new PaydocsError([{ severity: 'error', file: CONFIG_FILE, rule: 'config', message: `no ${CONFIG_FILE} in \`${root}\``, hint: 'run paydocs from the project root, or create docs.config.ts with `export default defineConfig({...})`' }]);
  }
  const mod = await importConfig(file);
  if (mod.default === undefined) {
    throw new PaydocsError([{ severity: 'error', file: CONFIG_FILE, rule: 'config', message: 'expected `export default defineConfig({...})`, received no default export' }]);
  }
  const source = readFileSync(file, 'utf8');
  const config = validateConfig(unwrapDefault(mod.default), CONFIG_FILE, source);
  const missing = checkConfigFiles(config, root, source);
  if (missing.length) throw new PaydocsError(missing);
  return config;
}

/**
 * Compiles `docs.config.ts` with esbuild (the files it imports included, packages left as imports
 * resolved from where they are imported, else from paydocs' own install) and imports the result: the way Vite loads vite.config.ts.
 * tsx's loader, which did this before, started a thread of module hooks on every build, a third of a
 * second on the critical path. Each call compiles afresh (the dev server reloads a changed config).
 */
async function importConfig(file: string): Promise<{ default?: unknown }> {
  const esbuild = await import('esbuild');
  let code: string;
  let map: string | undefined;
  try {
    // Locations relative to the project: `docs.config.ts:3:7`.
    // With a source map: an error thrown while the config runs is named at its line too.
    const out = await esbuild.build({ absWorkingDir: path.dirname(file), entryPoints: [file], outdir: path.dirname(file), bundle: true, write: false, sourcemap: 'external', platform: 'node', format: 'esm', target: 'node20', logLevel: 'silent', plugins: [packagesByUrl(undefined, resolveFromPaydocs)] });
    code = out.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
    map = out.outputFiles.find((f) => f.path.endsWith('.js.map'))?.text;
  } catch (error) {
    const messages = (error as { errors?: Message[] }).errors;
    if (!messages?.length) throw error;
    throw new PaydocsError(
      messages.map((m) => ({
        severity: 'error',
        file: m.location?.file || CONFIG_FILE,
        line: m.location?.line,
        column: m.location ? m.location.column + 1 : undefined,
        rule: 'config',
        message: `cannot load: ${m.text}`,
      })),
    );
  }
  try {
    return await importCode<{ default?: unknown }>(code, 'config');
  } catch (error) {
    const at = sourceLocator(code, map, 'config', file, path.dirname(file))((error as Error | undefined)?.stack);
    throw new PaydocsError([{ severity: 'error', file: CONFIG_FILE, ...at, rule: 'config', message: `cannot load: ${errorText(error)}` }]);
  }
}
