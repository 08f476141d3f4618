/**
 * Browser storage with the theme's rules (spec section 7): local storage by default, an empty
 * key prefix, change events across tabs. When storage is unavailable one warning is logged and
 * the wrapper does nothing; read, write and delete failures are only logged.
 */
type Listener = (key: string, value: string | null) => void;

export interface StorageSlot {
  get(): string | null;
  set(value: string): void;
  del(): void;
  listen(onChange: (value: string | null) => void): () => void;
}

let backend: Storage | null | undefined;
let warned = false;
const listeners = new Set<Listener>();
export const STORAGE_PREFIX = '';

function storage(): Storage | null {
  if (backend !== undefined) return backend;
  try {
    const s = window.localStorage;
    const probe = '__paydocs_probe__';
    s.setItem(probe, probe);
    s.removeItem(probe);
    backend = s;
    window.addEventListener('storage', (e) => {
      if (e.storageArea === s && e.key !== null && e.key.startsWith(STORAGE_PREFIX)) {
        for (const l of listeners) l(e.key.slice(STORAGE_PREFIX.length), e.newValue);
      }
    });
  } catch (error) {
    backend = null;
    if (!warned) {
      warned = true;
      console.warn('[paydocs] Browser storage is not available; preferences will not be remembered.', error);
    }
  }
  return backend;
}

/** Test hook: forget the detected backend. */
export function resetStorageForTests(next?: Storage | null): void {
  backend = next;
  warned = false;
}

export function createStorageSlot(key: string): StorageSlot {
  const full = STORAGE_PREFIX + key;
  return {
    get() {
      if (typeof window === 'undefined') return null;
      try {
        return storage()?.getItem(full) ?? null;
      } catch (error) {
        console.error(`[paydocs] Could not read "${full}" from browser storage.`, error);
        return null;
      }
    },
    set(value) {
      try {
        storage()?.setItem(full, value);
        for (const l of listeners) l(key, value);
      } catch (error) {
        console.error(`[paydocs] Could not write "${full}" to browser storage.`, error);
      }
    },
    del() {
      try {
        storage()?.removeItem(full);
        for (const l of listeners) l(key, null);
      } catch (error) {
        console.error(`[paydocs] Could not delete "${full}" from browser storage.`, error);
      }
    },
    listen(onChange) {
      const l: Listener = (k, v) => {
        if (k === key) onChange(v);
      };
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}
