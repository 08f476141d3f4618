/**
 * Which precompressed siblings a client takes. The build writes `file.br` and `file.gz` beside a
 * file (as nginx's brotli_static and gzip_static expect); serve sends one of them instead of
 * compressing on every request.
 */

export type Encoding = 'br' | 'gzip';

/** The sibling's suffix for each encoding, in the server's order of preference: br is smaller. */
export const SIBLINGS: ReadonlyArray<readonly [Encoding, string]> = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

/**
 * The encodings of SIBLINGS that an Accept-Encoding header takes, in SIBLINGS' order. A coding
 * with q=0 is refused; one not named is taken only through `*` (RFC 9110, 12.5.3). No header: none,
 * since a client that says nothing may not decode anything.
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return [];
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    if (!name) continue;
    const qParam = params.find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(name, Number.isNaN(value) ? 0 : value);
  }
  const weight = (name: string) => q.get(name) ?? (name === 'gzip' ? q.get('x-gzip') : undefined) ?? q.get('*') ?? 0;
  return SIBLINGS.map(([encoding]) => encoding).filter((encoding) => weight(encoding) > 0);
}
