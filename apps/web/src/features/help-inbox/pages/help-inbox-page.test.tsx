import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HelpInboxPage as InboxPage } from '@gabarita/shared';
import { stubApi } from '@/test/render-app';
import { renderPage } from '@/test/render-page';
import HelpInboxPage from './help-inbox-page';

const PAGE: InboxPage = {
  items: [
    {
      id: 'm1',
      name: 'Maria Souza',
      email: 'maria@example.com',
      snippet: 'Paguei o PIX e o plano não liberou.',
      status: 'new',
      createdAt: '2026-11-20T13:00:00.000Z',
      replies: 0,
    },
  ],
  next: null,
  counts: { new: 1, answered: 4, closed: 7 },
};

describe('the support inbox', () => {
  it('lists new messages first, with the counts per status, and filters and searches', async () => {
    const { calls } = stubApi({ 'GET /admin/help-requests': PAGE });
    const { user, location } = renderPage(<HelpInboxPage />, {
      path: '/admin/mensagens',
      route: '/admin/mensagens',
    });
    const list = await screen.findByRole('list', { name: 'Mensagens' });
    const entry = within(list).getByRole('link');
    expect(entry).toHaveTextContent('Maria Souza');
    expect(entry).toHaveTextContent('maria@example.com');
    expect(entry).toHaveTextContent('Paguei o PIX e o plano não liberou.');
    expect(entry).toHaveAttribute('href', '/admin/mensagens/m1');
    expect(calls('GET /admin/help-requests')[0]!.search).toBe('?situacao=new');

    const tabs = screen.getByRole('navigation', { name: 'Situação' });
    expect(within(tabs).getByRole('link', { name: 'Novo 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(tabs).getByRole('link', { name: 'Respondido 4' })).toBeInTheDocument();
    await user.click(within(tabs).getByRole('link', { name: 'Todas 12' }));
    expect(location().search).toBe('?situacao=todos');

    await user.type(
      screen.getByRole('textbox', { name: 'Buscar por e-mail, nome ou texto' }),
      'maria',
    );
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
    expect(location().search).toBe('?situacao=todos&busca=maria');
    expect(calls('GET /admin/help-requests').at(-1)!.search).toBe('?busca=maria');
  });
});
