import { useEffect, useRef, useState } from 'react';
import { useRuntime, useT } from '../context.ts';
import type { PageData } from '../page-data.ts';
import { Icon } from './icons.tsx';

/** Switches to the same page in another locale; the page's alternates always exist (missing translations show English). */
export function LocaleDropdown({ page }: { page: PageData }) {
  const { site } = useRuntime();
  const t = useT();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const current = site.locales.find((l) => l.locale === site.locale);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  const hrefFor = (locale: string) => {
    const alt = page.alternates.find((a) => a.locale === locale);
    const home = site.locales.find((l) => l.locale === locale)?.home ?? site.baseUrl;
    const base = alt?.href ?? home;
    if (typeof window === 'undefined') return base;
    return base + window.location.search + window.location.hash;
  };
  return (
    <div className="dropdown" ref={ref}>
      <button type="button" className="navbar__link dropdown__toggle" aria-haspopup="true" aria-expanded={open} aria-label={`${t('nav.language')}: ${current?.label ?? ''}`} onClick={() => setOpen((o) => !o)}>
        <Icon name="globe" />
        <span>{current?.label}</span>
      </button>
      <ul className="dropdown__menu" hidden={!open}>
        {site.locales.map((l) => (
          <li key={l.locale}>
            <a className="dropdown__link" href={hrefFor(l.locale)} hrefLang={l.htmlLang} lang={l.htmlLang} aria-current={l.locale === site.locale ? 'true' : undefined} data-no-intercept="">
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
