import type { Paragraph, PhrasingContent, Root, RootContent, Table, TableCell, TableRow } from 'mdast';
import type { LeafDirective } from 'mdast-util-directive';
import { toString } from 'mdast-util-to-string';
import type { Plugin } from 'unified';
import type { Position } from 'unist';
import { recordDirectiveMarkdown } from './directive-markdown.ts';
import { SKIP, visit } from './visit.ts';
import { format } from '../../../../shared/i18n/strings.ts';
import { pick, type DataColumn, type DataTable } from '../../load/data-table.ts';
import { phrasing } from './inline-markdown.ts';
import { MISSING_DATA_FILE, missingDataFile, pageData, type Section } from './types.ts';

/**
 * The tables made from one file of `content/data` (see `buildReferenceTables`), by source name: without
 * the file they do not exist. The other tables come from the ISO packages and always do.
 */
const DATA_FILES: Readonly<Record<string, string>> = {
  api_error_codes: 'content/data/api_error_codes.yaml',
  failure_reason_codes: 'content/data/failure_reason_codes.yaml',
  transaction_statuses: 'content/data/transaction_statuses.yaml',
  status_transitions: 'content/data/transaction_statuses.yaml',
  test_cards: 'content/data/test_cards.yaml',
  bank_code_formats: 'content/data/bank_codes.yaml',
  bank_codes: 'content/data/bank_codes.yaml',
  crypto_codes: 'content/data/crypto_codes.yaml',
  language_codes: 'content/data/languages.yaml',
  state_codes: 'content/data/markets.yaml',
};

/** Tables with more rows than this get a filter box. */
export const FILTER_MIN_ROWS = 20;

function cellContent(column: DataColumn, text: string, position: Position | undefined): PhrasingContent[] {
  if (text === '') return [];
  if (column.format === 'code') return [{ type: 'inlineCode', value: text }];
  if (column.format === 'text') return [{ type: 'text', value: text }];
  return phrasing(text, position);
}

const html = (value: string): RootContent => ({ type: 'html', value });
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * `::data-table{src="country_codes"}` renders a reference table from `content/data` or a data
 * package (see `reference-tables.ts`): localized headers and cells, one stable id per row
 * (`#USD`, `#BR-SP`, `#4001`) with a link to itself, a horizontal scroll box for narrow screens,
 * and for long tables a filter box that stays hidden until `renderer/client/table-filter.ts`
 * enables it, so the table is complete without JavaScript. Cell links are site routes and go
 * through the link checker like any link on the page. Optional `filter="off"` or `filter="on"`.
 */
