/**
 * Every YAML file of the portal's content reads the same through the build's fast paths as through the
 * `yaml` package: what load-yaml (js-yaml, core schema) and the OpenAPI loader's yaml-source hand out is
 * what the file says. The readers themselves are tested on fixtures (test/unit/load-yaml, yaml-source).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseYamlSource } from '../../cli/pipeline/load/api/yaml-source.ts';
import { walkContent } from '../../cli/pipeline/load/content-dirs.ts';
import { loadYamlFile } from '../../cli/pipeline/load/load-yaml.ts';
import { DiagnosticList } from '../../cli/diagnostics.ts';
import { PROJECT_ROOT } from '../helpers/site.ts';

/** Every YAML file of the content (the categories of both locales, the reference data, the API, the redirects), relative to the project. */
const yamlFiles = walkContent(path.join(PROJECT_ROOT, 'content'))
  .filter((f) => /\.ya?ml$/.test(f))
  .map((f) => `content/${f.split(path.sep).join('/')}`);

describe('content: YAML files', () => {
  it('are the categories of both locales, the reference data and the OpenAPI document', () => {
    expect(yamlFiles.filter((f) => f.endsWith('_category_.yml')).length).toBeGreaterThan(100);
    expect(yamlFiles.filter((f) => f.startsWith('content/data/')).length).toBeGreaterThan(5);
    expect(yamlFiles).toEqual(expect.arrayContaining(['content/api/openapi.yaml', 'content/api/openapi.ru.yaml']));
  });

  it('read through load-yaml (js-yaml, core schema) as the `yaml` package reads them', () => {
    for (const file of yamlFiles) {
      const abs = path.join(PROJECT_ROOT, file);
      const text = readFileSync(abs, 'utf8');
      const reference = YAML.parseDocument(text).toJS() ?? null;
      expect(load(text, { schema: CORE_SCHEMA }) ?? null, file).toEqual(reference);
      const diagnostics = new DiagnosticList();
      expect(loadYamlFile(abs, { file, rule: 'test', schema: z.unknown(), diagnostics })?.value ?? null, file).toEqual(reference);
      expect(diagnostics.items).toEqual([]);
    }
  });

  it.each(yamlFiles.filter((f) => /^content\/(api|data)\//.test(f)))('%s reads through yaml-source as the `yaml` package reads it', (file) => {
    const text = readFileSync(path.join(PROJECT_ROOT, file), 'utf8');
    const { source, errors } = parseYamlSource(text, file);
    expect(errors).toEqual([]);
    expect(source!.data).toStrictEqual(YAML.parseDocument(text, { uniqueKeys: true }).toJS({ maxAliasCount: 100 }) as unknown);
  });
});
