import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { walkContent } from '../../cli/pipeline/load/content-dirs.ts';
import { loadYamlFile } from '../../cli/pipeline/load/load-yaml.ts';
import { DiagnosticList, formatDiagnostic } from '../../cli/diagnostics.ts';
import { fixture } from '../helpers/fixture.ts';

/** Every YAML file of the fixture sites (categories, reference data, the OpenAPI document, synonyms); not the bad-input corpus. */
const yamlFiles = ['api-data', 'basic', 'search', 'shell-on'].flatMap((name) =>
  walkContent(path.join(fixture(name), 'content'))
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => path.join(fixture(name), 'content', f)),
);

function tempFile(text: string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'paydocs-yaml-')), 'x.yml');
  writeFileSync(file, text);
  return file;
}

describe('cli/pipeline/load/load-yaml', () => {
  it('reads every YAML file of the fixture sites to the value the `yaml` package reads', () => {
    expect(yamlFiles.filter((f) => f.endsWith('_category_.yml')).length).toBeGreaterThan(10);
    expect(yamlFiles.filter((f) => f.includes('/data/')).length).toBeGreaterThan(5);
    for (const abs of yamlFiles) {
      const text = readFileSync(abs, 'utf8');
      const reference = YAML.parseDocument(text).toJS() ?? null;
      // The fast path's own reading (js-yaml, core schema) agrees with the reference on this content...
      expect(load(text, { schema: CORE_SCHEMA }) ?? null, abs).toEqual(reference);
      // ...and so does what loadYamlFile hands out.
      const diagnostics = new DiagnosticList();
      expect(loadYamlFile(abs, { file: abs, rule: 'test', schema: z.unknown(), diagnostics })?.value ?? null, abs).toEqual(reference);
      expect(diagnostics.items).toEqual([]);
    }
  });

  it('gives the line of a key of a file the schema accepts (parsed again for it)', () => {
    const abs = tempFile('# a comment\nlabel: API\n\nposition: 2\nitems:\n  - a\n  - b\n');
    const loaded = loadYamlFile(abs, { file: 'x.yml', rule: 'test', schema: z.object({ label: z.string(), position: z.number(), items: z.array(z.string()) }), diagnostics: new DiagnosticList() });
    expect(loaded?.value).toEqual({ label: 'API', position: 2, items: ['a', 'b'] });
    expect(loaded?.lineOf(['label'])).toBe(2);
    expect(loaded?.lineOf(['position'])).toBe(4);
    expect(loaded?.lineOf(['items', 1])).toBe(7);
  });

  it('reports what the schema refuses at its line, and a syntax error at its line and column', () => {
    const schema = z.strictObject({ label: z.string(), position: z.number().optional() });
    const refused = new DiagnosticList();
    expect(loadYamlFile(tempFile('label: API\n\nposition: two\n'), { file: 'a.yml', rule: 'category', schema, diagnostics: refused })).toBeUndefined();
    expect(refused.items.map(formatDiagnostic)).toEqual(['a.yml:3: position: expected number, received string']);
    const broken = new DiagnosticList();
    expect(loadYamlFile(tempFile('label: [API\nposition: 2\n'), { file: 'b.yml', rule: 'category', schema, diagnostics: broken })).toBeUndefined();
    expect(broken.items.map(formatDiagnostic)).toEqual([expect.stringMatching(/^b\.yml:\d+:\d+: invalid YAML: /)]);
  });

  it('reads YAML 1.2 as the `yaml` package does: no timestamps, `yes` is text, an empty file is the empty value', () => {
    const schema = z.record(z.string(), z.unknown());
    const loaded = loadYamlFile(tempFile('date: 2024-01-02\nflag: yes\nnone: ~\noctal: 0o17\n'), { file: 'c.yml', rule: 'test', schema, diagnostics: new DiagnosticList() });
    expect(loaded?.value).toEqual({ date: '2024-01-02', flag: 'yes', none: null, octal: 15 });
    expect(loadYamlFile(tempFile('# nothing here\n'), { file: 'd.yml', rule: 'test', schema, diagnostics: new DiagnosticList(), empty: {} })?.value).toEqual({});
  });

  it('leaves to the `yaml` package what js-yaml refuses: a repeated key is an error at its line', () => {
    const diagnostics = new DiagnosticList();
    expect(loadYamlFile(tempFile('label: A\nlabel: B\n'), { file: 'e.yml', rule: 'category', schema: z.object({ label: z.string() }), diagnostics })).toBeUndefined();
    expect(diagnostics.items.map(formatDiagnostic)).toEqual([expect.stringMatching(/^e\.yml:2:\d+: invalid YAML: /)]);
  });
});