export const remarkDataTable: Plugin<[], Root> = () => (tree, file) => {
  const { ctx, out } = pageData(file);
  const tables: ReadonlyMap<string, DataTable> | undefined = ctx.data.reference?.tables;
  const ids = new Set(out.headingIds);
  let heading = '';
  const report = (node: LeafDirective, message: string, rule = 'data-table') =>
    out.problems.push({ line: node.position ? node.position.start.line + ctx.bodyLineOffset : undefined, column: node.position?.start.column, rule, severity: 'error', message });
  visit(tree, (node, index, parent) => {
    // The sections are the page's top-level h2 and h3 (remark-sections): a heading inside a container is none.
    if (node.type === 'heading' && parent?.type === 'root' && (node.depth === 2 || node.depth === 3)) heading = String((node.data?.hProperties as { id?: string } | undefined)?.id ?? '');
    if (node.type !== 'leafDirective' || node.name !== 'data-table' || !parent || index === undefined) return undefined;
    const src = node.attributes?.src ?? '';
    const table = tables?.get(src);
    if (!table) {
      parent.children.splice(index, 1);
      const file = DATA_FILES[src];
      if (file) {
        // A source of this site's data whose file is absent, or has errors of its own (reported with their lines).
        const why = missingDataFile(ctx.data, file);
        if (why !== 'failed') report(node, `\`::data-table{src="${src}"}\` needs \`${file}\`, ${MISSING_DATA_FILE[why]}`);
        return [SKIP, index];
      }
      const names = [...(tables?.keys() ?? [])];
      report(node, src ? `unknown data source \`${src}\`; expected one of ${names.map((n) => `\`${n}\``).join(', ') || '(none: no data loaded)'}` : `\`::data-table\` needs a source: \`::data-table{src="${names[0] ?? 'country_codes'}"}\``);
      return [SKIP, index];
    }
    const filterAttr = node.attributes?.filter;
    if (filterAttr && filterAttr !== 'on' && filterAttr !== 'off') report(node, `expected \`filter="on"\` or \`filter="off"\`, received \`${filterAttr}\``);
    const filterable = filterAttr === 'on' || (filterAttr !== 'off' && table.rows.length > FILTER_MIN_ROWS);
    const position = node.position;
    const locale = ctx.locale;
    const domId = `dt-${table.name}`;

    const rows: TableRow[] = [
      {
        type: 'tableRow',
        children: table.columns.map((c): TableCell => ({ type: 'tableCell', data: { hProperties: { scope: 'col' } }, children: phrasing(pick(c.header, locale), undefined) })),
      },
    ];
    // Each row is a section of its own in the search index, its first cell (the code) the heading: a
    // search for `4001` or `USD` lands on the row, not on a table-long text where the code is one word of thousands.
    const rowSections: Section[] = [];
    const caption = pick(table.caption, locale);
    for (const row of table.rows) {
      if (ids.has(row.id)) report(node, `row id \`${row.id}\` of \`${src}\` is already used on this page`, 'duplicate-heading-id');
      ids.add(row.id);
      out.headingIds.push(row.id);
      const cells = table.columns.map((column, i): TableCell => {
        const content = cellContent(column, pick(row.cells[column.key], locale), position);
        // The first cell is the row's header and its code: never wrapped (CSS), no class needed.
        const classes = [i > 0 && column.nowrap && 'data-table__nowrap', column.breakAnywhere && 'data-table__break'].filter((c): c is string => Boolean(c));
        const className = classes.length ? classes : undefined;
        if (i === 0) {
          return {
            type: 'tableCell',
            data: { hName: 'th', hProperties: { scope: 'row' } },
            children: [{ type: 'link', url: `#${row.id}`, title: null, data: { hProperties: { className: ['data-table__anchor'] } }, children: content as never, position }],
          };
        }
        return { type: 'tableCell', data: className ? { hProperties: { className } } : undefined, children: content };
      });
      rows.push({ type: 'tableRow', data: { hProperties: { id: row.id } }, children: cells });
      if (table.searchable) {
        const [head, ...rest] = cells.map((c) => toString(c).trim());
        rowSections.push({ id: row.id, title: head || row.id, level: 4, text: rest.filter(Boolean).join(' '), context: caption });
      }
    }
    const tableNode: Table = { type: 'table', align: table.columns.map(() => null), data: { hProperties: { id: `${domId}-table` } }, children: rows };
    const children: RootContent[] = [];
    if (filterable) {
      const s = ctx.strings;
      children.push(
        html(
          `<div class="data-table__filter" hidden data-count="${escapeAttr(s['dataTable.count'])}" data-empty="${escapeAttr(s['dataTable.empty'])}">` +
            `<label class="data-table__filter-label" for="${domId}-filter">${escapeAttr(s['dataTable.filterLabel'])}</label>` +
            `<input id="${domId}-filter" class="data-table__filter-input" type="search" autocomplete="off" spellcheck="false" placeholder="${escapeAttr(s['dataTable.filterPlaceholder'])}" aria-controls="${domId}-table">` +
            `<span class="data-table__count" role="status" aria-live="polite"></span>` +
            `</div>`,
        ),
      );
    }
    children.push({
      type: 'blockquote',
      data: { hName: 'div', hProperties: { className: ['data-table__scroll'], role: 'region', ariaLabel: caption, tabIndex: 0 } },
      children: [tableNode],
    } as RootContent);
    if (table.standard) {
      const source: Paragraph = {
        type: 'paragraph',
        data: { hProperties: { className: ['data-table__source'] } },
        children: [{ type: 'text', value: format(ctx.strings['dataTable.source'], { source: table.standard }) }],
      };
      children.push(source);
    }
    const wrapper = {
      type: 'blockquote',
      data: { hName: 'div', hProperties: { className: ['data-table'], dataSrc: table.name, dataRows: table.rows.length, dataFilterable: filterable ? 'true' : undefined } },
      children,
    } as RootContent;
    parent.children.splice(index, 1, wrapper);
    recordDirectiveMarkdown(ctx, out, node, [wrapper]);
    if (rowSections.length) {
      // After the section the table is in, in the order of the page.
      let end = Math.max(0, out.sections.findIndex((s) => s.id === heading)) + 1;
      while (end < out.sections.length && out.sections[end]!.level > 3) end++;
      out.sections.splice(end, 0, ...rowSections);
    }
    return [SKIP, index + 1];
  });
};
