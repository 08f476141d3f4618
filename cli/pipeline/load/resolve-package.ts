import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PACKAGE_ROOT } from '../../package-root.ts';

const require = createRequire(path.join(PACKAGE_ROOT, 'package.json'));

/**
 * The URL Node imports for `specifier` from paydocs' own install: the very React the theme renders
 * with, for the custom pages that import it. Throws when paydocs has no such package.
 */
export function resolveFromPaydocs(specifier: string): string {
  try {
    return import.meta.resolve(specifier);
  } catch {
    // vitest's module runner defines import.meta.resolve but throws: resolved as `require` would.
    return pathToFileURL(require.resolve(specifier)).href;
  }
}
