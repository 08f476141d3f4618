import type { CustomPageProps } from '../../renderer/context.ts';
import { stringsFor } from '../../renderer/i18n/strings.ts';

export const meta = {
  title: { en: 'Search', ru: 'Поиск' },
  description: { en: 'Search the Corvopay documentation.', ru: 'Поиск по документации Corvopay.' },
  noindex: true,
};

/** The search page at `{base}search/?q=...&ctx=...&version=...`. */
export default function Search({ site }: CustomPageProps) {
  const s = stringsFor(site.locale);
  const home = site.locales.find((l) => l.locale === site.locale)?.home ?? '/';
  return (
    <div className="search-page">
      <h1>{s['search.pageTitle']}</h1>
      <form action={`${home}search`} method="get" role="search">
        <input className="search-page__input" type="search" name="q" aria-label={s['search.label']} placeholder={s['search.placeholder']} />
      </form>
      <p>{s['search.typeToSearch']}</p>
    </div>
  );
}
