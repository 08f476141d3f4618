import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listCustomPages } from '../../cli/pipeline/load/content-dirs.ts';
import { loadConfig } from '../../cli/pipeline/load/load-config.ts';
import { loadContent } from '../../cli/pipeline/load/load-content.ts';
import { DiagnosticList } from '../../cli/diagnostics.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The route list of the site spec, copied into the project as a fixture. */
const routes = readFileSync(path.join(ROOT, 'test/fixtures/routes.txt'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'))
  .map((l) => ({ route: l.split(/\s+/)[0]!, page: l.includes('[page]') }));

const config = await loadConfig(ROOT);
const diagnostics = new DiagnosticList();
const content = loadContent({ root: ROOT, config, mode: 'build', diagnostics });
const en = new Map(content.docs.get('en')!.map((d) => [d.route, d]));
const ru = new Map(content.docs.get('ru')!.map((d) => [d.route, d]));

describe('content skeleton: every route of the spec', () => {
  it('loads without errors', () => {
    expect(diagnostics.errors).toEqual([]);
  });

  it.each(routes.filter((r) => !r.page).map((r) => [r.route]))('%s exists in English and Russian with a title, description and summary', (route) => {
    const e = en.get(route);
    const r = ru.get(route);
    expect(e, `${route} (en)`).toBeDefined();
    expect(r?.translation, `${route} (ru) must be translated`).toBeUndefined();
    expect(e!.frontmatter.title).toMatch(/[A-Za-z]/);
    expect(r!.frontmatter.title).toMatch(/[А-Яа-яЁё]|^[A-Za-z0-9 /_.-]+$/);
    expect(e!.frontmatter.description?.length ?? 0).toBeGreaterThan(20);
    expect(r!.frontmatter.description ?? '').toMatch(/[А-Яа-яЁё]/);
    const summary = (body: string) => body.split('\n\n').find((p) => p.trim() && !/^(#|:::|```|\||-|\d\.)/.test(p.trim())) ?? '';
    expect(summary(e!.body).length, `${route} en summary`).toBeGreaterThan(60);
    expect(summary(r!.body), `${route} ru summary`).toMatch(/[А-Яа-яЁё].{60,}/s);
  });

  it('has the special pages as React pages', () => {
    const pages = listCustomPages(ROOT);
    for (const r of routes.filter((x) => x.page)) expect(pages).toContain(r.route.slice(1));
    expect(en.get('/')?.file).toBe('content/docs/intro.md');
  });

  it('serves nothing the spec does not list', () => {
    const listed = new Set(routes.map((r) => r.route));
    expect([...en.keys()].filter((r) => !listed.has(r))).toEqual([]);
  });
});
