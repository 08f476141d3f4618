import { readdirSync, statSync, type Dirent } from 'node:fs';
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

/**
 * The files below a content folder, `/`-separated and relative to it, sorted by name in each folder;
 * hidden entries are left out and linked folders followed. Nothing when the folder does not exist.
 */
export function walkContent(dir: string, base = ''): string[] {
  let entries: Dirent[];
  try {
    // With the entry types, no stat per file (dev walks the tree on every save).
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const name = entry.name;
    if (name.startsWith('.')) continue;
    const rel = base ? `${base}/${name}` : name;
    const abs = path.join(dir, name);
    if (entry.isDirectory() || (entry.isSymbolicLink() && statSync(abs).isDirectory())) out.push(...walkContent(abs, rel));
    else out.push(rel);
  }
  return out;
}
