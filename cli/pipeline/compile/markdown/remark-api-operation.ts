import path from 'node:path';
import type { Code, Heading, Paragraph, PhrasingContent, Root, RootContent, Table, TableCell, TableRow } from 'mdast';
import type { ContainerDirective, LeafDirective } from 'mdast-util-directive';
import type { Plugin } from 'unified';
import type { Position } from 'unist';
import { recordDirectiveMarkdown } from './directive-markdown.ts';
import { SKIP, visit } from './visit.ts';
import type { Strings } from '../../../../shared/i18n/strings.ts';
import { format } from '../../../../shared/i18n/strings.ts';
import type { ApiModel } from '../../load/api/load-api.ts';
import { describeOperation, listOperations, type Constraint, type ExampleModel, type FieldRow, type OperationModel, type Text } from '../api/operation-model.ts';
import { requestSamples, SAMPLE_CREDENTIALS, signRequest } from '../api/request-samples.ts';
import { phrasing } from './inline-markdown.ts';
import { pageData } from './types.ts';

type Key = keyof Strings;

const cell = (children: PhrasingContent[]): TableCell => ({ type: 'tableCell', children });
const code = (value: string): PhrasingContent => ({ type: 'inlineCode', value });
const txt = (value: string): PhrasingContent => ({ type: 'text', value });

function join(parts: PhrasingContent[][], separator: string): PhrasingContent[] {
  return parts.flatMap((p, i) => (i === 0 ? p : [txt(separator), ...p]));
}

/**
 * `::api-operation{id="transaction_create"}` renders an operation of `content/api/openapi.yaml`:
 * method and path, authentication, request parameters, request samples in every language (synced
 * tabs, group `lang`), response fields and example, and the error table linked to the error-code
 * reference. Webhooks (`callback_status_changed`) render their payload instead of samples.
 * Headings are h2 (`level="3"` for h3) with the ids `request` (`payload`, `query-parameters`),
 * `response` and `errors`. Everything becomes ordinary Markdown nodes before the heading, link,
 * tabs and code plugins run, so they get ids, checked links, tabs and highlighting like any page.
 */
export const remarkApiOperation: Plugin<[], Root> = () => (tree, file) => {
  const { ctx, out } = pageData(file);
  const s = ctx.strings;
  visit(tree, 'leafDirective', (node: LeafDirective, index, parent) => {
    if (node.name !== 'api-operation' || !parent || index === undefined) return undefined;
    const report = (message: string, hint?: string) => out.problems.push({ line: node.position ? node.position.start.line + ctx.bodyLineOffset : undefined, column: node.position?.start.column, rule: 'api-operation', severity: 'error', message, hint });
    const api = ctx.data.api;
    const id = node.attributes?.id ?? '';
    const route = ctx.routeOfRelPath(ctx.relPath);
    const isPage = (r: string) => isPageOf(ctx, r);
    const replace = (nodes: RootContent[]) => {
      parent.children.splice(index, 1, ...(nodes as typeof parent.children));
      return [SKIP, index + nodes.length] as [typeof SKIP, number];
    };
    if (!api) {
      report('`::api-operation` needs content/api/openapi.yaml, which this site does not have');
      return replace([]);
    }
    // The document has errors, reported with its own lines: nothing to add on every page that uses it.
    if ('failed' in api) return replace([]);
    const operations = listOperations(api.doc);
    const ref = operations.find((o) => o.id === id);
    if (!ref) {
      const ids = operations.map((o) => o.id);
      report(id ? `unknown operation \`${id}\`; expected an operationId of ${api.file}, such as ${suggest(id, ids)}` : `\`::api-operation\` needs an operation: \`::api-operation{id="${ids[0] ?? 'transaction_create'}"}\``);
      return replace([]);
    }
    // Its `x-page` says where it is documented; one that is no page at all is reported against the spec (load-api).
    if (ref.page && route && ref.page !== route && isPage(ref.page)) {
      report(`operation \`${id}\` belongs on \`${ref.page}\` (its \`x-page\` in ${api.file}), not on \`${route}\``, `link to it there, e.g. \`[${id}](${relativeMd(ctx.relPath, ref.page)})\`, or change its \`x-page\``);
      return replace([]);
    }
    const op = describeOperation(api.doc, id, { page: route })!;
    const levelAttr = node.attributes?.level ?? '2';
    if (levelAttr !== '2' && levelAttr !== '3') report(`expected \`level="2"\` or \`level="3"\`, received \`${levelAttr}\``);
    const nodes = renderOperation(op, { api, locale: ctx.locale, strings: s, depth: levelAttr === '3' ? 3 : 2, position: node.position });
    recordDirectiveMarkdown(ctx, out, node, nodes);
    return replace(nodes);
  });
};

