import { encodeSegment, getAt, toPointer } from '../../load/api/json-pointer.ts';

/**
 * What an API page shows about one operation, read from the OpenAPI document: plain data with
 * every translatable text paired with its translation key. The directive renders it; the
 * translation check and the tests read it too, so "what is shown" is defined once.
 */

export type OpenApiDocument = Record<string, unknown>;
type Obj = Record<string, unknown>;

/** A text from the document with its key in the translation file (see `translationKey`). */
export interface Text {
  text: string;
  key: string;
}

export type Constraint =
  | { kind: 'enum'; values: unknown[] }
  | { kind: 'const'; value: unknown }
  | { kind: 'pattern'; value: string }
  | { kind: 'format'; value: string }
  | { kind: 'length'; min?: number; max?: number }
  | { kind: 'range'; min?: number; max?: number }
  | { kind: 'items'; min?: number; max?: number }
  | { kind: 'properties'; min?: number; max?: number }
  | { kind: 'default'; value: unknown };

export interface FieldRow {
  /** Dotted path: `customer.email`, `services[].limits[].currency`; header and query parameters by their name. */
  name: string;
  location: 'header' | 'query' | 'body';
  /** `string`, `integer | null`, `array[string]` (Swagger UI's notation, the same in every locale). */
  type: string;
  required: boolean;
  constraints: Constraint[];
  description?: Text;
  /** Header and query parameters: the parameter's example value. */
  example?: unknown;
}

export interface ExampleModel {
  key: string;
  /** Shown only when the media type has several examples. */
  summary?: Text;
  value: unknown;
  pointer: string;
}

export interface ErrorRow {
  status: number;
  code: number;
  summary: Text;
  message: string;
  field?: string;
  pointer: string;
}

export interface OperationModel {
  id: string;
  /** `paths` or `webhooks`. */
  kind: 'path' | 'webhook';
  method: string;
  /** Path as the reader calls it, with the server's base path: `/v1/transaction/create`. Webhooks: their name. */
  path: string;
  pointer: string;
  page?: string;
  summary: Text;
  description?: Text;
  /** Signed with the X-Point-Id / X-Timestamp / X-Signature headers. */
  signed: boolean;
  params: FieldRow[];
  requestMediaType?: string;
  requestExamples: ExampleModel[];
  responseDescription?: Text;
  responseMediaType?: string;
  responseRows: FieldRow[];
  /** The response tables leave out fields of a large shared object; its full list is on this route. */
  responseFieldsElsewhere?: string;
  responseExamples: ExampleModel[];
  errors: ErrorRow[];
}

