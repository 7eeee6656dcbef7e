import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import type { ThemePreference } from '@/lib/theme/theme';
import { useTheme } from '@/lib/theme/theme-context';
import { Button } from './button';

const MODES: Record<ThemePreference, { label: string; Icon: LucideIcon }> = {
  system: { label: 'Tema: automático (sistema). Alternar tema', Icon: Monitor },
  dark: { label: 'Tema: escuro. Alternar tema', Icon: Moon },
  light: { label: 'Tema: claro. Alternar tema', Icon: Sun },
};

/** Cycles system -> dark -> light -> system. */
export function ThemeButton() {
  const { preference, cyclePreference } = useTheme();
  const { label, Icon } = MODES[preference];
  return (
    <Button variant="ghost" size="icon" aria-label={label} title={label} onClick={cyclePreference}>
      <Icon className="size-5" aria-hidden="true" />
    </Button>
  );
}
