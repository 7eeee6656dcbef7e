import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { ThemeProvider } from '@/lib/theme/theme-provider';
import { setSystemDark } from '@/test/match-media';
import { ThemeButton } from './theme-button';

function renderThemeButton() {
  render(
    <ThemeProvider>
      <ThemeButton />
    </ThemeProvider>,
  );
  return userEvent.setup();
}

const html = document.documentElement;

describe('ThemeButton', () => {
  it('cycles system -> dark -> light -> system and stores only explicit choices', async () => {
    const user = renderThemeButton();
    const button = () => screen.getByRole('button', { name: /^Tema:/ });

    expect(button()).toHaveAccessibleName('Tema: automático (sistema). Alternar tema');
    expect(html).not.toHaveClass('dark');

    await user.click(button());
    expect(button()).toHaveAccessibleName('Tema: escuro. Alternar tema');
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('dark');
    expect(html).toHaveClass('dark');
    expect(html.style.colorScheme).toBe('dark');

    await user.click(button());
    expect(button()).toHaveAccessibleName('Tema: claro. Alternar tema');
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBe('light');
    expect(html).not.toHaveClass('dark');
    expect(html.style.colorScheme).toBe('light');

    await user.click(button());
    expect(button()).toHaveAccessibleName('Tema: automático (sistema). Alternar tema');
    expect(window.localStorage.getItem(STORAGE_KEYS.theme)).toBeNull();
  });

  it('starts from the stored preference', () => {
    window.localStorage.setItem(STORAGE_KEYS.theme, 'light');
    renderThemeButton();
    expect(screen.getByRole('button', { name: 'Tema: claro. Alternar tema' })).toBeInTheDocument();
  });

  it('follows live system changes while on system', () => {
    renderThemeButton();
    expect(html).not.toHaveClass('dark');
    act(() => setSystemDark(true));
    expect(html).toHaveClass('dark');
    act(() => setSystemDark(false));
    expect(html).not.toHaveClass('dark');
  });

  it('ignores system changes once a theme is chosen', async () => {
    window.localStorage.setItem(STORAGE_KEYS.theme, 'light');
    renderThemeButton();
    act(() => setSystemDark(true));
    expect(html).not.toHaveClass('dark');
  });
});
