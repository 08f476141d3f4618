import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsModule, { type FormatsPlugin } from 'ajv-formats';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { API_FILE, checkExamples, ERROR_CODES_FILE, examplesWithSchemas, loadApi } from '../../cli/pipeline/load/api/load-api.ts';
import { getAt } from '../../cli/pipeline/load/api/json-pointer.ts';
import { describeOperation, shownTexts, type OpenApiDocument } from '../../cli/pipeline/compile/api/operation-model.ts';
import { loadData } from '../../cli/pipeline/load/load-data.ts';
import { DiagnosticList, formatDiagnostic, sortDiagnostics } from '../../cli/diagnostics.ts';
import { fixture } from '../helpers/fixture.ts';

const addFormats = ((formatsModule as unknown as { default?: FormatsPlugin }).default ?? formatsModule) as FormatsPlugin;
/** A site with a compact OpenAPI document, its Russian texts, the pages it names and its error codes. */
const FIXTURE = fixture('api-data');
const doc = YAML.parse(readFileSync(path.join(FIXTURE, API_FILE), 'utf8')) as OpenApiDocument;
const fixtureRu = YAML.parse(readFileSync(path.join(FIXTURE, 'content/api/openapi.ru.yaml'), 'utf8')) as { texts: Record<string, string> };

