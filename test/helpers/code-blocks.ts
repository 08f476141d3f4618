import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Every fenced code block of the Markdown files below `dirs` (absolute): [lang, code]. */
export function codeBlocksIn(...dirs: string[]): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const dir of dirs) {
    for (const f of readdirSync(dir, { recursive: true }).map(String).sort()) {
      if (!f.endsWith('.md')) continue;
      const text = readFileSync(path.join(dir, f), 'utf8');
      for (const m of text.matchAll(/^```(\w+)[^\n]*\n([\s\S]*?)\n```$/gm)) out.push([m[1]!, m[2]!]);
    }
  }
  return out;
}
