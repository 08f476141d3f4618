import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type MouseEvent as ReactMouseEvent } from 'react';
import { useRuntime, useT } from '../context.ts';
import type { LocaleData, PageData, SiteData } from '../../shared/page-data.ts';
import { Icon } from './icons.tsx';

/** The same page in `locale`, else that locale's home (the 404 page has no alternates). */
export function localeHref(site: SiteData, page: PageData, locale: string): string {
  const alt = page.alternates.find((a) => a.locale === locale);
  return alt?.href ?? site.locales.find((l) => l.locale === locale)?.home ?? site.baseUrl;
}

/**
 * Keeps the query and the fragment when switching language (heading ids match across locales).
 * Done at click time: the prerendered href cannot know them, and hydration does not patch attributes.
 */
function keepQueryAndHash(e: ReactMouseEvent<HTMLAnchorElement>): void {
  const a = e.currentTarget;
  const url = new URL(a.href, window.location.href);
  url.search = window.location.search;
  url.hash = window.location.hash;
  a.href = url.href;
}

/** The locales as a plain list of links (the mobile drawer). */
export function LocaleLinks({ page }: { page: PageData }) {
  const { site } = useRuntime();
  return (
    <>
      {site.locales.map((l) => (
        <li key={l.locale} className="menu__item">
          <LocaleLink site={site} page={page} locale={l} className="menu__link" />
        </li>
      ))}
    </>
  );
}

function LocaleLink({ site, page, locale, className }: { site: SiteData; page: PageData; locale: LocaleData; className: string }) {
  const current = locale.locale === site.locale;
  return (
    <a
      className={className}
      href={localeHref(site, page, locale.locale)}
      hrefLang={locale.htmlLang}
      lang={locale.htmlLang}
      aria-current={current ? 'true' : undefined}
      data-no-intercept=""
      onClick={keepQueryAndHash}
    >
      {locale.label}
    </a>
  );
}

/**
 * Switches to the same page in another locale (a full page load: each locale is its own app).
 * A disclosure button: Enter/Space/ArrowDown open it and focus the first language, arrows move,
 * Escape closes it and returns focus to the button.
 */
export function LocaleDropdown({ page }: { page: PageData }) {
  const { site } = useRuntime();
  const t = useT();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const current = site.locales.find((l) => l.locale === site.locale);
  const links = () => [...(ref.current?.querySelectorAll<HTMLAnchorElement>('.dropdown__link') ?? [])];

  useEffect(() => {
    if (!open) return;
    const onClick = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onFocus = (e: FocusEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open]);

  const onMenuKey = (e: ReactKeyboardEvent) => {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
    e.preventDefault();
    const list = links();
    const i = list.indexOf(document.activeElement as HTMLAnchorElement);
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? list.length - 1 : (i + (e.key === 'ArrowDown' ? 1 : -1) + list.length) % list.length;
    list[next]?.focus();
  };

  return (
    <div className="dropdown" ref={ref}>
      <button
        ref={button}
        type="button"
        className="navbar__link dropdown__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`${t('nav.language')}: ${current?.label ?? ''}`}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            requestAnimationFrame(() => links()[0]?.focus());
          }
        }}
      >
        <Icon name="globe" />
        <span>{current?.label}</span>
        <Icon name="chevronDown" size={14} />
      </button>
      <ul id={menuId} className="dropdown__menu" hidden={!open} onKeyDown={onMenuKey}>
        {site.locales.map((l) => (
          <li key={l.locale}>
            <LocaleLink site={site} page={page} locale={l} className="dropdown__link" />
          </li>
        ))}
      </ul>
    </div>
  );
}
