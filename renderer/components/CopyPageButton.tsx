import { useEffect, useRef, useState } from 'react';
import { useT } from '../context.ts';

type State = 'idle' | 'done' | 'failed';

/** The page's Markdown twin, fetched on the first click only (nothing is loaded for readers who never copy). */
function fetchMarkdown(href: string): Promise<string> {
  return fetch(href).then((res) => {
    if (!res.ok) throw new Error(`${res.status} for ${href}`);
    return res.text();
  });
}

/**
 * "Copy page as Markdown": copies the page's Markdown source (`<path>.md`, the same file llms.txt
 * links to) for pasting into an AI assistant or an issue.
 */
export function CopyPageButton({ href }: { href: string }) {
  const t = useT();
  const [state, setState] = useState<State>('idle');
  const cache = useRef<{ href: string; text: Promise<string> } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => setState('idle'), [href]);

  const onClick = async () => {
    if (cache.current?.href !== href) {
      const text = fetchMarkdown(href);
      text.catch(() => (cache.current = null));
      cache.current = { href, text };
    }
    const text = cache.current.text;
    try {
      // Safari keeps the click's permission to write only if the clipboard gets a promise at once;
      // elsewhere, writeText after the fetch is fine.
      if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
        await navigator.clipboard.write([new ClipboardItem({ 'text/plain': text.then((s) => new Blob([s], { type: 'text/plain' })) })]);
      } else {
        await navigator.clipboard.writeText(await text);
      }
      setState('done');
    } catch (error) {
      console.error('[paydocs] could not copy the page as Markdown', error);
      setState('failed');
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 2500);
  };

  return (
    <button type="button" className={`copy-page${state === 'done' ? ' copy-page--done' : ''}`} data-markdown={href} onClick={() => void onClick()}>
      <span aria-live="polite">{t(state === 'done' ? 'copyPage.done' : state === 'failed' ? 'copyPage.failed' : 'copyPage.button')}</span>
    </button>
  );
}
