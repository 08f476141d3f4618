/**
 * What each output of the pipeline depends on, so that a change recomputes only its dependants. The
 * inputs fall into kinds, each read by one stage; a run after a change starts each stage over only if
 * one of its kinds changed, and otherwise takes what it gave last time. Below the stage, the compile
 * knows each page's own dependencies (its source, the data its directives render, the routes it
 * looked up: see compile/compile-memo.ts), and the render each page's chunk (its page data).
 *
 *   config  -> everything
 *   code    -> the client bundle and the custom pages (the theme, content/pages)
 *   api     -> the pages that render an operation (the OpenAPI document and the error codes)
 *   data    -> the pages that render reference data (content/data)
 *   docs    -> the compiled page of each file that changed, the routes, the checks, the render
 *   redirects, static -> the checks and the files written
 */
import path from 'node:path';
import { API_FILE, DATA_DIR, ERROR_CODES_FILE, PAGES_DIR, STATIC_DIR } from './load/content-dirs.ts';
import { CONFIG_FILE } from './load/load-config.ts';
import { REDIRECTS_FILE } from './load/load-redirects.ts';

export type InputKind = 'config' | 'code' | 'api' | 'data' | 'docs' | 'redirects' | 'static';

/** A set of changed inputs, by kind. A first run has every kind changed. */
export class Changes {
  private readonly kinds: Set<InputKind>;

  private constructor(kinds: Iterable<InputKind>) {
    this.kinds = new Set(kinds);
  }

  /** Everything: a first run, or a build. */
  static all(): Changes {
    return new Changes(['config', 'code', 'api', 'data', 'docs', 'redirects', 'static']);
  }

  /** The kinds of the files that changed, as paths relative to the project (or, for the theme, to paydocs). */
  static of(files: Iterable<string>): Changes {
    return new Changes([...files].flatMap(inputKinds));
  }

  has(kind: InputKind): boolean {
    return this.kinds.has(kind) || this.kinds.has('config');
  }
}

/**
 * The kinds of input a changed file is. The error codes are data that the OpenAPI document's
 * responses are checked against, so both. A file paydocs does not know of counts as docs: the
 * content tree is walked again.
 */
export function inputKinds(file: string): InputKind[] {
  const rel = file.split(path.sep).join('/');
  if (rel === CONFIG_FILE) return ['config'];
  if (rel.startsWith('renderer/') || rel.startsWith(`${PAGES_DIR}/`)) return ['code'];
  if (rel === ERROR_CODES_FILE) return ['api', 'data'];
  if (rel.startsWith(`${path.posix.dirname(API_FILE)}/`)) return ['api'];
  if (rel.startsWith(`${DATA_DIR}/`)) return ['data'];
  if (rel === REDIRECTS_FILE) return ['redirects'];
  if (rel.startsWith(`${STATIC_DIR}/`)) return ['static'];
  return ['docs'];
}
