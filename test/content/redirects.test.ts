/**
 * The portal's redirect table: the entries of the site spec (test/fixtures/redirects.tsv), and every
 * one of them valid against the routes of the spec (test/fixtures/routes.txt). The loader and the
 * checks themselves: test/integration/redirects.test.ts.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../cli/pipeline/load/load-config.ts';
import { checkRedirects, loadRedirects, type RedirectEntry } from '../../cli/pipeline/load/load-redirects.ts';
import { DiagnosticList, formatDiagnostic } from '../../cli/diagnostics.ts';
import { PROJECT_ROOT as ROOT } from '../helpers/site.ts';

const config = await loadConfig(ROOT);

function load(yaml: string) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'paydocs-redirects-'));
  mkdirSync(path.join(root, 'content'));
  writeFileSync(path.join(root, 'content/redirects.yaml'), yaml);
  const diagnostics = new DiagnosticList();
  const redirects = loadRedirects({ root, diagnostics });
  return { redirects, errors: diagnostics.items.map(formatDiagnostic) };
}

function check(redirects: RedirectEntry[], pages: string[]): string[] {
  const diagnostics = new DiagnosticList();
  checkRedirects({ config, redirects, pages: new Map(pages.map((p) => [p, `content/docs${p}.md`])), diagnostics });
  return diagnostics.items.map(formatDiagnostic);
}

describe('content/redirects.yaml', () => {
  it('holds exactly the entries of the spec table (test/fixtures/redirects.tsv, a copy of shared/redirects.tsv)', () => {
    const tsv = readFileSync(path.join(ROOT, 'test/fixtures/redirects.tsv'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() && !l.startsWith('#'))
      .map((l) => {
        const [from, to] = l.split('\t');
        return { from, to };
      });
    const { redirects, errors } = load(readFileSync(path.join(ROOT, 'content/redirects.yaml'), 'utf8'));
    expect(errors).toEqual([]);
    expect(redirects.map(({ from, to }) => ({ from, to }))).toEqual(tsv);
    expect(tsv).toHaveLength(19);
  });

  it('is valid against the routes of the spec, test/fixtures/routes.txt', () => {
    const routes = readFileSync(path.join(ROOT, 'test/fixtures/routes.txt'), 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('/'))
      .map((l) => l.split(/\s+/)[0]!);
    const { redirects } = load(readFileSync(path.join(ROOT, 'content/redirects.yaml'), 'utf8'));
    expect(check(redirects, routes)).toEqual([]);
  });
});
