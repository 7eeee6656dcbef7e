import { screen, waitFor, within } from '@testing-library/react';
import type { UserNotice } from '@gabarita/shared';
import { describe, expect, it } from 'vitest';
import { apiError, noContentResponse, SIGNED_IN_USER, stubApi } from '@/test/render-app';
import { renderPage } from '@/test/render-page';
import { NoticeTray } from './notice-tray';

const NOTICES: UserNotice[] = [
  {
    id: 7,
    text: 'O gabarito definitivo da questão 12 de Professor de Matemática · IBFC · 2017 mudou: sua resposta agora está certa.',
    link: '/questoes?prova=cmvv_2017_matematica_prova&q=cmvv_2017_matematica_prova_12',
    createdAt: new Date(Date.now() - 10 * 60_000).toISOString(),
  },
  {
    id: 5,
    text: 'A questão 15 de Professor de Matemática · IBFC · 2017 foi anulada: sua resposta deixou de contar.',
    link: null,
    createdAt: new Date(Date.now() - 60 * 60_000).toISOString(),
  },
];

function renderTray() {
  return renderPage(
    <>
      <NoticeTray />
      <h1>Questões de concurso</h1>
    </>,
    { path: '/', route: '/' },
  );
}

describe('NoticeTray', () => {
  it('shows the unseen notices with a link to the question', async () => {
    stubApi({
      'GET /auth/session': { user: SIGNED_IN_USER },
      'GET /me/notices': { notices: NOTICES },
    });
    const { user, location } = renderTray();
    const tray = await screen.findByRole('region', { name: 'Avisos' });
    const items = within(tray).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('sua resposta agora está certa');
    expect(items[0]).toHaveTextContent('há 10 minutos');
    expect(within(items[1]!).queryByRole('link', { name: 'Ver questão' })).toBeNull();
    expect(within(tray).getByText('2 avisos')).toBeVisible();
    expect(screen.getByText('Você tem 2 avisos.')).toBeInTheDocument();

    const link = within(items[0]!).getByRole('link', { name: 'Ver questão' });
    expect(link).toHaveAccessibleDescription(NOTICES[0]!.text);
    await user.click(link);
    expect(location().pathname).toBe('/questoes');
    expect(location().search).toBe(
      '?prova=cmvv_2017_matematica_prova&q=cmvv_2017_matematica_prova_12',
    );
  });

  it('dismisses one notice and moves the focus to the next', async () => {
    const api = stubApi({
      'GET /auth/session': { user: SIGNED_IN_USER },
      'GET /me/notices': { notices: NOTICES },
      'POST /me/notices/seen': () => noContentResponse(),
    });
    const { user } = renderTray();
    const tray = await screen.findByRole('region', { name: 'Avisos' });
    const [first] = within(tray).getAllByRole('button', { name: 'Dispensar' });
    await user.click(first!);

    await waitFor(() => expect(within(tray).getAllByRole('listitem')).toHaveLength(1));
    expect(api.calls('POST /me/notices/seen')[0]?.body).toEqual({ ids: [7] });
    expect(within(tray).getByRole('button', { name: 'Dispensar' })).toHaveFocus();
    // With one notice left there is nothing to dismiss all at once.
    expect(within(tray).queryByRole('button', { name: 'Dispensar todos' })).toBeNull();
    expect(screen.getByText('Aviso dispensado.')).toBeInTheDocument();

    await user.click(within(tray).getByRole('button', { name: 'Dispensar' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Avisos' })).toBeNull());
    expect(api.calls('POST /me/notices/seen')[1]?.body).toEqual({ ids: [5] });
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it("dismisses every notice with 'Dispensar todos'", async () => {
    const api = stubApi({
      'GET /auth/session': { user: SIGNED_IN_USER },
      'GET /me/notices': { notices: NOTICES },
      'POST /me/notices/seen': () => noContentResponse(),
    });
    const { user } = renderTray();
    await user.click(await screen.findByRole('button', { name: 'Dispensar todos' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Avisos' })).toBeNull());
    expect(api.calls('POST /me/notices/seen')[0]?.body).toEqual({ ids: [7, 5] });
  });

  it('brings a notice back when dismissing fails', async () => {
    stubApi({
      'GET /auth/session': { user: SIGNED_IN_USER },
      'GET /me/notices': { notices: NOTICES.slice(0, 1) },
      'POST /me/notices/seen': () =>
        apiError(503, 'server/unavailable', 'O serviço está temporariamente indisponível.'),
    });
    const { user } = renderTray();
    await user.click(await screen.findByRole('button', { name: 'Dispensar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível dispensar o aviso. Tente novamente.',
    );
    expect(screen.getByRole('region', { name: 'Avisos' })).toHaveTextContent(
      'sua resposta agora está certa',
    );
  });

  it('shows nothing without notices, and asks nothing for visitors', async () => {
    const api = stubApi({
      'GET /auth/session': { user: SIGNED_IN_USER },
      'GET /me/notices': { notices: [] },
    });
    renderTray();
    await waitFor(() => expect(api.calls('GET /me/notices')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Avisos' })).toBeNull();

    const visitor = stubApi();
    renderTray();
    await waitFor(() => expect(visitor.calls('GET /auth/session').length).toBeGreaterThan(0));
    expect(visitor.calls('GET /me/notices')).toHaveLength(0);
  });
});
