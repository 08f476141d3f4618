import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { moveAside } from './trash.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * A throwaway copy of the docs project (content/ and docs.config.ts) in `dir`, so the benchmark can
 * edit pages and generate content without touching the repo while writers work in it. `config/` and
 * `renderer/` and `shared/` are links to the repo: the config and the custom pages import from them.
 */
export function copyProject(dir: string, options: { contentFrom?: string } = {}): string {
  moveAside(dir);
  mkdirSync(dir, { recursive: true });
  cpSync(options.contentFrom ?? path.join(REPO_ROOT, 'content'), path.join(dir, 'content'), { recursive: true });
  cpSync(path.join(REPO_ROOT, 'docs.config.ts'), path.join(dir, 'docs.config.ts'));
  for (const link of ['config', 'renderer', 'shared']) symlinkSync(path.join(REPO_ROOT, link), path.join(dir, link));
  return dir;
}

/** Number of Markdown pages per locale folder (`content/docs`, `content/i18n/<locale>`). */
export function countPages(contentDir: string): number {
  let n = 0;
  const walk = (d: string) => {
    if (!existsSync(d)) return;
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name.endsWith('.md')) n++;
    }
  };
  walk(path.join(contentDir, 'docs'));
  walk(path.join(contentDir, 'i18n'));
  return n;
}

/**
 * Synthetic scale: `factor - 1` more copies of every doc tree (English and each translation) in
 * sub-folders `scale-2/`, `scale-3/`, ... next to the original, so the site has `factor` times the
 * pages. Relative links stay inside their copy; `slug:` is prefixed so routes stay unique.
 *
 * An operation is rendered on its own page (`x-page`) only, so the copies of the API pages get their
 * text from `expanded` (`expandDirectives`, keyed by the path below `content/`): the Markdown the
 * directive becomes there, the same tables and samples.
 */
export function multiplyContent(contentDir: string, factor: number, expanded: ReadonlyMap<string, string> = new Map()): void {
  const trees = [path.join(contentDir, 'docs')];
  const i18n = path.join(contentDir, 'i18n');
  if (existsSync(i18n)) for (const l of readdirSync(i18n)) if (statSync(path.join(i18n, l)).isDirectory()) trees.push(path.join(i18n, l));
  for (const tree of trees) {
    const entries = readdirSync(tree).filter((e) => !e.startsWith('scale-'));
    for (let k = 2; k <= factor; k++) {
      const copy = path.join(tree, `scale-${k}`);
      mkdirSync(copy, { recursive: true });
      for (const e of entries) cpSync(path.join(tree, e), path.join(copy, e), { recursive: true });
      writeFileSync(path.join(copy, '_category_.yml'), `label: Copy ${k}\nposition: ${1000 + k}\ncollapsed: true\n`);
      for (const [rel, text] of expanded) {
        const original = path.join(contentDir, rel);
        if (!original.startsWith(tree + path.sep) || !/::api-operation\b/.test(readFileSync(original, 'utf8'))) continue;
        writeFileSync(path.join(copy, path.relative(tree, original)), text);
      }
      fixCopy(copy, k);
    }
  }
}

/** Gives the pages of copy `k` unique routes and keeps links from leaving the copy. */
function fixCopy(dir: string, k: number): void {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) {
      fixCopy(p, k);
      continue;
    }
    if (!name.endsWith('.md')) continue;
    const text = readFileSync(p, 'utf8');
    const fixed = varyCode(text.replace(/^slug: *\/(.*)$/m, (_, rest: string) => `slug: /scale-${k}/${rest}`.replace(/\/$/, '')), k);
    if (fixed !== text) writeFileSync(p, fixed);
  }
}

/**
 * Shifts the digits inside fenced code blocks, so a copy's code differs from the original's and the
 * highlighter does the work a site of that many distinct pages would (its cache would otherwise
 * serve every copy).
 */
function varyCode(markdown: string, k: number): string {
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const m = /^\s*(`{3,}|~{3,})/.exec(line);
      if (m && (!fence || m[1]!.startsWith(fence))) {
        fence = fence ? undefined : m[1];
        return line;
      }
      return fence ? line.replace(/\d/g, (d) => String((Number(d) + k) % 10)) : line;
    })
    .join('\n');
}
