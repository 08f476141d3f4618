import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_ONLY_STRINGS } from '../../cli/pipeline/compile/directives.ts';
import { themeStrings } from '../../cli/pipeline/render/render-pages.ts';
import { en } from '../../shared/i18n/strings.ts';
import { ROOT } from '../helpers/fixture.ts';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(n) ? [p] : [];
  });
}

describe('cli/pipeline/render/render-pages themeStrings', () => {
  it('ships the theme strings in the site module and leaves out the ones only the compiler uses', () => {
    const ru = themeStrings('ru');
    expect(ru['search.placeholder']).toBe('Поиск');
    expect(Object.keys(ru).filter((k) => BUILD_ONLY_STRINGS.some((p) => k.startsWith(p)))).toEqual([]);
    expect(Object.keys(en).some((k) => k.startsWith('api.'))).toBe(true);
  });

  it('no component or custom page asks for a string the site module leaves out', () => {
    const prefixes = BUILD_ONLY_STRINGS.map((p) => p.replace('.', '\\.')).join('|');
    const pattern = new RegExp(`['"\`](${prefixes})`);
    const offenders = [...files(path.join(ROOT, 'renderer')), ...files(path.join(ROOT, 'content/pages'))]
      .filter((f) => !f.endsWith(path.join('i18n', 'strings.ts')))
      .filter((f) => pattern.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(ROOT, f));
    expect(offenders).toEqual([]);
  });
});
