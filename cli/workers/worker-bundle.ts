import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire, isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleCacheDir, findFreshBundle, freshBundle, manifestFile, stamp, writableCacheDir, type Manifest, type Stamp } from '../bundle-cache.js';
import { PACKAGE_ROOT } from '../package-root.ts';
import { importResolvePackage } from '../resolve-package.js';

/** paydocs' own cache: where bundles are kept (`writableCacheDir`) unless the install cannot be written to. */
export const WORKER_CACHE_DIR = bundleCacheDir(PACKAGE_ROOT);
/** Changes on every `npm install`: packages are imported by absolute URL, so a new install means a new bundle. */
export const INSTALL_STAMP = path.join(PACKAGE_ROOT, 'node_modules/.package-lock.json');
/**
 * The fixes made to installed packages (patch-package, run after every install): a patch made or
 * changed without a new install means a new bundle too.
 */
export const PATCHES_DIR = path.join(PACKAGE_ROOT, 'patches');

/** The folder of patches and each patch in it. */
function patchStamps(): Array<Stamp | undefined> {
  let names: string[] = [];
  try {
    names = readdirSync(PATCHES_DIR);
  } catch {
    // No patches.
  }
  return [stamp(PATCHES_DIR), ...names.map((n) => stamp(path.join(PATCHES_DIR, n)))];
}

/**
 * The entry `entry` (paydocs' TypeScript) as an ES module (the entry file and its chunks): for `new Worker(url)`, and for the
 * CLI itself (bin/paydocs.js). A worker thread does not inherit tsx's module hooks, and loading some
 * 300 modules through them costs it about a second; the CLI, run through them, kept tsx's loader
 * thread busy for most of a second of every build. So paydocs' files are bundled by esbuild and
 * packages stay imports by absolute URL, loaded natively, or are bundled too (`options.packages`; not
 * for the CLI, whose React, zod and friends must be the very modules the config and the custom pages
 * import: a second React in the bundle breaks every hook).
 *
 * The bundle is paydocs' own compiled code, like the JavaScript a published package ships: it is kept
 * in the cache and reused while none of its source files (nor the installed packages) changed, which
 * a stat of each tells. Bundling on every run made the workers wait for the main thread: esbuild's
 * plugin callbacks run there, behind the config and content loading.
 */
export async function bundledModule(entry: string, name: string, options: BundleOptions = {}): Promise<URL> {
  const key = options.packages === 'bundle' ? `${name}.packages` : name;
  const fresh = findFreshBundle(PACKAGE_ROOT, key, entry);
  if (fresh) return fresh;
  const { files, inputs } = await bundle(entry, name, options);
  // paydocs' own cache, or for a read-only install the user's: kept there, the next run reuses it.
  const dir = writableCacheDir(PACKAGE_ROOT);
  const url = writeCached(dir, name, files, inputs, manifestFile(dir, key, entry));
  // A new bundle replaced an old one: the time to clear out what nothing runs any more.
  pruneBundleCache(dir);
  return url;
}

export interface BundleOptions {
  /**
   * `import` (the default): packages stay imports by absolute URL, loaded by Node. `bundle`: they are
   * bundled too (Node's built-in modules stay imports), for a worker thread that starts in every
   * build: Node 20's ES module loader spent some 90 ms of CPU per compile worker resolving, reading
   * and linking its few hundred package modules one by one.
   */
  packages?: 'import' | 'bundle';
}

/** How long an unused bundle stays: a process started from it (a dev server) may still import its chunks. */
export const UNUSED_BUNDLE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes from the cache what no checkout will run again: manifests that are not fresh (a source
 * changed, or the checkout is gone: its next run bundles anew anyway), and bundles, chunks and
 * leftovers that no fresh manifest points at, once unused for `ttlMs`. Every change to paydocs'
 * sources left a bundle of some 200 KB behind: 58 entries and 12 MB after two days of work.
 * Returns the names deleted.
 */
