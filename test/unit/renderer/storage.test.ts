import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStorageSlot, resetStorageForTests } from '../../../renderer/storage.ts';

/** A Storage backed by a Map, with switches to make it fail like a browser's can. */
class FakeStorage implements Storage {
  data = new Map<string, string>();
  fail: { get?: boolean; set?: boolean; remove?: boolean } = {};
  get length() {
    return this.data.size;
  }
  clear() {
    this.data.clear();
  }
  key(i: number) {
    return [...this.data.keys()][i] ?? null;
  }
  getItem(k: string) {
    if (this.fail.get) throw new Error('SecurityError: read denied');
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    if (this.fail.set) throw new Error('QuotaExceededError');
    this.data.set(k, v);
  }
  removeItem(k: string) {
    if (this.fail.remove) throw new Error('SecurityError: delete denied');
    this.data.delete(k);
  }
}

/** A `window` with local and session storage that can dispatch `storage` events. */
function fakeWindow(options: { local?: Storage | 'throws'; session?: Storage } = {}) {
  const win = new EventTarget();
  Object.defineProperties(win, {
    localStorage: {
      get(): Storage {
        if (options.local === 'throws') throw new Error('SecurityError: access denied');
        return options.local as Storage;
      },
    },
    sessionStorage: { get: () => options.session },
  });
  vi.stubGlobal('window', win);
  return win;
}

function storageEvent(area: Storage, key: string, newValue: string | null): Event {
  return Object.assign(new Event('storage'), { key, newValue, storageArea: area });
}

let warn: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetStorageForTests();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('renderer/storage', () => {
  it('uses local storage by default, with the key as given (empty prefix)', () => {
    const local = new FakeStorage();
    const session = new FakeStorage();
    fakeWindow({ local, session });
    const slot = createStorageSlot('docusaurus.tab.lang');
    expect(slot.get()).toBeNull();
    slot.set('python');
    expect([...local.data]).toEqual([['docusaurus.tab.lang', 'python']]);
    expect(session.data.size).toBe(0);
    expect(slot.get()).toBe('python');
    slot.del();
    expect(local.data.size).toBe(0);
    createStorageSlot('x', { persistence: 'sessionStorage' }).set('1');
    expect([...session.data]).toEqual([['x', '1']]);
  });

  it('tells listeners of changes in this tab and, through the storage event, in other tabs', () => {
    const local = new FakeStorage();
    const win = fakeWindow({ local });
    const slot = createStorageSlot('theme');
    const other = createStorageSlot('other');
    const seen: (string | null)[] = [];
    const off = slot.listen((v) => seen.push(v));
    other.listen(() => seen.push('wrong key'));
    slot.set('dark');
    slot.set('dark'); // unchanged: no event
    slot.del();
    win.dispatchEvent(storageEvent(local, 'theme', 'light')); // another tab wrote it
    win.dispatchEvent(storageEvent(new FakeStorage(), 'theme', 'x')); // session storage of another tab: not ours
    off();
    slot.set('dark');
    expect(seen).toEqual(['dark', null, 'light']);
  });

  it('when storage is unavailable, logs one warning and does nothing', () => {
    fakeWindow({ local: 'throws' });
    const a = createStorageSlot('a');
    const b = createStorageSlot('b');
    const seen: unknown[] = [];
    a.listen((v) => seen.push(v));
    expect(a.get()).toBeNull();
    a.set('1');
    b.set('2');
    a.del();
    expect(b.get()).toBeNull();
    expect(seen).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatchInlineSnapshot(`"[paydocs] Browser storage (localStorage) is not available; preferences will not be remembered."`);
    expect(error).not.toHaveBeenCalled();
  });

  it('also counts storage that exists but refuses writes (Safari private mode) as unavailable', () => {
    const local = new FakeStorage();
    local.fail.set = true;
    fakeWindow({ local });
    createStorageSlot('a').set('1');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
  });

  it('only logs a failure to read, write or delete', () => {
    const local = new FakeStorage();
    fakeWindow({ local });
    const slot = createStorageSlot('theme');
    slot.set('dark'); // storage detected as working
    const seen: unknown[] = [];
    slot.listen((v) => seen.push(v));
    local.fail = { get: true, set: true, remove: true };
    expect(slot.get()).toBeNull();
    expect(() => slot.set('light')).not.toThrow();
    expect(() => slot.del()).not.toThrow();
    expect(seen).toEqual([]);
    expect(error.mock.calls.map((c: unknown[]) => c[0])).toMatchInlineSnapshot(`
      [
        "[paydocs] Could not read "theme" from browser storage.",
        "[paydocs] Could not write "theme" to browser storage.",
        "[paydocs] Could not delete "theme" from browser storage.",
      ]
    `);
    expect(warn).not.toHaveBeenCalled();
  });

  it('does nothing during prerendering (no window) and with persistence `none`', () => {
    expect(createStorageSlot('theme').get()).toBeNull();
    expect(() => createStorageSlot('theme').set('dark')).not.toThrow();
    const local = new FakeStorage();
    fakeWindow({ local });
    createStorageSlot('theme', { persistence: 'none' }).set('dark');
    expect(local.data.size).toBe(0);
    expect(warn).not.toHaveBeenCalled();
  });
});
