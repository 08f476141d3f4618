import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './site.ts';

/** Every fenced code block of the docs, both languages: [lang, code]. */
export function docCodeBlocks(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const dir of ['content/docs', 'content/i18n/ru']) {
    for (const f of readdirSync(path.join(PROJECT_ROOT, dir), { recursive: true }).map(String)) {
      if (!f.endsWith('.md')) continue;
      const text = readFileSync(path.join(PROJECT_ROOT, dir, f), 'utf8');
      for (const m of text.matchAll(/^```(\w+)[^\n]*\n([\s\S]*?)\n```$/gm)) out.push([m[1]!, m[2]!]);
    }
  }
  return out;
}
