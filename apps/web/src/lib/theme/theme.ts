import { readStored, writeStored } from '../browser-storage';
import { STORAGE_KEYS } from '../storage-keys';

export type ThemePreference = 'system' | 'dark' | 'light';
export type ResolvedTheme = 'dark' | 'light';

export const SYSTEM_DARK_QUERY = '(prefers-color-scheme: dark)';

const CYCLE: readonly ThemePreference[] = ['system', 'dark', 'light'];

export function nextThemePreference(current: ThemePreference): ThemePreference {
  const next = CYCLE[(CYCLE.indexOf(current) + 1) % CYCLE.length];
  return next ?? 'system';
}

export function readThemePreference(): ThemePreference {
  const stored = readStored(STORAGE_KEYS.theme);
  return stored === 'dark' || stored === 'light' ? stored : 'system';
}

/** 'system' is stored as the absence of the key, so the OS setting keeps deciding. */
export function writeThemePreference(preference: ThemePreference): void {
  writeStored(STORAGE_KEYS.theme, preference === 'system' ? null : preference);
}

export function applyTheme(theme: ResolvedTheme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}
