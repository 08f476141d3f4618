import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import { markdownPathOf } from '../../cli/pipeline/emit/write-llms.ts';
import { copyFixture } from '../helpers/fixture.ts';

let dist: string;
const read = (f: string) => readFileSync(path.join(dist, f), 'utf8');

beforeAll(async () => {
  const root = copyFixture('basic');
  dist = path.join(root, 'dist');
  await buildSite({ root, outDir: dist });
});

describe('cli/pipeline/emit/write-llms', () => {
  it('names the Markdown twin of a path', () => {
    expect(markdownPathOf('/api/x')).toBe('/api/x.md');
    expect(markdownPathOf('/')).toBe('/index.md');
    expect(markdownPathOf('/ru/')).toBe('/ru/index.md');
    expect(markdownPathOf('/docs/api/x/')).toBe('/docs/api/x/index.md');
  });

  it('serves every doc as Markdown: title, description, source without {#id} markup', () => {
    expect(read('index.md')).toMatchInlineSnapshot(`
      "# Introduction

      > What Examplepay is.

      Examplepay moves money. Read [the create call](./api/create.md#request) or [guide](./guide.md).

      ## First steps

      :::tip[Fast start]
      Use the sandbox.
      :::

      :::tabs{group="lang"}
      \`\`\`bash title="cURL"
      curl -X POST https://api.example.com/v1/x
      \`\`\`
      \`\`\`python
      import requests
      requests.post("https://api.example.com/v1/x")
      \`\`\`
      :::

      ### Ёлки и палки

      | a | b |
      |---|---|
      | 1 | 2 |
      "
    `);
    expect(read('guide.md')).toContain('# Guide\n\n> A guide.\n\n## Signing\n');
  });

  it('says in Russian when the Russian twin is the English page', () => {
    expect(read('ru/guide.md').split('\n').slice(0, 5).join('\n')).toMatchInlineSnapshot(`
      "# Guide

      > A guide.

      > Эта страница ещё не переведена. Ниже — английская версия."
    `);
  });

  it('gives a React page a twin with its title and description', () => {
    expect(read('landing.md')).toMatchInlineSnapshot(`
      "# Payments and payouts in one API

      > Corvopay lets you accept card, bank, wallet and crypto payments and send payouts in 40+ countries through one API and one merchant cabinet.

      https://docs.example.com/landing
      "
    `);
  });

  it('writes llms.txt per locale and llms-full.txt with every page of the locale, both in sidebar order', () => {
    expect(read('llms.txt')).toMatchInlineSnapshot(`
      "# Example Docs

      > Payments for the examples.

      Every page is also available as Markdown: add \`.md\` to its URL. All pages of this language in one file: https://docs.example.com/llms-full.txt

      Other languages:
      - [Русский](https://docs.example.com/ru/llms.txt)

      ## Example Docs

      - [Introduction](https://docs.example.com/index.md): What Examplepay is.
      - [Guide](https://docs.example.com/guide.md): A guide.

      ## API

      - [Create a payment](https://docs.example.com/api/create.md): POST /v1/create.
      "
    `);
    expect(read('ru/llms.txt')).toMatchInlineSnapshot(`
      "# Example Docs

      > Платежи для примеров.

      Каждая страница есть и в формате Markdown: добавьте \`.md\` к адресу страницы. Все страницы на русском языке — в одном файле: https://docs.example.com/ru/llms-full.txt

      Другие языки:
      - [English](https://docs.example.com/llms.txt)

      ## Example Docs

      - [Введение](https://docs.example.com/ru/index.md): Что такое Examplepay.
      - [Guide](https://docs.example.com/ru/guide.md): A guide.

      ## API (рус)

      - [Create a payment](https://docs.example.com/ru/api/create.md): POST /v1/create.
      "
    `);
    const full = read('llms-full.txt');
    expect(full.match(/^<!-- https:\/\/docs\.example\.com\/\S* -->$/gm)).toEqual(['<!-- https://docs.example.com/ -->', '<!-- https://docs.example.com/guide -->', '<!-- https://docs.example.com/api/create -->']);
    // Russian: only real translations; the English fallbacks are in the English file already.
    expect(read('ru/llms-full.txt').match(/^<!-- .* -->$/gm)).toEqual(['<!-- https://docs.example.com/ru/ -->']);
  });
});
