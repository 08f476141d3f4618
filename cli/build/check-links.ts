import type { CompiledPage } from './compile-markdown.ts';
import type { DiagnosticList } from '../diagnostics.ts';

export interface CheckLinksInput {
  pages: Map<string, CompiledPage[]>;
  /** Every site path that will exist: routes, redirects, static files. */
  known: ReadonlySet<string>;
  /** Report links to missing headings too (off by default: the spec ignores broken anchors). */
  checkAnchors: boolean;
  diagnostics: DiagnosticList;
}

function closest(target: string, candidates: Iterable<string>): string | undefined {
  const last = target.split('/').pop() ?? target;
  let best: string | undefined;
  let score = Infinity;
  for (const c of candidates) {
    const d = levenshtein(last, c.split('/').pop() ?? c) + (c.includes(target.split('/').slice(0, -1).join('/')) ? 0 : 2);
    if (d < score) {
      score = d;
      best = c;
    }
  }
  return score <= Math.max(3, last.length / 3) ? best : undefined;
}

export function levenshtein(a: string, b: string): number {
  const dp = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = dp[0]!;
    dp[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = dp[j]!;
      dp[j] = Math.min(dp[j]! + 1, dp[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return dp[b.length]!;
}

/** Every internal link of every compiled page must point at a page that will exist; anchors on request. */
export function checkLinks({ pages, known, checkAnchors, diagnostics }: CheckLinksInput): void {
  const ids = new Map<string, Set<string>>();
  for (const list of pages.values()) for (const p of list) ids.set(p.href, new Set(p.headingIds));
  for (const list of pages.values()) {
    for (const page of list) {
      // A missing translation shows the English text: its links were already checked in English.
      if (page.doc.translation === 'missing') continue;
      for (const link of page.links) {
        if (link.kind === 'external') continue;
        const where = { file: page.doc.file, line: link.line, column: link.column };
        if (link.kind === 'anchor') {
          if (checkAnchors && link.hash && !ids.get(page.href)?.has(decodeURIComponent(link.hash))) {
            diagnostics.add({ ...where, rule: 'broken-anchor', message: `no heading \`#${link.hash}\` on this page` });
          }
          continue;
        }
        if (!link.path || !known.has(link.path)) {
          const target = link.path ?? link.raw;
          const guess = link.path ? closest(link.path, known) : undefined;
          diagnostics.add({
            ...where,
            rule: 'broken-link',
            message: link.path ? `link to \`${link.raw}\`: no page at \`${link.path}\`` : `link to \`${link.raw}\`: no such file in ${page.doc.locale === 'en' ? 'content/docs' : 'this locale'}`,
            hint: guess ? `did you mean \`${guess}\`?` : `check the path of \`${target}\``,
          });
          continue;
        }
        if (checkAnchors && link.hash) {
          const targetIds = ids.get(link.path);
          if (targetIds && !targetIds.has(decodeURIComponent(link.hash))) diagnostics.add({ ...where, rule: 'broken-anchor', message: `link to \`${link.raw}\`: no heading \`#${link.hash}\` on \`${link.path}\`` });
        }
      }
    }
  }
}
