import { useSite, useT } from '../context.ts';
import { homeOf } from './Navbar.tsx';

/** Unknown route (spec section 8): the page could not be found; tell the owner of the link. */
export function NotFound() {
  const t = useT();
  const site = useSite();
  return (
    <div className="not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.p1')}</p>
      <p>{t('notFound.p2')}</p>
      <p className="not-found__actions">
        <a className="button" href={homeOf(site)}>
          {t('notFound.home')}
        </a>
      </p>
    </div>
  );
}
