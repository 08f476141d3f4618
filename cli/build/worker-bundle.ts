import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PACKAGE_ROOT } from '../package-root.ts';

/** Where bundled worker code is kept: paydocs' own cache, beside the compiled custom pages. */
export const WORKER_CACHE_DIR = path.join(PACKAGE_ROOT, 'node_modules/.cache/paydocs');
/** Changes on every `npm install`: packages are imported by absolute URL, so a new install means a new bundle. */
const INSTALL_STAMP = path.join(PACKAGE_ROOT, 'node_modules/.package-lock.json');

interface Manifest {
  file: string;
  /** Every input of the bundle: absolute path, mtime, size. */
  inputs: Array<[string, number, number]>;
}

const stamp = (file: string): [string, number, number] | undefined => {
  try {
    const s = statSync(file);
    return [file, s.mtimeMs, s.size];
  } catch {
    return undefined;
  }
};

/**
 * The worker entry `entry` (paydocs' TypeScript) as one ES module file, for `new Worker(url)`. A worker
 * thread does not inherit tsx's module hooks, and loading some 300 modules through them costs it
 * about a second; so paydocs' files are bundled by esbuild and packages stay imports by absolute URL,
 * loaded natively.
 *
 * The bundle is paydocs' own compiled code, like the JavaScript a published package ships: it is kept
 * in the cache and reused while none of its source files (nor the installed packages) changed, which
 * a stat of each tells. Bundling on every run made the workers wait for the main thread: esbuild's
 * plugin callbacks run there, behind the config and content loading.
 */
export async function bundledWorker(entry: string, name: string): Promise<URL> {
  // One manifest per entry file: two paydocs checkouts sharing a node_modules (worktrees) each keep
  // their own. Keyed by name alone, one checkout ran the other's bundle, whose sources were unchanged.
  const manifestFile = path.join(WORKER_CACHE_DIR, `${name}-${createHash('sha256').update(entry).digest('hex').slice(0, 12)}.json`);
  try {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    const fresh = manifest.inputs.every(([file, mtime, size]) => {
      const now = stamp(file);
      return now !== undefined && now[1] === mtime && now[2] === size;
    });
    if (fresh && stamp(manifest.file)) return pathToFileURL(manifest.file);
  } catch {
    // no manifest yet, or unreadable: bundle
  }
  const { code, inputs } = await bundle(entry);
  try {
    return writeCached(name, code, inputs, manifestFile);
  } catch {
    // A cache that cannot be written (a read-only install): run the bundle from memory.
    return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
  }
}

function writeCached(name: string, code: string, inputs: Array<[string, number, number]>, manifestFile: string): URL {
  mkdirSync(WORKER_CACHE_DIR, { recursive: true });
  const file = path.join(WORKER_CACHE_DIR, `${name}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`);
  // Written under a unique name and renamed: builds running at once (tests) never see half a file.
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(tmp, code);
  renameSync(tmp, file);
  const install = stamp(INSTALL_STAMP);
  const stamps = install ? [...inputs, install] : inputs;
  const tmpManifest = `${manifestFile}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(tmpManifest, JSON.stringify({ file, inputs: stamps } satisfies Manifest));
  renameSync(tmpManifest, manifestFile);
  return pathToFileURL(file);
}

async function bundle(entry: string): Promise<{ code: string; inputs: Array<[string, number, number]> }> {
  // import.meta.resolve follows ESM `exports`; vitest's module runner defines it but throws, hence the fallback.
  const resolve = (specifier: string) => {
    try {
      return import.meta.resolve(specifier);
    } catch {
      return pathToFileURL(createRequire(import.meta.url).resolve(specifier)).href;
    }
  };
  const inputs: Array<[string, number, number]> = [];
  // Loaded only to bundle: a build whose cached bundle is fresh never needs esbuild before the workers start.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'packages-by-url',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('node:') ? { external: true } : { path: resolve(args.path), external: true }));
          // Each file keeps its own location (the bundle itself runs from the cache).
          build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
            // Stamped before it is read: a file saved during the bundling makes the next run bundle again.
            const stamped = stamp(args.path);
            if (stamped) inputs.push(stamped);
            return {
              loader: args.path.endsWith('x') ? 'tsx' : 'ts',
              contents: (await readFile(args.path, 'utf8'))
                .replace(/\bimport\.meta\.url\b/g, JSON.stringify(pathToFileURL(args.path).href))
                .replace(/\bimport\.meta\.dirname\b/g, JSON.stringify(path.dirname(args.path)))
                .replace(/\bimport\.meta\.filename\b/g, JSON.stringify(args.path)),
            };
          });
        },
      },
    ],
  });
  return { code: result.outputFiles[0]!.text, inputs };
}
