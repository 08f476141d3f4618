import { readFileSync } from 'node:fs';
import path from 'node:path';
import { toHtml } from 'hast-util-to-html';
import type { HighlighterCore, RegexEngine } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import YAML from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeOperation, listOperations, type OpenApiDocument } from '../../cli/pipeline/compile/api/operation-model.ts';
import { requestSamples } from '../../cli/pipeline/compile/api/request-samples.ts';
import { dualThemeCodeToHast } from '../../cli/pipeline/compile/markdown/dual-theme.ts';
import { createSiteHighlighter, createStyleToClass, LANGUAGES, THEMES } from '../../cli/pipeline/compile/markdown/highlighter.ts';
import { createSharedPatternEngine } from '../../cli/pipeline/compile/markdown/shared-pattern-engine.ts';
import { codeBlocksIn } from '../helpers/code-blocks.ts';
import { fixture } from '../helpers/fixture.ts';

/** Code of every language the site highlights (test/fixtures/code-blocks) and the request samples of an API: [lang, code]. */
function siteBlocks(): Array<[string, string]> {
  const out = codeBlocksIn(fixture('code-blocks'));
  const doc = YAML.parse(readFileSync(path.join(fixture('api-data'), 'content/api/openapi.yaml'), 'utf8')) as OpenApiDocument;
  for (const o of listOperations(doc).filter((x) => x.kind === 'path')) {
    const op = describeOperation(doc, o.id)!;
    for (const s of requestSamples(doc, op, op.requestExamples[0])) out.push([s.lang, s.code]);
  }
  return out;
}

/** The Oniguruma engine, counting the patterns it is asked to compile. */
async function countingOniguruma(): Promise<{ engine: RegexEngine; compiled: string[] }> {
  const inner = await createOnigurumaEngine(import('shiki/wasm'));
  const compiled: string[] = [];
  return {
    compiled,
    engine: {
      createString: (s) => inner.createString(s),
      createScanner(patterns) {
        compiled.push(...patterns.map((p) => (typeof p === 'string' ? p : p.source)));
        return inner.createScanner(patterns);
      },
    },
  };
}

