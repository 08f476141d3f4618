import type { Root } from 'hast';
import type { CodeToHastOptions, ThemeRegistrationResolved } from 'shiki';
import type { Highlighter } from './highlighter.ts';

/**
 * Highlighting for two themes with one tokenization.
 *
 * Shiki's `codeToHast` with `themes: { light, dark }` runs the grammar over the code once per theme,
 * though only the colours differ: a third of each compile worker's time went to the grammars'
 * regular expressions, half of it spent matching every block a second time. GitHub's light and dark
 * themes are the same rules (scopes, order, font styles) in other colours, so one tokenization with a
 * "rule theme" (the same rules, each colour replaced by a colour naming the rule) tells, for every
 * token, which rule coloured it, and so its colour in each theme. From it, each theme's pass of
 * shiki gets the binary tokens the grammar would have produced for that theme (the same tokens,
 * merged where the theme's colours are equal, as vscode-textmate merges them), and shiki builds the
 * same tree as before, transformers and all.
 *
 * Themes that are not the same rules fall back to shiki's own two passes.
 */

/** vscode-textmate's encoded token metadata: font style 4 bits at 11, foreground 9 at 15, background 8 at 24. */
const FOREGROUND_MASK = 0x00ff8000;
const BACKGROUND_MASK = 0xff000000;
const FOREGROUND_OFFSET = 15;
const BACKGROUND_OFFSET = 24;

interface Grammar {
  name: string;
  tokenizeLine2(line: string, stack: unknown, timeLimit?: number): { tokens: Uint32Array; ruleStack: unknown; stoppedEarly: boolean };
}

/** The part of shiki's internal context (`getInternalContext()`) a theme pass goes through. */
interface Primitive {
  setTheme(name: string): { theme: ThemeRegistrationResolved; colorMap: string[] };
  getLanguage(name: string): Grammar;
  resolveLangAlias(name: string): string;
}

type Settings = ThemeRegistrationResolved['settings'][number];

export type CodeToHast = (code: string, options: CodeToHastOptions & { lang: string; themes: Record<string, string> }) => Root;

const RULE_THEME = 'paydocs-rule-index';
const ruleColor = (n: number) => `#${(n + 1).toString(16).padStart(6, '0').toUpperCase()}`;

/** The same rules? Scopes, font styles, and which of them set a foreground or background, in order. */
function sameRules(a: Settings[], b: Settings[]): boolean {
  const shape = (s: Settings) => JSON.stringify([s.scope ?? null, s.settings?.fontStyle ?? null, Boolean(s.settings?.foreground), Boolean(s.settings?.background)]);
  return a.length === b.length && a.every((s, i) => shape(s) === shape(b[i]!));
}

/**
 * `codeToHast` for `themes` (name by color key, e.g. `{ light, dark }`), tokenizing once when the
 * themes allow it; otherwise the highlighter's own.
 */
