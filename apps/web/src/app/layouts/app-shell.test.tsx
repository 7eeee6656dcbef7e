import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { setViewportWidth } from '@/test/match-media';
import { renderApp, SIGNED_IN_USER, stubSession } from '@/test/render-app';

const menu = () => screen.queryByRole('navigation', { name: 'Menu principal' });
const menuButton = () => screen.getByRole('button', { name: /^(Abrir|Fechar) menu$/ });

async function renderOpenPage(width: number) {
  setViewportWidth(width);
  stubSession(null);
  const app = renderApp('/ajuda');
  await screen.findByRole('heading', { name: 'Central de Ajuda' });
  return app;
}

describe('left menu on narrow screens (< 1000 px)', () => {
  it('starts closed and opens as a drawer', async () => {
    const { user } = await renderOpenPage(800);
    expect(menu()).toBeNull();
    expect(menuButton()).toHaveAccessibleName('Abrir menu');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveAttribute('aria-controls', 'menu-principal');

    await user.click(menuButton());
    expect(menu()).toBeInTheDocument();
    expect(menuButton()).toHaveAccessibleName('Fechar menu');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
  });

  it('closes on Escape and returns focus to the toggle', async () => {
    const { user } = await renderOpenPage(800);
    await user.click(menuButton());
    await user.keyboard('{Escape}');
    expect(menu()).toBeNull();
    expect(menuButton()).toHaveFocus();
  });

  it('closes on a backdrop click', async () => {
    const { user } = await renderOpenPage(800);
    await user.click(menuButton());
    await user.click(screen.getByTestId('menu-backdrop'));
    expect(menu()).toBeNull();
  });

  it('closes after choosing an entry', async () => {
    const { user, router } = await renderOpenPage(800);
    await user.click(menuButton());
    const nav = menu();
    if (!nav) throw new Error('menu should be open');
    await user.click(within(nav).getByRole('link', { name: 'Ajuda' }));
    expect(router.state.location.pathname).toBe('/ajuda');
    expect(menu()).toBeNull();
  });

  it('does not remember the drawer state', async () => {
    const { user } = await renderOpenPage(800);
    await user.click(menuButton());
    expect(window.localStorage.getItem(STORAGE_KEYS.menuOpen)).toBeNull();
  });
});

describe('left menu on wide screens (>= 1000 px)', () => {
  it('is open by default with the eight entries in order', async () => {
    await renderOpenPage(1280);
    const nav = menu();
    if (!nav) throw new Error('menu should be open');
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(labels).toEqual([
      'Questões de concurso',
      'Disciplinas isoladas',
      'Buscar questões',
      'Caderno de erros',
      'Revisão de hoje',
      'Simulados',
      'Planos de Assinatura',
      'Gerenciar Conta',
      'Meu Desempenho',
      'Ajuda',
    ]);
    expect(within(nav).getByRole('link', { name: 'Ajuda' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Questões de concurso' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
  });

  it('remembers a closed sidebar across visits', async () => {
    const { user, unmount } = await renderOpenPage(1280);
    await user.click(menuButton());
    expect(menu()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.menuOpen)).toBe('false');
    unmount();

    await renderOpenPage(1280);
    expect(menu()).toBeNull();
    expect(menuButton()).toHaveAccessibleName('Abrir menu');
  });

  it('switches to a closed drawer when the window narrows', async () => {
    await renderOpenPage(1280);
    expect(menu()).toBeInTheDocument();
    act(() => setViewportWidth(800));
    expect(menu()).toBeNull();
  });
});

describe('header account slot', () => {
  it("offers 'Entrar' to a visitor", async () => {
    await renderOpenPage(1280);
    expect(await screen.findByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
  });

  it("shows the 'Conta' button, which opens the profile panel, to a signed-in user", async () => {
    stubSession(SIGNED_IN_USER);
    const { user } = renderApp('/termos');
    const button = await screen.findByRole('button', { name: 'Conta' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('dialog', { name: 'Ana Souza' })).toBeInTheDocument();
  });
});
