// @ts-check
// The cache of paydocs' own code bundled by esbuild (cli/build/worker-bundle.ts writes it): the CLI and
// the worker threads each run from one ES module file there. Plain JavaScript, because bin/paydocs.js
// reads it before any TypeScript can load: a fresh bundle of the CLI runs without tsx's module hooks.
import { createHash } from 'node:crypto';
import { accessSync, constants, mkdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Every input of a bundle, as absolute path, mtime and size.
 * @typedef {[string, number, number]} Stamp
 * @typedef {{ file: string, inputs: Stamp[] }} Manifest
 */

/**
 * Where paydocs keeps its bundles: its own cache, beside the compiled custom pages.
 * @param {string} packageRoot
 */
export function bundleCacheDir(packageRoot) {
  return path.join(packageRoot, 'node_modules/.cache/paydocs');
}

/**
 * Every folder paydocs may keep its cache in, in order of preference: its own (`bundleCacheDir`), then,
 * for an install it cannot write to (a read-only image layer, a Nix store, a global install run by
 * another user), the user's cache (`$XDG_CACHE_HOME`, else `~/.cache`), then the temporary folder. The
 * last two hold a folder per install, named by a hash of its path.
 * @param {string} packageRoot
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {string[]}
 */
export function bundleCacheDirs(packageRoot, env = process.env) {
  // Resolved: bin/paydocs.js names the install with a trailing slash, the TypeScript without.
  const install = createHash('sha256').update(path.resolve(packageRoot)).digest('hex').slice(0, 12);
  const dirs = [bundleCacheDir(packageRoot)];
  let home = '';
  try {
    home = os.homedir();
  } catch {
    // no home folder (a user without a passwd entry)
  }
  const userCache = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : home ? path.join(home, '.cache') : undefined;
  if (userCache) dirs.push(path.join(userCache, 'paydocs', install));
  const user = typeof process.getuid === 'function' ? process.getuid() : 'user';
  dirs.push(path.join(os.tmpdir(), `paydocs-cache-${user}`, install));
  return dirs;
}

/** @type {Map<string, string>} */
const writable = new Map();

/**
 * The first of `bundleCacheDirs(packageRoot)` that exists or can be made, and can be written to (the
 * answer is kept for the process). Throws, naming each folder and why, when none can.
 * @param {string} packageRoot
 * @returns {string}
 */
export function writableCacheDir(packageRoot) {
  const known = writable.get(packageRoot);
  if (known) return known;
  /** @type {string[]} */
  const reasons = [];
  for (const dir of bundleCacheDirs(packageRoot)) {
    try {
      mkdirSync(dir, { recursive: true });
      accessSync(dir, constants.W_OK);
      writable.set(packageRoot, dir);
      return dir;
    } catch (error) {
      reasons.push(`${dir} (${/** @type {NodeJS.ErrnoException} */ (error).code ?? /** @type {Error} */ (error).message})`);
    }
  }
  throw new Error(`paydocs cannot write its cache in any of: ${reasons.join(', ')}`);
}

/**
 * The fresh bundle of `entry` (see `freshBundle`) in any of the cache folders, the install's own first.
 * @param {string} packageRoot
 * @param {string} name
 * @param {string} entry
 * @returns {URL | undefined}
 */
export function findFreshBundle(packageRoot, name, entry) {
  for (const dir of bundleCacheDirs(packageRoot)) {
    const fresh = freshBundle(manifestFile(dir, name, entry));
    if (fresh) return fresh;
  }
  return undefined;
}

/**
 * The manifest of the bundle of `entry`. One per entry file: two paydocs checkouts sharing a
 * node_modules (worktrees) each keep their own; keyed by name alone, one checkout ran the other's
 * bundle, whose sources were unchanged.
 * @param {string} cacheDir
 * @param {string} name
 * @param {string} entry
 */
export function manifestFile(cacheDir, name, entry) {
  return path.join(cacheDir, `${name}-${createHash('sha256').update(entry).digest('hex').slice(0, 12)}.json`);
}

/**
 * `file`'s stamp, or undefined when it does not exist.
 * @param {string} file
 * @returns {Stamp | undefined}
 */
export function stamp(file) {
  try {
    const s = statSync(file);
    return [file, s.mtimeMs, s.size];
  } catch {
    return undefined;
  }
}

/**
 * The bundle `manifest` describes, if none of its inputs changed since it was written (a stat of each).
 * @param {string} manifest
 * @returns {URL | undefined}
 */
export function freshBundle(manifest) {
  try {
    const { file, inputs } = /** @type {Manifest} */ (JSON.parse(readFileSync(manifest, 'utf8')));
    const fresh = inputs.every(([input, mtime, size]) => {
      const now = stamp(input);
      return now !== undefined && now[1] === mtime && now[2] === size;
    });
    return fresh && stamp(file) ? pathToFileURL(file) : undefined;
  } catch {
    // no manifest yet, or unreadable
    return undefined;
  }
}
