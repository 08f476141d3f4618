import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSearchIndex, searchSources } from '../../cli/build/build-search-index.ts';
import { indexSearchSource } from '../../cli/build/index-search-source.ts';
import { indexInBackground } from '../../cli/build/search-index-pool.ts';
import { corpusRoutes, removeCorpora, writeCorpus } from './corpus.ts';

afterAll(removeCorpora);

const namesOf = async (root: string) => {
  const { config, locales, diagnostics } = await corpusRoutes(root);
  return Object.fromEntries(searchSources({ root, config, locales, diagnostics }).map((s) => [s.locale, s.indexName]));
};

describe('cli/build/search-index-pool (the indexes built on a worker thread)', () => {
  it('builds on the worker byte for byte the index built in-process, under the name the pages link to', async () => {
    const root = writeCorpus();
    const { config, locales, diagnostics } = await corpusRoutes(root);
    const sources = searchSources({ root, config, locales, diagnostics });
    const inProcess = buildSearchIndex({ root, config, locales, diagnostics });
    const background = indexInBackground(sources);
    try {
      expect(sources.map((s) => s.locale)).toEqual(['en', 'ru']);
      for (const source of sources) {
        const json = await background.indexes.get(source)!;
        expect(json).toBe(indexSearchSource(source));
        expect(json).toBe(inProcess.files.get(source.indexName));
        expect(JSON.parse(json)).toMatchObject({ locale: source.locale, text: config.baseUrl + source.textName });
      }
    } finally {
      await background.close();
    }
  });
});

describe('cli/build/build-search-index (file names known before the index is built)', () => {
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
