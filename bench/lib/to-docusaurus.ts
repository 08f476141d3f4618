import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

/**
 * Copies a paydocs `content/` into the layout Docusaurus reads, changing only what Docusaurus
 * cannot read as it is (the copy is the benchmark's, the source is never touched):
 * - `content/docs/**` -> `docs/**`, `content/i18n/ru/**` -> `i18n/ru/docusaurus-plugin-content-docs/current/**`;
 * - `_category_.yml` -> `_category_.json` (label, position, collapsed); the Russian labels go to
 *   `i18n/ru/docusaurus-plugin-content-docs/current.json` (Docusaurus reads category metadata from
 *   the default locale's tree and translates labels through that file, keyed by the English label);
 * - our `:::tabs{group=...}` directive (unknown to Docusaurus) is unwrapped: its code blocks stay, one after another;
 * - links to the Atom feeds paydocs generates become plain text (Docusaurus has no feed for docs);
 * - the pages with `::api-operation`, `::data-table` or `::status-diagram` take the text given in
 *   `expanded` (keyed by path below `content/`, see expand-directives.ts): the Markdown those
 *   directives become, so Docusaurus builds the parameters, samples and tables paydocs builds.
 *   Without it, Docusaurus prints each directive as one line of text;
 * - `content/static/` -> `static/`, `content/redirects.yaml` -> `redirects.json` for the client-redirects plugin.
 */
export function toDocusaurusContent(
  contentDir: string,
  siteDir: string,
  expanded: ReadonlyMap<string, string> = new Map(),
): { docs: Record<string, number>; categories: number; tabsUnwrapped: number; expanded: number } {
  const stats = { docs: {} as Record<string, number>, categories: 0, tabsUnwrapped: 0, expanded: 0 };
  const enLabels = new Map<string, string>();
  const ruLabels = new Map<string, string>();
  const convertTree = (from: string, to: string, locale: string) => {
    let docs = 0;
    for (const rel of walk(from)) {
      const src = path.join(from, rel);
      const dst = path.join(to, rel);
      mkdirSync(path.dirname(dst), { recursive: true });
      if (/_category_\.ya?ml$/.test(rel)) {
        const meta = (YAML.parse(readFileSync(src, 'utf8')) ?? {}) as { label?: string; position?: number; collapsed?: boolean };
        const folder = path.posix.dirname(rel);
        if (locale === 'en') {
          enLabels.set(folder, meta.label ?? folder);
          writeFileSync(path.join(path.dirname(dst), '_category_.json'), JSON.stringify({ label: meta.label, position: meta.position, collapsed: meta.collapsed }));
          stats.categories++;
        } else if (meta.label) {
          ruLabels.set(folder, meta.label);
        }
      } else if (rel.endsWith('.md')) {
        const generated = expanded.get(path.posix.join(path.relative(contentDir, from).split(path.sep).join('/'), rel));
        if (generated !== undefined) stats.expanded++;
        const { text, unwrapped } = unwrapTabs(withoutFeedLinks(generated ?? readFileSync(src, 'utf8')));
        stats.tabsUnwrapped += unwrapped;
        writeFileSync(dst, text);
        docs++;
      }
    }
    stats.docs[locale] = docs;
  };
  convertTree(path.join(contentDir, 'docs'), path.join(siteDir, 'docs'), 'en');
  const ruDir = path.join(contentDir, 'i18n/ru');
  if (existsSync(ruDir)) {
    const current = path.join(siteDir, 'i18n/ru/docusaurus-plugin-content-docs/current');
    convertTree(ruDir, current, 'ru');
    const translations: Record<string, { message: string }> = {};
    for (const [folder, label] of ruLabels) {
      const en = enLabels.get(folder);
      if (en) translations[`sidebar.docs.category.${en}`] = { message: label };
    }
    writeFileSync(path.join(siteDir, 'i18n/ru/docusaurus-plugin-content-docs/current.json'), JSON.stringify(translations, null, 2));
  }
  const staticDir = path.join(contentDir, 'static');
  if (existsSync(staticDir)) cpSync(staticDir, path.join(siteDir, 'static'), { recursive: true });
  const redirectsFile = path.join(contentDir, 'redirects.yaml');
  if (existsSync(redirectsFile)) {
    const list = (YAML.parse(readFileSync(redirectsFile, 'utf8')) ?? []) as Array<{ from: string; to: string }>;
    writeFileSync(path.join(siteDir, 'redirects.json'), JSON.stringify(list.map((r) => ({ from: r.from, to: r.to }))));
  }
  return stats;
}

/** Links to the Atom feeds paydocs writes (`/changelog.atom`) become their text: Docusaurus has no such file and fails on broken links. */
export function withoutFeedLinks(markdown: string): string {
  return markdown.replace(/\[([^\]]*)\]\([^)\s]*\.atom\)/g, '$1');
}

/** Removes the `:::tabs{...}` line and its closing `:::`, leaving the fenced code blocks inside. */
export function unwrapTabs(markdown: string): { text: string; unwrapped: number } {
  const lines = markdown.split('\n');
  const out: string[] = [];
  const open: string[] = [];
  let fence: string | undefined;
  let unwrapped = 0;
  for (const line of lines) {
    const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1]!.startsWith(fence)) fence = undefined;
      out.push(line);
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      out.push(line);
      continue;
    }
    const opening = /^\s*:{3,}\s*([A-Za-z][\w-]*)/.exec(line);
    if (opening) {
      open.push(opening[1]!);
      if (opening[1] === 'tabs') {
        unwrapped++;
        continue;
      }
    } else if (/^\s*:{3,}\s*$/.test(line) && open.length) {
      if (open.pop() === 'tabs') continue;
    }
    out.push(line);
  }
  return { text: out.join('\n'), unwrapped };
}

function walk(dir: string, base = ''): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const rel = base ? `${base}/${name}` : name;
    if (statSync(path.join(dir, name)).isDirectory()) out.push(...walk(path.join(dir, name), rel));
    else out.push(rel);
  }
  return out;
}
