import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { auditEntry, EDITOR, queuePage } from '@/test/report-fixtures';
import { renderApp, SIGNED_IN_USER, stubApi } from '@/test/render-app';

const menu = () => screen.getByRole('navigation', { name: 'Menu principal' });

describe('RequireStaff', () => {
  it.each(['/admin', '/admin/reportes', '/admin/registro'])(
    'tells a student, in place, that %s is for the editorial team',
    async (path) => {
      const api = stubApi({ 'GET /auth/session': { user: SIGNED_IN_USER } });
      const { router } = renderApp(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Acesso restrito' }),
      ).toBeVisible();
      expect(screen.getByText(/equipe editorial/)).toBeVisible();
      expect(
        screen.getByRole('link', { name: 'Voltar para Questões de concurso' }),
      ).toHaveAttribute('href', '/');
      // No redirect: the address they followed stays.
      expect(router.state.location.pathname).toBe(path);
      expect(within(menu()).queryByRole('link', { name: 'Área editorial' })).toBeNull();
      expect(api.calls('GET /admin/reports')).toHaveLength(0);
      expect(api.calls('GET /admin/audit')).toHaveLength(0);
    },
  );

  it('lets an editor in: /admin opens the reports, with the area in the menu and the tabs', async () => {
    stubApi({
      'GET /auth/session': { user: EDITOR },
      'GET /admin/reports': queuePage([]),
      'GET /disciplines': { disciplines: [] },
    });
    const { router } = renderApp('/admin');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reportes de erro' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/admin/reportes');
    expect(router.state.historyAction).toBe('REPLACE');

    expect(within(menu()).getByRole('link', { name: 'Área editorial' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    const tabs = screen.getByRole('navigation', { name: 'Área editorial' });
    expect(within(tabs).getByRole('link', { name: 'Reportes de erro' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(tabs).getByRole('link', { name: 'Registro de ações' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('lets an admin in too, and the tabs move between the pages', async () => {
    stubApi({
      'GET /auth/session': { user: { ...EDITOR, role: 'admin' } },
      'GET /admin/reports': queuePage([]),
      'GET /disciplines': { disciplines: [] },
      'GET /admin/audit': { entries: [auditEntry(1)], next: null },
    });
    const { user } = renderApp('/admin/reportes');
    const tabs = await screen.findByRole('navigation', { name: 'Área editorial' });
    await user.click(within(tabs).getByRole('link', { name: 'Registro de ações' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Registro de ações' }),
    ).toBeVisible();
    expect(within(tabs).getByRole('link', { name: 'Registro de ações' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
