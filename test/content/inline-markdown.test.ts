/**
 * The API and data-table renderers leave a text they take for plain (no Markdown syntax in it) unparsed:
 * every such text of the portal's API document, its Russian texts and its reference data is one the
 * parser would also read as plain text. The fast path itself: test/unit/markdown-fast-path.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { MARKDOWN_SYNTAX } from '../../cli/pipeline/compile/markdown/inline-markdown.ts';
import { PROJECT_ROOT } from '../helpers/site.ts';

const parser = unified().use(remarkParse);

/** Every string in a YAML document. */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

describe('content: the texts of the API and the reference data', () => {
  it('that the renderers take for plain text are plain text to the parser too', () => {
    const data = path.join(PROJECT_ROOT, 'content/data');
    const files = [path.join(PROJECT_ROOT, 'content/api/openapi.yaml'), path.join(PROJECT_ROOT, 'content/api/openapi.ru.yaml'), ...readdirSync(data).map((f) => path.join(data, f))];
    const texts = [...new Set(files.flatMap((f) => strings(YAML.parse(readFileSync(f, 'utf8')))))];
    const plain = texts.filter((t) => !MARKDOWN_SYNTAX.test(t));
    expect(plain.length).toBeGreaterThan(300);
    for (const t of plain) {
      const first = parser.parse(t).children[0];
      const nodes = first && first.type === 'paragraph' ? first.children : [{ type: 'text', value: t }];
      expect(nodes.map((n) => ('value' in n ? { type: n.type, value: n.value } : { type: n.type })), t).toEqual([{ type: 'text', value: t.trim() }]);
    }
  });
});
