import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
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

/** Imports every custom page for prerendering; a page without a default component or `meta` is an error. */
export async function loadCustomPages(root: string, locales: string[], fresh = false): Promise<CustomPageModule[]> {
  const out: CustomPageModule[] = [];
  const problems: string[] = [];
  for (const name of listCustomPages(root)) {
    const file = `${PAGES_DIR}/${name}.tsx`;
    const loaded = (await tsImport(pathToFileURL(path.join(root, file)).href + (fresh ? `?t=${Date.now()}` : ''), import.meta.url)) as { default?: unknown; meta?: CustomPageMeta };
    // CommonJS interop (a project without "type": "module") nests the exports under `default`.
    const mod = typeof loaded.default === 'object' && loaded.default !== null && 'default' in loaded.default ? (loaded.default as typeof loaded) : loaded;
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
