import { pathToFileURL } from 'node:url';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSearchIndex, searchSources } from '../../../cli/pipeline/search/build-search-index.ts';
import { indexSearchSource } from '../../../cli/pipeline/search/index-search-source.ts';
import { startSearchIndexPool } from '../../../cli/pipeline/search/search-index-pool.ts';
import { corpusRoutes, removeCorpora, writeCorpus } from './corpus.ts';

afterAll(removeCorpora);

const namesOf = async (root: string) => {
  const { config, locales, diagnostics } = await corpusRoutes(root);
  return Object.fromEntries(searchSources({ root, config, locales, diagnostics }).map((s) => [s.locale, s.indexName]));
};

describe('cli/pipeline/search/search-index-pool (the indexes built on a worker thread)', () => {
  it('builds on the worker byte for byte the index built in-process, under the name the pages link to', async () => {
    const root = writeCorpus();
    const { config, locales, diagnostics } = await corpusRoutes(root);
    const sources = searchSources({ root, config, locales, diagnostics });
    const inProcess = buildSearchIndex({ root, config, locales, diagnostics });
    const background = startSearchIndexPool(sources.length);
    try {
      const indexes = background.index(sources);
      expect(sources.map((s) => s.locale)).toEqual(['en', 'ru']);
      for (const source of sources) {
        const json = await indexes.get(source)!;
        expect(json).toBe(indexSearchSource(source));
        expect(json).toBe(inProcess.files.get(source.indexName));
        expect(JSON.parse(json)).toMatchObject({ locale: source.locale, text: config.baseUrl + source.textName });
      }
    } finally {
      await background.close();
    }
  });
});

describe('cli/pipeline/search/build-search-index (file names known before the index is built)', () => {
  it('names an index by what it is built from: the same content gives the same name; a changed page renames its own locale only (its translation stands)', async () => {
    const root = writeCorpus();
    const first = await namesOf(root);
    expect(await namesOf(root)).toEqual(first);
    const page = path.join(root, 'content/docs/cabinet/balances.md');
    writeFileSync(page, `${readFileSync(page, 'utf8')}\n\nPartial refunds settle within five business days.\n`);
    const second = await namesOf(root);
    expect(second.en).not.toBe(first.en);
    expect(second.ru).toBe(first.ru);
  });

  it('renames an index when only the synonyms change (they are in the index file)', async () => {
    const a = await namesOf(writeCorpus('en: [[refund, reversal]]\n'));
    const b = await namesOf(writeCorpus('en: [[refund, chargeback]]\n'));
    expect(b.en).not.toBe(a.en);
    expect(b.ru).toBe(a.ru);
  });
});

describe('cli/pipeline/search/search-index-pool (threads started before the sources are known)', () => {
  it('indexes sources sent once its threads have loaded, as in-process', async () => {
    const root = writeCorpus();
    const { config, locales, diagnostics } = await corpusRoutes(root);
    const pool = startSearchIndexPool(2);
    try {
      const sources = searchSources({ root, config, locales, diagnostics });
      expect(sources).toHaveLength(2);
      // A first round, one source per thread: once both are answered, both threads have loaded.
      await Promise.all(pool.index(sources).values());
      const indexes = pool.index(sources);
      for (const source of sources) expect(await indexes.get(source)).toBe(indexSearchSource(source));
    } finally {
      await pool.close();
    }
  });

  it('fails the sources sent to a thread that failed or ended before they came, instead of waiting for ever', async () => {
    const root = writeCorpus();
    const { config, locales, diagnostics } = await corpusRoutes(root);
    const sources = searchSources({ root, config, locales, diagnostics });
    const dir = mkdtempSync(path.join(tmpdir(), 'paydocs-search-pool-'));
    const throws = path.join(dir, 'throws-at-load.ts');
    writeFileSync(throws, "throw new Error('the index module is broken');\n");
    const exits = path.join(dir, 'exits-at-load.ts');
    writeFileSync(exits, 'process.exit(3);\n');
    for (const [entry, message] of [[throws, 'the index module is broken'], [exits, 'exited with code 3']] as const) {
      const pool = startSearchIndexPool(1, pathToFileURL(entry));
      try {
        // Sent while the thread loads: failed when it fails...
        await expect(pool.index(sources).get(sources[0]!)!).rejects.toThrow(message);
        // ...and sent once it has failed: failed at once, not queued for ever.
        await expect(pool.index(sources).get(sources[0]!)!).rejects.toThrow(message);
      } finally {
        await pool.close();
      }
    }
  });
});
