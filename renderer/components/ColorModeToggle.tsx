import { useSyncExternalStore } from 'react';
import { useT } from '../context.ts';
import { createStorageSlot } from '../storage.ts';
import { Icon } from './icons.tsx';

export const THEME_STORAGE_KEY = 'theme';
const slot = createStorageSlot(THEME_STORAGE_KEY);
const listeners = new Set<() => void>();

function read(): 'light' | 'dark' {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

export function setColorMode(mode: 'light' | 'dark'): void {
  document.documentElement.dataset.theme = mode;
  slot.set(mode);
  for (const l of listeners) l();
}

function subscribe(l: () => void) {
  listeners.add(l);
  const off = slot.listen((v) => {
    document.documentElement.dataset.theme = v === 'dark' ? 'dark' : 'light';
    l();
  });
  return () => {
    listeners.delete(l);
    off();
  };
}

/** Light by default; the OS preference is not followed, so the toggle only switches light <-> dark. */
export function ColorModeToggle() {
  const t = useT();
  const mode = useSyncExternalStore(subscribe, read, () => 'light' as const);
  const next = mode === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="icon-button color-toggle"
      aria-label={`${t(next === 'dark' ? 'theme.toDark' : 'theme.toLight')} (${t(`theme.current.${mode}`)})`}
      title={t(next === 'dark' ? 'theme.toDark' : 'theme.toLight')}
      onClick={() => setColorMode(next)}
    >
      <Icon name={mode === 'dark' ? 'moon' : 'sun'} size={20} />
    </button>
  );
}