export function pruneBundleCache(cacheDir: string, now = Date.now(), ttlMs = UNUSED_BUNDLE_TTL_MS): string[] {
  let names: string[];
  try {
    names = readdirSync(cacheDir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  const used = new Set<string>();
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const manifest = path.join(cacheDir, name);
    const fresh = freshBundle(manifest);
    if (fresh) {
      used.add(path.basename(path.dirname(fileURLToPath(fresh))));
      continue;
    }
    try {
      JSON.parse(readFileSync(manifest, 'utf8'));
    } catch {
      continue; // not a manifest of ours
    }
    rmSync(manifest, { force: true });
    removed.push(name);
  }
  for (const name of names) {
    if (name.endsWith('.json') || used.has(name)) continue;
    const p = path.join(cacheDir, name);
    try {
      if (now - statSync(p).mtimeMs < ttlMs) continue;
      rmSync(p, { recursive: true, force: true });
      removed.push(name);
    } catch {
      // deleted meanwhile by another build's pruning
    }
  }
  return removed;
}

/**
 * Writes the bundle's files into a folder named by their hash, and the manifest that points at its
 * entry. Both are written under a unique name and renamed: builds running at once (tests) never see
 * half a bundle, and the same bundle written twice lands once.
 */
function writeCached(cacheDir: string, name: string, files: Array<{ path: string; text: string }>, inputs: Stamp[], manifest: string): URL {
  const hash = createHash('sha256');
  for (const f of files) hash.update(f.path).update('\0').update(f.text).update('\0');
  const dir = path.join(cacheDir, `${name}-${hash.digest('hex').slice(0, 16)}`);
  const file = path.join(dir, `${name}.mjs`);
  if (!stamp(file)) {
    const tmp = `${dir}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    mkdirSync(tmp, { recursive: true });
    for (const f of files) writeFileSync(path.join(tmp, f.path), f.text);
    try {
      renameSync(tmp, dir);
    } catch (error) {
      // Another build wrote the same bundle first.
      rmSync(tmp, { recursive: true, force: true });
      if (!stamp(file)) throw error;
    }
  }
  // The installed packages (and the patches applied to them), and this bundler itself: a bundle made another way is made again.
  const stamps = [...inputs, stamp(INSTALL_STAMP), ...patchStamps(), stamp(fileURLToPath(import.meta.url))].filter((s): s is Stamp => s !== undefined);
  const tmpManifest = `${manifest}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(tmpManifest, JSON.stringify({ file, inputs: stamps } satisfies Manifest));
  renameSync(tmpManifest, manifest);
  return pathToFileURL(file);
}

/**
 * Resolves a package to the URL Node's ES module loader imports from paydocs' install, wherever the
 * calling code runs from: the CLI's own bundle runs from a cache, which for a read-only install is
 * outside it (`bundleCacheDirs`), and `import.meta.resolve` resolves from the calling module.
 */
export async function packageResolver(): Promise<(specifier: string) => string> {
  const { resolvePackage } = await importResolvePackage(PACKAGE_ROOT);
  const require = createRequire(path.join(PACKAGE_ROOT, 'package.json'));
  return (specifier) => {
    try {
      return resolvePackage(specifier);
    } catch {
      // vitest's module runner defines import.meta.resolve but throws; a package that is not there throws here too.
      return pathToFileURL(require.resolve(specifier)).href;
    }
  };
}

/**
 * Bundles `entry` into `<name>.mjs` and chunks: a module loaded by a dynamic `import()` gets a chunk
 * of its own, and with it the imports of packages only it needs (in one file, esbuild hoists every
 * package import to the top, and `paydocs --version` loaded the whole pipeline's packages).
 */
async function bundle(entry: string, name: string, options: BundleOptions): Promise<{ files: Array<{ path: string; text: string }>; inputs: Stamp[] }> {
  const packages = options.packages ?? 'import';
  const resolve = await packageResolver();
  const inputs: Stamp[] = [];
  // Loaded only to bundle: a build whose cached bundle is fresh never needs esbuild before the workers start.
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    entryPoints: { [name]: entry },
    bundle: true,
    splitting: true,
    outdir: WORKER_CACHE_DIR,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'silent',
    // Packages resolve from the importing file, else from paydocs' own (as they do when imported by URL).
    nodePaths: [path.join(PACKAGE_ROOT, 'node_modules')],
    // A bundled CommonJS package's require() of a built-in module: esbuild's ES module output has no `require`.
    banner: packages === 'bundle' ? { js: `import { createRequire as __paydocsCreateRequire } from 'node:module'; const require = __paydocsCreateRequire(${'import'}.meta.url);` } : undefined,
    plugins: [
      {
        name: 'packages-by-url',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => {
            if (isBuiltin(args.path)) return { external: true };
            return packages === 'bundle' ? undefined : { path: resolve(args.path), external: true };
          });
          // Each file keeps its own location (the bundle itself runs from the cache).
          build.onLoad({ filter: /\.(tsx?|[cm]?js)$/ }, async (args) => {
            const inPackage = args.path.includes(`${path.sep}node_modules${path.sep}`);
            // Stamped before it is read: a file saved during the bundling makes the next run bundle again.
            // (A package's files are not: the install stamp stands for them.)
            const stamped = inPackage ? undefined : stamp(args.path);
            if (stamped) inputs.push(stamped);
            let contents = (await readFile(args.path, 'utf8'))
              .replace(/\bimport\.meta\.url\b/g, JSON.stringify(pathToFileURL(args.path).href))
              .replace(/\bimport\.meta\.dirname\b/g, JSON.stringify(path.dirname(args.path)))
              .replace(/\bimport\.meta\.filename\b/g, JSON.stringify(args.path));
            // A CommonJS package's own location, which an ES module does not have.
            if (inPackage && !args.path.endsWith('.mjs')) contents = contents.replace(/\b__dirname\b/g, JSON.stringify(path.dirname(args.path))).replace(/\b__filename\b/g, JSON.stringify(args.path));
            return { loader: args.path.endsWith('.tsx') ? 'tsx' : args.path.endsWith('.ts') ? 'ts' : 'js', contents, resolveDir: path.dirname(args.path) };
          });
        },
      },
    ],
  });
  return { files: result.outputFiles.map((f) => ({ path: path.relative(WORKER_CACHE_DIR, f.path), text: f.text })), inputs };
}
