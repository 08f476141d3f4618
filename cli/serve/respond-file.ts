/**
 * Sends an opened file: picks its precompressed sibling, answers validators and ranges, and streams
 * the bytes so that nothing stays open when the client goes away or the read fails.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { acceptedEncodings, SIBLINGS, type Encoding } from './accept-encoding.ts';
import { etagOf, ifRangeHolds, isNotModified, rangeOf } from './conditional.ts';
import { contentTypeFor } from './content-type.ts';
import { openInside, type OpenedFile } from './open-inside.ts';

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

/**
 * `file`, or its `.br` / `.gz` sibling when the client takes that encoding and the sibling exists
 * inside `root`. The sibling of the real file, so a link inside the folder finds its target's
 * siblings. The handle not sent is closed.
 */
async function representation(req: IncomingMessage, root: string, file: OpenedFile): Promise<{ file: OpenedFile; encoding?: Encoding }> {
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  for (const [encoding, suffix] of SIBLINGS) {
    if (!accepted.includes(encoding)) continue;
    const sibling = await openInside(root, path.relative(root, file.realPath) + suffix);
    if (sibling) {
      close(file);
      return { file: sibling, encoding };
    }
  }
  return { file };
}

/**
 * Answers `req` with `file` (opened by openInside below `root`) and `status`. Validators and Range
 * apply to a 200 only: a 404 page is neither revalidated nor sent in parts.
 */
export async function respondWithFile(req: IncomingMessage, res: ServerResponse, root: string, found: OpenedFile, status: number): Promise<void> {
  const { file, encoding } = await representation(req, root, found);
  const { size, mtimeMs } = file.stat;
  const etag = etagOf(file.stat, encoding);
  const lastModified = new Date(mtimeMs).toUTCString();
  res.statusCode = status;
  res.setHeader('Cache-Control', cacheControlFor(path.join(root, found.name)));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // Whether a sibling exists or not, the answer depends on Accept-Encoding, and the build may add one later.
  res.setHeader('Vary', 'Accept-Encoding');
  if (status === 200) {
    res.setHeader('ETag', etag);
    res.setHeader('Last-Modified', lastModified);
    res.setHeader('Accept-Ranges', 'bytes');
    if (isNotModified(req.headers, etag, mtimeMs)) {
      res.statusCode = 304;
      res.end();
      return close(file);
    }
  }
  res.setHeader('Content-Type', contentTypeFor(found.name));
  if (encoding) res.setHeader('Content-Encoding', encoding);
  let start = 0;
  let end = size - 1;
  if (status === 200 && ifRangeHolds(req.headers, etag, lastModified)) {
    const range = rangeOf(req.headers.range, size);
    if (range.kind === 'unsatisfiable') {
      res.statusCode = 416;
      res.setHeader('Content-Range', `bytes */${size}`);
      res.end();
      return close(file);
    }
    if (range.kind === 'part') {
      ({ start, end } = range);
      res.statusCode = 206;
      res.setHeader('Content-Range', `bytes ${start}-${end}/${size}`);
    }
  }
  const length = end - start + 1;
  res.setHeader('Content-Length', length);
  if (req.method === 'HEAD' || length === 0) {
    res.end();
    return close(file);
  }
  // The stream owns the handle from here (autoClose) and pipeline destroys it when either side
  // ends early: a client gone mid-body or a failed read closes the file, never leaks it. The error
  // itself needs no answer: the status line has gone out, and pipeline has closed the connection.
  pipeline(file.handle.createReadStream({ start, end }), res, () => {});
}
