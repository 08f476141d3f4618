import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Where a project's docs are: English under `content/docs`, each other locale under `content/i18n/<locale>`; files copied as they are under `content/static`. */
export const DOCS_DIR = 'content/docs';
export const I18N_DIR = 'content/i18n';
export const STATIC_DIR = 'content/static';
/** React pages: `content/pages/<name>.tsx` is the route `/<name>` in every locale (`_` files are not pages). */
export const PAGES_DIR = 'content/pages';

/** The names of the React pages, sorted. */
export function listCustomPages(root: string): string[] {
  try {
    return readdirSync(path.join(root, PAGES_DIR))
      .filter((f) => f.endsWith('.tsx') && !f.startsWith('_'))
      .map((f) => f.slice(0, -4))
      .sort();
  } catch {
    return [];
  }
}
