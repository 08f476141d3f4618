import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { MARKDOWN_SYNTAX } from '../../cli/pipeline/compile/markdown/inline-markdown.ts';

import { fixture } from '../helpers/fixture.ts';

/** Texts of an OpenAPI document, its Russian translation and reference data of every kind. */
const SITE = fixture('api-data');
const parser = unified().use(remarkParse);

/** Every string in a YAML document. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

/** What the parser makes of a snippet, as the renderers take it: the first paragraph's children. */
function parsed(text: string): unknown {
  const first = parser.parse(text).children[0];
  const nodes = first && first.type === 'paragraph' ? first.children : [{ type: 'text', value: text }];
  return nodes.map((n) => ('value' in n ? { type: n.type, value: n.value } : { type: n.type }));
}

describe('cli/pipeline/compile/markdown (plain-text fast path of the API and data-table renderers)', () => {
  it('gives the parser’s own result for every snippet it does not parse, over all the texts of an API and its data', () => {
    const files = [path.join(SITE, 'content/api/openapi.yaml'), path.join(SITE, 'content/api/openapi.ru.yaml'), ...readdirSync(path.join(SITE, 'content/data')).map((f) => path.join(SITE, 'content/data', f))];
    const texts = [...new Set(files.flatMap((f) => strings(YAML.parse(readFileSync(f, 'utf8')))))];
    const plain = texts.filter((t) => !MARKDOWN_SYNTAX.test(t));
    // Both kinds are there: texts left as they are, and texts with code, links or punctuation the parser must see.
    expect(plain.length).toBeGreaterThan(100);
    expect(texts.length - plain.length).toBeGreaterThan(20);
    for (const t of plain) expect(parsed(t), t).toEqual([{ type: 'text', value: t.trim() }]);
  });

  it('sends anything that may be Markdown to the parser', () => {
    for (const t of ['`code`', 'see [x](y)', '*a*', '_a_', 'a <b>', 'a &amp; b', 'a\\*b', '# h', '- item', '1. item', '> q', 'line\nbreak', 'https://x.y', 'mail@x.y', '~~s~~']) {
      expect(MARKDOWN_SYNTAX.test(t), t).toBe(true);
    }
  });
});
