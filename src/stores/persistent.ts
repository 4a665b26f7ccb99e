/**
 * A nanostores atom mirrored in sessionStorage or localStorage. On the server (and when storage is
 * blocked, as in some private modes) it is a plain atom that starts from `initial`.
 */
import { atom, type WritableAtom } from 'nanostores';

export type StorageKind = 'session' | 'local';

/** The browser storage of that kind, or undefined when there is none or it refuses access. */
export function browserStorage(kind: StorageKind): Storage | undefined {
  try {
    if (typeof window === 'undefined') return undefined;
    return kind === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readJson<T>(storage: Storage | undefined, key: string): T | undefined {
  try {
    const raw = storage?.getItem(key);
    return raw == null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

export function writeJson(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    if (value === undefined) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or blocked storage: the value still lives in memory for this page.
  }
}

export function removeKey(storage: Storage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Blocked storage holds nothing to remove.
  }
}

/** An atom that loads `key` once and writes every change back; `undefined` removes the key. */
export function persistentAtom<T>(key: string, initial: T, kind: StorageKind): WritableAtom<T> {
  const storage = browserStorage(kind);
  const stored = readJson<T>(storage, key);
  const store = atom<T>(stored === undefined ? initial : stored);
  store.listen((value) => writeJson(storage, key, value));
  return store;
}
