import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../storage-keys';
import { nextThemePreference, readThemePreference, writeThemePreference } from './theme';

describe('theme preference', () => {
  it('cycles system -> dark -> light -> system', () => {
    expect(nextThemePreference('system')).toBe('dark');
    expect(nextThemePreference('dark')).toBe('light');
    expect(nextThemePreference('light')).toBe('system');
  });

  it('stores dark and light, and removes the key for system', () => {
    writeThemePreference('dark');
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    writeThemePreference('light');
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
    writeThemePreference('system');
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
  });

  it('reads an unknown stored value as system', () => {
    window.localStorage.setItem(STORAGE_KEYS.theme, 'purple');
    expect(readThemePreference()).toBe('system');
  });
});
