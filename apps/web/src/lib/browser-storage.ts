type StorageArea = 'localStorage' | 'sessionStorage';

/**
 * The value kept under `key`, or null when there is none or the browser refuses storage (privacy
 * settings, some private modes): what the app remembers is then simply not remembered.
 */
export function readStored(key: string, area: StorageArea = 'localStorage'): string | null {
  try {
    return window[area].getItem(key);
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`, or forgets the key for null; where storage is refused, nothing lasts. */
export function writeStored(
  key: string,
  value: string | null,
  area: StorageArea = 'localStorage',
): void {
  try {
    if (value === null) window[area].removeItem(key);
    else window[area].setItem(key, value);
  } catch {
    // Refused storage: the value lasts while the page stays open, in the component's own state.
  }
}
