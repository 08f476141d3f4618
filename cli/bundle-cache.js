// @ts-check
// The cache of paydocs' own code bundled by esbuild (cli/build/worker-bundle.ts writes it): the CLI and
// the worker threads each run from one ES module file there. Plain JavaScript, because bin/paydocs.js
// reads it before any TypeScript can load: a fresh bundle of the CLI runs without tsx's module hooks.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
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
