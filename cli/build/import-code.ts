import { createHash } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writableCacheDir } from '../bundle-cache.js';
import { PACKAGE_ROOT } from '../package-root.ts';

/**
 * Imports an ES module compiled in memory by esbuild (the config, a custom page): written to a file in
 * paydocs' cache (`writableCacheDir`), imported, and deleted once loaded (the module stays cached by its URL; kept, the
 * cache grew by a file for every change and every project folder ever built). The file is named by
 * the code and the process: the same code imports once per process, and builds running at once
 * (tests) never delete a file another is importing.
 */
export async function importCode<T>(code: string, prefix: string): Promise<T> {
  // The module's packages are imported by URL (see load-config.ts and custom-pages.ts): it runs from any folder.
  const dir = writableCacheDir(PACKAGE_ROOT);
  const file = path.join(dir, `${prefix}-${createHash('sha256').update(code).digest('hex').slice(0, 16)}-${process.pid}.mjs`);
  writeFileSync(file, code);
  try {
    return (await import(pathToFileURL(file).href)) as T;
  } finally {
    rmSync(file, { force: true });
  }
}
