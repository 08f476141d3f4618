/**
 * The site as `paydocs dev` serves it: the output of the pipeline's last run, from memory. Pages render
 * on request; a page that throws keeps its last good HTML and its error is reported. Every file of an
 * earlier run stays served for the session: an open page may still ask for the chunk or the route map
 * it was rendered with.
 */
import { existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { formatDiagnostic, type Diagnostic } from '../diagnostics.ts';
import type { OutputValue } from '../pipeline/emit/emit-site.ts';
import { PAGES_DIR, STATIC_DIR } from '../pipeline/load/content-dirs.ts';
import type { SiteOutput } from '../pipeline/pipeline.ts';
import { outputFileOf } from '../pipeline/routes/site-paths.ts';
import { CONTENT_TYPES, notFoundFile, resolveRequestPath, sendFile } from '../serve/static-handler.ts';
import { DEV_CLIENT_SCRIPT } from './dev-client.ts';
import { scriptHash } from '../pipeline/render/content-security-policy.ts';
import { describeRenderError } from './render-error.ts';

export class DevSite {
  output: SiteOutput;
  readonly #staticDir: string;
  /** Every file but the pages' HTML, of this run and the ones before; a function is rendered once, when first asked for. */
  readonly #files = new Map<string, OutputValue>();
  /** HTML file -> the page it renders and the file that page comes from (a render error names it). */
  #sources = new Map<string, { href: string; file?: string }>();
  /** HTML file -> the error its page threw while rendering, and the last HTML it rendered. */
  readonly #renderErrors = new Map<string, Diagnostic>();
  readonly #lastGoodHtml = new Map<string, string>();
  /** The sidebars: a change of them is a reload, not an update of one page. */
  #structure: string;

  constructor(root: string, output: SiteOutput) {
    this.#staticDir = path.join(root, STATIC_DIR);
    this.output = output;
    this.#structure = structureOf(output);
    this.#take(output);
  }

  /** Takes a new run's output; says whether the open pages reload, or which pages to update in place. */
  update(next: SiteOutput): { reload: boolean; changedHrefs: string[] } {
    const before = this.output;
    this.output = next;
    this.#take(next);
    // Chunk names are content hashes: a page changed when its chunk name did.
    const changedHrefs = [...next.rendered.chunkOf].filter(([href, chunk]) => before.rendered.chunkOf.get(href) !== chunk).map(([href]) => href);
    const structure = structureOf(next);
    const codeReloaded = next.config !== before.config || next.custom !== before.custom;
    const reload = codeReloaded || structure !== this.#structure;
    this.#structure = structure;
    // A broken page shows on save, not on the next request, and a fixed one clears its error.
    this.renderReactPages(codeReloaded);
    return { reload, changedHrefs };
  }

  #take(output: SiteOutput): void {
    for (const [file, value] of output.files) this.#files.set(file, value);
    this.#sources = new Map(output.locales.flatMap((l) => l.routes.map((r): [string, { href: string; file?: string }] => [outputFileOf(output.config, r.href), { href: r.href, file: r.kind === 'page' ? `${PAGES_DIR}/${r.component}.tsx` : r.page.doc.file }])));
    for (const file of this.#renderErrors.keys()) if (!output.rendered.html.has(file)) this.#renderErrors.delete(file);
  }

  /** Renders every page that failed before and, with `all` (the theme or a React page changed), every React page. */
  renderReactPages(all = true): void {
    const files = new Set(this.#renderErrors.keys());
    if (all) for (const [file, source] of this.#sources) if (source.file?.startsWith(`${PAGES_DIR}/`)) files.add(file);
    for (const file of files) this.#render(file);
  }

  renderErrors(): Diagnostic[] {
    return [...this.#renderErrors.values()];
  }

  /** Site path -> the URL of its new page chunk, for the pages to update in place. */
  routesPatch(hrefs: string[]): Record<string, string> {
    return Object.fromEntries(hrefs.map((href) => [href, this.output.rendered.chunkOf.get(href) ?? '']));
  }

  /** Renders a page's HTML: a page that throws keeps its last good HTML, and its error joins the current ones. */
  #render(file: string): { html: string | undefined; changedErrors: boolean } {
    const render = this.output.rendered.html.get(file);
    if (!render) return { html: undefined, changedErrors: false };
    try {
      const html = render();
      this.#lastGoodHtml.set(file, html);
      return { html, changedErrors: this.#renderErrors.delete(file) };
    } catch (error) {
      const source = this.#sources.get(file);
      const d = describeRenderError({ href: source?.href ?? `/${file}`, file: source?.file, error });
      const before = this.#renderErrors.get(file);
      this.#renderErrors.set(file, d);
      return { html: this.#lastGoodHtml.get(file), changedErrors: !before || formatDiagnostic(before) !== formatDiagnostic(d) };
    }
  }

  /** Answers a request for the site; says whether rendering a page changed the current errors. */
  serve(req: IncomingMessage, res: ServerResponse, url: URL): { changedErrors: boolean } {
    const { config } = this.output;
    const rel = url.pathname.slice(config.baseUrl.length);
    let changedErrors = false;
    const html = (file: string, status = 200) => {
      if (!this.output.rendered.html.has(file)) return false;
      const page = this.#render(file);
      changedErrors ||= page.changedErrors;
      // A page that has never rendered: an empty page whose dev client shows the error.
      const body = page.html ?? '<!doctype html><html><head><meta charset="utf-8"><title>paydocs: render error</title></head><body></body></html>';
      res.writeHead(page.html === undefined ? 500 : status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
      // The page's Content-Security-Policy allows the build's inline scripts by hash; the dev client is one more.
      const withClient = body.replace("script-src 'self'", `script-src 'self' ${scriptHash(DEV_CLIENT_SCRIPT)}`);
      res.end(withClient.replace('</body>', `<script type="module">${DEV_CLIENT_SCRIPT}</script></body>`));
      return true;
    };
    let p = url.pathname;
    try {
      p = decodeURIComponent(p);
    } catch {
      // fall through to 404
    }
    if (p.split('/').includes('..')) {
      html('404.html', 404);
      return { changedErrors };
    }
    const clean = p.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
    const asHtml = (clean.endsWith('/') ? `${clean}index.html` : `${clean}/index.html`).slice(config.baseUrl.length);
    if (html(asHtml)) return { changedErrors };
    // A generated file: a chunk, a stylesheet, a feed, a redirect page or table.
    for (const file of [rel, asHtml]) {
      const value = this.#files.get(file);
      if (value === undefined || value instanceof Promise) continue;
      const body = typeof value === 'function' ? value() : value;
      if (typeof value === 'function') this.#files.set(file, body);
      res.writeHead(200, { 'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream', 'Cache-Control': 'no-cache' });
      res.end(body);
      return { changedErrors };
    }
    if (existsSync(this.#staticDir)) {
      const file = resolveRequestPath(this.#staticDir, `/${rel}`);
      if (file && statSync(file).isFile()) {
        void sendFile(req, res, file);
        return { changedErrors };
      }
    }
    const locale = config.i18n.locales.find((l) => l !== config.i18n.defaultLocale && rel.startsWith(`${config.i18n.localeConfigs[l]?.path ?? l}/`));
    const notFound = locale ? `${config.i18n.localeConfigs[locale]?.path ?? locale}/404.html` : '404.html';
    if (!html(notFound, 404)) {
      const fallback = notFoundFile(this.#staticDir, p);
      if (fallback) void sendFile(req, res, fallback, 404);
      else res.writeHead(404).end('Not found');
    }
    return { changedErrors };
  }
}

function structureOf(output: SiteOutput): string {
  return JSON.stringify(output.locales.map((l) => l.sidebar));
}