export function dualThemeCodeToHast(highlighter: Highlighter, themes: Record<string, string>): CodeToHast {
  const own: CodeToHast = (code, options) => highlighter.codeToHast(code, options);
  const names = Object.values(themes);
  const resolved = names.map((n) => highlighter.getTheme(n));
  if (!resolved.every((t) => sameRules(t.settings, resolved[0]!.settings))) return own;

  // The rule theme: colour k names setting i's foreground (k = 2i) or background (k = 2i + 1).
  const base = resolved[0]!;
  const settings = base.settings.map((s, i) => ({
    ...s,
    settings: { ...s.settings, foreground: s.settings?.foreground ? ruleColor(2 * i) : undefined, background: s.settings?.background ? ruleColor(2 * i + 1) : undefined },
  }));
  highlighter.loadThemeSync({ ...base, name: RULE_THEME, settings, fg: settings[0]?.settings.foreground ?? base.fg, bg: settings[0]?.settings.background ?? base.bg, colorReplacements: {} });
  const primitive = highlighter.getInternalContext() as unknown as Primitive;

  // For each theme: rule colour id (in the rule theme's colour map) -> the theme's colour id.
  const ruleMap = primitive.setTheme(RULE_THEME).colorMap;
  const translate = new Map<string, Int32Array>();
  for (const [t, name] of names.entries()) {
    const colorMap = primitive.setTheme(name).colorMap;
    const idOf = new Map<string, number>();
    for (let id = 0; id < colorMap.length; id++) if (colorMap[id]) idOf.set(colorMap[id]!.toUpperCase(), id);
    const table = new Int32Array(ruleMap.length).fill(-1);
    resolved[t]!.settings.forEach((s, i) => {
      for (const [k, color] of [[2 * i, s.settings?.foreground], [2 * i + 1, s.settings?.background]] as const) {
        if (!color) continue;
        const ruleId = ruleMap.findIndex((c) => c?.toUpperCase() === ruleColor(k));
        const id = idOf.get(color.toUpperCase());
        if (ruleId >= 0 && id !== undefined) table[ruleId] = id;
      }
    });
    translate.set(name, table);
  }
  // Every rule colour must be known: a theme whose colours shiki rewrote (CSS variables) takes the slow path.
  for (const table of translate.values()) {
    for (let id = 1; id < ruleMap.length; id++) if (ruleMap[id] && table[id] === -1) return own;
  }

  const retokenize = (tokens: Uint32Array, table: Int32Array): Uint32Array => {
    const out: number[] = [];
    for (let j = 0; j < tokens.length; j += 2) {
      const m = tokens[j + 1]!;
      const fg = table[(m & FOREGROUND_MASK) >>> FOREGROUND_OFFSET]!;
      const bg = table[(m & BACKGROUND_MASK) >>> BACKGROUND_OFFSET]!;
      const meta = ((m & ~(FOREGROUND_MASK | BACKGROUND_MASK)) | (Math.max(fg, 0) << FOREGROUND_OFFSET) | (Math.max(bg, 0) << BACKGROUND_OFFSET)) >>> 0;
      // Equal neighbours are one token, as vscode-textmate merges them.
      if (out.length && out[out.length - 1] === meta) continue;
      out.push(tokens[j]!, meta);
    }
    return Uint32Array.from(out);
  };

  return (code, options) => {
    const lang = primitive.resolveLangAlias(options.lang);
    let grammar: Grammar;
    try {
      grammar = primitive.getLanguage(lang);
    } catch {
      return own(code, options); // plain text and unknown languages: nothing to tokenize twice
    }
    // One tokenization with the rule theme, line by line as shiki splits and skips them.
    primitive.setTheme(RULE_THEME);
    const lines: Array<{ tokens: Uint32Array; ruleStack: unknown }> = [];
    let stack: unknown = null; // null: the grammar's initial state, as shiki's INITIAL
    for (const line of code.split(/\r?\n/)) {
      if (line === '') continue;
      const result = grammar.tokenizeLine2(line, stack, 500); // shiki's default tokenizeTimeLimit
      if (result.stoppedEarly) return own(code, options);
      lines.push({ tokens: result.tokens, ruleStack: result.ruleStack });
      stack = result.ruleStack;
    }
    // Each theme pass of shiki gets that theme's tokens from a stand-in grammar.
    const setTheme = primitive.setTheme;
    const getLanguage = primitive.getLanguage;
    let current = '';
    primitive.setTheme = (name) => {
      current = name;
      return setTheme(name);
    };
    primitive.getLanguage = (name) => {
      const table = translate.get(current);
      if (!table || primitive.resolveLangAlias(name) !== lang) return getLanguage(name);
      let n = 0;
      return {
        name: grammar.name,
        tokenizeLine2: () => {
          const line = lines[n++]!;
          return { tokens: retokenize(line.tokens, table), ruleStack: line.ruleStack, stoppedEarly: false };
        },
      };
    };
    try {
      return highlighter.codeToHast(code, options);
    } finally {
      primitive.setTheme = setTheme;
      primitive.getLanguage = getLanguage;
    }
  };
}
