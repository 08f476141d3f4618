import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../cli/pipeline/load/load-config.ts';
import { checkRedirects, loadRedirects, type RedirectEntry } from '../../cli/pipeline/load/load-redirects.ts';
import { nginxRedirectMap, redirectPage, redirectsTable, siteRedirects, writeRedirects } from '../../cli/pipeline/emit/write-redirects.ts';
import { DiagnosticList, formatDiagnostic } from '../../cli/diagnostics.ts';
import { RedirectsSchema } from '../../config/schemas/redirects.ts';
import siteConfig from '../fixtures/full-config/docs.config.ts';

const config = validateConfig(siteConfig);

function project(yaml: string): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'paydocs-redirects-'));
  mkdirSync(path.join(root, 'content'));
  writeFileSync(path.join(root, 'content/redirects.yaml'), yaml);
  return root;
}

function load(yaml: string) {
  const diagnostics = new DiagnosticList();
  const redirects = loadRedirects({ root: project(yaml), diagnostics });
  return { redirects, errors: diagnostics.items.map(formatDiagnostic) };
}

function check(redirects: RedirectEntry[], pages: string[]): string[] {
  const diagnostics = new DiagnosticList();
  checkRedirects({ config, redirects, pages: new Map(pages.map((p) => [p, `content/docs${p}.md`])), diagnostics });
  return diagnostics.items.map(formatDiagnostic);
}

describe('config/schemas/redirects', () => {
  it('rejects bad shapes with the key path, what was expected and what was found', () => {
    const r = RedirectsSchema.safeParse([{ from: 'services/x', to: '/a/' }, { from: '/a', target: '/b' }]);
    expect(r.success).toBe(false);
  });
});

describe('cli/pipeline/load/load-redirects', () => {
  it('reports schema errors at the line of the entry', () => {
    const { redirects, errors } = load(`- from: /ok\n  to: /guide\n- from: services/x\n  to: /a/\n- from: /b\n  target: /c\n`);
    expect(errors).toMatchInlineSnapshot(`
      [
        "content/redirects.yaml:3: [1].from: expected a site path starting with \`/\`, with no trailing slash, spaces, query or fragment, such as \`/services/card_payout\`, received \`services/x\`",
        "content/redirects.yaml:4: [1].to: expected a site path starting with \`/\`, with no trailing slash, spaces, query or fragment, such as \`/services/card_payout\`, received \`/a/\`",
        "content/redirects.yaml:5: [2]: \`to\` is required",
        "content/redirects.yaml:6: [2]: unknown key \`target\`; expected one of \`from\`, \`to\`",
      ]
    `);
    expect(redirects.map((r) => r.from)).toEqual(['/ok']);
  });

  it('reports invalid YAML with line and column', () => {
    expect(load(`- from: /a\n  to: [/b\n`).errors).toMatchInlineSnapshot(`
      [
        "content/redirects.yaml:3:1: invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]",
      ]
    `);
  });

  it('has no redirects without the file', () => {
    const diagnostics = new DiagnosticList();
    expect(loadRedirects({ root: mkdtempSync(path.join(os.tmpdir(), 'paydocs-none-')), diagnostics })).toEqual([]);
    expect(diagnostics.items).toEqual([]);
  });

  it('finds duplicates, sources that are pages, missing targets, chains and loops, each at the line of the key at fault', () => {
    const { redirects } = load(
      [
        '- from: /a\n  to: /guide', // ok
        '- from: /a\n  to: /intro', // duplicate source
        '- from: /guide\n  to: /intro', // source is a page
        '- from: /b\n  to: /guid', // missing target, close to /guide
        '- from: /c\n  to: /a', // chain
        '- from: /loop1\n  to: /loop2',
        '- from: /loop2\n  to: /loop1',
        '- from: /ru/d\n  to: /guide', // locale prefix
        '- from: /e\n  to: /ru/guide', // locale prefix on the target: said once, at its line
        '- to: /nowhere\n  from: /f', // keys the other way round: the target's line is still named
      ].join('\n') + '\n',
    );
    expect(check(redirects, ['/guide', '/intro'])).toMatchInlineSnapshot(`
      [
        "content/redirects.yaml:3: \`/a\` is redirected twice: also on line 1
        hint: keep one entry per old path",
        "content/redirects.yaml:5: \`/guide\` is a page (\`content/docs/guide.md\`), so it cannot be redirected
        hint: delete the redirect, or move the page away first",
        "content/redirects.yaml:15: from: expected a path without the locale prefix, received \`/ru/d\`
        hint: write \`/d\`; each redirect applies to every locale",
        "content/redirects.yaml:18: to: expected a path without the locale prefix, received \`/ru/guide\`
        hint: write \`/guide\`; each redirect applies to every locale",
        "content/redirects.yaml:2: \`/a\` redirects to \`/guide\`, which is itself redirected to \`/intro\`
        hint: point \`/a\` straight to \`/intro\`",
        "content/redirects.yaml:8: redirect target \`/guid\` is not a page
        hint: did you mean \`/guide\`?",
        "content/redirects.yaml:10: \`/c\` redirects to \`/a\`, which is itself redirected to \`/intro\`
        hint: point \`/c\` straight to \`/intro\`",
        "content/redirects.yaml:11: redirect loop: \`/loop1\` → \`/loop2\` → \`/loop1\`
        hint: point each old path at a page",
        "content/redirects.yaml:13: redirect loop: \`/loop2\` → \`/loop1\` → \`/loop2\`
        hint: point each old path at a page",
        "content/redirects.yaml:16: \`/ru/d\` redirects to \`/guide\`, which is itself redirected to \`/intro\`
        hint: point \`/ru/d\` straight to \`/intro\`",
        "content/redirects.yaml:19: redirect target \`/nowhere\` is not a page
        hint: use the route of a page under content/docs, e.g. \`/api/transaction_create\`",
      ]
    `);
  });
});

