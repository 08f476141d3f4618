/**
 * cli/pipeline/load/site-data: the reference data and the OpenAPI document, kept in `.paydocs/cache/data.bin`
 * between runs. What comes from the cache must be what loading the files again gives, problems
 * included, and any change to what they are loaded from must load them again.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { shownTexts, type OpenApiDocument } from '../../cli/pipeline/compile/api/operation-model.ts';
import { stableText } from '../../cli/cache/compile-cache.ts';
import { DATA_CACHE_FILE, loadSiteData, type LoadSiteDataInput } from '../../cli/pipeline/load/site-data.ts';
import { startDevServer } from '../../cli/dev/dev-server.ts';
import { formatDiagnostic } from '../../cli/diagnostics.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { buildInto, fileHashes } from '../helpers/site.ts';

/** A site with an API document and its Russian texts, reference data of every kind and the pages the API names. */
const apiData = () => copyFixture('api-data');

const files = fileHashes;

const edit = (root: string, file: string, change: (text: string) => string) => writeFileSync(path.join(root, file), change(readFileSync(path.join(root, file), 'utf8')));
const input = (root: string, extra: Partial<LoadSiteDataInput> = {}): LoadSiteDataInput => ({ root, locales: ['en', 'ru'], defaultLocale: 'en', cache: { code: 'test-code' }, ...extra });
/** What a load gave, as text: equal loads are equal texts. */
const view = (d: Awaited<ReturnType<typeof loadSiteData>>) => ({ data: stableText([d.reference, d.api]), problems: [...d.problems.data, ...d.problems.api].map(formatDiagnostic) });

