/**
 * cli/cache/search-cache: the search indexes kept in `.paydocs/cache/search/` between builds. A build
 * from it must write the index a build without it writes, and build again the index of a locale
 * whose sections changed.
 */
import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SearchSource } from '../../cli/pipeline/search/build-search-index.ts';
import { MIN_DOCS_FOR_WORKERS } from '../../cli/pipeline/compile/compile-site.ts';
import { SEARCH_CACHE_DIR, searchIndexCache } from '../../cli/cache/search-cache.ts';
import { copyFixture } from '../helpers/fixture.ts';
import { buildInto, fileHashes } from '../helpers/site.ts';

const files = fileHashes;

/** Each locale's kept index: file -> mtime. */
function kept(site: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const locale of ['en', 'ru']) {
    const dir = path.join(site, SEARCH_CACHE_DIR, locale);
    for (const name of readdirSync(dir)) out[`${locale}/${name}`] = statSync(path.join(dir, name)).mtimeMs;
  }
  return out;
}

const PAST = new Date(Math.floor(Date.now() / 1000) * 1000 - 3_600_000);
function age(site: string): void {
  for (const file of Object.keys(kept(site))) utimesSync(path.join(site, SEARCH_CACHE_DIR, file), PAST, PAST);
}

describe('cli/cache/search-cache', () => {
  // Enough pages for the build's worker threads, so the indexes are built on the search threads as in a real build.
  const site = copyFixture('basic');
  for (let i = 0; i < MIN_DOCS_FOR_WORKERS; i++) {
    writeFileSync(path.join(site, `content/docs/page-${i}.md`), `---\ntitle: Page ${i}\n---\n\n## Settlement ${i}\n\nSettlements of batch ${i} arrive on the next business day.\n`);
  }

  it('reuses the index of a locale whose sections did not change, and builds the one that did; the site is the one a build without the cache writes', async () => {
    await buildInto(site, { cache: true });
    const first = kept(site);
    expect(Object.keys(first)).toEqual([expect.stringMatching(/^en\/[0-9a-f]{32}\.json$/), expect.stringMatching(/^ru\/[0-9a-f]{32}\.json$/)]);
    age(site);
    const same = await buildInto(site, { cache: true });
    // Neither index was built again (a built one is written again).
    expect(Object.values(kept(site))).toEqual([PAST.getTime(), PAST.getTime()]);
    expect(files(same.outDir)).toEqual(files((await buildInto(site)).outDir));
    // An English page with a Russian translation edited: the English index is built again and replaces
    // the old one; the Russian one is reused.
    const page = path.join(site, 'content/docs/intro.md');
    writeFileSync(page, `${readFileSync(page, 'utf8')}\nRefunds take five days.\n`);
    const edited = await buildInto(site, { cache: true });
    const after = kept(site);
    expect(Object.keys(after)).toHaveLength(2);
    const en = Object.keys(after).find((f) => f.startsWith('en/'))!;
    expect(en).not.toBe(Object.keys(first)[0]);
    expect(after[en]).toBeGreaterThan(PAST.getTime());
    expect(after[Object.keys(first)[1]!]).toBe(PAST.getTime());
    const none = await buildInto(site);
    expect(files(edited.outDir)).toEqual(files(none.outDir));
    const index = Object.keys(files(edited.outDir)).find((f) => /^assets\/search\/en-.*-[\w-]+\.json$/.test(f) && !f.includes('-text-'))!;
    expect(readFileSync(path.join(edited.outDir, index), 'utf8')).toContain('five');
  });

  it('builds an index again when its kept copy is damaged, and writes the same one', async () => {
    await buildInto(site, { cache: true });
    const none = files((await buildInto(site)).outDir);
    for (const damage of [(b: Buffer) => (b[b.length - 10]! ^= 1, b), (b: Buffer) => b.subarray(0, b.length - 1), () => Buffer.from('{}')]) {
      for (const file of Object.keys(kept(site))) {
        const abs = path.join(site, SEARCH_CACHE_DIR, file);
        writeFileSync(abs, damage(readFileSync(abs)));
      }
      age(site);
      expect(files((await buildInto(site, { cache: true })).outDir)).toEqual(none);
      // Built again, and kept again.
      for (const mtime of Object.values(kept(site))) expect(mtime).toBeGreaterThan(PAST.getTime());
    }
  });

  it('is keyed by the code that builds the index, not by its name alone', () => {
    const root = copyFixture('basic');
    const source = { locale: 'en', indexName: 'assets/search/en-current-abc.json' } as SearchSource;
    searchIndexCache(root, 'code-1').keep(source, '{"index":1}');
    expect(searchIndexCache(root, 'code-1').get(source)).toBe('{"index":1}');
    expect(searchIndexCache(root, 'code-2').get(source)).toBeUndefined();
    expect(searchIndexCache(root, 'code-1').get({ ...source, indexName: 'assets/search/en-current-abd.json' })).toBeUndefined();
  });
});
