import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Message } from 'esbuild';
import { ConfigSchema, type PaydocsConfig } from '../../config/index.ts';
import { describeZodIssue, PaydocsError, type Diagnostic } from '../diagnostics.ts';
import { importCode, packagesByUrl } from './import-code.ts';

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
  return validateConfig(unwrapDefault(mod.default));
}

/**
 * Compiles `docs.config.ts` with esbuild (the files it imports included, packages left as imports
 * resolved from where they are imported) and imports the result: the way Vite loads vite.config.ts.
 * tsx's loader, which did this before, started a thread of module hooks on every build, a third of a
 * second on the critical path. Each call compiles afresh (the dev server reloads a changed config).
 */
async function importConfig(file: string): Promise<{ default?: unknown }> {
  const esbuild = await import('esbuild');
  let code: string;
  try {
    // Locations relative to the project: `docs.config.ts:3:7`.
    const out = await esbuild.build({ absWorkingDir: path.dirname(file), entryPoints: [file], bundle: true, write: false, platform: 'node', format: 'esm', target: 'node20', logLevel: 'silent', plugins: [packagesByUrl()] });
    code = out.outputFiles[0]!.text;
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
    throw new PaydocsError([{ severity: 'error', file: CONFIG_FILE, rule: 'config', message: `cannot load: ${(error as Error).message}` }]);
  }
}