/** A project folder holding the given files, and the pages the `x-page`s of MINI point at. */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'paydocs-api-'));
  const pages = { 'content/docs/api/thing_get.md': '---\ntitle: Get\n---\n', 'content/docs/api/thing_put/index.md': '---\ntitle: Put\n---\n' };
  for (const [file, text] of Object.entries({ ...pages, ...files })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

async function load(root: string, locales = ['en']) {
  const diagnostics = new DiagnosticList();
  const api = await loadApi({ root, locales, defaultLocale: 'en', diagnostics });
  return { api, messages: diagnostics.items.map(formatDiagnostic) };
}

const MINI = `openapi: 3.1.0
info: { title: Mini, version: '1' }
servers: [{ url: 'https://sandbox.example.com/v1' }]
paths:
  /thing/get:
    post:
      operationId: thing_get
      x-page: /api/thing_get
      summary: Get a thing
      requestBody:
        content:
          application/json:
            schema: { type: object, required: [id], properties: { id: { type: string, pattern: '^t_[0-9]+$', description: Thing id. } } }
            examples:
              one: { summary: One, value: { id: t_1 } }
      responses:
        '200':
          description: The thing.
`;

describe('cli/pipeline/load/api/load-api', () => {
  it('loads a spec and its Russian texts without a single diagnostic', async () => {
    const { api, messages } = await load(FIXTURE, ['en', 'ru']);
    expect(messages).toEqual([]);
    expect(api && !('failed' in api) && Object.keys(api.texts.ru!).length).toBe(shownTexts(doc).size);
  });

  it('reports an invalid document with the file, line and JSON pointer', async () => {
    const broken = MINI.replace("        '200':\n          description: The thing.", "        '200':\n          descriptio: The thing.");
    const { api, messages } = await load(project({ [API_FILE]: broken }));
    // Not undefined (no such file): the pages that render it then stay silent, its own errors are enough.
    expect(api).toEqual({ file: API_FILE, failed: true });
    expect(messages).toMatchInlineSnapshot(`
      [
        "content/api/openapi.yaml:17:9: missing required property \`description\` (at \`/paths/~1thing~1get/post/responses/200\`)",
        "content/api/openapi.yaml:17:9: unexpected property \`descriptio\` (at \`/paths/~1thing~1get/post/responses/200\`)",
      ]
    `);
  });

  it('reports a $ref to nowhere and a duplicate operationId at their lines', async () => {
    const text = MINI.replace("schema: { type: object, required: [id], properties: { id: { type: string, pattern: '^t_[0-9]+$', description: Thing id. } } }", "schema: { $ref: '#/components/schemas/Nope' }") +
      `  /thing/put:\n    post:\n      operationId: thing_get\n      x-page: /api/thing_put\n      responses: { '200': { description: OK } }\n`;
    const { messages } = await load(project({ [API_FILE]: text }));
    expect(messages.join('\n')).toContain("content/api/openapi.yaml:13:23: `$ref` points at `#/components/schemas/Nope`, which does not exist (at `/paths/~1thing~1get/post/requestBody/content/application~1json/schema/$ref`)");
    const dup = await load(project({ [API_FILE]: MINI + `  /thing/put:\n    post:\n      operationId: thing_get\n      x-page: /api/thing_put\n      responses: { '200': { description: OK } }\n` }));
    expect(dup.messages).toEqual(['content/api/openapi.yaml:21:7: operationId `thing_get` is used twice; operationIds must be unique (at `/paths/~1thing~1put/post/operationId`)']);
  });

  it('is undefined without the file, a failure (not undefined) when the file has a YAML error', async () => {
    expect((await load(project({}))).api).toBeUndefined();
    const { api, messages } = await load(project({ [API_FILE]: MINI.replace('x-page: /api/thing_get', 'x-page: [/api/thing_get') }));
    expect(api).toEqual({ file: API_FILE, failed: true });
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((m) => m.startsWith(`${API_FILE}:`))).toBe(true);
  });

  it('reports an `x-page` that is no page at its line, with the nearest route', async () => {
    const { api, messages } = await load(project({ [API_FILE]: MINI.replace('x-page: /api/thing_get', 'x-page: /api/thing_gets') }));
    expect(api && 'doc' in api).toBe(true);
    expect(messages).toMatchInlineSnapshot(`
      [
        "content/api/openapi.yaml:8:7: \`x-page: /api/thing_gets\` is not a page: there is no content/docs/api/thing_gets.md (at \`/paths/~1thing~1get/post/x-page\`)
        hint: did you mean \`/api/thing_get\`?",
      ]
    `);
    const nowhere = await load(project({ [API_FILE]: MINI.replace('x-page: /api/thing_get', 'x-page: /nowhere/at/all') }));
    expect(nowhere.messages).toMatchInlineSnapshot(`
      [
        "content/api/openapi.yaml:8:7: \`x-page: /nowhere/at/all\` is not a page: there is no content/docs/nowhere/at/all.md (at \`/paths/~1thing~1get/post/x-page\`)
        hint: set it to the route of the page that has \`::api-operation{id="thing_get"}\`",
      ]
    `);
    // `api/thing_put/index.md` is the page `/api/thing_put`.
    const put = await load(project({ [API_FILE]: MINI.replace('x-page: /api/thing_get', 'x-page: /api/thing_put') }));
    expect(put.messages).toEqual([]);
  });

  it('reports an example that does not match its schema, at the example value', async () => {
    const { messages } = await load(project({ [API_FILE]: MINI.replace('value: { id: t_1 }', 'value: { id: x_1 }') }));
    expect(messages).toMatchInlineSnapshot(`
      [
        "content/api/openapi.yaml:15:45: example does not match its schema: /id must match pattern "^t_[0-9]+$" (at \`/paths/~1thing~1get/post/requestBody/content/application~1json/examples/one/value/id\`)",
      ]
    `);
  });

  it('reports missing and orphan translation keys, with the English text', async () => {
    const ru = "texts:\n  'thing_get/summary': 'Получение вещи'\n  'thing_get/description': 'Нет такого текста'\n";
    const { messages } = await load(project({ [API_FILE]: MINI, 'content/api/openapi.ru.yaml': ru }), ['en', 'ru']);
    expect(messages).toMatchInlineSnapshot(`
      [
        "content/api/openapi.ru.yaml:3:3: orphan key \`thing_get/description\`: content/api/openapi.yaml has no shown text there
        hint: remove it, or fix the key after a rename in the spec",
        "content/api/openapi.ru.yaml:1: missing ru text for \`thing_get/responses/200/description\` (English: "The thing.")",
        "content/api/openapi.ru.yaml:1: missing ru text for \`thing_get/requestBody/content/application~1json/schema/properties/id/description\` (English: "Thing id.")",
      ]
    `);
  });

  describe('Russian texts of parameters are keyed by `in:name`, not by position', () => {
    const withParams = (order: 'as written' | 'reversed') => {
      const params = ['        - { name: X-Trace-Id, in: header, description: Trace id., schema: { type: string } }', '        - { name: id, in: query, description: Thing id in the query., schema: { type: string } }'];
      if (order === 'reversed') params.reverse();
      return MINI.replace('      summary: Get a thing\n', `      summary: Get a thing\n      parameters:\n${params.join('\n')}\n`);
    };
    const ru = [
      'texts:',
      "  'thing_get/summary': 'Получение вещи'",
      "  'thing_get/responses/200/description': 'Вещь.'",
      "  'thing_get/requestBody/content/application~1json/schema/properties/id/description': 'Идентификатор вещи.'",
      "  'thing_get/parameters/header:X-Trace-Id/description': 'Идентификатор трассировки.'",
      "  'thing_get/parameters/query:id/description': 'Идентификатор вещи в строке запроса.'",
      '',
    ].join('\n');

    it('names each parameter by its location and name', () => {
      const keys = [...shownTexts(YAML.parse(withParams('as written')) as OpenApiDocument).keys()];
      expect(keys).toEqual(expect.arrayContaining(['thing_get/parameters/header:X-Trace-Id/description', 'thing_get/parameters/query:id/description']));
      expect(keys.some((k) => /parameters\/\d/.test(k))).toBe(false);
    });

    it('keeps every text on its parameter when the parameters are reordered', async () => {
      for (const order of ['as written', 'reversed'] as const) {
        const spec = withParams(order);
        const { api, messages } = await load(project({ [API_FILE]: spec, 'content/api/openapi.ru.yaml': ru }), ['en', 'ru']);
        expect(messages, order).toEqual([]);
        if (!api || 'failed' in api) throw new Error('expected the API model');
        const params = describeOperation(api.doc, 'thing_get')!.params.filter((p) => p.location !== 'body');
        const shown = Object.fromEntries(params.map((p) => [p.name, { en: p.description!.text, ru: api.texts.ru![p.description!.key] }]));
        expect(shown, order).toEqual({
          'X-Trace-Id': { en: 'Trace id.', ru: 'Идентификатор трассировки.' },
          id: { en: 'Thing id in the query.', ru: 'Идентификатор вещи в строке запроса.' },
        });
      }
    });

    it('reports a positional key as an orphan with a hint, and the text as missing', async () => {
      const positional = ru.replace("'thing_get/parameters/header:X-Trace-Id/description'", "'thing_get/parameters/0/description'");
      const { messages } = await load(project({ [API_FILE]: withParams('as written'), 'content/api/openapi.ru.yaml': positional }), ['en', 'ru']);
      expect(messages).toEqual([
        "content/api/openapi.ru.yaml:5:3: orphan key `thing_get/parameters/0/description`: content/api/openapi.yaml has no shown text there\n  hint: an operation's parameters are keyed by `in:name`, not position: `<operationId>/parameters/query:report_id/description`",
        'content/api/openapi.ru.yaml:1: missing ru text for `thing_get/parameters/header:X-Trace-Id/description` (English: "Trace id.")',
      ]);
    });

    it('a GET callback keeps its Russian texts when its query parameters are reversed', () => {
      const reversed = structuredClone(doc) as Record<string, any>;
      const op = reversed.webhooks['transaction.status_changed.get'].get;
      op.parameters.reverse();
      expect(new Map([...shownTexts(reversed)].sort())).toEqual(new Map([...shownTexts(doc)].sort()));
      const byName = (d: OpenApiDocument) => Object.fromEntries(describeOperation(d, 'callback_status_changed_get')!.params.map((p) => [p.name, fixtureRu.texts[p.description!.key]]));
      expect(byName(reversed)).toEqual(byName(doc));
      expect(byName(doc).signature).toContain('HMAC-SHA256');
      expect(byName(doc).event).toContain('transaction.status_changed');
    });
  });

  describe('error codes against content/data/api_error_codes.yaml: one mistake, one error', () => {
    // Two operations share one error response, as the calls of an API share `AuthError`.
    const spec = `openapi: 3.1.0
info: { title: Mini, version: '1' }
paths:
  /thing/get:
    post:
      operationId: thing_get
      x-page: /api/thing_get
      responses:
        '200': { description: The thing. }
        '401': { $ref: '#/components/responses/AuthError' }
  /thing/put:
    post:
      operationId: thing_put
      x-page: /api/thing_put
      responses:
        '200': { description: Done. }
        '401': { $ref: '#/components/responses/AuthError' }
components:
  responses:
    AuthError:
      description: Not authenticated.
      content:
        application/json:
          examples:
            '1001': { summary: Bad signature., value: { error: { code: 1001, message: Invalid signature } } }
`;
    const codes = '- code: 1001\n  http: 401\n  message: { en: invalid signature, ru: неверная подпись }\n  description: { en: Sign again., ru: Подпишите заново. }\n';
    /** What a build reports: the data files, then the API document, into one list. */
    const check = async (errorCodes: string) => {
      const root = project({ [API_FILE]: spec, [ERROR_CODES_FILE]: errorCodes });
      const diagnostics = new DiagnosticList();
      loadData({ root, diagnostics });
      await loadApi({ root, locales: ['en'], defaultLocale: 'en', diagnostics });
      return sortDiagnostics(diagnostics.items).map(formatDiagnostic);
    };

    it('a valid reference: nothing to say', async () => {
      expect(await check(codes)).toEqual([]);
    });

    it('a wrong, missing or unparsable field is the data file\'s error alone, not one per example of its code', async () => {
      expect(await check(codes.replace('http: 401', 'http: four-oh-one'))).toMatchInlineSnapshot(`
        [
          "content/data/api_error_codes.yaml:2: [0].http: expected number, received string
          hint: each entry: \`code\` (1000-5999), \`http\`, \`message: {en, ru}\`, \`description: {en, ru}\`, optional \`anchor\`",
        ]
      `);
      expect(await check(codes.replace('  http: 401\n', ''))).toEqual([expect.stringMatching(/^content\/data\/api_error_codes\.yaml:1: \[0\]: `http` is required\n/)]);
      // Without a usable `code` the row could be any code's: no code is reported as missing from the file.
      expect(await check(codes.replace('code: 1001', "code: '1001'"))).toEqual([expect.stringMatching(/^content\/data\/api_error_codes\.yaml:1: \[0\]\.code: expected number, received string\n/)]);
      expect(await check(codes.replace('http: 401', 'http: [401'))).toEqual([expect.stringMatching(/^content\/data\/api_error_codes\.yaml:\d+:\d+: invalid YAML: /)]);
    });

    it('a real mismatch in a shared response is reported once, at the example', async () => {
      expect(await check(codes.replace('http: 401', 'http: 403'))).toMatchInlineSnapshot(`
        [
          "content/api/openapi.yaml:25:48: error code \`1001\` is documented with HTTP 403, but returned here under \`401\` (at \`/components/responses/AuthError/content/application~1json/examples/1001/value\`)
          hint: every code must be a row of content/data/api_error_codes.yaml, with the same HTTP status",
        ]
      `);
    });
  });

  it('catches a comma that cut an unquoted value in a { } mapping', async () => {
    const text = MINI.replace("description: Thing id. }", "description: Thing id, as issued. }");
    const { messages } = await load(project({ [API_FILE]: text }));
    expect(messages[0]).toContain('key `as issued.` has no value');
  });
});

