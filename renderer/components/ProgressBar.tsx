import { useEffect, useState } from 'react';

/** Shown only when a navigation takes longer than 200 ms (spec); no spinner. */
export const PROGRESS_DELAY_MS = 200;

export function ProgressBar({ active }: { active: boolean }) {
  const [visible, setVisible] = useState(false);
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (active) {
      setDone(false);
      const timer = window.setTimeout(() => setVisible(true), PROGRESS_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
    if (visible) {
      setDone(true);
      const timer = window.setTimeout(() => {
        setVisible(false);
        setDone(false);
      }, 300);
      return () => window.clearTimeout(timer);
    }
    return undefined;
  }, [active, visible]);
  if (!visible) return null;
  return <div className={`progress-bar${done ? " progress-bar--done" : ""}`} aria-hidden="true" />;
}
