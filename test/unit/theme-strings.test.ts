import { describe, expect, it } from 'vitest';
import { BUILD_ONLY_STRINGS } from '../../cli/pipeline/compile/directives.ts';
import { themeStrings } from '../../cli/pipeline/render/render-pages.ts';
import { en } from '../../shared/i18n/strings.ts';

describe('cli/pipeline/render/render-pages themeStrings', () => {
  it('ships the theme strings in the site module and leaves out the ones only the compiler uses', () => {
    const ru = themeStrings('ru');
    expect(ru['search.placeholder']).toBe('Поиск');
    expect(Object.keys(ru).filter((k) => BUILD_ONLY_STRINGS.some((p) => k.startsWith(p)))).toEqual([]);
    expect(Object.keys(en).some((k) => k.startsWith('api.'))).toBe(true);
  });

});