/** `/api/x` is a page of this site's docs: `api/x.md` or `api/x/index.md` (what load-api checks `x-page` against). */
function isPageOf(ctx: { routeOfRelPath: (rel: string) => string | undefined }, route: string): boolean {
  const rel = route.replace(/^\/+|\/+$/g, '');
  return ctx.routeOfRelPath(`${rel}.md`) === route || ctx.routeOfRelPath(rel ? `${rel}/index.md` : 'index.md') === route;
}

/** The `.md` file of `route` (`/api/x`), relative to the doc `fromRelPath`, for a link in a hint. */
function relativeMd(fromRelPath: string, route: string): string {
  const rel = path.posix.relative(path.posix.dirname(fromRelPath), `${route.replace(/^\/+/, '')}.md`);
  return rel.startsWith('.') ? rel : `./${rel}`;
}

function suggest(id: string, ids: string[]): string {
  const close = ids.filter((x) => x.includes(id) || id.includes(x) || x.split('_')[0] === id.split('_')[0]).slice(0, 3);
  return (close.length ? close : ids.slice(0, 3)).map((x) => `\`${x}\``).join(', ');
}

interface RenderContext {
  api: ApiModel;
  locale: string;
  strings: Strings;
  depth: 2 | 3;
  position: Position | undefined;
}

/** The translated text: the locale's entry of the translation file, else the English of the spec. */
function tr(rc: RenderContext, t: Text | undefined): string {
  if (!t) return '';
  return rc.api.texts[rc.locale]?.[t.key] ?? t.text;
}

function md(rc: RenderContext, markdown: string): PhrasingContent[] {
  return phrasing(markdown, rc.position);
}

/** A string of the page's locale; numbers in `values` are written as the locale writes them (7,000,000 characters; до 7 000 000 символов) and choose its plural forms. */
function str(rc: RenderContext, key: Key, values: Record<string, string | number> = {}): string {
  return format(rc.strings[key], values, rc.locale);
}

function heading(rc: RenderContext, key: Key, id: string): Heading {
  // At the directive's position: a problem with the heading (an id used twice on the page) is reported at its line.
  return { type: 'heading', depth: rc.depth, children: [txt(`${rc.strings[key]} {#${id}}`)], position: rc.position };
}

function paragraph(children: PhrasingContent[], className?: string): Paragraph {
  return { type: 'paragraph', children, ...(className ? { data: { hProperties: { className: [className] } } } : {}) };
}

function constraintText(rc: RenderContext, c: Constraint): PhrasingContent[] {
  const v = (x: unknown) => code(typeof x === 'string' ? x : JSON.stringify(x));
  const range = (kind: 'length' | 'range' | 'items' | 'properties', min?: number, max?: number): string => {
    const base = { length: 'api.c.length', range: 'api.c.range', items: 'api.c.items', properties: 'api.c.properties' }[kind];
    if (min !== undefined && max !== undefined && !(kind === 'length' && min === 0)) return str(rc, base as Key, { min, max });
    if (max !== undefined) return str(rc, `${base}Max` as Key, { max });
    return str(rc, (kind === 'range' ? 'api.c.min' : `${base}Min`) as Key, { min: min ?? 0 });
  };
  switch (c.kind) {
    case 'enum':
      return [txt(str(rc, 'api.c.enum', { values: '' })), ...join(c.values.map((x) => [v(x)]), ', ')];
    case 'const':
      return [txt(str(rc, 'api.c.const', { value: '' })), v(c.value)];
    case 'pattern':
      return [txt(str(rc, 'api.c.pattern', { value: '' })), v(c.value)];
    case 'format':
      return [txt(str(rc, 'api.c.format', { value: '' })), v(c.value)];
    case 'default':
      return [txt(str(rc, 'api.c.default', { value: '' })), v(c.value)];
    case 'range':
      if (c.min !== undefined && c.max === undefined) return [txt(str(rc, 'api.c.min', { min: c.min }))];
      if (c.max !== undefined && c.min === undefined) return [txt(str(rc, 'api.c.max', { max: c.max }))];
      return [txt(range('range', c.min, c.max))];
    default:
      return [txt(range(c.kind, c.min, c.max))];
  }
}

