import { useEffect, useRef } from 'react';
import { useRuntime, useT } from '../context.ts';
import { useFocusTrap } from '../hooks/use-focus-trap.ts';
import type { PageData, SidebarItem } from '../../shared/page-data.ts';
import { Icon } from './icons.tsx';
import { LocaleLinks } from './LocaleDropdown.tsx';
import { Brand, NavbarLink } from './Navbar.tsx';
import { Sidebar } from './Sidebar.tsx';

/** Width up to which the sidebar lives in the drawer (spec section 9: desktop from 997 px). */
export const MOBILE_QUERY = '(max-width: 996px)';

interface Props {
  page: PageData;
  /** The sidebar tree as the app has it (the page's part until the whole one is loaded). */
  sidebar: SidebarItem[];
  tree: 'whole' | 'partial' | 'failed';
  open: boolean;
  onClose: () => void;
  openKeys: ReadonlySet<string>;
  onToggle: (key: string, open: boolean) => void;
}

/**
 * On desktop: the sidebar column of doc pages. Below 996 px: a drawer (closed by default) holding
 * the navbar items and the same sidebar; while open it is a modal dialog that traps focus, closes
 * on Escape, on the close button, on the backdrop, on any link followed and when the window grows
 * to desktop width.
 */
export function SidebarDrawer({ page, sidebar, tree, open, onClose, openKeys, onToggle }: Props) {
  const { site } = useRuntime();
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const isDoc = page.kind === 'doc';
  useFocusTrap(ref, open, onClose);

  useEffect(() => {
    if (!open) return;
    const mq = window.matchMedia(MOBILE_QUERY);
    const onChange = () => !mq.matches && onClose();
    mq.addEventListener('change', onChange);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      mq.removeEventListener('change', onChange);
      document.body.style.overflow = overflow;
    };
  }, [open, onClose]);

  return (
    <>
      <div
        ref={ref}
        id="__drawer"
        className={`drawer${open ? ' drawer--open' : ''}${isDoc ? '' : ' drawer--no-sidebar'}`}
        role={open ? 'dialog' : undefined}
        aria-modal={open ? true : undefined}
        aria-label={open ? t('nav.navigation') : undefined}
        onClick={(e) => {
          // Following any link closes the drawer, also when it stays on this page (a fragment).
          if (open && (e.target as Element).closest('a[href]')) onClose();
        }}
      >
        <div className="drawer__header">
          <Brand site={site} />
          <button type="button" className="drawer__close icon-button" aria-label={t('nav.closeMenu')} onClick={onClose} data-autofocus="">
            <Icon name="close" size={22} />
          </button>
        </div>
        <nav className="drawer__primary" aria-label={t('nav.mainNavigation')}>
          <ul className="menu__list">
            {site.navbar.items.map((item, i) =>
              item.type === 'localeDropdown' ? (
                <li key={i} className="menu__item drawer__locales">
                  <Icon name="globe" />
                  <span className="sr-only">{t('nav.language')}</span>
                  <ul className="drawer__locale-list">
                    <LocaleLinks page={page} />
                  </ul>
                </li>
              ) : (
                <li key={i} className="menu__item">
                  <NavbarLink item={item} page={page} className="menu__link menu__link--icon" />
                </li>
              ),
            )}
          </ul>
        </nav>
        {isDoc && <Sidebar items={sidebar} tree={tree} current={page.href} open={openKeys} onToggle={onToggle} revealKey={open} />}
      </div>
      {open && <div className="drawer__backdrop" data-trap-keep="" onClick={onClose} />}
    </>
  );
}
