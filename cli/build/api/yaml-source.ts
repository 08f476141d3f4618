import YAML, { isMap, isPair, isScalar, isSeq, LineCounter, type Node } from 'yaml';
import type { Diagnostic } from '../../diagnostics.ts';
import { fromPointer } from './json-pointer.ts';

/** A YAML file parsed to plain data, able to say on which line a JSON pointer's value is written. */
export interface YamlSource {
  data: unknown;
  /** Line and column (1-based) of the deepest node on `pointer` that exists in the file. */
  positionOf(pointer: string): { line: number; column: number } | undefined;
}

/** Parses `text`; YAML syntax errors come back as diagnostics for `file`. */
export function parseYamlSource(text: string, file: string): { source?: YamlSource; errors: Diagnostic[] } {
  const lineCounter = new LineCounter();
  const doc = YAML.parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length) {
    return {
      errors: doc.errors.map((e) => {
        const pos = lineCounter.linePos(e.pos[0]);
        return { severity: 'error', file, line: pos.line, column: pos.col, rule: 'yaml', message: `invalid YAML: ${e.message.split('\n')[0]}` };
      }),
    };
  }
  const positionOf = (pointer: string) => {
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
  return { source: { data: doc.toJS({ maxAliasCount: 100 }), positionOf }, errors: [] };
}