describe('createSharedPatternEngine', () => {
  let oniguruma: RegexEngine;
  beforeAll(async () => {
    oniguruma = await createOnigurumaEngine(import('shiki/wasm'));
  });

  it('highlights code of every language exactly as Oniguruma’s scanners do, compiling each distinct pattern once', async () => {
    const plain = await countingOniguruma();
    const shared = await countingOniguruma();
    const theirs: HighlighterCore = await createSiteHighlighter(plain.engine);
    const ours: HighlighterCore = await createSiteHighlighter(createSharedPatternEngine(shared.engine));
    const blocks = siteBlocks().filter(([lang]) => theirs.getLoadedLanguages().includes(lang));
    expect(new Set(blocks.map(([l]) => l))).toEqual(new Set(LANGUAGES));
    const render = (h: HighlighterCore) => {
      const codeToHast = dualThemeCodeToHast(h, THEMES);
      const styleToClass = createStyleToClass();
      return (lang: string, code: string) => toHtml(codeToHast(code, { lang, themes: THEMES, defaultColor: false, transformers: [styleToClass] }));
    };
    const [a, b] = [render(ours), render(theirs)];
    for (const [lang, code] of blocks) expect(a(lang, code), `${lang}:\n${code}`).toBe(b(lang, code));
    // Each pattern compiled once, where Oniguruma's scanners compile many of them again and again.
    expect(shared.compiled.length).toBe(new Set(shared.compiled).size);
    expect(new Set(shared.compiled)).toEqual(new Set(plain.compiled));
    expect(plain.compiled.length).toBeGreaterThan(3 * shared.compiled.length);
  });

  /** A deterministic sequence of numbers in [0, 1). */
  function random(seed: number): () => number {
    let s = seed;
    return () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
  }

  it('answers every search as one Oniguruma scanner of the same patterns, whatever the order of the start positions', () => {
    const patternSets = [
      ['c', 'a', 'ab', '(?<=x)a'],
      ['\\Gfoo', 'foo', '\\bbar\\b', '$'],
      ['^\\s*', '\\Gbar', '(b)(a)?r', '\\A#'],
      ['(?=a)', 'я+', 'x*', '\\G'],
      ['[\\x{1F600}-\\x{1F64F}]', '\\w+', '\\s+', '"[^"]*"'],
    ];
    const lines = ['xab c foo bar', 'foofoo barbar', '#foo\tbar aaa', 'оплата яя "x" bar', '😀 pay "😀" now', ''];
    const next = random(42);
    const shared = createSharedPatternEngine(oniguruma, { lines: 3 });
    let searches = 0;
    for (let round = 0; round < 60; round++) {
      const patterns = patternSets[round % patternSets.length]!;
      const ours = shared.createScanner(patterns);
      const theirs = oniguruma.createScanner(patterns);
      const line = lines[Math.floor(next() * lines.length)]!;
      const string = shared.createString(line);
      for (let i = 0; i < 12; i++) {
        const start = Math.floor(next() * (line.length + 1));
        expect(ours.findNextMatchSync(string, start, 0), `${JSON.stringify(patterns)} on ${JSON.stringify(line)} from ${start}`).toEqual(theirs.findNextMatchSync(string, start, 0));
        searches++;
      }
    }
    expect(searches).toBe(720);
  });

  it('searches a pattern with \\G from every start position again', () => {
    const scanner = createSharedPatternEngine(oniguruma).createScanner(['\\Gbar']);
    const string = oniguruma.createString('foobar');
    expect(scanner.findNextMatchSync(string, 0, 0)).toBeNull();
    expect(scanner.findNextMatchSync(string, 3, 0)).toEqual({ index: 0, captureIndices: [{ start: 3, end: 6, length: 3 }] });
  });

  it('answers from what it found on the line before: a pattern shared by two scanners is searched once', () => {
    let searched = 0;
    const counting: RegexEngine = {
      createString: (s) => oniguruma.createString(s),
      createScanner(patterns) {
        const scanner = oniguruma.createScanner(patterns);
        return { findNextMatchSync: (s, start, options) => (searched++, scanner.findNextMatchSync(s, start, options)) };
      },
    };
    const engine = createSharedPatternEngine(counting);
    const first = engine.createScanner(['pay', 'amount']);
    const second = engine.createScanner(['amount', 'currency']);
    const line = engine.createString('currency, amount, pay');
    expect(first.findNextMatchSync(line, 0, 0)).toEqual({ index: 1, captureIndices: [{ start: 10, end: 16, length: 6 }] });
    expect(searched).toBe(2);
    // `amount` matched at 10 from 0: from 5 it is the same match, and only `currency` is searched.
    expect(second.findNextMatchSync(line, 5, 0)).toEqual({ index: 0, captureIndices: [{ start: 10, end: 16, length: 6 }] });
    expect(searched).toBe(3);
    // The same text in another string object is the same line.
    expect(first.findNextMatchSync(engine.createString('currency, amount, pay'), 17, 0)).toEqual({ index: 0, captureIndices: [{ start: 18, end: 21, length: 3 }] });
    expect(searched).toBe(4);
  });

  it('passes find options through, and does not remember what a search with them found', () => {
    const NOT_BEGIN_STRING = 1;
    const scanner = createSharedPatternEngine(oniguruma).createScanner(['\\Afoo']);
    const string = oniguruma.createString('foo');
    expect(scanner.findNextMatchSync(string, 0, NOT_BEGIN_STRING)).toBeNull();
    expect(scanner.findNextMatchSync(string, 0, 0)).toEqual({ index: 0, captureIndices: [{ start: 0, end: 3, length: 3 }] });
  });

  it('takes a plain string too', () => {
    const scanner = createSharedPatternEngine(oniguruma).createScanner([/amount/, 'pay']);
    expect(scanner.findNextMatchSync('pay the amount', 1, 0)).toEqual({ index: 0, captureIndices: [{ start: 8, end: 14, length: 6 }] });
  });
});
