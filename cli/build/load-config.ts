import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { TSCONFIG } from '../package-root.ts';
import { ConfigSchema, type PaydocsConfig } from '../../config/index.ts';
import { describeZodIssue, PaydocsError, type Diagnostic } from '../diagnostics.ts';

export const CONFIG_FILE = 'docs.config.ts';

/** Validates a config object; the diagnostics name the key path, what was expected and what was found. */
export function validateConfig(raw: unknown, file = CONFIG_FILE): PaydocsConfig {
  const result = ConfigSchema.safeParse(raw, { reportInput: true });
  if (result.success) return result.data;
  const diagnostics: Diagnostic[] = result.error.issues.map((issue) => {
    const { path: key, message } = describeZodIssue(issue);
    return { severity: 'error', file, rule: 'config', message: key ? `${key}: ${message}` : message };
  });
  throw new PaydocsError(diagnostics);
}

/** A project without `"type": "module"` gets its TS loaded as CommonJS: the export then sits one level down. */
export function unwrapDefault(value: unknown): unknown {
  if (value && typeof value === 'object' && 'default' in value && Object.keys(value).every((k) => k === 'default' || k === '__esModule')) {
    return (value as { default: unknown }).default;
  }
  return value;
}

/** Imports `docs.config.ts` (fresh on every call, for the dev server) and validates it. */
export async function loadConfig(root: string, options: { fresh?: boolean } = {}): Promise<PaydocsConfig> {
  const file = path.join(root, CONFIG_FILE);
  if (!existsSync(file)) {
    throw new PaydocsError([{ severity: 'error', file: CONFIG_FILE, rule: 'config', message: `no ${CONFIG_FILE} in \`${root}\``, hint: 'run paydocs from the project root, or create docs.config.ts with `export default defineConfig({...})`' }]);
  }
  let mod: { default?: unknown };
  try {
    // tsImport loads TypeScript as ESM whatever the project's package.json says.
    const url = pathToFileURL(file).href + (options.fresh ? `?t=${Date.now()}` : '');
    mod = (await tsImport(url, { parentURL: import.meta.url, tsconfig: TSCONFIG })) as { default?: unknown };
  } catch (error) {
    throw new PaydocsError([{ severity: 'error', file: CONFIG_FILE, rule: 'config', message: `cannot load: ${(error as Error).message}` }]);
  }
  if (mod.default === undefined) {
    throw new PaydocsError([{ severity: 'error', file: CONFIG_FILE, rule: 'config', message: 'expected `export default defineConfig({...})`, received no default export' }]);
  }
  return validateConfig(unwrapDefault(mod.default));
}
