import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PaydocsConfig } from '../../../config/index.ts';
import type { DiagnosticList } from '../../diagnostics.ts';
import type { CompiledPage } from '../compile/compile-markdown.ts';
import { listCustomPages, PAGES_DIR } from '../load/content-dirs.ts';
import type { RenderedSite } from '../render/render-pages.ts';
import type { LocaleRoutes } from '../routes/build-routes.ts';
import { outputFileOf } from '../routes/site-paths.ts';
import { checkCustomPageLinks } from './check-links.ts';

/**
 * The links of the React pages, known only once they are rendered: each is rendered here, its links
 * checked, and its HTML returned by output file (written as it is, not rendered a second time).
 */
export function checkCustomPages(input: { root: string; config: PaydocsConfig; locales: LocaleRoutes[]; rendered: RenderedSite; compiled: Map<string, CompiledPage[]>; linkable: ReadonlySet<string>; checkAnchors: boolean; diagnostics: DiagnosticList }): Map<string, string> {
  const { root, config, locales, rendered } = input;
  const pages = locales.flatMap((l) => l.routes.flatMap((r) => (r.kind === 'page' ? [{ href: r.href, component: r.component }] : [])));
  const sources = new Map(listCustomPages(root).map((n) => [n, readFileSync(path.join(root, PAGES_DIR, `${n}.tsx`), 'utf8')]));
  const list = pages.map((p) => ({ href: p.href, file: `${PAGES_DIR}/${p.component}.tsx`, source: sources.get(p.component), output: outputFileOf(config, p.href), html: rendered.html.get(outputFileOf(config, p.href))! }));
  return checkCustomPageLinks({ config, pages: list, known: input.linkable, compiled: input.compiled, checkAnchors: input.checkAnchors, diagnostics: input.diagnostics });
}
