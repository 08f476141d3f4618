import { useRuntime, useT } from '../context.ts';
import { Icon } from './icons.tsx';

/** The navbar search box. Without JavaScript it is a plain GET form to the search page. */
export function SearchBox() {
  const { site } = useRuntime();
  const t = useT();
  const home = site.locales.find((l) => l.locale === site.locale)?.home ?? site.baseUrl;
  return (
    <form className="search-box" role="search" action={`${home}search`} method="get">
      <Icon name="search" size={16} />
      <input className="search-box__input" type="search" name="q" placeholder={t('search.placeholder')} aria-label={t('search.label')} autoComplete="off" spellCheck={false} />
    </form>
  );
}
