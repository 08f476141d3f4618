import { describe, expect, it } from 'vitest';
import { MAX_NESTING, nestingTooDeep } from '../../cli/pipeline/load/nesting-depth.ts';

/** A list nested `levels` deep, two spaces more per level. */
const list = (levels: number, marker = '-') => Array.from({ length: levels }, (_, i) => `${' '.repeat(2 * i)}${marker} item ${i + 1}`).join('\n');

describe('cli/pipeline/load/nesting-depth', () => {
  it('passes the nesting real pages have', () => {
    expect(nestingTooDeep('# Title\n\n- a\n  - b\n    - c\n\n> quote\n> > reply\n\n:::note\n- x\n:::\n')).toBeUndefined();
    expect(nestingTooDeep(list(MAX_NESTING))).toBeUndefined();
    expect(nestingTooDeep('>'.repeat(MAX_NESTING))).toBeUndefined();
  });

  it('a list nested deeper than the limit: the line where the limit is passed', () => {
    expect(nestingTooDeep(list(1000))).toEqual({ line: MAX_NESTING + 1, depth: MAX_NESTING + 1 });
    // Ordered lists indent by the width of their marker.
    const ordered = Array.from({ length: 60 }, (_, i) => `${' '.repeat(3 * i)}1. step`).join('\n');
    expect(nestingTooDeep(ordered)?.line).toBe(MAX_NESTING + 1);
  });

  it('block quotes: a run of `>` on one line, with or without spaces, and quotes across lines', () => {
    expect(nestingTooDeep(`intro\n\n${'>'.repeat(10_000)}`)).toEqual({ line: 3, depth: 10_000 });
    expect(nestingTooDeep('> '.repeat(51) + 'deep')).toEqual({ line: 1, depth: 51 });
    expect(nestingTooDeep('- > '.repeat(26) + 'x')?.depth).toBe(52);
  });

  it('::: containers count while open, and close again', () => {
    const nested = (n: number) => [...Array.from({ length: n }, (_, i) => `${':'.repeat(3 + n - i)}note`), 'text', ...Array.from({ length: n }, (_, i) => ':'.repeat(4 + i))].join('\n');
    expect(nestingTooDeep(nested(MAX_NESTING))).toBeUndefined();
    expect(nestingTooDeep(nested(MAX_NESTING + 1))?.line).toBe(MAX_NESTING + 1);
    // Containers one after another do not add up.
    expect(nestingTooDeep(':::note\nx\n:::\n'.repeat(200))).toBeUndefined();
  });

  it('counts nothing inside fenced code, and a thematic break is not a list', () => {
    expect(nestingTooDeep(`\`\`\`text\n${'>'.repeat(500)}\n${list(100)}\n\`\`\`\nafter`)).toBeUndefined();
    expect(nestingTooDeep(`~~~\n${'>'.repeat(500)}\n~~~`)).toBeUndefined();
    expect(nestingTooDeep('- - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - - -')).toBeUndefined();
  });

  it('scans a 1 MB page in well under a second', () => {
    const page = list(1000);
    expect(page.length).toBeLessThan(1024 * 1024);
    const t0 = performance.now();
    nestingTooDeep(page);
    nestingTooDeep('>'.repeat(1_000_000));
    // A generous bound (a busy machine): the scan is linear, the parser it protects was not.
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});
