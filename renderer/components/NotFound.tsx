import { useT } from '../context.ts';

export function NotFound() {
  const t = useT();
  return (
    <div className="not-found">
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.p1')}</p>
      <p>{t('notFound.p2')}</p>
    </div>
  );
}
