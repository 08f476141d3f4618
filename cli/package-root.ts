import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where paydocs itself is installed (the theme lives here), as opposed to the docs project being built. */
export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RENDERER_DIR = path.join(PACKAGE_ROOT, 'renderer');

/** paydocs' tsconfig: the theme and custom pages compile with its JSX settings wherever the docs project lives. */
export const TSCONFIG = path.join(PACKAGE_ROOT, 'tsconfig.json');
