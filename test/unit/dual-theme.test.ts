import { toHtml } from 'hast-util-to-html';
import { createHighlighter, type Highlighter, type ShikiTransformer } from 'shiki';
import { beforeAll, describe, expect, it } from 'vitest';
import { dualThemeCodeToHast } from '../../cli/pipeline/compile/markdown/dual-theme.ts';
import { createStyleToClass, LANGUAGES, THEMES } from '../../cli/pipeline/compile/markdown/highlighter.ts';
import { codeBlocksIn } from '../helpers/code-blocks.ts';
import { fixture } from '../helpers/fixture.ts';

let highlighter: Highlighter;
beforeAll(async () => {
  highlighter = await createHighlighter({ themes: [THEMES.light, THEMES.dark, 'github-light', 'min-dark'], langs: [...LANGUAGES] });
});

/** Counts the real grammar's line tokenizations while `fn` runs. */
function countTokenizations(lang: string, fn: () => void): number {
  const grammar = (highlighter.getInternalContext() as unknown as { getLanguage(l: string): { tokenizeLine2: (...a: unknown[]) => unknown } }).getLanguage(lang);
  const real = grammar.tokenizeLine2;
  let n = 0;
  grammar.tokenizeLine2 = (...a: unknown[]) => {
    n++;
    return real.apply(grammar, a);
  };
  try {
    fn();
  } finally {
    grammar.tokenizeLine2 = real;
  }
  return n;
}

const options = (lang: string, transformers: ShikiTransformer[] = []) => ({ lang, themes: THEMES, defaultColor: false as const, transformers });

describe('dualThemeCodeToHast', () => {
  it('builds exactly the tree of shiki’s two passes for code of every language the site highlights, with half the tokenizing', () => {
    const dual = dualThemeCodeToHast(highlighter, THEMES);
    const blocks = codeBlocksIn(fixture('code-blocks'));
    expect(new Set(blocks.map(([l]) => l))).toEqual(new Set(LANGUAGES));
    let once = 0;
    let twice = 0;
    for (const [lang, code] of blocks) {
      let ours = '';
      once += countTokenizations(lang, () => (ours = toHtml(dual(code, options(lang)))));
      let theirs = '';
      twice += countTokenizations(lang, () => (theirs = toHtml(highlighter.codeToHast(code, options(lang)))));
      expect(ours, `${lang}:\n${code}`).toBe(theirs);
    }
    expect(once * 2).toBe(twice);
  });

  it('keeps transformers working: highlighted lines and style classes', () => {
    const dual = dualThemeCodeToHast(highlighter, THEMES);
    const code = '{\n  "amount": 1000,\n  "currency": "EUR"\n}';
    const transformers = (): ShikiTransformer[] => [
      {
        line(el, line) {
          if (line === 2) this.addClassToHast(el, 'highlighted');
        },
      },
      createStyleToClass(),
    ];
    const ours = toHtml(dual(code, options('json', transformers())));
    expect(ours).toContain('class="line highlighted"');
    expect(ours).toBe(toHtml(highlighter.codeToHast(code, options('json', transformers()))));
  });

  it.each([
    ['CRLF line ends and empty lines', 'bash', 'curl -X POST \\\r\n  https://api.corvopay.example/v1\r\n\r\n\r\necho "done" # comment\r\n'],
    ['a lone CR inside a line', 'python', 'print("a\rb")\nx = 1'],
    ['an unterminated string carried across lines', 'javascript', 'const s = `multi\nline ${value}\nend`;\n// after'],
    ['an embedded language', 'http', 'POST /v1/payments HTTP/1.1\nContent-Type: application/json\n\n{"amount": 1000, "capture": true}'],
    ['no code at all', 'json', ''],
  ])('matches shiki on %s', (_, lang, code) => {
    const dual = dualThemeCodeToHast(highlighter, THEMES);
    expect(toHtml(dual(code, options(lang)))).toBe(toHtml(highlighter.codeToHast(code, options(lang))));
  });

  it('plain text goes to shiki unchanged', () => {
    const dual = dualThemeCodeToHast(highlighter, THEMES);
    expect(toHtml(dual('a <b> & c', options('text')))).toBe(toHtml(highlighter.codeToHast('a <b> & c', options('text'))));
  });

  it('themes that are not the same rules get shiki’s own two passes', () => {
    const themes = { light: 'github-light', dark: 'min-dark' };
    const dual = dualThemeCodeToHast(highlighter, themes);
    const code = 'const fee = amount * 0.029 + 30; // cents';
    const opts = { lang: 'javascript', themes, defaultColor: false as const };
    let ours = '';
    expect(countTokenizations('javascript', () => (ours = toHtml(dual(code, opts))))).toBe(2);
    expect(ours).toBe(toHtml(highlighter.codeToHast(code, opts)));
  });

  it('leaves the highlighter as it found it: its own codeToHast still tokenizes per theme', () => {
    dualThemeCodeToHast(highlighter, THEMES)('{"a": 1}', options('json'));
    expect(countTokenizations('json', () => highlighter.codeToHast('{"a": 1}', options('json')))).toBe(2);
  });
});
