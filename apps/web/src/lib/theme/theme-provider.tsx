import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useMediaQuery } from '../use-media-query';
import {
  applyTheme,
  nextThemePreference,
  readThemePreference,
  SYSTEM_DARK_QUERY,
  writeThemePreference,
  type ThemePreference,
} from './theme';
import { ThemeContext, type ThemeState } from './theme-context';

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState<ThemePreference>(readThemePreference);
  const systemIsDark = useMediaQuery(SYSTEM_DARK_QUERY);
  const resolvedTheme = preference === 'system' ? (systemIsDark ? 'dark' : 'light') : preference;

  useEffect(() => applyTheme(resolvedTheme), [resolvedTheme]);

  const setPreference = useCallback((next: ThemePreference) => {
    writeThemePreference(next);
    setPreferenceState(next);
  }, []);

  const cyclePreference = useCallback(
    () => setPreference(nextThemePreference(preference)),
    [preference, setPreference],
  );

  const value = useMemo<ThemeState>(
    () => ({ preference, resolvedTheme, setPreference, cyclePreference }),
    [preference, resolvedTheme, setPreference, cyclePreference],
  );

  return <ThemeContext value={value}>{children}</ThemeContext>;
}
