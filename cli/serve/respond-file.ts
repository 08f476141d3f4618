/**
 * Sends an opened file, streaming the bytes so that nothing stays open when the client goes away
 * or the read fails.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline, type Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { contentTypeFor } from './content-type.ts';
import type { OpenedFile } from './open-inside.ts';

const COMPRESSIBLE = /\.(html|js|mjs|css|json|md|txt|xml|atom|svg|map)$/;

export function cacheControlFor(file: string): string {
  if (file.endsWith('.html')) return 'no-cache';
  // Everything under assets/ carries a content hash in its name.
  if (/[\\/]assets[\\/]/.test(file)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

function close(file: OpenedFile): void {
  // Nothing to do about a close that fails: the handle is gone either way.
  file.handle.close().catch(() => {});
}

/** Answers `req` with `file` (opened by openInside below `root`) and `status`. */
export async function respondWithFile(req: IncomingMessage, res: ServerResponse, root: string, file: OpenedFile, status: number): Promise<void> {
  res.statusCode = status;
  res.setHeader('Content-Type', contentTypeFor(file.name));
  res.setHeader('Cache-Control', cacheControlFor(path.join(root, file.name)));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  const gzip = COMPRESSIBLE.test(file.name) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (gzip) {
    res.setHeader('Content-Encoding', 'gzip');
    res.setHeader('Vary', 'Accept-Encoding');
  } else res.setHeader('Content-Length', file.stat.size);
  if (req.method === 'HEAD' || file.stat.size === 0) {
    res.end();
    return close(file);
  }
  // The stream owns the handle from here (autoClose) and pipeline destroys it when either side
  // ends early: a client gone mid-body or a failed read closes the file, never leaks it. The error
  // itself needs no answer: the status line has gone out, and pipeline has closed the connection.
  const body: Readable = file.handle.createReadStream({ end: file.stat.size - 1 });
  if (gzip) pipeline(body, createGzip(), res, () => {});
  else pipeline(body, res, () => {});
}
