/**
 * Browser storage with the theme's rules (spec section 7): local storage by default, an empty key
 * prefix, change events (within the tab, and across tabs through the `storage` event). When a
 * storage is unavailable (private mode, disabled cookies, a sandboxed frame) one warning is logged
 * and the slot does nothing; a failure to read, write or delete is only logged, never thrown.
 * Modelled on Docusaurus' `createStorageSlot`:
 * https://github.com/facebook/docusaurus/blob/main/packages/docusaurus-theme-common/src/utils/storageUtils.ts
 */
export type StorageType = 'localStorage' | 'sessionStorage' | 'none';

export interface StorageSlot {
  get(): string | null;
  set(value: string): void;
  del(): void;
  /** Called with the new value whenever this key changes, in this tab or another one. */
  listen(onChange: (value: string | null) => void): () => void;
}

export const DEFAULT_STORAGE_TYPE: StorageType = 'localStorage';
/** Key prefix; empty, so keys are the same as Docusaurus sites use (`theme`, `docusaurus.tab.lang`). */
export const STORAGE_PREFIX = '';

type Listener = (type: StorageType, key: string, value: string | null) => void;

const backends = new Map<StorageType, Storage | null>();
const warned = new Set<StorageType>();
const listeners = new Set<Listener>();
let crossTab = false;

function notify(type: StorageType, key: string, value: string | null): void {
  for (const l of listeners) l(type, key, value);
}

/** The browser storage of that type, or null (once warned) when it cannot be used. */
function backend(type: StorageType): Storage | null {
  if (type === 'none' || typeof window === 'undefined') return null;
  const known = backends.get(type);
  if (known !== undefined) return known;
  let found: Storage | null = null;
  try {
    const s = window[type];
    const probe = '__paydocs_probe__';
    s.setItem(probe, probe);
    s.removeItem(probe);
    found = s;
  } catch (error) {
    if (!warned.has(type)) {
      warned.add(type);
      console.warn(`[paydocs] Browser storage (${type}) is not available; preferences will not be remembered.`, error);
    }
  }
  backends.set(type, found);
  if (found && !crossTab) {
    crossTab = true;
    window.addEventListener('storage', (e: StorageEvent) => {
      if (e.key === null || !e.key.startsWith(STORAGE_PREFIX)) return;
      for (const [t, s] of backends) if (s && e.storageArea === s) notify(t, e.key.slice(STORAGE_PREFIX.length), e.newValue);
    });
  }
  return found;
}

/** Test hook: forget detected storages and warnings (and the `storage` event listener). */
export function resetStorageForTests(): void {
  backends.clear();
  warned.clear();
  listeners.clear();
  crossTab = false;
}

export function createStorageSlot(key: string, options: { persistence?: StorageType } = {}): StorageSlot {
  const type = options.persistence ?? DEFAULT_STORAGE_TYPE;
  const full = STORAGE_PREFIX + key;
  return {
    get() {
      try {
        return backend(type)?.getItem(full) ?? null;
      } catch (error) {
        console.error(`[paydocs] Could not read "${full}" from browser storage.`, error);
        return null;
      }
    },
    set(value) {
      const s = backend(type);
      if (!s) return;
      try {
        if (s.getItem(full) === value) return;
        s.setItem(full, value);
      } catch (error) {
        console.error(`[paydocs] Could not write "${full}" to browser storage.`, error);
        return;
      }
      notify(type, key, value);
    },
    del() {
      const s = backend(type);
      if (!s) return;
      try {
        s.removeItem(full);
      } catch (error) {
        console.error(`[paydocs] Could not delete "${full}" from browser storage.`, error);
        return;
      }
      notify(type, key, null);
    },
    listen(onChange) {
      const l: Listener = (t, k, v) => {
        if (t === type && k === key) onChange(v);
      };
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}
