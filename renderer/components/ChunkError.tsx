import { useState } from 'react';
import { useT } from '../context.ts';
import { useDelayedFlag } from '../hooks/use-delayed-flag.ts';

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A page chunk that failed to load (spec section 8): the error text and a Retry button that loads
 * it again. While retrying, the button says 'Loading…' only once 200 ms have passed.
 */
export function ChunkError({ error, onRetry }: { error: unknown; onRetry: () => Promise<void> }) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const slow = useDelayedFlag(pending);
  const retry = () => {
    setPending(true);
    void onRetry().finally(() => setPending(false));
  };
  return (
    <div className="error-page chunk-error" role="alert">
      <h1>{t('error.chunkTitle')}</h1>
      <p className="error-page__message">{errorText(error)}</p>
      <button type="button" className="button" onClick={retry} disabled={pending} aria-busy={pending || undefined}>
        {slow ? t('loading') : t('error.retry')}
      </button>
    </div>
  );
}
