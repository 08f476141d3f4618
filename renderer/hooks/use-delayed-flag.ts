import { useEffect, useState } from 'react';

/** Loading states appear only after this long (spec section 9: lazy-loader delay), so fast loads never flash. */
export const LAZY_DELAY_MS = 200;

/** True once `active` has stayed true for `delay` ms; false again as soon as it turns false. */
export function useDelayedFlag(active: boolean, delay = LAZY_DELAY_MS): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    if (!active) {
      setPast(false);
      return;
    }
    const timer = window.setTimeout(() => setPast(true), delay);
    return () => window.clearTimeout(timer);
  }, [active, delay]);
  return active && past;
}
