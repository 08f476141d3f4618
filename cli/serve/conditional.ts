/**
 * Validators and ranges (RFC 9110, sections 8.8, 13 and 14), as far as a static host needs them: a
 * browser revalidating a page gets 304 instead of the page again, and a PDF or video viewer asking
 * for a piece gets that piece.
 */
import type { Stats } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * A strong ETag from size and modification time, nginx's recipe: no read of the file is needed,
 * and a build that rewrites a file changes at least one of them. Each encoding is a representation
 * of its own (RFC 9110, 8.8.3), so its name is part of the tag: a 304 for the gzip bytes must never
 * confirm a cached brotli body.
 */
export function etagOf(stat: Stats, encoding?: string): string {
  return `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ''}"`;
}

/** Last-Modified has whole seconds; comparisons must drop the milliseconds the file system keeps. */
const seconds = (ms: number) => Math.floor(ms / 1000);

/** Whether the client's copy is current, so that 304 is the answer to a GET or HEAD. */
export function isNotModified(headers: IncomingHttpHeaders, etag: string, mtimeMs: number): boolean {
  const inm = headers['if-none-match'];
  // If-None-Match wins over If-Modified-Since when both are sent (13.1.3); it compares weakly.
  if (inm !== undefined) {
    if (inm.trim() === '*') return true;
    const weak = (tag: string) => tag.trim().replace(/^W\//, '');
    return inm.split(',').some((tag) => weak(tag) === weak(etag));
  }
  const ims = headers['if-modified-since'];
  if (ims === undefined) return false;
  const since = Date.parse(ims);
  return !Number.isNaN(since) && seconds(mtimeMs) <= seconds(since);
}

export type RangeAnswer =
  /** Send the whole body with 200: no Range, or one this server does not take (it may ignore any). */
  | { kind: 'whole' }
  /** Send bytes start..end inclusive with 206. */
  | { kind: 'part'; start: number; end: number }
  /** 416: the range starts past the end. */
  | { kind: 'unsatisfiable' };

/**
 * What to send for a Range header on a body of `size` bytes. A single byte range only: several
 * ranges would need multipart/byteranges, which nothing that reads docs asks for, and ignoring the
 * header (a 200 with everything) is always allowed.
 */
export function rangeOf(header: string | undefined, size: number): RangeAnswer {
  const m = header === undefined ? null : /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'whole' };
  if (m[1] === '') {
    // A suffix: the last N bytes, or all of them when N is larger.
    const n = Number(m[2]);
    return n === 0 || size === 0 ? { kind: 'unsatisfiable' } : { kind: 'part', start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = m[2] === '' ? size - 1 : Number(m[2]);
  // `bytes=5-2` is not a valid range, and an invalid Range is ignored (RFC 9110, 14.2).
  if (end < start) return { kind: 'whole' };
  return { kind: 'part', start, end: Math.min(end, size - 1) };
}

/**
 * Whether If-Range lets the Range apply: it is absent, or names this very representation by strong
 * ETag or by the exact Last-Modified date (13.1.5). Otherwise the client's part would be of other bytes.
 */
export function ifRangeHolds(headers: IncomingHttpHeaders, etag: string, lastModified: string): boolean {
  const ifRange = headers['if-range'];
  if (ifRange === undefined) return true;
  if (typeof ifRange !== 'string') return false;
  const value = ifRange.trim();
  return value.startsWith('"') ? value === etag : value === lastModified;
}
