import { createHash } from 'node:crypto';
import { SourceMap, type SourceMapPayload } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { BROWSER_TARGET } from '../build/bundle-client.ts';
import { packagesByUrl } from '../build/import-code.ts';
import { packageResolver } from '../build/worker-bundle.ts';
import { PaydocsError, type Diagnostic } from '../diagnostics.ts';

export interface RenderFailure {
  root: string;
  /** The page that failed, as a site path (`/landing`). */
  href: string;
  /** The file the page comes from: `content/pages/landing.tsx` for a React page, the Markdown file for a doc. */
  file?: string;
  error: unknown;
}

/**
 * A page that throws while it renders, as a diagnostic: the file it comes from, the error, and for a
 * React page the line and column in its `.tsx` when the stack can be mapped back to it.
 */
export async function describeRenderError({ root, href, file, error }: RenderFailure): Promise<Diagnostic> {
  // A render stage that already says where (the file, the line, the route) is taken at its word.
  const [located] = error instanceof PaydocsError ? error.diagnostics : [];
  if (located) return { ...located, file: located.file ?? file };
  const err = error instanceof Error ? error : new Error(String(error));
  const frame = err.stack?.split('\n').find((l) => /^\s+at /.test(l))?.trim();
  const position = file?.endsWith('.tsx') ? await locateInPage(root, file, err.stack ?? '').catch(() => undefined) : undefined;
  return {
    severity: 'error',
    file,
    ...position,
    rule: 'render',
    message: `cannot render \`${href}\`: ${err.name}: ${err.message}${position || !frame ? '' : ` (${frame})`}`,
    hint: file?.endsWith('.tsx') ? 'the page keeps its last good render until the component renders again' : undefined,
  };
}

/**
 * The position in the `.tsx` source of the first stack frame inside the compiled page module. Custom
 * pages are imported from a module compiled without a source map (`custom-pages.ts`, written by
 * `importCode` as `page-<hash of the code>-<pid>.mjs`): the page is compiled again, the same way, with
 * one, and the map is used only when the code hashes to the name in the stack, so a mapping is never a guess.
 */
async function locateInPage(root: string, file: string, stack: string): Promise<{ line: number; column: number } | undefined> {
  const match = /page-([0-9a-f]{16})-\d+\.mjs:(\d+):(\d+)/.exec(stack);
  if (!match) return undefined;
  const [, hash, line, column] = match;
  const abs = path.join(root, file);
  const out = await esbuild.build({
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
    plugins: [packagesByUrl(await packageResolver())],
  });
  const code = out.outputFiles.find((f) => f.path.endsWith('.js'))?.text;
  const map = out.outputFiles.find((f) => f.path.endsWith('.map'))?.text;
  if (!code || !map || createHash('sha256').update(code).digest('hex').slice(0, 16) !== hash) return undefined;
  const entry = new SourceMap(JSON.parse(map) as SourceMapPayload).findEntry(Number(line) - 1, Number(column) - 1);
  if (!('originalSource' in entry) || path.resolve(path.dirname(abs), entry.originalSource.replace(/^file:\/\//, '')) !== abs) return undefined;
  return { line: entry.originalLine + 1, column: entry.originalColumn + 1 };
}
