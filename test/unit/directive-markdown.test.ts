/**
 * cli/pipeline/compile/markdown/directive-markdown: the Markdown a content directive's nodes become in the page's
 * Markdown twin, read back by micromark as the same thing.
 */
import type { RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTable } from 'micromark-extension-gfm-table';
import { toString } from 'mdast-util-to-string';
import { describe, expect, it } from 'vitest';
import { directiveMarkdown } from '../../cli/pipeline/compile/markdown/directive-markdown.ts';

const txt = (value: string) => ({ type: 'text' as const, value });
const span = (className: string, value: string) => ({ type: 'emphasis' as const, data: { hName: 'span', hProperties: { className: [className] } }, children: [txt(value)] });
const cell = (...children: never[]) => ({ type: 'tableCell' as const, children });
const toTwin = (url: string) => (url.startsWith('/') ? `/ru${url.replace(/#/, '.md#')}` : url);

describe('cli/pipeline/compile/markdown/directive-markdown', () => {
  it('writes a field table whose cells hold pipes and backticks so that GFM reads the same cells back', () => {
    const nodes = [
      { type: 'heading', depth: 2, children: [txt('Request {#request}')] },
      {
        type: 'table',
        align: [null, null],
        children: [
          { type: 'tableRow', children: [cell(txt('Name') as never), cell(txt('Description') as never)] },
          {
            type: 'tableRow',
            children: [
              cell(span('api-name', 'expiry_month') as never, { type: 'break' } as never, span('api-required', 'required') as never, { type: 'html', value: '<wbr>' } as never),
              cell(txt('Month, ') as never, { type: 'inlineCode', value: '(0[1-9]|1[0-2])' } as never, txt(' or a|b\nwrapped') as never, txt(' ') as never, span('api-constraints', 'pattern') as never, { type: 'inlineCode', value: 'a`b' } as never),
            ],
          },
        ],
      },
    ] as RootContent[];
    const md = directiveMarkdown(nodes, toTwin);
    expect(md).toBe('## Request {#request}\n\n| Name | Description |\n| --- | --- |\n| `expiry_month` (required) | Month, `(0[1-9]\\|1[0-2])` or a\\|b wrapped (pattern)`` a`b `` |');
    const table = fromMarkdown(md, { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] }).children[1]!;
    expect(table.type).toBe('table');
    if (table.type !== 'table') return;
    expect(table.children[1]!.children.map((c) => toString(c))).toEqual(['expiry_month (required)', 'Month, (0[1-9]|1[0-2]) or a|b wrapped (pattern)a`b']);
  });

  it('keeps strong and emphasis readable (no space inside the marks), maps site links, drops row anchors and raw HTML', () => {
    const nodes = [
      {
        type: 'paragraph',
        children: [
          { type: 'strong', children: [txt('Authentication: ')] },
          txt('signed, see '),
          { type: 'link', url: '/request_format#request-signing', children: [txt('request signing')] },
          txt(' and '),
          { type: 'link', url: 'https://example.com/x', children: [{ type: 'emphasis', children: [txt('this')] }] },
          txt('.'),
        ],
      },
      { type: 'html', value: '<div class="data-table__filter"></div>' },
      { type: 'paragraph', children: [{ type: 'link', url: '#USD', children: [{ type: 'inlineCode', value: 'USD' }] }] },
    ] as RootContent[];
    expect(directiveMarkdown(nodes, toTwin)).toBe('**Authentication:** signed, see [request signing](/ru/request_format.md#request-signing) and [*this*](https://example.com/x).\n\n`USD`');
  });

  it('writes code with a fence longer than any run of backticks in it, and the blocks inside wrappers (tabs, a div)', () => {
    const nodes = [
      {
        type: 'containerDirective',
        name: 'tabs',
        children: [
          { type: 'code', lang: 'bash', value: 'echo ```' },
          { type: 'code', lang: null, value: 'plain' },
        ],
      },
    ] as RootContent[];
    expect(directiveMarkdown(nodes, toTwin)).toBe('````bash\necho ```\n````\n\n```\nplain\n```');
  });
});