describe('cli/pipeline/emit/write-redirects', () => {
  const redirects: RedirectEntry[] = [{ from: '/services/card_credit', to: '/services/card_payout' }];

  it('makes every redirect exist in every locale', () => {
    expect(siteRedirects(config, redirects)).toEqual([
      { locale: 'en', from: '/services/card_credit', to: '/services/card_payout' },
      { locale: 'ru', from: '/ru/services/card_credit', to: '/ru/services/card_payout' },
    ]);
    expect([...writeRedirects(config, redirects).keys()]).toEqual(['services/card_credit/index.html', 'ru/services/card_credit/index.html', '_redirects', 'nginx-redirects.conf']);
  });

  it('writes a redirect page with script (query and fragment kept), meta refresh, canonical and noindex', () => {
    expect(redirectPage(config, siteRedirects(config, redirects)[1]!)).toMatchInlineSnapshot(`
      "<!doctype html><html lang="ru" data-to="/ru/services/card_payout"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'sha256-mmefQ3repPV82GbMJCh7VWb7gOQZiBTm58QpuYtInW4='; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'"><title>Страница переехала</title><meta name="robots" content="noindex"><link rel="canonical" href="https://docs.example.com/ru/services/card_payout"><script>location.replace(document.documentElement.dataset.to+location.search+location.hash)</script><meta http-equiv="refresh" content="0; url=/ru/services/card_payout"></head><body><p>Эта страница переехала: <a href="/ru/services/card_payout">https://docs.example.com/ru/services/card_payout</a>.</p></body></html>
      "
    `);
  });

  it('writes _redirects and the nginx map', () => {
    const list = siteRedirects(config, redirects);
    expect(redirectsTable(list)).toMatchInlineSnapshot(`
      "# Generated by paydocs from content/redirects.yaml
      /services/card_credit /services/card_payout 301
      /ru/services/card_credit /ru/services/card_payout 301
      "
    `);
    expect(nginxRedirectMap(list)).toMatchInlineSnapshot(`
      "# Generated by paydocs from content/redirects.yaml.
      # Include in http {}, and in server {}: if ($paydocs_redirect) { return 301 $paydocs_redirect$is_args$args; }
      map $uri $paydocs_redirect {
          default "";
          "~^/services/card_credit(?:/|\\.html|/index\\.html)?$" "/services/card_payout";
          "~^/ru/services/card_credit(?:/|\\.html|/index\\.html)?$" "/ru/services/card_payout";
      }
      "
    `);
  });
});
