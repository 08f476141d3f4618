import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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

/** Imports `docs.config.ts` (fresh on every call, for the dev server) and validates it. */
export async function loadConfig(root: string, options: { fresh?: boolean } = {}): Promise<PaydocsConfig> {
  const file = path.join(root, CONFIG_FILE);
  if (!existsSync(file)) {
    throw new PaydocsError([{ severity: 'error', file: CONFIG_FILE, rule: 'config', message: `no ${CONFIG_FILE} in \`${root}\``, hint: 'run paydocs from the project root, or create docs.config.ts with `export default defineConfig({...})`' }]);
  }
  let mod: { default?: unknown };
  try {
    const url = pathToFileURL(file).href + (options.fresh ? `?t=${Date.now()}` : '');
    mod = (await import(url)) as { default?: unknown };
  } catch (error) {
    throw new PaydocsError([{ severity: 'error', file: CONFIG_FILE, rule: 'config', message: `cannot load: ${(error as Error).message}` }]);
  }
  if (mod.default === undefined) {
    throw new PaydocsError([{ severity: 'error', file: CONFIG_FILE, rule: 'config', message: 'expected `export default defineConfig({...})`, received no default export' }]);
  }
  return validateConfig(mod.default);
}
