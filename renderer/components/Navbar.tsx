import { useState } from 'react';
import { useRuntime, useT } from '../context.ts';
import type { NavbarItemData, PageData } from '../page-data.ts';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { Icon } from './icons.tsx';
import { LocaleDropdown } from './LocaleDropdown.tsx';
import { SearchBox } from './SearchBox.tsx';

function Item({ item, page }: { item: NavbarItemData; page: PageData }) {
  if (item.type === 'localeDropdown') return <LocaleDropdown page={page} />;
  if (item.type === 'external') {
    return (
      <a className="navbar__link" href={item.href} target="_blank" rel="noopener noreferrer">
        {item.icon && <Icon name={item.icon} />}
        <span>{item.label}</span>
        <Icon name="external" size={12} />
      </a>
    );
  }
  return (
    <a className="navbar__link" href={item.href} aria-current={item.href === page.href ? 'page' : undefined}>
      {item.icon && <Icon name={item.icon} />}
      <span>{item.label}</span>
    </a>
  );
}

export function Navbar({ page, onOpenDrawer }: { page: PageData; onOpenDrawer: () => void }) {
  const { site } = useRuntime();
  const t = useT();
  const home = site.locales.find((l) => l.locale === site.locale)?.home ?? site.baseUrl;
  const left = site.navbar.items.filter((i) => i.position === 'left');
  const right = site.navbar.items.filter((i) => i.position === 'right');
  const [hidden] = useState(false);
  return (
    <header className={`navbar${hidden ? ' navbar--hidden' : ''}`}>
      <nav className="navbar__inner" aria-label={t('nav.mainNavigation')}>
        {page.kind === 'doc' && (
          <button type="button" className="navbar__menu icon-button" aria-label={t('nav.openMenu')} aria-haspopup="dialog" onClick={onOpenDrawer}>
            <Icon name="menu" size={22} />
          </button>
        )}
        <a className="navbar__brand" href={home}>
          {site.navbar.logo && <img className="navbar__logo" src={site.baseUrl + site.navbar.logo} alt="" width={28} height={28} />}
          <span className="navbar__title">{site.brand}</span>
          <span className="navbar__subtitle">Docs</span>
        </a>
        <div className="navbar__items">
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
