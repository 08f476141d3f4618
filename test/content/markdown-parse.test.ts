/**
 * Every page of the portal parses with the build's GFM parser (remark-parse-gfm: literal autolinks looked
 * for only where there may be one) to the tree remark-parse and remark-gfm make, positions included. The
 * parser itself is tested on fixtures (test/unit/remark-parse-gfm.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import matter from 'gray-matter';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { MAY_HAVE_AUTOLINK_LITERAL, remarkParseGfm, textMayHoldAutolink } from '../../cli/pipeline/compile/markdown/remark-parse-gfm.ts';
import { PROJECT_ROOT } from '../helpers/site.ts';

const reference = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
const ours = unified().use(remarkParseGfm).use(remarkDirective);

/** Bodies of every doc, both languages. */
function docBodies(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const dir of ['content/docs', 'content/i18n/ru']) {
    for (const f of readdirSync(path.join(PROJECT_ROOT, dir), { recursive: true }).map(String)) {
      if (f.endsWith('.md')) out.push([`${dir}/${f}`, matter(readFileSync(path.join(PROJECT_ROOT, dir, f), 'utf8')).content]);
    }
  }
  return out;
}

describe('content: every page with the GFM parser of the build', () => {
  it('gives remark-gfm’s tree, positions included, for every doc of both languages', () => {
    const docs = docBodies().map(([file, body]) => ({ file, body, tree: reference.parse(body) }));
    const skipped = docs.filter(({ body }) => !MAY_HAVE_AUTOLINK_LITERAL.test(body));
    // Both paths are exercised by the real content.
    expect(skipped.length).toBeGreaterThan(100);
    expect(docs.length - skipped.length).toBeGreaterThan(50);
    // And so are both paths of the transform: docs whose URLs and e-mails are all in code skip it.
    const transformed = docs.filter(({ tree }) => textMayHoldAutolink(tree));
    expect(docs.length - skipped.length - transformed.length).toBeGreaterThan(30);
    expect(transformed.length).toBeGreaterThan(20);
    for (const { file, body, tree } of docs) {
      const parsed = ours.parse(body);
      // Node's deep comparison first (fast on these trees); vitest's, with its diff, when they differ.
      if (!isDeepStrictEqual(parsed, tree)) expect(parsed, file).toEqual(tree);
    }
  });
});
