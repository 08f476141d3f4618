import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FrontmatterSchema } from '../../config/index.ts';

const readme = readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');

describe('README writer guide', () => {
  it('documents every frontmatter field of the schema, and no field the schema lacks', () => {
    const documented = [...readme.matchAll(/^\| `([a-z_]+)` \| [^|]*(?:\\\|[^|]*)* \| /gm)].map((m) => m[1]);
    const section = readme.slice(readme.indexOf('### Frontmatter'), readme.indexOf('### Headings'));
    const inTable = [...section.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]).sort();
    expect(inTable).toEqual(Object.keys(FrontmatterSchema.shape).sort());
    expect(documented.length).toBeGreaterThan(0);
  });

  it('shows the two commands of a fresh clone', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
  });
});
