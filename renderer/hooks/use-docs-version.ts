import { useEffect } from 'react';
import type { PageData, SiteData } from '../../shared/page-data.ts';
import { createStorageSlot, type StorageSlot } from '../storage.ts';

/** This site has one docs plugin instance. */
export const DOCS_PLUGIN_ID = 'default';

/** Where the chosen version of a docs plugin is kept (Docusaurus' key, so it is familiar). */
export function preferredVersionSlot(pluginId = DOCS_PLUGIN_ID): StorageSlot {
  return createStorageSlot(`docs-preferred-version-${pluginId}`);
}

export interface VersionChoice {
  pluginId: string;
  /** Names of the versions that exist, latest first. */
  versions: readonly string[];
  /** Version of the doc being read, if a doc page is open. */
  active?: string;
  /** Version kept in storage, if any (ignored when it no longer exists). */
  stored?: string | null;
}

/**
 * The documentation identifier `docs-{pluginId}-{versionName}` (spec section 3): the version is the
 * active one, else the stored one, else the latest. Search uses it to pick its index.
 */
export function docsVersionTag(choice: VersionChoice): string {
  const known = (v: string | null | undefined): v is string => typeof v === 'string' && choice.versions.includes(v);
  const name = known(choice.active) ? choice.active : known(choice.stored) ? choice.stored : choice.versions[0]!;
  return `docs-${choice.pluginId}-${name}`;
}

/** The identifier for a page of this site, reading the stored version in a browser. */
export function currentDocsVersionTag(site: SiteData, page: Pick<PageData, 'kind'>): string {
  return docsVersionTag({
    pluginId: DOCS_PLUGIN_ID,
    versions: [site.version.name],
    active: page.kind === 'doc' ? site.version.name : undefined,
    stored: typeof window === 'undefined' ? undefined : preferredVersionSlot().get(),
  });
}

/**
 * Reading a doc of a version chooses that version: it is persisted, so pages outside the docs
 * (search) keep using it. The tag is mirrored on `<html data-docs-version>` for scripts and styles.
 */
export function useDocsVersion(site: SiteData, page: PageData): void {
  useEffect(() => {
    if (page.kind === 'doc') preferredVersionSlot().set(site.version.name);
    document.documentElement.dataset.docsVersion = currentDocsVersionTag(site, page);
  }, [site, page]);
}
