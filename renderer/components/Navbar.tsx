import { useRef } from 'react';
import { useRuntime, useT } from '../context.ts';
import { useHideOnScroll } from '../hooks/use-hide-on-scroll.ts';
import type { NavbarItemData, PageData, SiteData } from '../../shared/page-data.ts';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { Icon } from './icons.tsx';
import { LocaleDropdown } from './LocaleDropdown.tsx';
import { SearchBox } from './SearchBox.tsx';

/** A navbar link item (internal or external); also used in the mobile drawer with another class. */
export function NavbarLink({ item, page, className }: { item: NavbarItemData; page: PageData; className: string }) {
  const t = useT();
  if (item.type === 'external') {
    return (
      <a className={className} href={item.href} target="_blank" rel="noopener noreferrer">
        {item.icon && <Icon name={item.icon} />}
        <span>{item.label}</span>
        <Icon name="external" size={12} />
        <span className="sr-only"> ({t('nav.opensInNewTab')})</span>
      </a>
    );
  }
  return (
    <a className={className} href={item.href} aria-current={item.href === page.href ? 'page' : undefined}>
      {item.icon && <Icon name={item.icon} />}
      <span>{item.label}</span>
    </a>
  );
}

function Item({ item, page }: { item: NavbarItemData; page: PageData }) {
  if (item.type === 'localeDropdown') return <LocaleDropdown page={page} />;
  return <NavbarLink item={item} page={page} className="navbar__link" />;
}

export function homeOf(site: SiteData): string {
  return site.locales.find((l) => l.locale === site.locale)?.home ?? site.baseUrl;
}

/** The brand: logo and name, linking to the home of the current locale. */
export function Brand({ site }: { site: SiteData }) {
  const t = useT();
  return (
    <a className="navbar__brand" href={homeOf(site)}>
      {site.navbar.logo && <img className="navbar__logo" src={site.baseUrl + site.navbar.logo} alt="" width={28} height={28} />}
      <span className="navbar__title">{site.brand}</span>
      <span className="navbar__subtitle">{t('nav.brandSubtitle')}</span>
    </a>
  );
}

/**
 * Brand, the configured items (left and right), search and the colour toggle. Below 996 px the
 * items move into the drawer opened by the menu button, which every page has there.
 */
export function Navbar({ page, drawerOpen, onOpenDrawer }: { page: PageData; drawerOpen: boolean; onOpenDrawer: () => void }) {
  const { site } = useRuntime();
  const t = useT();
  const ref = useRef<HTMLElement>(null);
  const hidden = useHideOnScroll(ref, site.navbar.hideOnScroll);
  const left = site.navbar.items.filter((i) => i.position === 'left');
  const right = site.navbar.items.filter((i) => i.position === 'right');
  return (
    <header ref={ref} className={`navbar${site.navbar.hideOnScroll ? ' navbar--hideable' : ''}${hidden ? ' navbar--hidden' : ''}`}>
      <nav className="navbar__inner" aria-label={t('nav.mainNavigation')}>
        <button type="button" className="navbar__menu icon-button" aria-label={t('nav.openMenu')} aria-haspopup="dialog" aria-expanded={drawerOpen} aria-controls="__drawer" onClick={onOpenDrawer}>
          <Icon name="menu" size={22} />
        </button>
        <Brand site={site} />
        <div className="navbar__items navbar__items--left">
          {left.map((item, i) => (
            <Item key={i} item={item} page={page} />
          ))}
        </div>
        <div className="navbar__items navbar__items--right">
          <SearchBox />
          {right.map((item, i) => (
            <Item key={i} item={item} page={page} />
          ))}
          <ColorModeToggle />
        </div>
      </nav>
    </header>
  );
}
