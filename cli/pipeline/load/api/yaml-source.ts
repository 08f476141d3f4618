import YAML, { isMap, isPair, isScalar, isSeq, LineCounter, type Document, type Node } from 'yaml';
import type { Diagnostic } from '../../../diagnostics.ts';
import { readYamlData } from '../load-yaml.ts';
import { fromPointer } from './json-pointer.ts';

/** A YAML file parsed to plain data, able to say on which line a JSON pointer's value is written. */
export interface YamlSource {
  data: unknown;
  /** Line and column (1-based) of the deepest node on `pointer` that exists in the file. */
  positionOf(pointer: string): { line: number; column: number } | undefined;
}

/**
 * Parses `text`; YAML syntax errors come back as diagnostics for `file`.
 *
 * The data comes from js-yaml (core schema: YAML 1.2, no timestamps or merge keys, as `yaml` reads
 * it), which reads the 130 KB OpenAPI document about six times faster. The `yaml` package, which
 * keeps every node's position, parses the text only when something needs a line: a syntax error
 * (js-yaml stops at the first; `yaml` reports each, with its own messages) or a diagnostic.
 */
export function parseYamlSource(text: string, file: string): { source?: YamlSource; errors: Diagnostic[] } {
  const read = readYamlData(text, file);
  if (!read) {
    const { doc, lineCounter } = parseDocument(text);
    if (doc.errors.length) return { errors: syntaxErrors(doc, lineCounter, file) };
    // js-yaml refused what `yaml` reads: `yaml` is the reference.
    return { source: { data: doc.toJS({ maxAliasCount: 100 }), positionOf: locator(doc, lineCounter) }, errors: [] };
  }
  let positionOf: YamlSource['positionOf'] | undefined;
  return {
    source: {
      data: read.data,
      positionOf: (pointer) => {
        if (!positionOf) {
          const { doc, lineCounter } = parseDocument(text);
          positionOf = locator(doc, lineCounter);
        }
        return positionOf(pointer);
      },
    },
    errors: [],
  };
}

function parseDocument(text: string): { doc: Document.Parsed; lineCounter: LineCounter } {
  const lineCounter = new LineCounter();
  return { doc: YAML.parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true }), lineCounter };
}

function syntaxErrors(doc: Document.Parsed, lineCounter: LineCounter, file: string): Diagnostic[] {
  return doc.errors.map((e) => {
    const pos = lineCounter.linePos(e.pos[0]);
    return { severity: 'error', file, line: pos.line, column: pos.col, rule: 'yaml', message: `invalid YAML: ${e.message.split('\n')[0]}` };
  });
}

function locator(doc: Document.Parsed, lineCounter: LineCounter): YamlSource['positionOf'] {
  return (pointer) => {
    let node: Node | null | undefined = doc.contents;
    let offset = node?.range?.[0];
    for (const seg of fromPointer(pointer)) {
      if (isMap(node)) {
        const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === seg);
        if (!pair) break;
        offset = (pair.key as Node).range?.[0] ?? offset;
        node = pair.value as Node | null;
      } else if (isSeq(node)) {
        const item = node.items[Number(seg)] as Node | undefined;
        if (!item) break;
        offset = item.range?.[0] ?? offset;
        node = item;
      } else break;
    }
    if (offset === undefined) return undefined;
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
}
