import { createContext, useContext } from 'react';
import type { ThemeStringKey } from '../shared/i18n/strings.ts';
import type { PageData, SiteData } from '../shared/page-data.ts';

export interface CustomPageProps {
  /** The site's data, with `sidebar` empty: the whole tree is not in the browser before it is needed. */
  site: SiteData;
  page: PageData;
}

export interface Runtime {
  site: SiteData;
  /** True once hydrated in a browser. */
  client: boolean;
}

export const RuntimeContext = createContext<Runtime | null>(null);

export function useRuntime(): Runtime {
  const r = useContext(RuntimeContext);
  if (!r) throw new Error('paydocs: RuntimeContext is missing');
  return r;
}

export function useSite(): SiteData {
  return useRuntime().site;
}

/** `t('nav.home')` in the site's locale. */
export function useT(): (key: ThemeStringKey) => string {
  const { strings } = useSite();
  return (key) => strings[key];
}
