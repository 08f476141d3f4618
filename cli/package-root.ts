import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where paydocs itself is installed (the theme lives here), as opposed to the docs project being built:
 * the folder of its package.json, above `cli/` when run from the sources and above `lib/cli/` compiled.
 */
export const PACKAGE_ROOT = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));
export const RENDERER_DIR = path.join(PACKAGE_ROOT, 'renderer');


function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`paydocs: no package.json above ${from}`);
  }
}
