import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where paydocs itself is installed (the theme lives here), as opposed to the docs project being built. */
export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RENDERER_DIR = path.join(PACKAGE_ROOT, 'renderer');