describe('cli/pipeline/load/site-data', () => {
  it('a second load comes from the cache, with the data and the problems that loading the files again gives', async () => {
    const root = apiData();
    // A problem in each loader's files: a market's unknown currency, a Russian text for no key.
    edit(root, 'content/data/markets.yaml', (t) => t.replace(/currencies: \[([A-Z]{3})/, 'currencies: [XXQ'));
    edit(root, 'content/api/openapi.ru.yaml', (t) => t.replace(/^texts:\n/m, 'texts:\n  no_such_operation: Нет такой операции\n'));
    const first = await loadSiteData(input(root));
    expect(first.cached).toBe(false);
    expect(view(first).problems).toEqual([expect.stringContaining('XXQ'), expect.stringContaining('no_such_operation')]);
    expect(first.problems.data).toHaveLength(1);
    expect(first.problems.api).toHaveLength(1);
    const second = await loadSiteData(input(root));
    expect(second.cached).toBe(true);
    expect(second.reference.tables.size).toBeGreaterThan(5);
    expect(second.api && 'doc' in second.api).toBe(true);
    const fresh = await loadSiteData(input(root, { cache: undefined }));
    expect(fresh.cached).toBe(false);
    expect(view(second)).toEqual(view(fresh));
    expect(view(first)).toEqual(view(fresh));
  });

  it('loads the files again when anything they are loaded from changed, and keeps the new result', async () => {
    const root = apiData();
    await loadSiteData(input(root));
    const changes: Array<[string, () => void, Partial<LoadSiteDataInput>?]> = [
      ['a Russian text of the API', () => edit(root, 'content/api/openapi.ru.yaml', (t) => t.replace("'Создание транзакции'", "'Создание платежа'"))],
      ['an operation of the API', () => edit(root, 'content/api/openapi.yaml', (t) => t.replace('summary: Create a transaction', 'summary: Start a transaction'))],
      ['a test card', () => edit(root, 'content/data/test_cards.yaml', (t) => t.replace('brand: Visa', 'brand: Mastercard'))],
      ['a new file of data', () => writeFileSync(path.join(root, 'content/data/notes.yaml'), 'a: 1\n')],
      ['a page an x-page may name, added', () => writeFileSync(path.join(root, 'content/docs/api/new_page.md'), '---\ntitle: New\n---\n')],
      ['a page an x-page names, moved', () => renameSync(path.join(root, 'content/docs/api/transaction_create.md'), path.join(root, 'content/docs/api/transaction_create_old.md'))],
      ['the locales', () => undefined, { locales: ['en'] }],
      ['the default locale', () => undefined, { defaultLocale: 'ru' }],
      ["paydocs' code", () => undefined, { cache: { code: 'other-code' } }],
    ];
    for (const [what, change, extra] of changes) {
      change();
      const again = await loadSiteData(input(root, extra));
      expect(again.cached, what).toBe(false);
      expect(view(again), what).toEqual(view(await loadSiteData(input(root, { ...extra, cache: undefined }))));
      expect((await loadSiteData(input(root, extra))).cached, what).toBe(true);
    }
    // What a page says is not what the data is loaded from: only the pages' names are.
    edit(root, 'content/docs/intro.md', (t) => `${t}\nA sentence added.\n`);
    expect((await loadSiteData(input(root, { cache: { code: 'other-code' } }))).cached).toBe(true);
  });

  it('a cache that is not one, or cannot be written, is no cache: the data loads', async () => {
    const root = apiData();
    const file = path.join(root, DATA_CACHE_FILE);
    const expected = view(await loadSiteData(input(root, { cache: undefined })));
    const broken: Array<[string, (bytes: Buffer) => Buffer | undefined]> = [
      ['one byte flipped', (b) => (b[b.length - 100]! ^= 1, b)],
      ['cut short', (b) => b.subarray(0, b.length - 10)],
      ['its header lost', (b) => b.subarray(65)],
      ['garbage', () => Buffer.from('not a cache at all\n')],
      ['empty', () => Buffer.alloc(0)],
    ];
    for (const [what, damage] of broken) {
      await loadSiteData(input(root));
      writeFileSync(file, damage(readFileSync(file))!);
      const loaded = await loadSiteData(input(root));
      expect(loaded.cached, what).toBe(false);
      expect(view(loaded), what).toEqual(expected);
      expect((await loadSiteData(input(root))).cached, what).toBe(true);
    }
    // A folder where the file goes: nothing can be kept, and nothing fails.
    rmSync(file);
    mkdirSync(file);
    for (let i = 0; i < 2; i++) {
      const loaded = await loadSiteData(input(root));
      expect(loaded.cached).toBe(false);
      expect(view(loaded)).toEqual(expected);
    }
  });

  it('has no cache while a folder it is loaded from cannot be listed', async () => {
    const root = apiData();
    // A file where the reference data's folder goes: whatever the folder held could have changed.
    rmSync(path.join(root, 'content/data'), { recursive: true });
    writeFileSync(path.join(root, 'content/data'), 'not a folder');
    for (let i = 0; i < 2; i++) expect((await loadSiteData(input(root))).cached).toBe(false);
  });

  it('keeps nothing when a file is saved while the data loads', async () => {
    const root = apiData();
    const file = path.join(root, 'content/api/openapi.yaml');
    const original = readFileSync(file, 'utf8');
    // Saved after the inputs were hashed and before the OpenAPI document was read.
    const saving: LoadSiteDataInput['step'] = async (name, fn) => {
      const value = await fn();
      if (name === 'load data') writeFileSync(file, original.replace('summary: Create a transaction', 'summary: Start a transaction'));
      return value;
    };
    const during = await loadSiteData(input(root, { step: saving }));
    expect(JSON.stringify(during.api)).toContain('Start a transaction');
    // Kept, it would be taken for the data of the files as they were before the save.
    writeFileSync(file, original);
    const after = await loadSiteData(input(root));
    expect(after.cached).toBe(false);
    expect(JSON.stringify(after.api)).toContain('Create a transaction');
    expect(JSON.stringify(after.api)).not.toContain('Start a transaction');
    expect((await loadSiteData(input(root))).cached).toBe(true);
  });
});

describe('paydocs build with the data from the cache', () => {
  /** The basic site with an OpenAPI document rendered on a page of its own. */
  function site(): string {
    const root = copyFixture('basic');
    mkdirSync(path.join(root, 'content/api'));
    writeFileSync(
      path.join(root, 'content/api/openapi.yaml'),
      `openapi: 3.1.0
info: { title: Mini, version: '1' }
servers: [{ url: 'https://sandbox.example.com/v1' }]
paths:
  /create:
    post:
      operationId: payment_charge
      x-page: /charge
      summary: Charge a card
      requestBody:
        content:
          application/json:
            schema: { type: object, required: [amount], properties: { amount: { type: integer, description: Amount in minor units. } } }
            examples:
              one: { summary: One, value: { amount: 100 } }
      responses:
        '200':
          description: The payment.
`,
    );
    writeFileSync(path.join(root, 'content/docs/charge.md'), '---\ntitle: Charge\n---\n\n::api-operation{id="payment_charge"}\n');
    // The page the operation's description of its signature links to.
    writeFileSync(path.join(root, 'content/docs/callbacks_get.md'), '---\ntitle: Callbacks\n---\n\n## Verifying the signature\n\nCompare the signatures.\n');
    return root;
  }

  it('writes what a build that loads them writes, fails on the same problems, and loads them again after an edit', async () => {
    const root = site();
    const stepsOf = async (extra: Parameters<typeof buildInto>[1]) => {
      const steps: string[] = [];
      const built = await buildInto(root, { ...extra, onStep: (name) => steps.push(name) });
      return { ...built, steps, html: readFileSync(path.join(built.outDir, 'charge/index.html'), 'utf8') };
    };
    // No Russian texts yet: an error, from loading and then from the cache.
    const failing = async () => {
      const steps: string[] = [];
      const error = await buildInto(root, { cache: true, onStep: (name) => steps.push(name) }).then(() => undefined, (e: unknown) => e as Error);
      return { message: error?.message, steps };
    };
    const coldFail = await failing();
    expect(coldFail.message).toContain('no translation of content/api/openapi.yaml for `ru`');
    expect(coldFail.steps).toContain('load api');
    const warmFail = await failing();
    expect(warmFail.steps).not.toContain('load api');
    expect(warmFail.message).toBe(coldFail.message);
    // The texts written: loaded again, and then from the cache.
    const texts = [...shownTexts(YAML.parse(readFileSync(path.join(root, 'content/api/openapi.yaml'), 'utf8')) as OpenApiDocument)];
    expect(texts.length).toBeGreaterThan(2);
    writeFileSync(path.join(root, 'content/api/openapi.ru.yaml'), YAML.stringify({ texts: Object.fromEntries(texts.map(([key, text]) => [key, `RU ${text}`])) }));
    const cold = await stepsOf({ cache: true });
    expect(cold.steps).toContain('load api');
    const warm = await stepsOf({ cache: true });
    expect(warm.steps).not.toContain('load api');
    expect(warm.steps).not.toContain('load data');
    expect(warm.html).toContain('Amount in minor units.');
    expect(readFileSync(path.join(warm.outDir, 'ru/charge/index.html'), 'utf8')).toContain('RU Amount in minor units.');
    const none = await stepsOf({});
    expect(files(warm.outDir)).toEqual(files(none.outDir));
    expect(files(cold.outDir)).toEqual(files(none.outDir));
    edit(root, 'content/api/openapi.yaml', (t) => t.replace('Amount in minor units.', 'Amount in major units.'));
    const edited = await stepsOf({ cache: true });
    expect(edited.steps).toContain('load api');
    expect(edited.html).toContain('Amount in major units.');
    expect(edited.html).not.toContain('Amount in minor units.');
  });

  it('dev starts with the data from the cache, and serves what it served when it loaded them', async () => {
    const root = site();
    const texts = [...shownTexts(YAML.parse(readFileSync(path.join(root, 'content/api/openapi.yaml'), 'utf8')) as OpenApiDocument)];
    writeFileSync(path.join(root, 'content/api/openapi.ru.yaml'), YAML.stringify({ texts: Object.fromEntries(texts.map(([key, text]) => [key, `RU ${text}`])) }));
    const file = path.join(root, DATA_CACHE_FILE);
    const serve = async () => {
      const dev = await startDevServer({ root, port: 0, host: '127.0.0.1', log: () => undefined, cache: true });
      try {
        return await Promise.all(['/charge', '/ru/charge'].map(async (p) => (await fetch(dev.url + p)).text()));
      } finally {
        await dev.close();
      }
    };
    const first = await serve();
    expect(first[0]).toContain('Amount in minor units.');
    expect(first[1]).toContain('RU Amount in minor units.');
    // An entry that is used is not written again.
    const past = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000);
    utimesSync(file, past, past);
    const second = await serve();
    expect(statSync(file).mtimeMs).toBe(past.getTime());
    expect(second).toEqual(first);
    edit(root, 'content/api/openapi.yaml', (t) => t.replace('Amount in minor units.', 'Amount in major units.'));
    const third = await serve();
    expect(statSync(file).mtimeMs).toBeGreaterThan(past.getTime());
    expect(third[0]).toContain('Amount in major units.');
  });
});
