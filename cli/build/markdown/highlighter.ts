import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { transformerStyleToClass } from '@shikijs/transformers';
import { createHighlighter, type Highlighter } from 'shiki';
import { createOnigurumaEngine } from 'shiki/engine/oniguruma';

/** Languages the docs highlight (spec: java, json, bash, php, javascript, python, http, kotlin) plus a few common extras. */
export const LANGUAGES = ['java', 'json', 'bash', 'php', 'javascript', 'python', 'http', 'kotlin', 'typescript', 'yaml', 'xml', 'sql', 'diff', 'shellsession'] as const;
/**
 * GitHub's current (Primer) themes: every token colour reaches WCAG AA (4.5:1) on the theme's code
 * backgrounds (white, and #161b22 in dark mode); the older `github-light`/`github-dark` do not
 * (orange 3.5:1, dark comments 3.6:1), which axe reports as serious.
 */
export const THEMES = { light: 'github-light-default', dark: 'github-dark-default' } as const;

let highlighter: Promise<Highlighter> | undefined;

/** One shiki instance per process: creating it is the slow part. */
export function getHighlighter(): Promise<Highlighter> {
  highlighter ??= createHighlighter({ themes: [THEMES.light, THEMES.dark], langs: [...LANGUAGES], engine: onigurumaEngine() });
  return highlighter;
}

/**
 * Shiki's Oniguruma engine, from the binary shiki ships as a file (`shiki/onig.wasm`, the same
 * bytes). Its default, the binary inlined as gzipped base64, is decoded with `atob`, a web
 * `Response` and a `DecompressionStream`: touching `Response` loads Node's fetch (undici), and the
 * whole took some 60 ms of every compile thread. Given as an `instantiator`, the loader never
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
