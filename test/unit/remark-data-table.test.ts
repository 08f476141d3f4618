import { describe, expect, it } from 'vitest';
import { compileDoc } from '../../cli/pipeline/compile/compile-markdown.ts';
import { validateConfig } from '../../cli/pipeline/load/load-config.ts';
import type { SourceDoc } from '../../cli/pipeline/load/load-content.ts';
import { loadData } from '../../cli/pipeline/load/load-data.ts';
import { createProcessor } from '../../cli/pipeline/compile/markdown/create-processor.ts';
import { createStyleToClass } from '../../cli/pipeline/compile/markdown/highlighter.ts';
import { layoutStatuses, statusDiagramSvg } from '../../cli/pipeline/compile/markdown/remark-status-diagram.ts';
import { DiagnosticList, formatDiagnostic } from '../../cli/diagnostics.ts';
import { stringsFor } from '../../shared/i18n/strings.ts';
import siteConfig from '../fixtures/full-config/docs.config.ts';
import { fixture } from '../helpers/fixture.ts';

const config = validateConfig(siteConfig);
const processor = await createProcessor({ styleToClass: createStyleToClass() });
const reference = loadData({ root: fixture('api-data'), diagnostics: new DiagnosticList() });
const routes: Record<string, string> = { 'reference/country_codes.md': '/reference/country_codes' };

function compile(body: string, locale = 'en', data: { reference?: typeof reference } = { reference }) {
  const diagnostics = new DiagnosticList();
  const doc: SourceDoc = {
    locale,
    file: `content/${locale === 'en' ? 'docs' : `i18n/${locale}`}/reference/country_codes.md`,
    relPath: 'reference/country_codes.md',
    id: 'x',
    route: '/reference/country_codes',
    frontmatter: { title: 'Country codes', hide_table_of_contents: false, draft: false, noindex: false },
    body,
    bodyLineOffset: 7,
    hash: 'abc',
  };
  const page = compileDoc(doc, (rel) => routes[rel], { config, processor, diagnostics, data } as Parameters<typeof compileDoc>[2]);
  return { page, errors: diagnostics.items.map(formatDiagnostic) };
}

/** The `<tr>` with this id, as HTML. */
const rowHtml = (html: string, id: string) => /<tr id="[^"]*">[\s\S]*?<\/tr>/g.exec(html.slice(html.indexOf(`<tr id="${id}">`)))?.[0] ?? '';

