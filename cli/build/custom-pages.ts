import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import * as esbuild from 'esbuild';
import { PACKAGE_ROOT } from '../package-root.ts';
import { BROWSER_TARGET } from './bundle-client.ts';
import type { ComponentType } from 'react';
import type { CustomPageProps } from '../../renderer/context.ts';
import { PaydocsError } from '../diagnostics.ts';

export interface CustomPageMeta {
  /** Title per locale. */
  title: Record<string, string>;
  description: Record<string, string>;
  noindex?: boolean;
}

export interface CustomPageModule {
  name: string;
  file: string;
  component: ComponentType<CustomPageProps>;
  meta: CustomPageMeta;
}

export const PAGES_DIR = 'content/pages';

export function listCustomPages(root: string): string[] {
  try {
    return readdirSync(path.join(root, PAGES_DIR))
      .filter((f) => f.endsWith('.tsx') && !f.startsWith('_'))
      .map((f) => f.slice(0, -4))
      .sort();
  } catch {
    return [];
  }
}

/**
 * Compiles a custom page for prerendering with esbuild (automatic JSX, whatever the docs project's
 * tsconfig says) into paydocs' own cache, so bare imports (react) resolve to the same copy the
 * theme renders with. Custom pages receive `site` and `page` as props; they need no theme context.
 */
async function importPage(abs: string): Promise<{ default?: unknown; meta?: CustomPageMeta }> {
  const out = await esbuild.build({ entryPoints: [abs], bundle: true, write: false, platform: 'node', format: 'esm', jsx: 'automatic', packages: 'external', target: BROWSER_TARGET, logLevel: 'silent' });
  const code = out.outputFiles[0]!.text;
  const dir = path.join(PACKAGE_ROOT, 'node_modules/.cache/paydocs');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `page-${createHash('sha256').update(abs + code).digest('hex').slice(0, 16)}.mjs`);
  await writeFile(file, code);
  try {
    return (await import(pathToFileURL(file).href)) as { default?: unknown; meta?: CustomPageMeta };
  } finally {
    // Loaded, the file is no longer needed (the module stays cached by its URL); kept, the cache grew
    // by a file for every changed page and every project folder (each test fixture) ever built.
    await rm(file, { force: true });
  }
}

/** Imports every custom page for prerendering; a page without a default component or `meta` is an error. */
export async function loadCustomPages(root: string, locales: string[]): Promise<CustomPageModule[]> {
  const out: CustomPageModule[] = [];
  const problems: string[] = [];
  for (const name of listCustomPages(root)) {
    const file = `${PAGES_DIR}/${name}.tsx`;
    const mod = await importPage(path.join(root, file));
    if (typeof mod.default !== 'function') problems.push(`${file}: expected a default export of a React component, received ${typeof mod.default}`);
    else if (!mod.meta || typeof mod.meta.title !== 'object') problems.push(`${file}: expected \`export const meta = { title: { en, ru }, description: { en, ru } }\``);
    else {
      for (const l of locales) if (!mod.meta.title[l] || !mod.meta.description[l]) problems.push(`${file}: meta.title and meta.description need the locale \`${l}\``);
      out.push({ name, file, component: mod.default as ComponentType<CustomPageProps>, meta: mod.meta });
    }
  }
  if (problems.length) throw new PaydocsError(problems.map((p) => ({ severity: 'error', rule: 'custom-page', message: p })));
  return out;
}
