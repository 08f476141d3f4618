import path from 'node:path';
import type { PaydocsConfig } from '../../../config/index.ts';
import type { DiagnosticList } from '../../diagnostics.ts';
import { CONTENT_DIR, STATIC_DIR, walkContent } from '../load/content-dirs.ts';
import type { RenderedSite } from '../render/render-pages.ts';
import type { LocaleRoutes } from '../routes/build-routes.ts';
import { listFiles, type OutputFiles } from './emit-site.ts';
import { writeLlms } from './write-llms.ts';
import { writeHeaders } from './write-headers.ts';
import { REDIRECT_SCRIPT } from './write-redirects.ts';
import { scriptHash } from '../render/content-security-policy.ts';
import { buildRobots, buildSitemap } from './write-seo-files.ts';

/**
 * The files a build writes beside the bundle, the chunks and the feeds: each page's HTML (rendered as
 * it is written: holding every page's HTML at once made memory grow with the site), the sitemap,
 * robots.txt and llms.txt with the pages' Markdown twins. A file of content/static at a path the build
 * writes would be replaced by the build's own without a word: that is an error.
 */
export function addSiteFiles(input: { root: string; config: PaydocsConfig; locales: LocaleRoutes[]; rendered: RenderedSite; files: OutputFiles; diagnostics: DiagnosticList }): void {
  const { root, config, locales, rendered, files, diagnostics } = input;
  for (const [file, render] of rendered.html) files.set(file, render);
  files.set('sitemap.xml', buildSitemap(config, rendered.pages));
  files.set('robots.txt', buildRobots(config));
  // The site-wide policy allows every inline script any page carries; the redirect pages' one too.
  for (const [file, text] of writeHeaders(config, [...rendered.scriptHashes, scriptHash(REDIRECT_SCRIPT)])) files.set(file, text);
  for (const [file, text] of writeLlms(config, locales, rendered.pages)) files.set(file, text);
  // The static folder is copied with its links replaced by the files they point to (emit-site.ts): a link
  // out of content/ would publish a file of the build machine, and a loop would copy for ever.
  const onProblem = (rel: string, message: string, hint: string) => diagnostics.add({ file: `${STATIC_DIR}/${rel}`, rule: 'symlink', message, hint });
  walkContent(path.join(root, STATIC_DIR), { contentRoot: path.join(root, CONTENT_DIR), hidden: true, onProblem });
  for (const rel of listFiles(path.join(root, STATIC_DIR))) {
    if (!files.has(rel)) continue;
    diagnostics.add({
      file: `${STATIC_DIR}/${rel}`,
      rule: 'static-clash',
      message: `the build writes \`${rel}\` itself${/(^|\/)index\.html$/.test(rel) ? ` (the page \`${config.baseUrl}${rel.replace(/(^|\/)index\.html$/, '')}\`)` : ''}, and its file would replace this one`,
      hint: `rename or move the file in ${STATIC_DIR}`,
    });
  }
}
