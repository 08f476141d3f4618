import { useEffect, useRef, useState } from 'react';

/**
 * Tells screen readers that a client-side navigation happened, by reading the new page's title
 * from a polite live region (a full page load announces itself; a client-side one does not).
 */
export function RouteAnnouncer({ title, href }: { title: string; href: string }) {
  const [message, setMessage] = useState('');
  const shown = useRef(href);
  useEffect(() => {
    if (shown.current === href) return;
    shown.current = href;
    setMessage(title);
  }, [href, title]);
  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-route-announcer="">
      {message}
    </div>
  );
}