describe('cli/pipeline/load/api/load-api: checkExamples (Ajv, refs not inlined, code not optimized)', () => {
  it('finds no problem where Ajv finds none, in a document whose examples are all valid', () => {
    const pairs = examplesWithSchemas(doc);
    // Request, response, error and parameter examples; through `$ref`s and inline schemas.
    expect(pairs.length).toBeGreaterThan(15);
    expect(pairs.some((p) => p.examplePointer.includes('/parameters/'))).toBe(true);
    expect(checkExamples(doc)).toEqual([]);
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    ajv.addSchema({ ...doc, $id: 'spec' });
    for (const { schemaPointer, examplePointer } of pairs) {
      const validate = ajv.compile({ $ref: `spec#${schemaPointer}` });
      expect(validate(getAt(doc, examplePointer)), `${examplePointer}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it('finds in broken examples the errors Ajv finds with its default options (refs inlined, code optimized)', () => {
    // Every example of the document broken: a value of the wrong type and a property too many.
    const bad = structuredClone(doc);
    examplesWithSchemas(bad).forEach(({ examplePointer }, n) => {
      const value = getAt(bad, examplePointer);
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        const record = value as Record<string, unknown>;
        const first = Object.keys(record)[0];
        if (first) record[first] = n % 2 ? 12345 : null;
        record[`unexpected_${n}`] = true;
      }
    });
    const problems = checkExamples(bad);
    expect(problems.length).toBeGreaterThan(25);
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    ajv.addSchema({ ...bad, $id: 'spec' });
    const expected = examplesWithSchemas(bad).flatMap(({ schemaPointer, examplePointer }) => {
      const validate = ajv.compile({ $ref: `spec#${schemaPointer}` });
      return validate(getAt(bad, examplePointer)) ? [] : (validate.errors ?? []).map((e) => examplePointer + e.instancePath);
    });
    expect(problems.map((p) => p.pointer)).toEqual(expected);
  });

});
