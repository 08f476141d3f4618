import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { i18nStatus } from '../../cli/commands/i18n.ts';
import { formatDiagnostic } from '../../cli/diagnostics.ts';
import { buildInto, PROJECT_ROOT } from '../helpers/site.ts';

describe('integration: the real docs', () => {
  it('build with no error into dist/<path>/index.html for every route in both locales', async () => {
    const { outDir, result } = await buildInto(PROJECT_ROOT, { checkAnchors: true });
    // Not even a warning (a link through a redirect, a heading id that differs between languages, a broken anchor).
    expect(result.warnings.map(formatDiagnostic)).toEqual([]);
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

  it('have every page translated, each translation marked with the hash of the English text it translates', async () => {
    const [ru] = await i18nStatus(PROJECT_ROOT);
    // After editing an English page: update its translation, then `paydocs i18n mark <file>`.
    expect(ru).toEqual({ locale: 'ru', missing: [], outdated: [], unmarked: [] });
  });
});
