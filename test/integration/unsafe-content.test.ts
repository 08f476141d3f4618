import { createHash } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../cli/pipeline/emit/emit-site.ts';
import type { BuildOptions } from '../../cli/pipeline/build-site.ts';
import { build, fingerprint, paydocs, site } from '../helpers/bad-site.ts';

let previous: string;
let previousPrint: Record<string, string>;

beforeAll(async () => {
  const dir = site('_base');
  const r = await build(dir);
  expect(r.failed, r.err).toBe(false);
  previous = path.join(dir, 'dist');
  previousPrint = fingerprint(previous);
});

/** Builds a bad case (the pipeline of `paydocs build`) over a copy of a good dist/; returns its errors. Asserts it failed and left dist/ untouched. */
async function buildBad(name: string, options: Partial<BuildOptions> = {}, prepare?: (dir: string) => void): Promise<string> {
  const dir = site(name);
  prepare?.(dir);
  cpSync(previous, path.join(dir, 'dist'), { recursive: true });
  const r = await build(dir, options);
  expect(r.failed, r.err).toBe(true);
  expect(fingerprint(path.join(dir, 'dist'))).toEqual(previousPrint);
  expect(readdirSync(dir).filter((f) => f.startsWith('.dist'))).toEqual([]);
  return r.err;
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const metaPolicy = (html: string) => /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1]?.replace(/&#39;/g, "'") ?? '';

const editConfig = (edit: (text: string) => string) => (dir: string) => {
  const cfg = path.join(dir, 'docs.config.ts');
  writeFileSync(cfg, edit(readFileSync(cfg, 'utf8')));
};

// Every case builds a folder of its own: they run side by side.
describe.concurrent('unsafe content (issue 33, failures 8 and 10)', () => {
  it('a javascript: link fails build --check-links --strict and a plain build, with file:line and a hint', async ({ expect }) => {
    const expected = `content/docs/guide.md:8:24: link to \`javascript:alert(1)\`: a \`javascript:\` URL runs code when the link is followed
  hint: link to a page or to an http(s) URL; code belongs in the theme (renderer/), not in a page
content/docs/guide.md:10:1: \`<a href>\` \`java\\tscript:alert(2)\`: a \`javascript:\` URL runs code when the link is followed
  hint: link to a page or to an http(s) URL; code belongs in the theme (renderer/), not in a page
`;
    const [checked, plain] = await Promise.all([buildBad('unsafe-link', { checkBuiltSite: { external: false }, strict: true }), buildBad('unsafe-link')]);
    expect(checked).toBe(expected);
    expect(plain).toBe(expected);
  });

  it('a javascript: URL in the navbar is a config error at its line', async ({ expect }) => {
    const err = await buildBad('_base', {}, editConfig((t) => t.replace("{ type: 'localeDropdown' }", "{ type: 'external', label: 'Help', href: 'javascript:alert(1)' },\n      { type: 'localeDropdown' }")));
    expect(err).toMatch(/^docs\.config\.ts:12: navbar\.items\[1\]\.href: expected an absolute http\(s\) URL .*, received `javascript:alert\(1\)`$/m);
  });

  it('raw <script> and inline event handlers are errors, unless docs.config.ts sets markdown.allowScripts', async ({ expect }) => {
    expect(await buildBad('raw-script')).toMatchInlineSnapshot(`
      "content/docs/guide.md:10:1: raw \`<script>\` in a page: scripts in pages are off
        hint: move the code into the theme (renderer/); if pages must carry scripts, allow them with \`markdown: { allowScripts: true }\` in docs.config.ts
      content/docs/guide.md:12:1: inline event handler \`onclick\` on \`<button>\`: scripts in pages are off
        hint: move the code into the theme (renderer/); if pages must carry scripts, allow them with \`markdown: { allowScripts: true }\` in docs.config.ts
      "
    `);
    const dir = site('raw-script');
    editConfig((t) => t.replace("theme: {", 'markdown: { allowScripts: true },\n  theme: {'))(dir);
    const r = await build(dir, { strict: true });
    expect(r.failed, r.err).toBe(false);
    const html = readFileSync(path.join(dir, 'dist/guide/index.html'), 'utf8');
    expect(html).toContain(`<script>document.title = 'owned'</script>`);
    // The script the writer was allowed to add is allowed by the page's Content-Security-Policy too.
    expect(metaPolicy(html)).toContain(sha256("document.title = 'owned'"));
    expect(readFileSync(path.join(dir, 'dist/_headers'), 'utf8')).toContain(sha256("document.title = 'owned'"));
  });

  it('a raw <details> never closed: a warning at its line, an error with --strict (the CLI: its exit codes and lines around them)', async ({ expect }) => {
    const dir = site('unclosed-details');
    const r = await paydocs(['build'], dir);
    expect(r.code, r.err).toBe(0);
    const warning = `content/docs/guide.md:8:1: warning: \`<details>\` is opened here and never closed: expected \`</details>\`
  hint: close it; without it, the rest of the page, the pagination and the footer end up inside it
`;
    expect(r.err).toBe(warning);
    const strict = site('unclosed-details');
    cpSync(previous, path.join(strict, 'dist'), { recursive: true });
    const failed = await paydocs(['build', '--strict'], strict);
    expect(failed.code).toBe(1);
    expect(failed.err).toBe(`${warning}\n✖ 1 warning (failing with --strict). Nothing was written.\n`);
    expect(fingerprint(path.join(strict, 'dist'))).toEqual(previousPrint);
  });

  it('a frontmatter block never closed: an error at line 1, not a page with an empty body', async ({ expect }) => {
    expect(await buildBad('unclosed-frontmatter')).toMatchInlineSnapshot(`
      "content/docs/guide.md:1: the frontmatter opened here is never closed: expected a \`---\` line after it
        hint: end the frontmatter with a line of three dashes; without it, the whole file is read as frontmatter and the page is empty
      "
    `);
  });
});

describe.concurrent('Content-Security-Policy (issue 33, failure 8)', () => {
  it('every page allows each of its inline scripts by hash, and _headers allows every one the site has', async ({ expect }) => {
    const dir = site('_base');
    writeFileSync(path.join(dir, 'content/redirects.yaml'), '- from: /old-guide\n  to: /guide\n');
    expect((await build(dir)).failed).toBe(false);
    const dist = path.join(dir, 'dist');
    const header = /^\s+Content-Security-Policy: (.+)$/m.exec(readFileSync(path.join(dist, '_headers'), 'utf8'))![1]!;
    expect(readFileSync(path.join(dist, '_headers'), 'utf8').split('\n')[1]).toBe('/*');
    expect(readFileSync(path.join(dist, 'nginx-headers.conf'), 'utf8')).toContain(`add_header Content-Security-Policy "${header}" always;`);
    const all = new Set<string>();
    for (const f of listFiles(dist).filter((f) => f.endsWith('.html'))) {
      const html = readFileSync(path.join(dist, f), 'utf8');
      const policy = metaPolicy(html);
      // The policy comes before any script in the document.
      expect(html.indexOf('http-equiv="Content-Security-Policy"'), f).toBeLessThan(html.indexOf('<script'));
      expect(/script-src [^;]*/.exec(policy)?.[0], f).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')+$/);
      for (const m of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
        expect(policy, f).toContain(sha256(m[1]!));
        expect(header, f).toContain(sha256(m[1]!));
        all.add(m[1]!);
      }
    }
    // One head script per kind of page and locale, and one script for every redirect page: a handful, not one per redirect.
    expect(all.size).toBeLessThanOrEqual(5);
    expect(readFileSync(path.join(dist, 'old-guide/index.html'), 'utf8')).toContain('data-to="/guide"');
  });
});
