// @ts-check
// Node's own resolution of a package, from paydocs' install. Plain JavaScript, and imported by its URL
// (`importResolvePackage` below), never bundled: `import.meta.resolve` resolves from the module that
// calls it, and the bundles of the CLI may run from a cache outside the install (see bundle-cache.js).
import { pathToFileURL } from 'node:url';

/**
 * The URL Node imports for `specifier` from paydocs' install (its `exports` conditions for `import`).
 * @param {string} specifier
 * @returns {string}
 */
export function resolvePackage(specifier) {
  return import.meta.resolve(specifier);
}

/**
 * This module, loaded from the install's own file wherever the caller runs from.
 * @param {string} packageRoot
 * @returns {Promise<{ resolvePackage: (specifier: string) => string }>}
 */
export function importResolvePackage(packageRoot) {
  return import(pathToFileURL(`${packageRoot}/cli/resolve-package.js`).href);
}
