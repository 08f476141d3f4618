/** JSON pointers (RFC 6901): `/paths/~1transaction~1create/post` <-> `['paths', '/transaction/create', 'post']`. */

export function encodeSegment(segment: string | number): string {
  return String(segment).replace(/~/g, '~0').replace(/\//g, '~1');
}

export function toPointer(segments: ReadonlyArray<string | number>): string {
  return segments.map((s) => `/${encodeSegment(s)}`).join('');
}

export function fromPointer(pointer: string): string[] {
  if (pointer === '' || pointer === '/') return [];
  return pointer
    .replace(/^#/, '')
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The value at `pointer` in `root`, or undefined. */
export function getAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const seg of fromPointer(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[seg];
  }
  return node;
}
