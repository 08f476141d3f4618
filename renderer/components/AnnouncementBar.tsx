import { useEffect, useState } from 'react';
import { useT } from '../context.ts';
import { ANNOUNCEMENT_DISMISS_KEY, ANNOUNCEMENT_DISMISSED_ATTR, ANNOUNCEMENT_ID_KEY } from '../../shared/head.ts';
import type { SiteData } from '../../shared/page-data.ts';
import { createStorageSlot } from '../storage.ts';
import { Icon } from './icons.tsx';

type Bar = NonNullable<SiteData['announcementBar']>;

const idSlot = createStorageSlot(ANNOUNCEMENT_ID_KEY);
const dismissSlot = createStorageSlot(ANNOUNCEMENT_DISMISS_KEY);

/**
 * The announcement bar (off unless `theme.announcementBar` is set). Dismissing it is remembered
 * per announcement id: a bar with a new id shows again. Content is the configured HTML.
 */
export function AnnouncementBar({ bar }: { bar: Bar }) {
  const t = useT();
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (!bar.dismissible) return;
    if (idSlot.get() !== bar.id) {
      idSlot.set(bar.id);
      dismissSlot.del();
      document.documentElement.removeAttribute(ANNOUNCEMENT_DISMISSED_ATTR);
      setDismissed(false);
    } else setDismissed(dismissSlot.get() === 'true');
    return dismissSlot.listen((v) => setDismissed(v === 'true'));
  }, [bar.id, bar.dismissible]);
  if (dismissed) return null;
  return (
    <div className="announcement-bar" role="region" aria-label={t('announcement.label')}>
      <div className="announcement-bar__content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.dismissible && (
        <button
          type="button"
          className="announcement-bar__close icon-button"
          aria-label={t('announcement.close')}
          onClick={() => {
            dismissSlot.set('true');
            setDismissed(true);
            document.querySelector<HTMLElement>('.navbar__brand')?.focus();
          }}
        >
          <Icon name="close" size={18} />
        </button>
      )}
    </div>
  );
}
