/** The browser's code: the theme's client entry and the custom pages, bundled by esbuild. */
import path from 'node:path';
import type { PaydocsConfig } from '../../../config/index.ts';
import { RENDERER_DIR } from '../../package-root.ts';
import { listCustomPages } from '../load/content-dirs.ts';
import { bundleClient, type ClientBundle } from './bundle-client.ts';

export type SiteBundle = ClientBundle & { extra: Record<string, string> };

/**
 * React's production build in dev too: an edit re-renders the page in a few ms instead of some
 * 30-60 ms (save-to-browser budget: 100 ms). Theme authors who want React's warnings set
 * PAYDOCS_REACT_DEV=1.
 */
const DEV_REACT = process.env.PAYDOCS_REACT_DEV ? 'development' : 'production';

/** A build's bundle is minified and carries the search worker; dev's is neither (dev has no search index). */
export function bundleSite(input: { root: string; config: PaydocsConfig; mode: 'build' | 'dev' }): Promise<SiteBundle> {
  const { root, config, mode } = input;
  const customPages = listCustomPages(root);
  if (mode === 'dev') return bundleClient({ root, baseUrl: config.baseUrl, customPages, minify: false, react: DEV_REACT });
  return bundleClient({ root, baseUrl: config.baseUrl, customPages, minify: true, extraEntries: { 'search-worker': path.join(RENDERER_DIR, 'search/worker.ts') } });
}
