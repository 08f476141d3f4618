import { useEffect, useState } from 'react';
import { useT } from '../context.ts';
import type { TocItem } from '../../shared/page-data.ts';

function TocList({ items, active }: { items: TocItem[]; active?: string | null }) {
  return (
    <ul>
      {items.map((i) => (
        <li key={i.id} className={`toc__item toc__item--l${i.level}`}>
          <a href={`#${i.id}`} className={i.id === active ? 'toc__link toc__link--active' : 'toc__link'} aria-current={i.id === active ? 'location' : undefined}>
            {i.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * The same table of contents above the content where there is no room for the column (up to
 * 1200 px): collapsed, it opens with a click (a `<details>`, so also without JavaScript) and
 * closes again when a heading is chosen.
 */
export function TocCollapsible({ items }: { items: TocItem[] }) {
  const t = useT();
  return (
    <details
      className="toc-collapsible"
      onClick={(e) => {
        if ((e.target as Element).closest('a')) (e.currentTarget as HTMLDetailsElement).open = false;
      }}
    >
      <summary className="toc-collapsible__summary">{t('toc.title')}</summary>
      <nav className="toc-collapsible__body" aria-label={t('toc.title')}>
        <TocList items={items} />
      </nav>
    </details>
  );
}

/** Table of contents of h2 and h3 with the heading in view highlighted. */
export function Toc({ items }: { items: TocItem[] }) {
  const t = useT();
  const [active, setActive] = useState<string | null>(null);
  useEffect(() => {
    const headings = items.map((i) => document.getElementById(i.id)).filter((h): h is HTMLElement => h !== null);
    if (headings.length === 0) return;
    const update = () => {
      const offset = 90;
      let current = headings[0]!.id;
      for (const h of headings) {
        if (h.getBoundingClientRect().top - offset <= 0) current = h.id;
        else break;
      }
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) current = headings[headings.length - 1]!.id;
      setActive(current);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update, { passive: true });
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [items]);
  return (
    <nav className="toc" aria-label={t('toc.title')}>
      <p className="toc__title">{t('toc.title')}</p>
      <TocList items={items} active={active} />
    </nav>
  );
}
