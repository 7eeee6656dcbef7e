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

  const SUPPORT = { ...EDITOR, id: 'su1', name: 'Sérgio Suporte', role: 'support' as const };

  it.each([
    ['support', '/admin/importar', 'Esta área é da equipe editorial do Gabarita', SUPPORT],
    ['support', '/admin/reportes', 'Esta área é da equipe editorial do Gabarita', SUPPORT],
    ['support', '/admin/numeros', 'Esta área é da administração do Gabarita', SUPPORT],
    ['an editor', '/admin/contas', 'Esta área é da equipe de suporte do Gabarita', EDITOR],
    ['an editor', '/admin/contas/u9', 'Esta área é da equipe de suporte do Gabarita', EDITOR],
    ['an editor', '/admin/pagamentos', 'Esta área é da equipe de suporte do Gabarita', EDITOR],
    ['an editor', '/admin/numeros', 'Esta área é da administração do Gabarita', EDITOR],
  ])(
    'tells %s at %s whose page it is, before the page renders or asks for anything',
    async (_who, path, owner, staff) => {
      const api = stubApi({ 'GET /auth/session': { user: staff } });
      const { router } = renderApp(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Acesso restrito' }),
      ).toBeVisible();
      expect(screen.getByText(new RegExp(owner))).toBeVisible();
      const area = staff.role === 'support' ? 'Área de suporte' : 'Área editorial';
      expect(screen.getByRole('link', { name: `Ir para a ${area.toLowerCase()}` })).toHaveAttribute(
        'href',
        '/admin',
      );
      // Their own area's tabs stay above it, none of them lit.
      const tabs = screen.getByRole('navigation', { name: area });
      expect(within(tabs).queryByRole('link', { current: 'page' })).toBeNull();
      expect(router.state.location.pathname).toBe(path);
      // Nothing of the page: no filters, no file picker, no request for its data.
      expect(screen.queryByRole('search')).toBeNull();
      expect(document.querySelector('input[type="file"]')).toBeNull();
      expect(api.requests.filter((request) => request.path.startsWith('/admin'))).toEqual([]);
    },
  );

  it('tells a student that the support pages are the support team’s', async () => {
    const api = stubApi({ 'GET /auth/session': { user: SIGNED_IN_USER } });
    renderApp('/admin/contas/u9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acesso restrito' })).toBeVisible();
    expect(screen.getByText(/Esta área é da equipe de suporte do Gabarita/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Voltar para Questões de concurso' })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Área de suporte' })).toBeNull();
    expect(api.requests.filter((request) => request.path.startsWith('/admin'))).toEqual([]);
  });
});
