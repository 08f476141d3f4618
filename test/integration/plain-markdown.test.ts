/**
 * A docs folder as a team keeps it on GitHub (issue 34, item 4; test/fixtures/plain-markdown): no
 * frontmatter, `README.md` as a folder's page, links to folders and to `README.md`, GitHub alerts.
 * It builds with `--check-links` and no warning.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../cli/pipeline/emit/emit-site.ts';
import { copyFixture, ROOT } from '../helpers/fixture.ts';

let dist: string;
let output: string;
const html = (rel: string) => readFileSync(path.join(dist, rel), 'utf8');
const title = (page: string) => /<h1 class="doc__title">(.*?)<\/h1>/.exec(page)?.[1];

beforeAll(() => {
  const site = copyFixture('plain-markdown');
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/paydocs.js'), 'build', '--check-links', '--strict'], { cwd: site, encoding: 'utf8' });
  output = r.stdout + r.stderr;
  expect(r.status, output).toBe(0);
  dist = path.join(site, 'dist');
});

describe('plain GitHub Markdown', () => {
  it('builds every page, README.md as its folder’s page, with no warning', () => {
    expect(output).not.toMatch(/warning|⚠/i);
    expect(listFiles(dist).filter((f) => f.endsWith('index.html')).sort()).toEqual(['guides/closing_the_month/index.html', 'guides/getting-started/index.html', 'guides/index.html', 'index.html']);
  });

  it('takes the title from the first `#` heading (without its Markdown), else from the file name, and shows it once', () => {
    const started = html('guides/getting-started/index.html');
    expect(title(started)).toBe('Getting started with ledger');
    expect(started).toContain('<title>Getting started with ledger | Ledger Docs</title>');
    // The heading became the page's title: no second h1 in the text.
    expect(started.match(/<h1/g)).toHaveLength(1);
    expect(title(html('guides/closing_the_month/index.html'))).toBe('Closing the month');
    expect(title(html('guides/index.html'))).toBe('Guides');
    expect(title(html('index.html'))).toBe('Ledger');
  });

  it('resolves links to a folder and to README.md as links to the folder’s page', () => {
    const home = html('index.html');
    expect(home).toContain('href="/guides"');
    expect(home).toContain('href="/guides/getting-started"');
    expect(html('guides/index.html')).toMatch(/<a href="\/">Back to the start<\/a>/);
  });

  it('puts a folder’s page first in its folder in the sidebar', () => {
    const list = /<ul class="menu__list menu__list--l2">(.*?)<\/ul>/.exec(html('guides/index.html'))![1]!;
    expect([...list.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual(['/guides', '/guides/closing_the_month', '/guides/getting-started']);
  });

  it('renders GitHub alerts as admonitions', () => {
    expect(html('guides/getting-started/index.html')).toContain('<aside class="admonition admonition-warning" role="note">');
    expect(html('index.html')).toContain('<aside class="admonition admonition-tip" role="note">');
    expect(html('index.html')).not.toContain('[!TIP]');
  });
});