const span = (className: string, children: PhrasingContent[]): PhrasingContent => ({ type: 'emphasis', data: { hName: 'span', hProperties: { className: [className] } }, children });

/**
 * Name (with required or optional under it), type, and description with the constraints under it:
 * all five facts of a field in three columns, which fit the content column and a phone.
 */
function fieldTable(rc: RenderContext, rows: FieldRow[], withRequired: boolean): Table {
  const s = rc.strings;
  const header: TableRow = { type: 'tableRow', children: [s['api.col.name'], s['api.col.type'], s['api.col.description']].map((h) => cell([txt(h)])) };
  const body = rows.map((r): TableRow => {
    // Break long dotted names only after a dot or `[]`: <wbr> keeps copy-paste clean.
    const segments = r.name.split(/(?<=\.)/).flatMap((seg, i): PhrasingContent[] => (i ? [{ type: 'html', value: '<wbr>' }, txt(seg)] : [txt(seg)]));
    const name: PhrasingContent[] = [span('api-name', segments)];
    if (r.location !== 'body') name.push(txt(` (${s[r.location === 'header' ? 'api.in.header' : 'api.in.query']})`));
    if (withRequired) name.push({ type: 'break' }, span(r.required ? 'api-required' : 'api-optional', [txt(r.required ? s['api.required'] : s['api.optional'])]));
    const description: PhrasingContent[] = r.description ? md(rc, tr(rc, r.description)) : [];
    // The space is not seen (the constraints are a block of their own) but keeps the description's last
    // word and the first constraint two words for search and for copying.
    if (r.constraints.length) description.push(...(description.length ? [txt(' ')] : []), span('api-constraints', join(r.constraints.map((c) => constraintText(rc, c)), '; ')));
    return { type: 'tableRow', children: [cell(name), cell([txt(r.type)]), cell(description)] };
  });
  // `align` needs one entry per column: mdast-util-to-hast renders that many cells per row.
  return { type: 'table', align: [null, null, null], children: [header, ...body], data: { hProperties: { className: ['api-fields'] } } };
}

function jsonBlock(value: unknown, title: string): Code {
  return { type: 'code', lang: 'json', meta: `title="${title.replace(/"/g, "'")}"`, value: JSON.stringify(value, null, 2) };
}

function samplesBlock(rc: RenderContext, op: OperationModel, example: ExampleModel | undefined): ContainerDirective {
  const samples = requestSamples(rc.api.doc, op, example);
  return { type: 'containerDirective', name: 'tabs', attributes: { group: 'lang' }, children: samples.map((x) => ({ type: 'code', lang: x.lang, meta: null, value: x.code })) };
}

/** Several examples: one tab each, labelled by the example's summary (not synced with the languages). */
function exampleTabs(rc: RenderContext, examples: ExampleModel[], block: (e: ExampleModel, title: string) => Code): RootContent[] {
  if (examples.length === 1) return [block(examples[0]!, '')];
  return [{ type: 'containerDirective', name: 'tabs', attributes: { group: '' }, children: examples.map((e) => block(e, tr(rc, e.summary) || e.key)) }];
}

function errorTable(rc: RenderContext, op: OperationModel): Table {
  const s = rc.strings;
  const anchors = rc.api.errorAnchors ?? {};
  return {
    type: 'table',
    align: [null, null, null],
    data: { hProperties: { className: ['api-errors'] } },
    children: [
      { type: 'tableRow', children: [s['api.col.http'], s['api.col.code'], s['api.col.when']].map((h) => cell([txt(h)])) },
      ...op.errors.map((e): TableRow => ({
        type: 'tableRow',
        children: [
          cell([txt(String(e.status))]),
          cell([{ type: 'link', url: `/reference/api_error_codes#${anchors[e.code] ?? e.code}`, position: rc.position, children: [code(String(e.code))] }]),
          cell(md(rc, tr(rc, e.summary))),
        ],
      })),
    ],
  };
}

