import type { Code, Root, RootContent } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { Plugin } from 'unified';
import { visit } from './visit.ts';
import { parseFenceMeta } from './fence-meta.ts';
import { pageData } from './types.ts';

export const LANGUAGE_LABELS: Record<string, string> = {
  bash: 'cURL',
  sh: 'Shell',
  shell: 'Shell',
  http: 'HTTP',
  json: 'JSON',
  php: 'PHP',
  python: 'Python',
  javascript: 'JavaScript',
  js: 'JavaScript',
  typescript: 'TypeScript',
  java: 'Java',
  kotlin: 'Kotlin',
};

function valueOf(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'tab';
}

/**
 * `:::tabs{group="lang"}` around fenced code blocks: each block becomes a tab labelled by its
 * `title` or its language. Tabs with the same group are kept in sync by the theme.
 */
export const remarkTabs: Plugin<[], Root> = () => (tree, file) => {
  const { ctx, out } = pageData(file);
  let counter = 0;
  visit(tree, 'containerDirective', (node: ContainerDirective) => {
    if (node.name !== 'tabs') return;
    const group = node.attributes?.group ?? '';
    const blocks = node.children.filter((c): c is Code => c.type === 'code');
    const others = node.children.filter((c) => c.type !== 'code' && !(c.type === 'paragraph' && (c.data as { directiveLabel?: boolean } | undefined)?.directiveLabel));
    if (others.length > 0 || blocks.length === 0) {
      out.problems.push({
        line: node.position ? node.position.start.line + ctx.bodyLineOffset : undefined,
        rule: 'tabs',
        severity: 'error',
        message: blocks.length === 0 ? 'expected fenced code blocks inside `:::tabs`, received none' : `expected only fenced code blocks inside \`:::tabs\`, received a ${others[0]!.type}`,
      });
      return;
    }
    const n = counter++;
    const seen = new Set<string>();
    const tabs = blocks.map((code, i) => {
      const meta = parseFenceMeta(code.meta);
      const label = meta.title ?? LANGUAGE_LABELS[code.lang ?? ''] ?? code.lang ?? `Tab ${i + 1}`;
      let value = valueOf(label);
      while (seen.has(value)) value += '-2';
      seen.add(value);
      return { code, label, value, tabId: `tabs-${n}-tab-${i}`, panelId: `tabs-${n}-panel-${i}` };
    });
    const tablist: RootContent = {
      type: 'paragraph',
      data: { hName: 'div', hProperties: { role: 'tablist', className: ['tabs__list'] } },
      children: tabs.map((t, i) => ({
        type: 'emphasis',
        data: {
          hName: 'button',
          hProperties: { type: 'button', role: 'tab', id: t.tabId, 'aria-selected': i === 0 ? 'true' : 'false', 'aria-controls': t.panelId, tabIndex: i === 0 ? 0 : -1, 'data-value': t.value, className: ['tabs__tab'] },
        },
        children: [{ type: 'text', value: t.label }],
      })),
    };
    const panels: RootContent[] = tabs.map((t, i) => ({
      type: 'blockquote',
      data: { hName: 'div', hProperties: { role: 'tabpanel', id: t.panelId, 'aria-labelledby': t.tabId, 'data-value': t.value, className: ['tabs__panel'], hidden: i !== 0 } },
      children: [t.code],
    }));
    node.data = { hName: 'div', hProperties: { className: ['tabs'], 'data-group': group } };
    node.children = [tablist, ...panels] as ContainerDirective['children'];
  });
};