export interface OperationRef {
  id: string;
  kind: 'path' | 'webhook';
  /** `/transaction/create` or the webhook name. */
  key: string;
  method: string;
  pointer: string;
  page?: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation of `paths` and `webhooks`, in document order. */
export function listOperations(doc: OpenApiDocument): OperationRef[] {
  const out: OperationRef[] = [];
  for (const [section, kind] of [['paths', 'path'], ['webhooks', 'webhook']] as const) {
    const items = (doc[section] ?? {}) as Record<string, Obj>;
    for (const [key, item] of Object.entries(items)) {
      for (const method of METHODS) {
        const op = item?.[method] as Obj | undefined;
        if (!op) continue;
        out.push({ id: String(op.operationId ?? ''), kind, key, method, pointer: toPointer([section, key, method]), page: typeof op['x-page'] === 'string' ? op['x-page'] : undefined });
      }
    }
  }
  return out;
}

/**
 * The translation key of the text at `pointer`: inside an operation, its operationId followed by
 * the rest of the pointer (`transaction_create/summary`); elsewhere the pointer itself
 * (`/components/schemas/Customer/properties/email/description`). An operation's own parameters are
 * named by `in:name` instead of their position (`reports_download/parameters/query:report_id/description`),
 * so reordering them cannot attach a text to another parameter.
 */
export function translationKey(doc: OpenApiDocument, pointer: string): string {
  const m = /^\/(paths|webhooks)\/([^/]+)\/([a-z]+)(\/.*)?$/.exec(pointer);
  if (m) {
    const op = getAt(doc, `/${m[1]}/${m[2]}/${m[3]}`) as Obj | undefined;
    if (op?.operationId) return `${String(op.operationId)}${parameterByName(op, m[4] ?? '')}`;
  }
  return pointer;
}

/** `/parameters/3/description` -> `/parameters/query:status/description` for an inline parameter. */
function parameterByName(op: Obj, rest: string): string {
  const m = /^\/parameters\/(\d+)(\/.*)?$/.exec(rest);
  const p = m ? ((op.parameters as unknown[] | undefined)?.[Number(m[1])] as Obj | undefined) : undefined;
  if (!m || !p || typeof p.in !== 'string' || typeof p.name !== 'string') return rest;
  // OpenAPI: a parameter is unique by its location and name.
  return `/parameters/${encodeSegment(`${p.in}:${p.name}`)}${m[2] ?? ''}`;
}

/** Base path of the first server (`/v1`), prefixed to every path. */
function basePath(doc: OpenApiDocument): string {
  const url = ((doc.servers as Obj[] | undefined)?.[0]?.url as string | undefined) ?? '';
  try {
    return new URL(url).pathname.replace(/\/$/, '');
  } catch {
    return '';
  }
}

/** A schema node with its `$ref` followed; `pointer` is where the description came from. */
interface Resolved {
  schema: Obj;
  /** Where the schema's own keywords (`properties`, `items`, `oneOf`) live, after following `$ref`s. */
  pointer: string;
  /** Pointer of the effective description (the referencing node's, if it overrides the target's). */
  descriptionPointer?: string;
  /** Name of the component schema, when reached through a `$ref`. */
  component?: string;
}

function resolve(doc: OpenApiDocument, pointer: string, depth = 0): Resolved {
  const node = (getAt(doc, pointer) ?? {}) as Obj;
  const ref = typeof node.$ref === 'string' ? node.$ref : undefined;
  if (!ref || depth > 20) return { schema: node, pointer, descriptionPointer: typeof node.description === 'string' ? `${pointer}/description` : undefined };
  const target = resolve(doc, ref.replace(/^#/, ''), depth + 1);
  const { $ref: _ref, ...siblings } = node;
  return {
    schema: { ...target.schema, ...siblings },
    pointer: target.pointer,
    descriptionPointer: typeof node.description === 'string' ? `${pointer}/description` : target.descriptionPointer,
    component: target.component ?? /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1],
  };
}

/** `oneOf: [X, {type: null}]` reads as a nullable X. */
function nonNullBranch(doc: OpenApiDocument, pointer: string, schema: Obj): { pointer: string; nullable: boolean } | undefined {
  const list = (schema.oneOf ?? schema.anyOf) as Obj[] | undefined;
  if (!Array.isArray(list)) return undefined;
  const key = schema.oneOf ? 'oneOf' : 'anyOf';
  const branches = list.map((_, i) => `${pointer}/${key}/${i}`);
  const real = branches.filter((b) => resolve(doc, b).schema.type !== 'null');
  if (real.length !== 1) return undefined;
  return { pointer: real[0]!, nullable: real.length < branches.length };
}

function typeName(doc: OpenApiDocument, r: Resolved): string {
  const s = r.schema;
  const pointer = r.pointer;
  const branch = nonNullBranch(doc, pointer, s);
  if (branch) return `${typeName(doc, resolve(doc, branch.pointer))}${branch.nullable ? ' | null' : ''}`;
  if (s.const !== undefined && s.type === undefined) return typeof s.const;
  const types = Array.isArray(s.type) ? (s.type as string[]) : s.type ? [String(s.type)] : [];
  const names = types.map((t) => (t === 'array' && s.items ? `array[${typeName(doc, resolve(doc, `${pointer}/items`))}]` : t));
  return names.join(' | ') || 'any';
}

function constraintsOf(s: Obj): Constraint[] {
  const out: Constraint[] = [];
  if (Array.isArray(s.enum)) out.push({ kind: 'enum', values: s.enum as unknown[] });
  if (s.const !== undefined) out.push({ kind: 'const', value: s.const });
  if (typeof s.format === 'string') out.push({ kind: 'format', value: s.format });
  if (typeof s.pattern === 'string') out.push({ kind: 'pattern', value: s.pattern });
  if (s.minLength !== undefined || s.maxLength !== undefined) out.push({ kind: 'length', min: s.minLength as number | undefined, max: s.maxLength as number | undefined });
  if (s.minimum !== undefined || s.maximum !== undefined) out.push({ kind: 'range', min: s.minimum as number | undefined, max: s.maximum as number | undefined });
  if (s.minItems !== undefined || s.maxItems !== undefined) out.push({ kind: 'items', min: s.minItems as number | undefined, max: s.maxItems as number | undefined });
  if (s.minProperties !== undefined || s.maxProperties !== undefined) out.push({ kind: 'properties', min: s.minProperties as number | undefined, max: s.maxProperties as number | undefined });
  if (s.default !== undefined) out.push({ kind: 'default', value: s.default });
  return out;
}

function text(doc: OpenApiDocument, pointer: string | undefined): Text | undefined {
  if (!pointer) return undefined;
  const value = getAt(doc, pointer);
  return typeof value === 'string' ? { text: value.trim(), key: translationKey(doc, pointer) } : undefined;
}

interface FlattenOptions {
  location: FieldRow['location'];
  /** Example values of this schema: trimmed shared objects keep the fields these use. */
  examples: unknown[];
  /** Route of the current page: a shared object with `x-fields-page` equal to it is listed in full. */
  page?: string;
  allFields?: boolean;
  onTrimmed: (route: string) => void;
}

/** Rows for the properties of the object schema at `pointer`, nested objects and arrays of objects expanded. */
function flatten(doc: OpenApiDocument, pointer: string, prefix: string, options: FlattenOptions, depth = 0, trimmed = false): FieldRow[] {
  let r = resolve(doc, pointer);
  const branch = nonNullBranch(doc, r.pointer, r.schema);
  if (branch) r = resolve(doc, branch.pointer);
  pointer = r.pointer;
  const props = r.schema.properties as Obj | undefined;
  if (!props || depth > 4) return [];
  // A large shared object (the transaction) is listed in full on its own page and trimmed elsewhere.
  const fullPage = typeof r.schema['x-fields-page'] === 'string' ? (r.schema['x-fields-page'] as string) : undefined;
  const trim = !options.allFields && (trimmed || (fullPage !== undefined && fullPage !== options.page));
  if (fullPage && trim && !trimmed) options.onTrimmed(fullPage);
  const required = new Set((r.schema.required as string[] | undefined) ?? []);
  const rows: FieldRow[] = [];
  for (const name of Object.keys(props)) {
    const propPointer = `${pointer}/properties/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const values = options.examples.map((e) => (e && typeof e === 'object' ? (e as Obj)[name] : undefined)).filter((v) => v !== undefined);
    if (trim && !required.has(name) && values.length === 0) continue;
    const p = resolve(doc, propPointer);
    rows.push({
      name: prefix + name,
      location: options.location,
      type: typeName(doc, p),
      required: required.has(name),
      constraints: constraintsOf(p.schema),
      description: text(doc, p.descriptionPointer),
    });
    const childValues = values.filter((v) => v !== null);
    if (trim && childValues.length === 0) continue;
    const sub = { ...options, examples: childValues };
    const items = p.schema.type === 'array' || (Array.isArray(p.schema.type) && (p.schema.type as string[]).includes('array'));
    if (items && p.schema.items) {
      rows.push(...flatten(doc, `${p.pointer}/items`, `${prefix}${name}[].`, { ...sub, examples: childValues.flatMap((v) => (Array.isArray(v) ? v : [])) }, depth + 1, trim));
    } else {
      rows.push(...flatten(doc, p.pointer, `${prefix}${name}.`, sub, depth + 1, trim));
    }
  }
  return rows;
}

function examplesOf(doc: OpenApiDocument, mediaPointer: string): ExampleModel[] {
  const media = (getAt(doc, mediaPointer) ?? {}) as Obj;
  const examples = (media.examples ?? {}) as Record<string, Obj>;
  const keys = Object.keys(examples);
  const out: ExampleModel[] = keys.map((key) => {
    const p = `${mediaPointer}/examples/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    return { key, summary: keys.length > 1 ? text(doc, `${p}/summary`) : undefined, value: examples[key]!.value, pointer: `${p}/value` };
  });
  if (out.length === 0 && media.example !== undefined) out.push({ key: 'example', value: media.example, pointer: `${mediaPointer}/example` });
  return out;
}

/** Follows a response `$ref` to `#/components/responses/...`; returns the pointer of the real response. */
function responsePointer(doc: OpenApiDocument, pointer: string): string {
  const node = getAt(doc, pointer) as Obj | undefined;
  return typeof node?.$ref === 'string' ? responsePointer(doc, node.$ref.replace(/^#/, '')) : pointer;
}

function firstMediaType(content: unknown): string | undefined {
  return content && typeof content === 'object' ? Object.keys(content)[0] : undefined;
}

const mediaKey = (m: string) => m.replace(/~/g, '~0').replace(/\//g, '~1');

/** Everything a page shows about the operation `id`, or undefined when there is no such operationId. */
export function describeOperation(doc: OpenApiDocument, id: string, options: { page?: string; allFields?: boolean } = {}): OperationModel | undefined {
  const ref = listOperations(doc).find((o) => o.id === id);
  if (!ref) return undefined;
  const op = getAt(doc, ref.pointer) as Obj;
  const page = options.page ?? ref.page;
  let elsewhere: string | undefined;
  const onTrimmed = (route: string) => (elsewhere = route);

  const params: FieldRow[] = ((op.parameters as unknown[] | undefined) ?? []).flatMap((_, i) => {
    const pPointer = responsePointer(doc, `${ref.pointer}/parameters/${i}`);
    const p = getAt(doc, pPointer) as Obj;
    const s = resolve(doc, `${pPointer}/schema`);
    const location = p.in === 'header' ? 'header' : p.in === 'query' ? 'query' : undefined;
    if (!location) return [];
    return [{ name: String(p.name), location, type: typeName(doc, s), required: p.required === true, constraints: constraintsOf(s.schema), description: text(doc, typeof p.description === 'string' ? `${pPointer}/description` : s.descriptionPointer), example: p.example ?? s.schema.example }];
  });
  const body = op.requestBody as Obj | undefined;
  const requestMediaType = firstMediaType(body?.content);
  const requestMediaPointer = requestMediaType ? `${ref.pointer}/requestBody/content/${mediaKey(requestMediaType)}` : undefined;
  const requestExamples = requestMediaPointer ? examplesOf(doc, requestMediaPointer) : [];
  if (requestMediaPointer) {
    params.push(...flatten(doc, `${requestMediaPointer}/schema`, '', { location: 'body', examples: requestExamples.map((e) => e.value), page, allFields: options.allFields, onTrimmed }));
  }

  const responses = (op.responses ?? {}) as Obj;
  const okStatus = Object.keys(responses).find((s) => /^2/.test(s));
  let responseDescription: Text | undefined;
  let responseMediaType: string | undefined;
  let responseRows: FieldRow[] = [];
  let responseExamples: ExampleModel[] = [];
  if (okStatus) {
    const rPointer = responsePointer(doc, `${ref.pointer}/responses/${okStatus}`);
    const response = getAt(doc, rPointer) as Obj;
    responseDescription = text(doc, `${rPointer}/description`);
    responseMediaType = firstMediaType(response.content);
    if (responseMediaType) {
      const mPointer = `${rPointer}/content/${mediaKey(responseMediaType)}`;
      responseExamples = examplesOf(doc, mPointer);
      responseRows = flatten(doc, `${mPointer}/schema`, '', { location: 'body', examples: responseExamples.map((e) => e.value), page, allFields: options.allFields, onTrimmed });
    }
  }

  const errors: ErrorRow[] = [];
  for (const status of Object.keys(responses).filter((s) => /^[45]/.test(s))) {
    const rPointer = responsePointer(doc, `${ref.pointer}/responses/${status}`);
    const media = firstMediaType((getAt(doc, rPointer) as Obj).content);
    if (!media) continue;
    const mPointer = `${rPointer}/content/${mediaKey(media)}`;
    for (const ex of examplesOf(doc, mPointer)) {
      const err = (ex.value as { error?: { code?: number; message?: string; field?: string } } | undefined)?.error;
      if (!err || typeof err.code !== 'number') continue;
      const exPointer = ex.pointer.replace(/\/value$/, '');
      errors.push({ status: Number(status), code: err.code, message: err.message ?? '', field: err.field, pointer: ex.pointer, summary: text(doc, `${exPointer}/summary`) ?? { text: err.message ?? '', key: translationKey(doc, `${exPointer}/summary`) } });
    }
  }
  errors.sort((a, b) => a.code - b.code);

  const security = (op.security ?? doc.security) as unknown[] | undefined;
  return {
    id,
    kind: ref.kind,
    method: ref.method.toUpperCase(),
    path: ref.kind === 'path' ? basePath(doc) + ref.key : ref.key,
    pointer: ref.pointer,
    page,
    summary: text(doc, `${ref.pointer}/summary`) ?? { text: id, key: `${id}/summary` },
    description: text(doc, `${ref.pointer}/description`),
    signed: Array.isArray(security) && security.length > 0,
    params,
    requestMediaType,
    requestExamples,
    responseDescription,
    responseMediaType,
    responseRows,
    responseFieldsElsewhere: elsewhere,
    responseExamples,
    errors,
  };
}

/** Every text the pages show for any operation, by translation key (what the Russian file must cover). */
export function shownTexts(doc: OpenApiDocument): Map<string, string> {
  const out = new Map<string, string>();
  const add = (t: Text | undefined) => t && out.set(t.key, t.text);
  for (const ref of listOperations(doc)) {
    // Large shared objects are trimmed on most pages and listed in full on one: collect every field.
    const m = describeOperation(doc, ref.id, { allFields: true })!;
    add(m.summary);
    add(m.description);
    add(m.responseDescription);
    for (const r of [...m.params, ...m.responseRows]) add(r.description);
    for (const e of [...m.requestExamples, ...m.responseExamples]) add(e.summary);
    for (const e of m.errors) add(e.summary);
  }
  return out;
}
