import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type { Root } from 'mdast';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { MAY_HAVE_AUTOLINK_LITERAL, remarkParseGfm, textMayHoldAutolink } from '../../cli/pipeline/compile/markdown/remark-parse-gfm.ts';
import { visit } from '../../cli/pipeline/compile/markdown/visit.ts';
import { ROOT } from '../helpers/fixture.ts';

// The reference: remark-parse and remark-gfm as published, with the directives the build adds after them.
const reference = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);
const ours = unified().use(remarkParseGfm).use(remarkDirective);

/** Bodies of every page of the fixtures (the sites and test/fixtures/markdown; not the bad-input corpus). */
function fixtureBodies(): Array<[string, string]> {
  const dir = path.join(ROOT, 'test/fixtures');
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.md') && !f.startsWith(`bad${path.sep}`) && path.basename(f) !== 'README.md')
    .sort()
    .map((f) => [f, matter(readFileSync(path.join(dir, f), 'utf8')).content]);
}

const links = (tree: Root) => {
  const out: string[] = [];
  visit(tree, 'link', (node) => {
    out.push(node.url);
  });
  return out;
};

describe('cli/pipeline/compile/markdown/remark-parse-gfm (remark-parse + remark-gfm, literal autolinks looked for only where there may be one)', () => {
  it('gives remark-gfm’s tree, positions included, for every page of the fixtures', () => {
    const docs = fixtureBodies();
    const skipped = docs.filter(([, body]) => !MAY_HAVE_AUTOLINK_LITERAL.test(body));
    // Both paths of the parser: pages with nothing like an autolink skip the look for one...
    expect(skipped.length).toBeGreaterThan(20);
    expect(docs.length - skipped.length).toBeGreaterThan(3);
    // ...and both paths of the transform: pages whose URLs and e-mails are all in code skip it.
    const transformed = docs.filter(([, body]) => textMayHoldAutolink(reference.parse(body)));
    expect(transformed.map(([file]) => file)).toEqual([path.join('markdown', 'autolinks.md')]);
    expect(docs.map(([file]) => file)).toContain(path.join('markdown', 'code-urls.md'));
    for (const [file, body] of docs) expect(ours.parse(body), file).toEqual(reference.parse(body));
  });

  it('still finds every kind of literal autolink, in any case', () => {
    const cases: Array<[string, string[]]> = [
      ['See www.corvopay.example/docs for more.', ['http://www.corvopay.example/docs']],
      ['Open WWW.CORVOPAY.EXAMPLE now', ['http://WWW.CORVOPAY.EXAMPLE']],
      ['Call https://api.corvopay.example/v1/transaction/create.', ['https://api.corvopay.example/v1/transaction/create']],
      ['Upper: HTTP://CORVOPAY.EXAMPLE', ['HTTP://CORVOPAY.EXAMPLE']],
      ['Write to support@corvopay.example.', ['mailto:support@corvopay.example']],
      ['Write to ops@corvopay.example or Bot.Ops+1@corvopay.example', ['mailto:ops@corvopay.example', 'mailto:Bot.Ops+1@corvopay.example']],
      ['| a | b |\n| - | - |\n| www.corvopay.example | x@y.example |', ['http://www.corvopay.example', 'mailto:x@y.example']],
      // Only in code: no link, and the transform is not run.
      ['```sh\ncurl https://api.corvopay.example -u ops@corvopay.example\n```\n\nSee `www.corvopay.example`.', []],
      // In code and in text: the text's are links.
      ['`https://api.corvopay.example`, or https://sandbox.corvopay.example.', ['https://sandbox.corvopay.example']],
      // In a link's text: looked at, and left alone.
      ['[https://corvopay.example](https://corvopay.example/docs)', ['https://corvopay.example/docs']],
      ['*Emphasised: ops@corvopay.example*', ['mailto:ops@corvopay.example']],
      // Found by the mdast transform only (GitHub's second algorithm), in the text as decoded.
      ['_ops@corvopay.example_ and a\\_ops@corvopay.example', ['mailto:ops@corvopay.example', 'mailto:a_ops@corvopay.example']],
      ['ops\\@corvopay.example, https\\://corvopay.example and www\\.corvopay.example', ['mailto:ops@corvopay.example', 'https://corvopay.example', 'http://www.corvopay.example']],
      ['ops&#64;corvopay.example, ops&commat;corvopay.example, www&#46;corvopay.example, http&#X3A;//corvopay.example', ['mailto:ops@corvopay.example', 'mailto:ops@corvopay.example', 'http://www.corvopay.example', 'http://corvopay.example']],
    ];
    for (const [text, urls] of cases) {
      const tree = ours.parse(text);
      expect(links(tree), text).toEqual(urls);
      expect(tree, text).toEqual(reference.parse(text));
    }
  });

  it('matches remark-gfm on `mailto:` and `xmpp:` (which the site’s text directives take: `:ops` is one)', () => {
    const plainReference = unified().use(remarkParse).use(remarkGfm);
    const plainOurs = unified().use(remarkParseGfm);
    const text = 'Or mailto:ops@corvopay.example, or xmpp:bot@corvopay.example/x.';
    expect(links(plainOurs.parse(text))).toHaveLength(2);
    expect(plainOurs.parse(text)).toEqual(plainReference.parse(text));
    expect(ours.parse(text)).toEqual(reference.parse(text));
  });

  it('keeps the rest of GFM where there is no autolink to look for', () => {
    for (const text of ['~~gone~~ and ~single~', 'Text[^1].\n\n[^1]: A note.', '- [x] done\n- [ ] todo', '| a | b |\n| :- | -: |\n| 1 | 2 |', 'a www b http c', ':::note\nInside.\n:::']) {
      expect(MAY_HAVE_AUTOLINK_LITERAL.test(text), text).toBe(false);
      expect(ours.parse(text), text).toEqual(reference.parse(text));
    }
  });
});