/** A GET webhook's example URL, with the canonical query and its signature computed like Corvopay does. */
function queryExample(op: OperationModel): string {
  const params = op.params.filter((p) => p.location === 'query' && p.required && p.example !== undefined && p.name !== 'signature');
  const enc = (x: string) => encodeURIComponent(x).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const canonical = params
    .map((p) => [p.name, String(p.example)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .join('&');
  const timestamp = String(params.find((p) => p.name === 'timestamp')?.example ?? SAMPLE_CREDENTIALS.timestamp);
  return `${canonical}&signature=${signRequest(SAMPLE_CREDENTIALS.secretKey, timestamp, canonical)}`;
}

function renderOperation(op: OperationModel, rc: RenderContext): RootContent[] {
  const s = rc.strings;
  const webhook = op.kind === 'webhook';
  const out: RootContent[] = [];
  // Endpoint bar: method badge and path (a webhook goes to the merchant's callback URL).
  out.push(
    paragraph(
      [
        { type: 'emphasis', data: { hName: 'span', hProperties: { className: ['api-method', `api-method--${op.method.toLowerCase()}`], dataOperation: op.id } }, children: [txt(op.method)] },
        txt(' '),
        webhook ? { type: 'emphasis', data: { hName: 'span', hProperties: { className: ['api-path'] } }, children: [txt(s['api.endpoint.webhook'])] } : { type: 'inlineCode', value: op.path, data: { hProperties: { className: ['api-path'] } } },
      ],
      'api-endpoint',
    ),
  );
  const authKey: Key = !op.signed ? 'api.auth.webhookQuery' : webhook ? 'api.auth.webhook' : 'api.auth.signed';
  out.push(paragraph([{ type: 'strong', children: [txt(`${s['api.authentication']}: `)] }, ...md(rc, s[authKey])], 'api-auth'));

  // Request
  const query = op.params.some((p) => p.location === 'query');
  out.push(heading(rc, webhook ? (query ? 'api.queryParameters' : 'api.payload') : 'api.request', webhook ? (query ? 'query-parameters' : 'payload') : 'request'));
  if (op.params.length) out.push(fieldTable(rc, op.params, true));
  else out.push(paragraph(md(rc, s['api.noParameters'])));
  if (webhook) {
    if (query) out.push({ type: 'code', lang: 'http', meta: null, value: `${op.method} /cb.php?${queryExample(op)} HTTP/1.1\nHost: shop.example.com` });
    else out.push(...exampleTabs(rc, op.requestExamples, (e, title) => jsonBlock(e.value, title || `${op.method} ${s['api.endpoint.webhook']}`)));
  } else {
    const examples = op.requestExamples.length ? op.requestExamples : [undefined];
    for (const e of examples) {
      if (examples.length > 1 && e) out.push(paragraph([{ type: 'strong', children: [txt(str(rc, 'api.samples.example', { summary: tr(rc, e.summary) || e.key }))] }]));
      out.push(samplesBlock(rc, op, e));
    }
    if (op.signed) out.push(paragraph(md(rc, str(rc, 'api.samples.caption', { key: SAMPLE_CREDENTIALS.secretKey, timestamp: SAMPLE_CREDENTIALS.timestamp })), 'api-note'));
  }

  // Response
  out.push(heading(rc, 'api.response', 'response'));
  if (op.responseDescription) out.push(paragraph(md(rc, tr(rc, op.responseDescription))));
  if (op.responseRows.length) out.push(fieldTable(rc, op.responseRows, false));
  if (op.responseFieldsElsewhere) {
    const target = listOperations(rc.api.doc).find((o) => o.page === op.responseFieldsElsewhere);
    const title = target ? tr(rc, describeOperation(rc.api.doc, target.id)?.summary) : op.responseFieldsElsewhere;
    out.push(paragraph(md(rc, str(rc, 'api.response.trimmed', { title, href: `${op.responseFieldsElsewhere}#response` })), 'api-note'));
  }
  const status = op.responseMediaType ? 'HTTP 200' : '';
  if (op.responseMediaType === 'application/json') out.push(...exampleTabs(rc, op.responseExamples, (e, title) => jsonBlock(e.value, title || status)));
  else if (op.responseMediaType) {
    for (const e of op.responseExamples) out.push({ type: 'code', lang: op.responseMediaType === 'text/plain' ? 'http' : 'text', meta: `title="${status}, ${op.responseMediaType}"`, value: String(e.value).trimEnd() });
  }

  // Errors
  if (op.errors.length) {
    out.push(heading(rc, 'api.errors', 'errors'));
    out.push(paragraph(md(rc, s['api.errors.caption'])));
    out.push(errorTable(rc, op));
  }
  return out;
}
