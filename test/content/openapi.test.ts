/**
 * The portal's OpenAPI document and its Russian texts: they load without a diagnostic, and they say what
 * the portal promises of every call (examples that validate, the rate limit, error codes of the reference).
 * The loader itself is tested on test/fixtures/api-data (test/unit/load-api.test.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule, { type FormatsPlugin } from 'ajv-formats';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { API_FILE, checkExamples, examplesWithSchemas, loadApi } from '../../cli/pipeline/load/api/load-api.ts';
import { getAt } from '../../cli/pipeline/load/api/json-pointer.ts';
import { describeOperation, listOperations, shownTexts, type OpenApiDocument } from '../../cli/pipeline/compile/api/operation-model.ts';
import { DiagnosticList, formatDiagnostic } from '../../cli/diagnostics.ts';
import { PROJECT_ROOT } from '../helpers/site.ts';

const addFormats = ((formatsModule as unknown as { default?: FormatsPlugin }).default ?? formatsModule) as FormatsPlugin;
const doc = YAML.parse(readFileSync(path.join(PROJECT_ROOT, API_FILE), 'utf8')) as OpenApiDocument;

describe('content/api/openapi.yaml', () => {
  const operations = listOperations(doc);

  it('loads with its Russian texts without a single diagnostic', async () => {
    const diagnostics = new DiagnosticList();
    const api = await loadApi({ root: PROJECT_ROOT, locales: ['en', 'ru'], defaultLocale: 'en', diagnostics });
    expect(diagnostics.items.map(formatDiagnostic)).toEqual([]);
    expect(api && !('failed' in api) && Object.keys(api.texts.ru!).length).toBe(shownTexts(doc).size);
  });

  it('has every operation behind the /api/** and /invoicing/api_invoicing/** pages, each on its page', () => {
    const routes = readFileSync(path.join(PROJECT_ROOT, 'test/fixtures/routes.txt'), 'utf8')
      .split('\n')
      .filter((r) => /^\/api\/.+/.test(r) && r !== '/api/api_methods' || r.startsWith('/invoicing/api_invoicing/'));
    expect(operations.filter((o) => o.kind === 'path').map((o) => o.page).sort()).toEqual(routes.sort());
    for (const o of operations) {
      const file = path.join(PROJECT_ROOT, 'content/docs', `${o.page}.md`);
      expect(readFileSync(file, 'utf8'), file).toContain(`::api-operation{id="${o.id}"}`);
      expect(readFileSync(file.replace('content/docs', 'content/i18n/ru'), 'utf8')).toContain(`::api-operation{id="${o.id}"}`);
    }
  });

  it('every example validates against its schema (JSON Schema 2020-12, with formats)', () => {
    const pairs = examplesWithSchemas(doc);
    expect(pairs.length).toBeGreaterThan(60);
    expect(checkExamples(doc)).toEqual([]);
    // The same check, independently: a fresh Ajv per example, the document as the schema root.
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    ajv.addSchema({ ...doc, $id: 'spec' });
    for (const { schemaPointer, examplePointer } of pairs) {
      const validate = ajv.compile({ $ref: `spec#${schemaPointer}` });
      expect(validate(getAt(doc, examplePointer)), `${examplePointer}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('every required parameter appears in the examples', () => {
    for (const o of operations) {
      const op = describeOperation(doc, o.id, { allFields: true })!;
      for (const p of op.params.filter((x) => x.required && x.location !== 'body')) expect(p.example, `${o.id}: ${p.name}`).toBeDefined();
      const body = op.params.filter((x) => x.location === 'body');
      if (!body.length) continue;
      expect(op.requestExamples.length, o.id).toBeGreaterThan(0);
      for (const e of op.requestExamples) {
        for (const row of body.filter((x) => x.required)) {
          // `a.b` is required when `a` is present (or `a` is itself required).
          const parts = row.name.split('.');
          const parent = parts.slice(0, -1).reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), e.value);
          if (parts.length > 1 && (parent === undefined || parent === null)) continue;
          expect(parent === undefined ? (e.value as Record<string, unknown>)[row.name] : (parent as Record<string, unknown>)[parts.at(-1)!], `${o.id} example ${e.key}: ${row.name}`).toBeDefined();
        }
      }
    }
  });

  it('every error code it uses is in the error-code reference, with the same HTTP status', () => {
    const rows = YAML.parse(readFileSync(path.join(PROJECT_ROOT, 'content/data/api_error_codes.yaml'), 'utf8')) as Array<{ code: number; http: number }>;
    const reference = new Map(rows.map((r) => [r.code, r.http]));
    const used = new Set<number>();
    for (const o of operations) {
      for (const e of describeOperation(doc, o.id)!.errors) {
        used.add(e.code);
        expect(reference.get(e.code), `${o.id}: ${e.code}`).toBe(e.status);
      }
    }
    // Codes inside 200 answers (transaction/validate lists problems in `errors`).
    const walk = (v: unknown): void => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        if (typeof o.code === 'number' && typeof o.message === 'string') {
          used.add(o.code);
          expect(reference.has(o.code), String(o.code)).toBe(true);
        }
        Object.values(o).forEach(walk);
      }
    };
    walk(doc.paths);
    expect([...used].sort()).toEqual(expect.arrayContaining([1001, 1002, 1003, 1004, 2001, 2002, 2003, 2004, 3001, 3002, 3003, 4001, 4002, 5000]));
  });

  it('every API call can be rate limited: HTTP 429, error 1004 and a Retry-After header, from one shared response', () => {
    const shared = getAt(doc, '/components/responses/RateLimited') as { headers: Record<string, { required?: boolean; schema: { type: string } }> };
    expect(shared.headers['Retry-After']).toMatchObject({ required: true, schema: { type: 'integer' } });
    for (const o of operations.filter((x) => x.kind === 'path')) {
      expect(getAt(doc, `${o.pointer}/responses/429`), o.id).toEqual({ $ref: '#/components/responses/RateLimited' });
      const errors = describeOperation(doc, o.id)!.errors;
      expect(errors.filter((e) => e.code === 1004).map((e) => e.status), o.id).toEqual([429]);
      expect(errors.find((e) => e.code === 1004)!.summary.key).toBe('/components/responses/RateLimited/content/application~1json/examples/1004/summary');
    }
    // Callbacks are requests from Corvopay to the merchant: no rate limit there.
    for (const o of operations.filter((x) => x.kind === 'webhook')) expect(describeOperation(doc, o.id)!.errors.map((e) => e.code), o.id).not.toContain(1004);
  });

  it('the Russian translation file covers exactly the shown texts', () => {
    const ru = YAML.parse(readFileSync(path.join(PROJECT_ROOT, 'content/api/openapi.ru.yaml'), 'utf8')) as { texts: Record<string, string> };
    expect(Object.keys(ru.texts).sort()).toEqual([...shownTexts(doc).keys()].sort());
    // Code spans survive translation: the same identifiers in both languages.
    const codes = (s: string) => (s.match(/`[^`]+`/g) ?? []).sort();
    for (const [key, en] of shownTexts(doc)) expect(codes(ru.texts[key]!), key).toEqual(codes(en));
  });
});
