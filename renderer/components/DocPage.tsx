import { useT } from '../context.ts';
import type { PageData } from '../../shared/page-data.ts';
import { CopyPageButton } from './CopyPageButton.tsx';
import { Icon } from './icons.tsx';
import { Toc, TocCollapsible } from './Toc.tsx';

function Breadcrumbs({ page }: { page: PageData }) {
  const t = useT();
  if (page.breadcrumbs.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label={t('nav.breadcrumbs')}>
      <ol>
        {page.breadcrumbs.map((c, i) => {
          const last = i === page.breadcrumbs.length - 1;
          return (
            <li key={i}>
              {last ? (
                <span aria-current="page">{c.label}</span>
              ) : (
                <a href={c.href} aria-label={i === 0 ? t('nav.home') : undefined}>
                  {i === 0 ? <Icon name="home" size={16} /> : c.label}
                </a>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

function Pagination({ page }: { page: PageData }) {
  const t = useT();
  if (!page.prev && !page.next) return null;
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      {page.prev ? (
        <a className="pagination__link pagination__link--prev" href={page.prev.href} rel="prev">
          <span className="pagination__sub">{t('pagination.previous')}</span>
          <span className="pagination__label">« {page.prev.label}</span>
        </a>
      ) : (
        <span />
      )}
      {page.next && (
        <a className="pagination__link pagination__link--next" href={page.next.href} rel="next">
          <span className="pagination__sub">{t('pagination.next')}</span>
          <span className="pagination__label">{page.next.label} »</span>
        </a>
      )}
    </nav>
  );
}

export function DocPage({ page }: { page: PageData }) {
  const t = useT();
  const showToc = !page.hideToc && page.toc.length > 0;
  return (
    <div className={`doc${showToc ? ' doc--with-toc' : ''}`}>
      <div className="doc__main">
        <Breadcrumbs page={page} />
        <article className="doc__article">
          <header className="doc__header">
            <h1 className="doc__title">{page.title}</h1>
            {page.markdownHref && <CopyPageButton href={page.markdownHref} />}
          </header>
          {page.translation && (
            <div className={`notice notice--${page.translation}`} role="note" lang={page.translation === 'missing' ? page.locale : undefined}>
              {t(page.translation === 'missing' ? 'i18n.missing' : 'i18n.outdated')}
            </div>
          )}
          {showToc && <TocCollapsible items={page.toc} />}
          <div
            id="__content"
            className="markdown"
            lang={page.translation === 'missing' ? 'en' : undefined}
            dangerouslySetInnerHTML={{ __html: page.html ?? '' }}
          />
        </article>
        <Pagination page={page} />
      </div>
      {showToc && <Toc items={page.toc} />}
    </div>
  );
}
