import { readdirSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { BROWSER_TARGET } from './bundle-client.ts';
import { importCode, packagesByUrl } from './import-code.ts';
import { packageResolver } from './worker-bundle.ts';
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
 * tsconfig says). Its packages stay imports, by the URL Node resolves from paydocs' install, so that
 * `react` is the very copy the theme renders with (a second React breaks every hook), wherever the
 * compiled module is written; a package paydocs does not have resolves from the page's folder.
 * Custom pages receive `site` and `page` as props; they need no theme context.
 */
async function importPage(abs: string, resolve: (specifier: string) => string): Promise<{ default?: unknown; meta?: CustomPageMeta }> {
  const out = await esbuild.build({ entryPoints: [abs], bundle: true, write: false, platform: 'node', format: 'esm', jsx: 'automatic', target: BROWSER_TARGET, logLevel: 'silent', plugins: [packagesByUrl(resolve)] });
  return importCode(out.outputFiles[0]!.text, 'page');
}

/** Imports every custom page for prerendering; a page without a default component or `meta` is an error. */
export async function loadCustomPages(root: string, locales: string[]): Promise<CustomPageModule[]> {
  const out: CustomPageModule[] = [];
  const problems: string[] = [];
  const resolve = await packageResolver();
  for (const name of listCustomPages(root)) {
    const file = `${PAGES_DIR}/${name}.tsx`;
    const mod = await importPage(path.join(root, file), resolve);
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
