import { createReadStream, existsSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { contentTypeFor } from './content-type.ts';

export { CONTENT_TYPES } from './content-type.ts';

const COMPRESSIBLE = /\.(html|js|mjs|css|json|md|txt|xml|atom|svg|map)$/;

/**
 * Maps a request path to a file below `dir` the way a static host does, or undefined.
 * `/x` and `/x/` -> `x/index.html`; `/x.html` and `/x/index.html` are the clean path too.
 * Anything that would leave `dir` (`..`, encoded dots or slashes, NUL) resolves to nothing.
 */
export function resolveRequestPath(dir: string, rawPath: string): string | undefined {
  let pathname: string;
  try {
    pathname = decodeURIComponent(rawPath.split('?')[0]!.split('#')[0]!);
  } catch {
    return undefined;
  }
  if (pathname.includes('\0') || pathname.includes('\\') || !pathname.startsWith('/')) return undefined;
  if (pathname.split('/').some((seg) => seg === '..' || seg === '.')) return undefined;
  const root = path.resolve(dir);
  const candidates = [pathname];
  if (pathname.endsWith('/')) candidates.push(`${pathname}index.html`);
  else {
    candidates.push(`${pathname}/index.html`);
    if (pathname.endsWith('.html')) candidates.push(pathname.replace(/(\/index)?\.html$/, '') + '/index.html');
  }
  for (const c of candidates) {
    const abs = path.resolve(root, `.${c}`);
    if (abs !== root && !abs.startsWith(root + path.sep)) return undefined;
    try {
      if (statSync(abs).isFile()) return abs;
    } catch {
      // try the next candidate
    }
  }
  return undefined;
}

/** The 404 page for a path: the locale's own (`ru/404.html`) when there is one. */
export function notFoundFile(dir: string, rawPath: string): string | undefined {
  const first = rawPath.split('/')[1];
  if (first && /^[a-z]{2,3}(-[a-z0-9]+)?$/i.test(first)) {
    const local = path.join(dir, first, '404.html');
    if (existsSync(local)) return local;
  }
  const top = path.join(dir, '404.html');
  return existsSync(top) ? top : undefined;
}

export function cacheControlFor(file: string): string {
  if (file.endsWith('.html')) return 'no-cache';
  // Everything under assets/ carries a content hash in its name.
  if (/[\\/]assets[\\/]/.test(file)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export function sendFile(req: IncomingMessage, res: ServerResponse, file: string, status = 200): void {
  res.statusCode = status;
  res.setHeader('Content-Type', contentTypeFor(file));
  res.setHeader('Cache-Control', cacheControlFor(file));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  const gzip = COMPRESSIBLE.test(file) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (gzip) {
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Vary', 'Accept-Encoding');
  } else res.setHeader('Content-Length', statSync(file).size);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(file);
  (gzip ? stream.pipe(createGzip()) : stream).pipe(res);
}

/** A request handler that serves a built `dist/` like a static host. */
export function createStaticHandler(dir: string): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = 405;
      res.setHeader('Allow', 'GET, HEAD');
      res.end();
      return;
    }
    const url = req.url ?? '/';
    const file = resolveRequestPath(dir, url);
    if (file) return sendFile(req, res, file);
    const nf = notFoundFile(dir, url);
    if (nf) return sendFile(req, res, nf, 404);
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end('Not found');
  };
}
