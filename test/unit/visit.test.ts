import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Nodes, Parents, Root } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { SKIP as LIB_SKIP, EXIT as LIB_EXIT, visit as libVisit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';
import { EXIT, SKIP, visit } from '../../cli/pipeline/compile/markdown/visit.ts';
import { ROOT } from '../helpers/fixture.ts';

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
/** Every page of the fixtures, of every kind: directives, tables, tabs, admonitions, footnotes, HTML, Russian, the bad-input corpus. */
const FIXTURES = path.join(ROOT, 'test/fixtures');
const trees: Root[] = readdirSync(FIXTURES, { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.md') && path.basename(f) !== 'README.md')
  .sort()
  .map((f) => parser.parse(readFileSync(path.join(FIXTURES, f), 'utf8')));

type Walk = (tree: Nodes, log: string[]) => void;
const label = (node: Nodes, index: number | undefined, parent: Parents | undefined) => `${node.type}@${index ?? '-'}<${parent?.type ?? '-'}`;

/** Runs the same visitor logic with our walk and with the library's, on copies of each tree: the same calls, the same resulting trees. */
function same(ours: Walk, theirs: Walk): void {
  for (const tree of trees) {
    const a = structuredClone(tree);
    const b = structuredClone(tree);
    const logA: string[] = [];
    const logB: string[] = [];
    ours(a, logA);
    theirs(b, logB);
    expect(logA).toEqual(logB);
    expect(a).toEqual(b);
  }
}

describe('cli/pipeline/compile/markdown/visit (the walk of unist-util-visit)', () => {
  it(`visits every node with the same index and parent as the library, over ${trees.length} pages`, () => {
    expect(trees.length).toBeGreaterThan(50);
    same(
      (t, log) => visit(t, (n, i, p) => void log.push(label(n, i, p))),
      (t, log) => libVisit(t, (n, i, p) => void log.push(label(n as Nodes, i, p as Parents | undefined))),
    );
  });

  it('visits only the nodes of the given type', () => {
    same(
      (t, log) => visit(t, 'inlineCode', (n, i, p) => void log.push(label(n, i, p) + n.value)),
      (t, log) => libVisit(t, 'inlineCode', (n, i, p) => void log.push(label(n, i, p as Parents | undefined) + n.value)),
    );
  });

  it('follows [SKIP, index] after a replacement, an index to revisit from after a removal, and EXIT', () => {
    const walk =
      (v: typeof visit, skip: typeof SKIP | typeof LIB_SKIP, exit: typeof EXIT | typeof LIB_EXIT): Walk =>
      (t, log) => {
        let seen = 0;
        v(t, (n: Nodes, i: number | undefined, p: Parents | undefined) => {
          log.push(label(n, i, p));
          if (++seen > 400) return exit;
          if (!p || i === undefined) return undefined;
          if (n.type === 'emphasis' || n.type === 'strong') {
            // Unwrap: the children take the node's place and are not visited again.
            (p.children as Nodes[]).splice(i, 1, ...(n.children as Nodes[]));
            return [skip, i + n.children.length] as const;
          }
          if (n.type === 'html' || n.type === 'thematicBreak') {
            (p.children as Nodes[]).splice(i, 1);
            return i;
          }
          if (n.type === 'code') return skip;
          return undefined;
        });
      };
    same(walk(visit, SKIP, EXIT), walk(libVisit as unknown as typeof visit, LIB_SKIP, LIB_EXIT));
  });
});
