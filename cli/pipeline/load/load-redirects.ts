import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PaydocsConfig } from '../../../config/index.ts';
import { RedirectsSchema, type Redirect } from '../../../config/schemas/redirects.ts';
import { zodDiagnostics, type DiagnosticList } from '../../diagnostics.ts';
import { parseYamlFile } from './load-yaml.ts';
import { closest } from '../check/suggest.ts';
import { PAGES_DIR } from './content-dirs.ts';
import type { ContentTree } from './load-content.ts';

export const REDIRECTS_FILE = 'content/redirects.yaml';

/** A validated redirect with the lines it is written on, for later diagnostics. */
export interface RedirectEntry extends Redirect {
  /** Line of its `from:` key (the entry's first line when written the usual way). */
  line?: number;
  /** Line of its `to:` key: a problem with the target is reported there. */
  toLine?: number;
}

/**
 * Reads `content/redirects.yaml` (optional: no file, no redirects) and checks each entry against
 * `RedirectsSchema`. Entries with schema errors are reported and left out.
 */
export function loadRedirects(input: { root: string; diagnostics: DiagnosticList }): RedirectEntry[] {
  const { root, diagnostics } = input;
  const abs = path.join(root, REDIRECTS_FILE);
  if (!existsSync(abs)) return [];
  const file = REDIRECTS_FILE;
  const yaml = parseYamlFile(abs, file, 'redirects-yaml', diagnostics);
  if (!yaml) return [];
  const { lineOf } = yaml;
  const data: unknown = yaml.doc.toJS() ?? [];
  const result = RedirectsSchema.safeParse(data, { reportInput: true });
  const lines = (i: number) => ({ line: lineOf([i, 'from']), toLine: lineOf([i, 'to']) });
  if (result.success) return result.data.map((r, i) => ({ ...r, ...lines(i) }));
  const bad = new Set<number>();
  for (const issue of result.error.issues) if (typeof issue.path[0] === 'number') bad.add(issue.path[0]);
  for (const d of zodDiagnostics(result.error, { file, rule: 'redirects', schema: RedirectsSchema, lineOf })) diagnostics.add(d);
  if (!Array.isArray(data)) return [];
  const good: RedirectEntry[] = [];
  data.forEach((item, i) => {
    if (!bad.has(i)) good.push({ ...(item as Redirect), ...lines(i) });
  });
  return good;
}

export interface CheckRedirectsInput {
  config: PaydocsConfig;
  redirects: RedirectEntry[];
  /** Route (no locale prefix) -> the file that makes it, for every page of the default locale. */
  pages: ReadonlyMap<string, string>;
  diagnostics: DiagnosticList;
}

/**
 * The redirect table must be usable as it is: no duplicate sources, no source that is also a page,
 * every target an existing page, and no chains or loops (every hop is a reader waiting).
 */
export function checkRedirects({ config, redirects, pages, diagnostics }: CheckRedirectsInput): void {
  const file = REDIRECTS_FILE;
  const bySource = new Map<string, RedirectEntry>();
  /** Entries whose `to` has a locale prefix: reported once as that, not again as a target that is no page. */
  const prefixedTarget = new Set<RedirectEntry>();
  const localePaths = config.i18n.locales.filter((l) => l !== config.i18n.defaultLocale).map((l) => config.i18n.localeConfigs[l]?.path ?? l);
  for (const r of redirects) {
    const where = { file, line: r.line };
    for (const [key, value, line] of [['from', r.from, r.line], ['to', r.to, r.toLine ?? r.line]] as const) {
      const prefix = localePaths.find((p) => value === `/${p}` || value.startsWith(`/${p}/`));
      if (prefix) {
        if (key === 'to') prefixedTarget.add(r);
        diagnostics.add({
          file,
          line,
          rule: 'redirect-locale',
          message: `${key}: expected a path without the locale prefix, received \`${value}\``,
          hint: `write \`${value.slice(prefix.length + 1) || '/'}\`; each redirect applies to every locale`,
        });
      }
    }
    const first = bySource.get(r.from);
    if (first) {
      diagnostics.add({ ...where, rule: 'redirect-duplicate', message: `\`${r.from}\` is redirected twice: also on line ${first.line ?? '?'}`, hint: 'keep one entry per old path' });
      continue;
    }
    bySource.set(r.from, r);
    const page = pages.get(r.from);
    if (page) {
      diagnostics.add({ ...where, rule: 'redirect-shadows-page', message: `\`${r.from}\` is a page (\`${page}\`), so it cannot be redirected`, hint: 'delete the redirect, or move the page away first' });
    }
  }
  for (const r of bySource.values()) {
    if (prefixedTarget.has(r)) continue;
    const where = { file, line: r.line };
    // What is wrong with the target is said at the `to:` line.
    const atTo = { file, line: r.toLine ?? r.line };
    if (bySource.has(r.to)) {
      const trail = [r.from];
      let at = r.to;
      while (bySource.has(at) && !trail.includes(at)) {
        trail.push(at);
        at = bySource.get(at)!.to;
      }
      if (at === r.from) {
        diagnostics.add({ ...where, rule: 'redirect-loop', message: `redirect loop: ${[...trail, at].map((p) => `\`${p}\``).join(' → ')}`, hint: 'point each old path at a page' });
      } else {
        diagnostics.add({
          ...atTo,
          rule: 'redirect-chain',
          message: `\`${r.from}\` redirects to \`${r.to}\`, which is itself redirected${trail.includes(at) ? ' in a loop' : ` to \`${at}\``}`,
          hint: trail.includes(at) || !pages.has(at) ? 'point each old path straight at a page' : `point \`${r.from}\` straight to \`${at}\``,
        });
      }
      continue;
    }
    if (!pages.has(r.to)) {
      const guess = closest(r.to, pages.keys());
      diagnostics.add({ ...atTo, rule: 'redirect-target', message: `redirect target \`${r.to}\` is not a page`, hint: guess ? `did you mean \`${guess}\`?` : 'use the route of a page under content/docs, e.g. `/api/transaction_create`' });
    }
  }
}

/**
 * The pipeline stage: reads the table and checks it against the pages of the default locale
 * (every locale has the same routes) and the custom pages.
 */
export function loadAndCheckRedirects(input: { root: string; config: PaydocsConfig; content: ContentTree; customPages: string[]; diagnostics: DiagnosticList }): RedirectEntry[] {
  const { root, config, content, customPages, diagnostics } = input;
  const redirects = loadRedirects({ root, diagnostics });
  const pages = new Map<string, string>();
  for (const doc of content.sources) pages.set(doc.route, doc.file);
  for (const name of customPages) pages.set(`/${name}`, `${PAGES_DIR}/${name}.tsx`);
  checkRedirects({ config, redirects, pages, diagnostics });
  // A redirect from a page is reported above, once; kept, every link to that page would also be
  // reported as a link to a redirected path (326 warnings for one bad entry).
  return redirects.filter((r) => !pages.has(r.from));
}
