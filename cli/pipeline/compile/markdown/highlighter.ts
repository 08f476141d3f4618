import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { transformerStyleToClass } from '@shikijs/transformers';
import { createHighlighterCore, type HighlighterCore, type LanguageInput, type RegexEngine, type ThemeInput } from 'shiki/core';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';
import { createSharedPatternEngine } from './shared-pattern-engine.ts';

/** Languages the docs highlight (spec: java, json, bash, php, javascript, python, http, kotlin) plus a few common extras. */
export const LANGUAGES = ['java', 'json', 'bash', 'php', 'javascript', 'python', 'http', 'kotlin', 'typescript', 'yaml', 'xml', 'sql', 'diff', 'shellsession'] as const;
/** A language a directive's generated code may be in (see directives.ts): one the highlighter loads. */
export type SampleGrammar = (typeof LANGUAGES)[number];
/**
 * GitHub's current (Primer) themes: every token colour reaches WCAG AA (4.5:1) on the theme's code
 * backgrounds (white, and #161b22 in dark mode); the older `github-light`/`github-dark` do not
 * (orange 3.5:1, dark comments 3.6:1), which axe reports as serious.
 */
export const THEMES = { light: 'github-light-default', dark: 'github-dark-default' } as const;

/**
 * Each language's grammar module (with the grammars it embeds), imported by name: shiki's full bundle
 * (`createHighlighter` from 'shiki') would do the same from a map of its 200-odd languages, and the
 * compile worker's bundle would then carry a chunk for every one of them.
 */
const GRAMMARS: Record<(typeof LANGUAGES)[number], () => LanguageInput> = {
  java: () => import('@shikijs/langs/java'),
  json: () => import('@shikijs/langs/json'),
  bash: () => import('@shikijs/langs/bash'),
  php: () => import('@shikijs/langs/php'),
  javascript: () => import('@shikijs/langs/javascript'),
  python: () => import('@shikijs/langs/python'),
  http: () => import('@shikijs/langs/http'),
  kotlin: () => import('@shikijs/langs/kotlin'),
  typescript: () => import('@shikijs/langs/typescript'),
  yaml: () => import('@shikijs/langs/yaml'),
  xml: () => import('@shikijs/langs/xml'),
  sql: () => import('@shikijs/langs/sql'),
  diff: () => import('@shikijs/langs/diff'),
  shellsession: () => import('@shikijs/langs/shellsession'),
};
const THEME_MODULES: Record<(typeof THEMES)[keyof typeof THEMES], () => ThemeInput> = {
  'github-light-default': () => import('@shikijs/themes/github-light-default'),
  'github-dark-default': () => import('@shikijs/themes/github-dark-default'),
};

export type Highlighter = HighlighterCore;
let highlighter: Promise<Highlighter> | undefined;

/** One shiki instance per process: creating it is the slow part. */
export function getHighlighter(): Promise<Highlighter> {
  // Each distinct pattern compiled once, and a pattern's matches on a line remembered (shared-pattern-engine.ts).
  highlighter ??= createSiteHighlighter(onigurumaEngine().then((engine) => createSharedPatternEngine(engine)));
  return highlighter;
}

/** A shiki instance with the site's themes and grammars, on `engine` (`getHighlighter` gives the build's). */
export function createSiteHighlighter(engine: RegexEngine | Promise<RegexEngine>): Promise<Highlighter> {
  return createHighlighterCore({
    themes: [THEME_MODULES[THEMES.light](), THEME_MODULES[THEMES.dark]()],
    langs: LANGUAGES.map((l) => GRAMMARS[l]()),
    engine,
  });
}

/**
 * Shiki's Oniguruma engine, from the binary shiki ships as a file (`shiki/onig.wasm`, the same
 * bytes). Its default, the binary inlined as gzipped base64, is decoded with `atob`, a web
 * `Response` and a `DecompressionStream`: touching `Response` loads Node's fetch (undici), and the
 * whole took some 45 ms of every compile thread (CPU profile). Given as an `instantiator`, the loader never
 * looks at `Response` either.
 */
function onigurumaEngine(): ReturnType<typeof createOnigurumaEngine> {
  const file = createRequire(import.meta.url).resolve('shiki/onig.wasm');
  return createOnigurumaEngine({ instantiator: async (imports) => WebAssembly.instantiate(await readFile(file), imports) });
}

/**
 * Turns shiki's per-token inline styles into shared classes, so a code-heavy page carries
 * class names instead of repeated `style` attributes; `getCSS()` gives the stylesheet.
 * Both themes are in the classes as CSS variables, switched by `[data-theme=dark]` alone.
 */
export function createStyleToClass(): ReturnType<typeof transformerStyleToClass> {
  return transformerStyleToClass({ classPrefix: 'sk-' });
}
