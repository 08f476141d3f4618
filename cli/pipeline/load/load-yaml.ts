import { readFileSync } from 'node:fs';
import { CORE_SCHEMA, load } from 'js-yaml';
import YAML, { isMap, isNode, isScalar, LineCounter, type Document } from 'yaml';
import type { z } from 'zod';
import { DiagnosticList, zodDiagnostics } from '../../diagnostics.ts';

/** A YAML file parsed with its positions, to turn a key path into the line it is written on. */
export interface ParsedYaml {
  file: string;
  doc: Document;
  /** Line of the key at `path` (of the key itself, not its value), or of its nearest parent written in the file. */
  lineOf(path: readonly PropertyKey[]): number | undefined;
}

/**
 * Reads a YAML file of the project (`content/redirects.yaml`, `content/data/*.yaml`, `_category_.yml`).
 * A syntax error is reported once, at the first error: after one, the parser reports every token
 * that follows it (an unclosed `[` gave 216 errors).
 */
export function parseYamlFile(abs: string, file: string, rule: string, diagnostics: DiagnosticList): ParsedYaml | undefined {
  return parseYamlText(readFileSync(abs, 'utf8'), file, rule, diagnostics);
}

function parseYamlText(text: string, file: string, rule: string, diagnostics: DiagnosticList): ParsedYaml | undefined {
  const counter = new LineCounter();
  const doc = YAML.parseDocument(text, { lineCounter: counter, prettyErrors: false });
  const first = doc.errors[0];
  if (first) {
    const pos = counter.linePos(first.pos[0]);
    diagnostics.add({ file, line: pos.line, column: pos.col, rule, message: `invalid YAML: ${first.message.split('\n')[0]}` });
    return undefined;
  }
  const lineAt = (offset: number) => counter.linePos(offset).line;
  const lineOf = (path: readonly PropertyKey[]): number | undefined => {
    for (let n = path.length; n > 0; n--) {
      const key = path[n - 1];
      const parent = doc.getIn(path.slice(0, n - 1) as Array<string | number>, true);
      // The key of a mapping is where the writer looks (its value may start lines below, `key:` then a list).
      if (typeof key === 'string' && isMap(parent)) {
        const pair = parent.items.find((p) => isScalar(p.key) && String(p.key.value) === key);
        if (pair && isNode(pair.key) && pair.key.range) return lineAt(pair.key.range[0]);
        continue;
      }
      const node = doc.getIn(path.slice(0, n) as Array<string | number>, true);
      if (isNode(node) && node.range) return lineAt(node.range[0]);
    }
    return isNode(doc.contents) && doc.contents.range ? lineAt(doc.contents.range[0]) : 1;
  };
  return { file, doc, lineOf };
}

/**
 * Parses a YAML file and validates it: its value and a way to the line of a key, or `undefined` after
 * reporting every problem at the line of the key it is about.
 *
 * The value comes from `readYamlData` (js-yaml): two and a half times faster on the site's 190
 * `_category_.yml` files (11 against 27 ms), which the content waits for before any page compiles.
 * The `yaml` package, which keeps every node's position, parses the file only when something needs a
 * line: a syntax error, a value the schema refuses, or a caller's diagnostic.
 */
export function loadYamlFile<S extends z.ZodType>(
  abs: string,
  options: { file: string; rule: string; schema: S; diagnostics: DiagnosticList; hint?: string; empty?: unknown },
): { value: z.output<S>; lineOf: ParsedYaml['lineOf'] } | undefined {
  const { file, rule, schema, diagnostics, hint } = options;
  const text = readFileSync(abs, 'utf8');
  const read = readYamlData(text, file);
  if (read) {
    const result = schema.safeParse(read.data ?? options.empty ?? null, { reportInput: true });
    if (result.success) {
      // Parsed again only when a line is asked for. Should `yaml` refuse what js-yaml read, the line is
      // unknown: the value stands, and nothing is reported after the fact.
      let parsed: ParsedYaml | null | undefined;
      const lineOf = (path: readonly PropertyKey[]) => (parsed === undefined ? (parsed = parseYamlText(text, file, rule, new DiagnosticList()) ?? null) : parsed)?.lineOf(path);
      return { value: result.data, lineOf };
    }
  }
  const yaml = parseYamlText(text, file, rule, diagnostics);
  if (!yaml) return undefined;
  const result = schema.safeParse(yaml.doc.toJS() ?? options.empty ?? null, { reportInput: true });
  if (result.success) return { value: result.data, lineOf: yaml.lineOf };
  for (const d of zodDiagnostics(result.error, { file, rule, schema, lineOf: yaml.lineOf, hint })) diagnostics.add(d);
  return undefined;
}

/**
 * The data of a YAML text as the `yaml` package reads it (YAML 1.2, core schema: no timestamps or
 * merge keys), read by js-yaml, which is several times faster; undefined when js-yaml refuses the
 * text, which then goes to `yaml`, the reference (for its errors, or for data js-yaml cannot read).
 */
export function readYamlData(text: string, file: string): { data: unknown } | undefined {
  try {
    return { data: load(text, { schema: CORE_SCHEMA, filename: file }) };
  } catch {
    return undefined;
  }
}

/**
 * The opening quote of a quoted value in `text` that is never closed: its character and its 1-based
 * line and column. Parsers report such a value where the text ends (js-yaml, in frontmatter, at the
 * closing `---`), not where the writer left the quote open.
 */
export function unclosedQuote(text: string): { quote: string; line: number; col: number } | undefined {
  let found: number | undefined;
  const visit = (node: unknown): void => {
    if (found !== undefined || node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const token = node as { type?: string; offset?: number; source?: unknown };
    if ((token.type === 'double-quoted-scalar' || token.type === 'single-quoted-scalar') && typeof token.source === 'string' && typeof token.offset === 'number') {
      const source = token.source.trimEnd();
      const quote = source[0]!;
      // `"…\"` ends with an escaped quote, not a closing one; in single quotes `''` is a quote.
      const escaped = quote === '"' ? /(^|[^\\])(\\\\)*\\"$/.test(source) : false;
      if (source.length < 2 || !source.endsWith(quote) || escaped) found = token.offset;
      return;
    }
    for (const value of Object.values(node)) visit(value);
  };
  const counter = new LineCounter();
  for (const token of new YAML.Parser(counter.addNewLine).parse(text)) visit(token);
  return found === undefined ? undefined : { quote: text[found]!, ...counter.linePos(found) };
}
