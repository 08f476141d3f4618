import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildInto, PROJECT_ROOT } from '../helpers/site.ts';

describe('integration: the real docs', () => {
  it('build with no error into dist/<path>/index.html for every route in both locales', async () => {
    const { outDir } = await buildInto(PROJECT_ROOT);
    const routes = readFileSync(path.join(PROJECT_ROOT, 'test/fixtures/routes.txt'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'))
      .map((l) => l.split(/\s+/)[0]!);
    const missing: string[] = [];
    for (const route of routes) {
      for (const prefix of ['', '/ru']) {
        const file = path.join(outDir, prefix, route === '/' ? '' : route, 'index.html');
        if (!existsSync(file)) missing.push(prefix + route);
      }
    }
    expect(missing).toEqual([]);
    const ru = readFileSync(path.join(outDir, 'ru/api/transaction_create/index.html'), 'utf8');
    expect(ru).toMatch(/^<!doctype html><html lang="ru"/);
    expect(ru).toContain('hreflang="en" href="https://docs.corvopay.com/api/transaction_create"');
  }, 120_000);
});
