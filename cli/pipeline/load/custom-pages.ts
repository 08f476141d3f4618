import path from 'node:path';
import * as esbuild from 'esbuild';
import { BROWSER_TARGET } from '../render/bundle-client.ts';
import { listCustomPages, PAGES_DIR } from './content-dirs.ts';
import { importCode, packagesByUrl, sourceLocator, type LocateInSource } from './import-code.ts';
import { resolveFromPaydocs } from './resolve-package.ts';
import type { ComponentType } from 'react';
import type { CustomPageProps } from '../../../renderer/context.ts';
import { errorText, PaydocsError, type Diagnostic } from '../../diagnostics.ts';

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
  /** Maps an error's stack to the line in the page's `.tsx` that threw (see `importPage`). */
  locate?: LocateInSource;
}

/**
 * Compiles a custom page for prerendering with esbuild (automatic JSX, whatever the docs project's
 * tsconfig says). Its packages stay imports, by the URL Node resolves from paydocs' install, so that
 * `react` is the very copy the theme renders with (a second React breaks every hook), wherever the
 * compiled module is written; a package paydocs does not have resolves from the page's folder.
 * Custom pages receive `site` and `page` as props; they need no theme context.
 *
 * The source map is kept beside the module (not inlined: the code, and so the module's file name,
 * is the same as without one), to turn a stack frame in the compiled module back into a `.tsx` line.
 * A syntax error, or an error while the module loads, is a diagnostic with the page's file and line.
 */
async function importPage(root: string, file: string, resolve: (specifier: string) => string): Promise<{ mod: { default?: unknown; meta?: CustomPageMeta }; locate: LocateInSource }> {
  const abs = path.join(root, file);
  let out: esbuild.BuildResult<{ write: false }>;
  try {
    out = await esbuild.build({
      entryPoints: [abs],
      bundle: true,
      write: false,
      outdir: path.dirname(abs),
      sourcemap: 'external',
      platform: 'node',
      format: 'esm',
      jsx: 'automatic',
      target: BROWSER_TARGET,
      logLevel: 'silent',
      plugins: [packagesByUrl(resolve)],
    });
  } catch (error) {
    const messages = (error as { errors?: esbuild.Message[] }).errors;
    if (!messages?.length) throw error;
    throw new PaydocsError(
      messages.map((m) => ({
        severity: 'error',
        // esbuild names files relative to the working directory; diagnostics, relative to the project.
        file: m.location ? path.relative(root, path.resolve(m.location.file)).split(path.sep).join('/') : file,
        line: m.location?.line,
        column: m.location ? m.location.column + 1 : undefined,
        rule: 'custom-page',
        message: m.text,
      })),
    );
  }
  const code = out.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const map = out.outputFiles.find((f) => f.path.endsWith('.js.map'))?.text;
  const locate = sourceLocator(code, map, 'page', abs, root);
  try {
    return { mod: await importCode(code, 'page'), locate };
  } catch (error) {
    throw new PaydocsError([{ severity: 'error', file, ...locate((error as Error).stack), rule: 'custom-page', message: `cannot load: ${errorText(error)}` }]);
  }
}

/** Imports every custom page for prerendering; a page without a default component or `meta` is an error. */
export async function loadCustomPages(root: string, locales: string[]): Promise<CustomPageModule[]> {
  const out: CustomPageModule[] = [];
  const problems: Diagnostic[] = [];
  for (const name of listCustomPages(root)) {
    const file = `${PAGES_DIR}/${name}.tsx`;
    let loaded: Awaited<ReturnType<typeof importPage>>;
    try {
      loaded = await importPage(root, file, resolveFromPaydocs);
    } catch (error) {
      // Every page's problems at once, like every other input.
      if (!(error instanceof PaydocsError)) throw error;
      problems.push(...error.diagnostics);
      continue;
    }
    const { mod, locate } = loaded;
    const problem = (message: string) => problems.push({ severity: 'error', file, rule: 'custom-page', message });
    if (typeof mod.default !== 'function') problem(`expected a default export of a React component, received ${typeof mod.default}`);
    else if (!mod.meta || typeof mod.meta.title !== 'object') problem('expected `export const meta = { title: { en, ru }, description: { en, ru } }`');
    else {
      for (const l of locales) if (!mod.meta.title[l] || !mod.meta.description?.[l]) problem(`meta.title and meta.description need the locale \`${l}\``);
      out.push({ name, file, component: mod.default as ComponentType<CustomPageProps>, meta: mod.meta, locate });
    }
  }
  if (problems.length) throw new PaydocsError(problems);
  return out;
}
