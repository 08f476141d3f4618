import { readdirSync, readlinkSync, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import { fsErrorDiagnostic } from '../../fs-errors.ts';

/** Where a project's docs are: English under `content/docs`, each other locale under `content/i18n/<locale>`; files copied as they are under `content/static`. */
/** The folder of everything the site is built from: a symbolic link may not lead out of it. */
export const CONTENT_DIR = 'content';
export const DOCS_DIR = 'content/docs';
export const I18N_DIR = 'content/i18n';
export const STATIC_DIR = 'content/static';
/** React pages: `content/pages/<name>.tsx` is the route `/<name>` in every locale (`_` files are not pages). */
export const PAGES_DIR = 'content/pages';
/** The gateway's reference data (load-data.ts). */
export const DATA_DIR = 'content/data';
/** The OpenAPI document (load-api.ts). */
export const API_FILE = 'content/api/openapi.yaml';
/** Translations beside the spec: `content/api/openapi.<locale>.yaml`. */
export const apiTranslationFile = (locale: string) => `content/api/openapi.${locale}.yaml`;
/** The API's error codes, a data table the operation pages link to. */
export const ERROR_CODES_FILE = 'content/data/api_error_codes.yaml';

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

export interface WalkOptions {
  /**
   * The project's `content/` folder: a symbolic link whose target is outside it is refused (a build must
   * not publish a file from elsewhere on the build machine). Without it, links are followed as they are.
   */
  contentRoot?: string;
  /** List hidden entries too (`content/static/.well-known/`): the static folder is copied whole. */
  hidden?: boolean;
  /** A path left out, with why and what to do: a link out of `content/`, a loop, a broken link, an unreadable folder. */
  onProblem?: (rel: string, message: string, hint: string) => void;
}

const inside = (child: string, parent: string) => {
  const rel = path.relative(parent, child);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

const realOr = (abs: string) => {
  try {
    return realpathSync(abs);
  } catch {
    return path.resolve(abs);
  }
};

/**
 * The files below a content folder, `/`-separated and relative to it, sorted by name in each folder;
 * hidden entries are left out (unless `hidden`) and links followed: to a file, it is listed as that
 * file; to a folder, it is walked. A link out of `contentRoot`, a loop (a link to itself or to a folder
 * above it) and a broken link are left out and reported. Nothing when the folder does not exist.
 */
export function walkContent(dir: string, options: WalkOptions = {}): string[] {
  const root = options.contentRoot === undefined ? undefined : realOr(options.contentRoot);
  const problem = options.onProblem ?? (() => undefined);
  const walk = (abs: string, real: string, base: string, above: ReadonlySet<string>): string[] => {
    let entries: Dirent[];
    try {
      // With the entry types, no stat per file (dev walks the tree on every save).
      entries = readdirSync(abs, { withFileTypes: true });
    } catch (error) {
      // A missing folder has no files; a folder the build cannot read is said, not skipped in silence.
      const code = (error as NodeJS.ErrnoException).code;
      if (base && code !== 'ENOENT') {
        const d = fsErrorDiagnostic(error, { doing: 'cannot read the folder', path: abs });
        problem(base, d.message, d.hint ?? '');
      }
      return [];
    }
    const out: string[] = [];
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const name = entry.name;
      if (name.startsWith('.') && !options.hidden) continue;
      const rel = base ? `${base}/${name}` : name;
      const child = path.join(abs, name);
      if (entry.isDirectory()) {
        out.push(...walk(child, path.join(real, name), rel, new Set([...above, real])));
        continue;
      }
      if (!entry.isSymbolicLink()) {
        out.push(rel);
        continue;
      }
      let target: string;
      let isDir: boolean;
      try {
        target = realpathSync(child);
        isDir = statSync(target).isDirectory();
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ELOOP') problem(rel, `symbolic link loop: \`${rel}\` leads back to itself (ELOOP)`, LOOP_HINT);
        else if (code === 'ENOENT') problem(rel, `broken symbolic link: \`${rel}\` points to \`${linkText(child)}\`, which does not exist`, 'fix the link, or delete it');
        else problem(rel, fsErrorDiagnostic(error, { doing: 'cannot follow the symbolic link', path: child }).message, LOOP_HINT);
        continue;
      }
      if (root !== undefined && !inside(target, root)) {
        problem(rel, `symbolic link to \`${linkText(child)}\`, outside \`content/\`; a build publishes only files of the project`, 'copy the file into content/ instead of linking to it (or link to a file inside content/)');
        continue;
      }
      if (!isDir) out.push(rel);
      else if (target === real || above.has(target)) problem(rel, `symbolic link loop: \`${rel}\` points to \`${linkText(child)}\`, a folder it is in, so the folder would hold itself for ever`, LOOP_HINT);
      else out.push(...walk(child, target, rel, new Set([...above, real])));
    }
    return out;
  };
  return walk(dir, realOr(dir), '', new Set());
}

const LOOP_HINT = 'fix or remove the link: `ls -l` shows where each link points';

/** What a link says it points to, as written (for the message), or `?` when it cannot be read. */
function linkText(abs: string): string {
  try {
    return readlinkSync(abs);
  } catch {
    return '?';
  }
}
