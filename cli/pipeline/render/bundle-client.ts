import path from 'node:path';
import * as esbuild from 'esbuild';
import { PaydocsError } from '../../diagnostics.ts';
import { PACKAGE_ROOT, RENDERER_DIR } from '../../package-root.ts';

export interface ClientBundle {
  /** Output files, path relative to the site root (`assets/entry-client-AB12.js`) -> bytes. */
  files: Map<string, Uint8Array>;
  /** Site path of the entry module. */
  entry: string;
  /** Modules the entry imports statically (modulepreload). */
  preload: string[];
  /** The bundled CSS text (written later together with the code-highlighting CSS). */
  css: string;
  /** Custom page name -> site path of its chunk. */
  pageChunks: Record<string, string>;
}

export interface BundleOptions {
  root: string;
  baseUrl: string;
  /** Names of `content/pages/*.tsx`. */
  customPages: string[];
  minify: boolean;
  /** React's build: `production` (default when minifying) or `development` (its warnings, several times slower). */
  react?: 'production' | 'development';
  /** Extra entry points (e.g. the search worker), name -> absolute file. */
  extraEntries?: Record<string, string>;
}

export const BROWSER_TARGET = ['es2022', 'chrome105', 'firefox110', 'safari16'];

/** Bundles `renderer/entry-client.tsx` with esbuild: ESM, code splitting, content-hashed names. */
export async function bundleClient(options: BundleOptions): Promise<ClientBundle & { extra: Record<string, string> }> {
  const { root, baseUrl, customPages, minify } = options;
  const pagesDir = path.join(root, 'content/pages');
  const virtualPages: esbuild.Plugin = {
    name: 'paydocs-pages',
    setup(build) {
      build.onResolve({ filter: /^virtual:paydocs-pages$/ }, () => ({ path: 'paydocs-pages', namespace: 'paydocs' }));
      build.onLoad({ filter: /.*/, namespace: 'paydocs' }, () => ({
        resolveDir: root,
        loader: 'ts',
        contents: `export const customPages = {${customPages.map((n) => `${JSON.stringify(n)}: () => import(${JSON.stringify(path.join(pagesDir, `${n}.tsx`))})`).join(',')}};`,
      }));
      // Build code never ships to the browser.
      build.onResolve({ filter: /^node:|^(fs|path|url|crypto|child_process|os)$/ }, (args) => ({
        errors: [{ text: `browser code imports the Node module \`${args.path}\` (from ${path.relative(root, args.importer)})` }],
      }));
    },
  };
  let result: esbuild.BuildResult<{ metafile: true; write: false }>;
  try {
  result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { 'entry-client': path.join(RENDERER_DIR, 'entry-client.tsx'), ...(options.extraEntries ?? {}) },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: BROWSER_TARGET,
    outdir: path.join(root, '.paydocs-virtual'),
    entryNames: 'assets/[name]-[hash]',
    chunkNames: 'assets/chunks/[name]-[hash]',
    assetNames: 'assets/media/[name]-[hash]',
    publicPath: baseUrl,
    minify,
    sourcemap: false,
    legalComments: 'none',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': JSON.stringify(options.react ?? (minify ? 'production' : 'development')) },
    metafile: true,
    write: false,
    logLevel: 'silent',
    plugins: [virtualPages],
    // A docs project resolves the theme's own dependencies (react, wouter) from paydocs.
    nodePaths: [path.join(PACKAGE_ROOT, 'node_modules')],
  });
  } catch (error) {
    const failure = error as esbuild.BuildFailure;
    if (!failure.errors) throw error;
    throw new PaydocsError(
      failure.errors.map((e) => ({ severity: 'error', rule: 'bundle', file: e.location?.file, line: e.location?.line, column: e.location ? e.location.column + 1 : undefined, message: e.text })),
    );
  }
  const outRoot = path.join(root, '.paydocs-virtual');
  const files = new Map<string, Uint8Array>();
  let css = '';
  let entry = '';
  let preload: string[] = [];
  const pageChunks: Record<string, string> = {};
  const extra: Record<string, string> = {};
  const rel = (p: string) => path.relative(outRoot, path.resolve(root, p)).split(path.sep).join('/');
  for (const file of result.outputFiles) {
    const r = path.relative(outRoot, file.path).split(path.sep).join('/');
    if (r.endsWith('.css')) css += file.text;
    else files.set(r, file.contents);
  }
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    if (out.endsWith('.css')) continue;
    const r = rel(out);
    if (meta.entryPoint) {
      const ep = path.resolve(root, meta.entryPoint);
      if (ep === path.join(RENDERER_DIR, 'entry-client.tsx')) {
        entry = baseUrl + r;
        preload = meta.imports.filter((i) => i.kind === 'import-statement').map((i) => baseUrl + rel(i.path));
      } else if (ep.startsWith(pagesDir)) {
        pageChunks[path.basename(ep, '.tsx')] = baseUrl + r;
      }
      for (const [name, abs] of Object.entries(options.extraEntries ?? {})) if (path.resolve(abs) === ep) extra[name] = baseUrl + r;
    }
  }
  return { files, entry, preload, css, pageChunks, extra };
}
