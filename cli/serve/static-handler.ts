/**
 * A request handler that serves a built `dist/` like a static host, and the path helpers `dev` and
 * the link checker share with it.
 */
import { realpathSync, statSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import path from 'node:path';
import { openFirstInside, openInside, realRoot } from './open-inside.ts';
import { candidateFiles, isInside, normaliseRequestPath, notFoundCandidates } from './request-path.ts';
import { cacheControlFor, respondWithFile } from './respond-file.ts';

export { CONTENT_TYPES } from './content-type.ts';
export { cacheControlFor };

/**
 * `rel` below `dir` as an absolute path if it is a regular file whose real path is inside `dir`'s.
 * Synchronous, for callers that only name the file; serving goes through openInside.
 */
function fileInsideSync(dir: string, rel: string): string | undefined {
  const abs = path.join(dir, rel);
  try {
    return statSync(abs).isFile() && isInside(realpathSync(dir), realpathSync(abs)) ? abs : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Maps a request path to a file below `dir` the way a static host does, or undefined.
 * `/x` and `/x/` -> `x/index.html`; `/x.html` and `/x/index.html` are the clean path too; dot
 * segments are merged. Anything that would leave `dir` (`..` above the root, encoded slashes, NUL,
 * a link whose target is outside) resolves to nothing.
 */
export function resolveRequestPath(dir: string, rawPath: string): string | undefined {
  const pathname = normaliseRequestPath(rawPath);
  if (pathname === undefined) return undefined;
  for (const rel of candidateFiles(pathname)) {
    const file = fileInsideSync(path.resolve(dir), rel);
    if (file) return file;
  }
  return undefined;
}

/** The 404 page for a path: the locale's own (`ru/404.html`) when there is one. */
export function notFoundFile(dir: string, rawPath: string): string | undefined {
  for (const rel of notFoundCandidates(normaliseRequestPath(rawPath) ?? '/')) {
    const file = fileInsideSync(path.resolve(dir), rel);
    if (file) return file;
  }
  return undefined;
}

/** Answers 500 if nothing was sent yet; otherwise cuts the connection, the only signal left. */
function fail(res: ServerResponse): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusCode = 500;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end('Internal server error');
}

/**
 * Sends `file` with `status`. The caller has checked that the file may be served (resolveRequestPath
 * does): links are followed here wherever they lead.
 */
export function sendFile(req: IncomingMessage, res: ServerResponse, file: string, status = 200): void {
  const abs = path.resolve(file);
  const fsRoot = path.parse(abs).root;
  (async () => {
    const opened = await openInside(fsRoot, path.relative(fsRoot, abs));
    if (opened) return respondWithFile(req, res, fsRoot, opened, status);
    res.statusCode = 404;
    res.end();
  })().catch(() => fail(res));
}

async function serveStatic(dir: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.statusCode = 405;
    res.setHeader('Allow', 'GET, HEAD');
    res.end();
    return;
  }
  const pathname = normaliseRequestPath(req.url ?? '/');
  // Resolved per request: a deploy that swaps a link to the folder takes effect at once, and a
  // folder missing between two builds is a 404, not a crash.
  const root = await realRoot(dir);
  if (root) {
    const found = pathname === undefined ? undefined : await openFirstInside(root, candidateFiles(pathname));
    if (found) return respondWithFile(req, res, root, found, 200);
    const page = await openFirstInside(root, notFoundCandidates(pathname ?? '/'));
    if (page) return respondWithFile(req, res, root, page, 404);
  }
  res.statusCode = 404;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end('Not found');
}

/** A request handler that serves a built `dist/` like a static host. It never throws. */
export function createStaticHandler(dir: string): RequestListener {
  return (req, res) => {
    serveStatic(dir, req, res).catch(() => fail(res));
  };
}