describe('cli/pipeline/compile/markdown/remark-data-table', () => {
  it('renders a table with a stable id and a self-link per row, row headers, and a source line only for the table of a standard', () => {
    const { page, errors } = compile('## Codes {#codes}\n\n::data-table{src="api_error_codes"}\n');
    expect(errors).toEqual([]);
    expect(page.html).toContain('<div class="data-table" data-src="api_error_codes" data-rows="7">');
    expect(page.html).toContain('<div class="data-table__scroll" role="region" aria-label="API error codes" tabindex="0">');
    expect(rowHtml(page.html, '2003')).toMatchInlineSnapshot(`
      "<tr id="2003">
      <th scope="row"><a href="#2003" class="data-table__anchor"><code>2003</code></a></th>
      <td class="data-table__nowrap">400</td>
      <td>amount outside limits</td>
      <td>Look the transaction up with <a href="/api/transaction_find">transaction/find</a> before you retry.</td>
      </tr>"
    `);
    // The site's own table names no source: a path in the docs repository says nothing to a reader.
    expect(page.html).not.toContain('data-table__source');
    const iso = compile('::data-table{src="currency_codes"}\n').page.html;
    expect(iso).toMatch(/<p class="data-table__source">Source: ISO 4217 \(currency-codes, \d{4}-\d{2}-\d{2}\)\.<\/p>/);
    // Row ids are link targets like headings (anchor checks, translated-id checks).
    expect(page.headingIds).toEqual(expect.arrayContaining(['codes', '1001', '2003', '5000']));
  });

  it('localizes headers and cells, and puts the locale prefix on links in cells', () => {
    const { page, errors } = compile('::data-table{src="api_error_codes"}\n', 'ru');
    expect(errors).toEqual([]);
    expect(page.html).toContain('<th scope="col">что делать</th>');
    expect(rowHtml(page.html, '2003')).toContain('<a href="/ru/api/transaction_find">transaction/find</a>');
    expect(page.links).toEqual(expect.arrayContaining([expect.objectContaining({ raw: '/api/transaction_find', kind: 'path', path: '/ru/api/transaction_find', line: 8 })]));
    const countries = compile('::data-table{src="country_codes"}\n', 'ru').page.html;
    expect(rowHtml(countries, 'KE')).toContain('<td>Кения</td>');
    expect(rowHtml(countries, 'KE')).toContain('<a href="/ru/services/kenya/mobile_money/payout">kenya_mobile_money_payout</a>');
  });

  it('gives long tables a filter box that is hidden until the script enables it', () => {
    const long = compile('::data-table{src="country_codes"}\n').page.html;
    expect(long).toContain('data-filterable="true"');
    expect(long).toMatch(/<div class="data-table__filter" hidden data-count="\{shown\} of \{total\} rows" data-empty="No rows match “\{query\}”\.">/);
    expect(long).toContain('<input id="dt-country_codes-filter" class="data-table__filter-input" type="search"');
    // Without JavaScript the table is complete: every row is there, none hidden.
    expect(long.match(/<tr id=/g)).toHaveLength(249);
    expect(long).not.toMatch(/<tr[^>]* hidden/);
    const short = compile('::data-table{src="test_cards"}\n').page.html;
    expect(short).not.toContain('data-table__filter');
    expect(compile('::data-table{src="test_cards" filter="on"}\n').page.html).toContain('data-table__filter');
    expect(compile('::data-table{src="country_codes" filter="off"}\n').page.html).not.toContain('data-table__filter');
  });

  it('anchors rows by the code as the API writes it', () => {
    const ids = (src: string) => [...compile(`::data-table{src="${src}"}\n`).page.html.matchAll(/<tr id="([^"]+)">/g)].map((m) => m[1]);
    expect(ids('currency_codes')).toEqual(expect.arrayContaining(['USD', 'BRL', 'XAF']));
    expect(ids('state_codes')).toEqual(expect.arrayContaining(['BR-SP', 'MX-CMX', 'CA-ON']));
    expect(ids('api_error_codes')).toEqual(expect.arrayContaining(['4001']));
    expect(ids('bank_codes')).toEqual(expect.arrayContaining(['NG-058', 'ZA-051001']));
    expect(ids('test_cards')).toEqual(expect.arrayContaining(['4000000000003220', 'payout-5200828282828210']));
    expect(ids('language_codes')).toEqual(expect.arrayContaining(['pt']));
  });

  it('makes each row of a searchable table a search section after its own, found by its code and the caption; not long place-name lists', () => {
    const { page } = compile('## Reasons {#reasons}\n\nIntro.\n\n::data-table{src="failure_reason_codes"}\n\n## After {#after}\n\nMore.\n');
    const ids = page.sections.map((s) => s.id);
    expect(page.sections.find((s) => s.id === 'reasons')!.text).toBe('Intro.');
    const row = page.sections.find((s) => s.id === 'insufficient_funds')!;
    expect(row).toMatchObject({ title: 'insufficient_funds', level: 4, context: 'Failure reason codes' });
    expect(row.text).toMatch(/^not enough money/);
    // In the order of the page: the rows after their heading's section, before the next heading.
    expect(ids.indexOf('insufficient_funds')).toBeGreaterThan(ids.indexOf('reasons'));
    expect(ids.indexOf('insufficient_funds')).toBeLessThan(ids.indexOf('after'));
    // A heading inside a container starts no section: the rows go after the section the container is in.
    const nested = compile('## Reasons {#reasons}\n\n:::note\n\n### Inside {#inside}\n\nText.\n\n:::\n\n::data-table{src="failure_reason_codes"}\n').page.sections.map((s) => s.id);
    expect(nested.indexOf('insufficient_funds')).toBeGreaterThan(nested.indexOf('reasons'));
    const states = compile('## States {#states}\n\nIntro.\n\n::data-table{src="state_codes"}\n').page;
    expect(states.sections.map((s) => s.id)).toEqual(['', 'states']);
    expect(states.sections.find((s) => s.id === 'states')!.text).toBe('Intro.');
  });

  it('reports an unknown or missing source with its line and the choices', () => {
    expect(compile('Text.\n\n::data-table{src="country_code"}\n').errors).toMatchInlineSnapshot(`
      [
        "content/docs/reference/country_codes.md:10:1: unknown data source \`country_code\`; expected one of \`country_codes\`, \`currency_codes\`, \`api_error_codes\`, \`failure_reason_codes\`, \`transaction_statuses\`, \`status_transitions\`, \`test_cards\`, \`bank_code_formats\`, \`bank_codes\`, \`crypto_codes\`, \`language_codes\`, \`state_codes\`",
      ]
    `);
    expect(compile('::data-table\n').errors).toMatchInlineSnapshot(`
      [
        "content/docs/reference/country_codes.md:8:1: \`::data-table\` needs a source: \`::data-table{src="country_codes"}\`",
      ]
    `);
    expect(compile('::data-table{src="bank_codes" filter="yes"}\n').errors).toMatchInlineSnapshot(`
      [
        "content/docs/reference/country_codes.md:8:1: expected \`filter="on"\` or \`filter="off"\`, received \`yes\`",
      ]
    `);
  });

  it('reports a row id that clashes with a heading id', () => {
    expect(compile('## KE {#KE}\n\n::data-table{src="country_codes"}\n').errors).toMatchInlineSnapshot(`
      [
        "content/docs/reference/country_codes.md:10:1: row id \`KE\` of \`country_codes\` is already used on this page",
      ]
    `);
  });
});

