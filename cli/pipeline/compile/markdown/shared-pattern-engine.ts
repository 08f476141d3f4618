import type { PatternScanner, RegexEngine, RegexEngineString } from 'shiki/core';

/**
 * A shiki regular-expression engine that compiles each distinct pattern once and remembers where
 * each pattern matched on a line.
 *
 * vscode-textmate asks for a scanner per grammar rule, made of the patterns of every rule it may
 * enter there, so one grammar's patterns come back in many scanners: the site's code blocks make
 * Oniguruma compile 4,836 patterns, of which 784 are distinct, and compiling was most of a cold
 * highlighter's time. Here every scanner is made of one-pattern scanners of the inner engine, one per
 * distinct pattern, shared by all the scanners that hold it.
 *
 * A scanner's answer is its pattern that matches first on the line from the start position, the
 * earliest-listed one on a tie: what Oniguruma's scanner answers. Where a pattern's leftmost match
 * from one position begins does not depend on the position the search started at, as long as the
 * match begins at or after it (or there is none): the search only tries the later positions in
 * turn, and a lookbehind or `\b` sees the whole line either way. So a pattern's last result on a
 * line answers any later search from a position between the two. The exception is `\G`, which
 * matches at the start position itself: a pattern that holds it is searched every time. The results
 * are kept per line text (code repeats its lines, and the request samples of an API reference even
 * more), for the last `lines` distinct lines.
 *
 * The one-pattern scanners live as long as the engine: `dispose` of a scanner made here frees
 * nothing, since other scanners share its patterns.
 */
export function createSharedPatternEngine(inner: RegexEngine, options: { lines?: number } = {}): RegexEngine {
  const maxLines = options.lines ?? 2000;
  const patterns = new Map<string, Pattern>();
  /** Per line text: per pattern id, where it was last searched from and what it found. */
  const lines = new Map<string, Map<number, Found>>();

  const patternOf = (source: string): Pattern => {
    let pattern = patterns.get(source);
    if (!pattern) {
      // A literal backslash before a G (`\\G`) is taken for an anchor too: only a little slower.
      pattern = { id: patterns.size, scanner: inner.createScanner([source]), anchored: source.includes('\\G') };
      patterns.set(source, pattern);
    }
    return pattern;
  };

  /** The pattern's leftmost match from `start`; `known` (the line's results) is left out for searches with find options. */
  const search = (pattern: Pattern, string: RegexEngineString, start: number, findOptions: number, known: Map<number, Found> | undefined): Match | null => {
    if (!known || pattern.anchored) return pattern.scanner.findNextMatchSync(string, start, findOptions);
    const found = known.get(pattern.id);
    if (found && found.from <= start && (found.match === null || found.match.captureIndices[0]!.start >= start)) return found.match;
    const match = pattern.scanner.findNextMatchSync(string, start, findOptions);
    if (found) {
      found.from = start;
      found.match = match;
    } else known.set(pattern.id, { from: start, match });
    return match;
  };

  return {
    createString: (s) => inner.createString(s),
    createScanner(sources): PatternScanner {
      const list = sources.map((s) => patternOf(typeof s === 'string' ? s : s.source));
      return {
        findNextMatchSync(input, start, findOptions) {
          const string = typeof input === 'string' ? inner.createString(input) : input;
          try {
            // vscode-textmate passes no find options; a search with some is not remembered.
            let known: Map<number, Found> | undefined;
            if (!findOptions) {
              known = lines.get(string.content);
              if (!known) {
                if (lines.size >= maxLines) lines.clear();
                lines.set(string.content, (known = new Map()));
              }
            }
            let best: Match | null = null;
            let bestIndex = -1;
            for (let i = 0; i < list.length; i++) {
              const match = search(list[i]!, string, start, findOptions, known);
              if (match !== null && (best === null || match.captureIndices[0]!.start < best.captureIndices[0]!.start)) {
                best = match;
                bestIndex = i;
                if (match.captureIndices[0]!.start === start) break; // nothing can begin earlier; later patterns lose ties
              }
            }
            return best && { index: bestIndex, captureIndices: best.captureIndices };
          } finally {
            if (string !== input) string.dispose?.();
          }
        },
      };
    },
  };
}

type Match = NonNullable<ReturnType<PatternScanner['findNextMatchSync']>>;

interface Pattern {
  id: number;
  scanner: PatternScanner;
  /** Holds `\G`: its match depends on the start position itself. */
  anchored: boolean;
}

interface Found {
  from: number;
  match: Match | null;
}
