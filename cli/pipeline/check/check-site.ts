/**
 * The checks of a compiled site before it renders: the links of every page (to pages, headings, feeds,
 * redirected paths and static files), the navbar's links, and the heading ids of the translations.
 * In dev a broken link is a warning: a writer may link a page before writing it.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PaydocsConfig } from '../../../config/index.ts';
import { DiagnosticList } from '../../diagnostics.ts';
import type { CompiledPage } from '../compile/compile-markdown.ts';
import { siteRedirects } from '../emit/write-redirects.ts';
import type { Feeds } from '../emit/write-feeds.ts';
import { CONFIG_FILE } from '../load/load-config.ts';
import type { ContentTree } from '../load/load-content.ts';
import type { RedirectEntry } from '../load/load-redirects.ts';
import type { LocaleRoutes } from '../routes/build-routes.ts';
import { checkLinks, checkNavbarLinks, checkTranslatedHeadingIds, linkTargets } from './check-links.ts';

export interface CheckSiteLinksInput {
  root: string;
  config: PaydocsConfig;
  content: ContentTree;
  compiled: Map<string, CompiledPage[]>;
  locales: LocaleRoutes[];
  feeds: Feeds;
  redirects: readonly RedirectEntry[];
  checkAnchors: boolean;
  mode: 'build' | 'dev';
  diagnostics: DiagnosticList;
}

/** Checks the links; returns every site path a link may point to (the custom pages' links are checked against it once rendered). */
export function checkSiteLinks(input: CheckSiteLinksInput): Set<string> {
  const { root, config, content, compiled, locales, feeds, checkAnchors, mode, diagnostics } = input;
  const moved = new Map(siteRedirects(config, input.redirects).map((r) => [r.from, r.to]));
  const linkable = linkTargets({ config, root, locales, feeds: [...feeds.links.values()].map((f) => f.href), redirected: moved.keys() });
  if (mode === 'dev') {
    // A file with errors and no last good version (dev just started) is no page yet: its error says why.
    const failed = new Set(diagnostics.errors.flatMap((d) => (d.file === undefined ? [] : [d.file])));
    const links = new DiagnosticList();
    checkLinks({ pages: compiled, known: linkable, checkAnchors: false, redirected: moved, failed, diagnostics: links });
    for (const d of links.items) diagnostics.add({ ...d, severity: 'warning' });
    return linkable;
  }
  checkLinks({ pages: compiled, known: linkable, checkAnchors, redirected: moved, drafts: content.drafts, diagnostics });
  const configFile = path.join(root, CONFIG_FILE);
  checkNavbarLinks({ config, file: CONFIG_FILE, source: existsSync(configFile) ? readFileSync(configFile, 'utf8') : undefined, known: linkable, diagnostics });
  checkTranslatedHeadingIds({ pages: compiled, defaultLocale: config.i18n.defaultLocale, diagnostics });
  return linkable;
}
