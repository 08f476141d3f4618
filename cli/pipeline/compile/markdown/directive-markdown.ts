import type { PhrasingContent, RootContent } from 'mdast';
import type { Position } from 'unist';
import type { PageContext, PageOutput } from './types.ts';

/**
 * Markdown for what a content directive wrote (`::api-operation`, `::data-table`), for the page's
 * Markdown twin (`<path>.md`: "Copy page as Markdown", llms-full.txt), where the directive line alone
 * would say nothing. Serializes exactly the nodes those plugins make: headings, paragraphs, tables,
 * code, and the phrasing inside them; wrappers (`div`s written as blockquotes, tabs) are left out and
 * their content kept, raw HTML (`<wbr>`, a filter box) dropped.
 *
 * Not mdast-util-to-markdown: it took 350-480 ms of CPU per build for the API pages alone (its safe
 * escaping of every text and its table layout), some 10 % of a build, for text that is Markdown
 * already (descriptions are parsed from Markdown and written back as they were).
 *
 * `link` maps a site path link (`/request_format#request-signing`) to what the twin should link to.
 */
export function directiveMarkdown(nodes: readonly RootContent[], link: (url: string) => string): string {
  const blocks: string[] = [];
  const block = (node: RootContent): void => {
    switch (node.type) {
      case 'heading':
        blocks.push(`${'#'.repeat(node.depth)} ${inline(node.children, link, false)}`);
        return;
      case 'paragraph': {
        const text = inline(node.children, link, false).trim();
        if (text) blocks.push(text);
        return;
      }
      case 'table': {
        const rows = node.children.map((row) => `| ${row.children.map((cell) => inline(cell.children, link, true).trim()).join(' | ')} |`);
        const width = node.children[0]?.children.length ?? 0;
        if (rows.length) blocks.push([rows[0], `|${' --- |'.repeat(width)}`, ...rows.slice(1)].join('\n'));
        return;
      }
      case 'code': {
        const longest = Math.max(2, ...[...node.value.matchAll(/`+/g)].map((m) => m[0].length));
        const fence = '`'.repeat(longest + 1);
        blocks.push(`${fence}${node.lang ?? ''}\n${node.value}\n${fence}`);
        return;
      }
      case 'list':
        blocks.push(node.children.map((item, i) => `${node.ordered ? `${(node.start ?? 1) + i}.` : '-'} ${directiveMarkdown(item.children, link).replace(/\n/g, '\n   ')}`).join('\n'));
        return;
      case 'thematicBreak':
        blocks.push('---');
        return;
      case 'blockquote':
      case 'containerDirective':
        // The plugins' wrappers (a data table's `div`, the tabs of the samples): their content, each block on its own.
        for (const child of node.children) block(child as RootContent);
        return;
      default:
        return; // html and anything the plugins do not write
    }
  };
  for (const node of nodes) block(node);
  return blocks.join('\n\n');
}

/** The API field table's spans: the field name as code, required or optional and the constraints in parentheses. */
const SPANS: Record<string, (text: string) => string> = {
  'api-name': (t) => `\`${t}\``,
  'api-required': (t) => `(${t})`,
  'api-optional': (t) => `(${t})`,
  // After the description's space (remark-api-operation.ts), or alone in the cell.
  'api-constraints': (t) => `(${t})`,
};

/** `**Label:** ` rather than `**Label: **`, which CommonMark does not read as strong. */
function delimit(mark: string, text: string): string {
  const m = /^(\s*)([\s\S]*?)(\s*)$/.exec(text)!;
  return m[2] ? `${m[1]}${mark}${m[2]}${mark}${m[3]}` : text;
}

function inline(nodes: readonly PhrasingContent[], link: (url: string) => string, inCell: boolean): string {
  let out = '';
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        out += inCell ? node.value.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ') : node.value;
        break;
      case 'inlineCode': {
        const ticks = '`'.repeat(Math.max(0, ...[...node.value.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
        const value = inCell ? node.value.replace(/\|/g, '\\|') : node.value;
        out += ticks.length > 1 || value.startsWith('`') ? `${ticks} ${value} ${ticks}` : `${ticks}${value}${ticks}`;
        break;
      }
      case 'emphasis': {
        // A span the plugins style is text, some of it marked as what it is; real emphasis stays emphasis.
        const text = inline(node.children, link, inCell);
        if (node.data?.hName !== 'span') out += delimit('*', text);
        else out += SPANS[String((node.data.hProperties?.className as string[] | undefined)?.[0])]?.(text) ?? text;
        break;
      }
      case 'strong':
        out += delimit('**', inline(node.children, link, inCell));
        break;
      case 'delete':
        out += delimit('~~', inline(node.children, link, inCell));
        break;
      case 'link': {
        const text = inline(node.children, link, inCell);
        // A data table row's own anchor (`#USD` around the code) is no link in a copy.
        out += node.url.startsWith('#') ? text : `[${text}](${link(node.url)})`;
        break;
      }
      case 'image':
        out += `![${node.alt ?? ''}](${link(node.url)})`;
        break;
      case 'break':
        out += inCell ? ' ' : '\n';
        break;
      default:
        break; // html (`<wbr>`)
    }
  }
  return out;
}

/**
 * Records, for the Markdown twin, that the directive `node` rendered `nodes`. Site paths in them
 * (`/request_format#request-signing`) become the twin of that page in the page's locale
 * (`/ru/request_format.md#request-signing`), like the relative `.md` links of the page's own text.
 */
export function recordDirectiveMarkdown(ctx: PageContext, out: PageOutput, node: { position?: Position }, nodes: readonly RootContent[]): void {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return;
  const link = (url: string) => {
    if (!url.startsWith('/') || url.startsWith('//')) return url;
    const hash = url.indexOf('#');
    const route = hash === -1 ? url : url.slice(0, hash);
    const path = ctx.localizePath(route);
    return `${path.endsWith('/') ? `${path}index.md` : `${path}.md`}${hash === -1 ? '' : url.slice(hash)}`;
  };
  out.markdown.push([start, end, directiveMarkdown(nodes, link)]);
}
