import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { parseYamlSource } from '../../cli/pipeline/load/api/yaml-source.ts';
import { fixture } from '../helpers/fixture.ts';

const FIXTURE = fixture('api-data');

const reference = (text: string) => YAML.parseDocument(text, { uniqueKeys: true }).toJS({ maxAliasCount: 100 }) as unknown;

describe('parseYamlSource', () => {
  // The data comes from js-yaml, the lines from `yaml`: both must read the same data (flow and block
  // collections, quoted and plain scalars, comments, Cyrillic). The portal's files: test/content/yaml-files.test.ts.
  const files = ['content/api', 'content/data'].flatMap((dir) =>
    readdirSync(path.join(FIXTURE, dir))
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => `${dir}/${f}`),
  );

  it.each(files)('reads %s as the yaml package does', (file) => {
    const text = readFileSync(path.join(FIXTURE, file), 'utf8');
    const { source, errors } = parseYamlSource(text, file);
    expect(errors).toEqual([]);
    expect(source!.data).toStrictEqual(reference(text));
  });

  it('reads YAML 1.2 core scalars: dates, yes/no and octal-looking numbers stay as written', () => {
    const text = 'date: 2026-11-23\nflag: yes\nzip: 010\nhex: 0x1F\nnothing: ~\nversion: 1.10\n';
    const { source } = parseYamlSource(text, 'x.yaml');
    expect(source!.data).toStrictEqual(reference(text));
    expect(source!.data).toEqual({ date: '2026-11-23', flag: 'yes', zip: 10, hex: 31, nothing: null, version: 1.1 });
  });

  it('reports every syntax error with its line and column', () => {
    const { source, errors } = parseYamlSource('a: 1\nb: [1, 2\nc: 3\n', 'bad.yaml');
    expect(source).toBeUndefined();
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatchObject({ severity: 'error', file: 'bad.yaml', rule: 'yaml' });
    expect(errors[0]!.line).toBeGreaterThanOrEqual(2);
    expect(errors[0]!.message).toMatch(/^invalid YAML: /);
  });

  it('reports a duplicate key at its line', () => {
    const { source, errors } = parseYamlSource('paths:\n  /a: 1\n  /a: 2\n', 'dup.yaml');
    expect(source).toBeUndefined();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ file: 'dup.yaml', line: 3, rule: 'yaml' });
    expect(errors[0]!.message).toMatch(/unique/i);
  });

  it('locates a JSON pointer, or its deepest existing ancestor', () => {
    const text = 'info:\n  title: API\npaths:\n  /payments:\n    post:\n      responses:\n        "200":\n          description: OK\nlist:\n  - a\n  - b\n';
    const { source } = parseYamlSource(text, 'x.yaml');
    expect(source!.positionOf('/paths/~1payments/post/responses/200/description')).toEqual({ line: 8, column: 11 });
    expect(source!.positionOf('/list/1')).toEqual({ line: 11, column: 5 });
    expect(source!.positionOf('/paths/~1payments/get')).toEqual({ line: 4, column: 3 });
    expect(source!.positionOf('')).toEqual({ line: 1, column: 1 });
  });
});
