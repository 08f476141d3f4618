import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentDocsVersionTag, docsVersionTag, preferredVersionSlot } from '../../../renderer/hooks/use-docs-version.ts';
import type { SiteData } from '../../../shared/page-data.ts';
import { resetStorageForTests } from '../../../renderer/storage.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  resetStorageForTests();
});

describe('renderer/hooks/use-docs-version', () => {
  const versions = ['current', '2.x', '1.x'];

  it('names the docs `docs-{pluginId}-{versionName}`: the active version, else the stored one, else the latest', () => {
    expect(docsVersionTag({ pluginId: 'default', versions, active: '2.x', stored: '1.x' })).toBe('docs-default-2.x');
    expect(docsVersionTag({ pluginId: 'default', versions, stored: '1.x' })).toBe('docs-default-1.x');
    expect(docsVersionTag({ pluginId: 'default', versions })).toBe('docs-default-current');
    expect(docsVersionTag({ pluginId: 'api', versions, stored: null })).toBe('docs-api-current');
  });

  it('ignores a stored version that no longer exists', () => {
    expect(docsVersionTag({ pluginId: 'default', versions, stored: '0.9' })).toBe('docs-default-current');
  });

  it('reads the stored version from local storage under `docs-preferred-version-{pluginId}`', () => {
    const data = new Map<string, string>([['docs-preferred-version-default', 'current']]);
    const local = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k) };
    vi.stubGlobal('window', Object.assign(new EventTarget(), { localStorage: local }));
    const site = { version: { name: 'current', label: 'Next' } } as SiteData;
    expect(currentDocsVersionTag(site, { kind: 'page' })).toBe('docs-default-current');
    expect(currentDocsVersionTag(site, { kind: 'doc' })).toBe('docs-default-current');
    preferredVersionSlot().set('current');
    expect(data.get('docs-preferred-version-default')).toBe('current');
  });
});