describe('cli/pipeline/compile/markdown/remark-status-diagram', () => {
  const statuses = reference.statuses!;

  it('lays the main path out top to bottom in the first column and final statuses beside it', () => {
    const { nodes, back } = layoutStatuses(statuses);
    const main = ['created', 'pending', 'requires_action', 'processing', 'success', 'chargeback'];
    expect(main.map((s) => nodes.get(s)!.col)).toEqual(main.map(() => 0));
    expect(main.map((s) => nodes.get(s)!.row)).toEqual([0, 1, 2, 3, 4, 5]);
    // Each final status on the first free row at or below its own: `failed` (reached from `processing`) below `expired`.
    expect(['expired', 'failed', 'refunded'].map((s) => [nodes.get(s)!.col, nodes.get(s)!.row])).toEqual([[1, 2], [1, 4], [1, 5]]);
    // Every edge points down or sideways, except the back edges of the two cycles (3-D Secure of a pre-authorisation, a won dispute).
    expect([...back]).toEqual(['requires_action->pending', 'chargeback->success']);
    for (const t of statuses.transitions) if (!back.has(`${t.from}->${t.to}`)) expect(nodes.get(t.to)!.row).toBeGreaterThan(nodes.get(t.from)!.row);
  });

  it('draws one box per status and one arrow per transition, as a labelled image', () => {
    const svg = statusDiagramSvg(statuses, stringsFor('en'));
    expect(svg.match(/<g class="status-diagram__node/g)).toHaveLength(statuses.statuses.length);
    expect(svg.match(/<path class="status-diagram__edge/g)).toHaveLength(statuses.transitions.length);
    expect(svg).toContain('role="img" aria-labelledby="status-diagram-title"');
    expect(svg).toContain('<title id="status-diagram-title">State diagram of transaction statuses: 14 allowed transitions, listed in the table below.</title>');
    expect(svg).toContain('<path class="status-diagram__edge status-diagram__edge--back"');
    expect(svg).toContain('<title>chargeback → success</title>');
    // Colours come from the theme (CSS classes), so the diagram follows dark mode.
    expect(svg).not.toMatch(/(fill|stroke)="#/);
  });

  it('renders in the page with a caption, and fails with its line when the data is missing', () => {
    const { page } = compile('::status-diagram\n', 'ru');
    expect(page.html).toContain('<figure class="status-diagram" id="status-diagram">');
    expect(page.html).toContain('<figcaption class="status-diagram__caption">Допустимые переходы между статусами.');
    expect(compile('::status-diagram\n', 'en', {}).errors).toMatchInlineSnapshot(`
      [
        "content/docs/reference/country_codes.md:8:1: \`::status-diagram\` needs \`content/data/transaction_statuses.yaml\`, which is missing or has errors (reported above)",
      ]
    `);
  });
});
