import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HelpActionResponse, HelpRequestDetail } from '@gabarita/shared';
import { renderPage } from '@/test/render-page';
import { apiError, stubApi } from '@/test/render-app';
import HelpRequestPage from './help-request-page';

const ID = '5b0e6a3c-1f2d-4c5e-9a7b-0c1d2e3f4a5b';

const DETAIL: HelpRequestDetail = {
  request: {
    id: ID,
    name: 'Maria Clara Souza',
    email: 'maria@example.com',
    message: 'Paguei o PIX e o plano não liberou.',
    status: 'new',
    createdAt: '2026-11-20T13:00:00.000Z',
    updatedAt: '2026-11-20T13:00:00.000Z',
  },
  replies: [],
  account: {
    userId: 'u-maria',
    name: 'Maria Clara Souza',
    email: 'maria@example.com',
    accountType: 'premium',
    planEndsOn: '2026-12-20',
    verified: true,
    blocked: false,
    createdAt: '2026-01-10T12:00:00.000Z',
    packageTokens: { input: 52_340, output: 38_100 },
  },
};

const PIX_TEMPLATE =
  'Olá, Maria! Verificamos o seu pagamento por PIX. A confirmação costuma levar alguns minutos depois do pagamento; se o valor já saiu da sua conta, envie o comprovante respondendo a este e-mail que liberamos o acesso.';

function renderDetail(routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    [`GET /admin/help-requests/${ID}`]: DETAIL,
    ...routes,
  });
  const view = renderPage(<HelpRequestPage />, {
    path: `/admin/mensagens/${ID}`,
    route: '/admin/mensagens/:id',
  });
  return { ...api, ...view };
}

describe('a help message in the support inbox', () => {
  it('shows the message with the customer account beside it', async () => {
    renderDetail();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mensagem de Maria Clara Souza' }),
    ).toBeInTheDocument();
    const thread = screen.getByRole('list', { name: 'Conversa' });
    expect(thread).toHaveTextContent('Paguei o PIX e o plano não liberou.');
    const account = screen.getByRole('complementary', { name: 'Conta do cliente' });
    expect(account).toHaveTextContent('Premium até 20/12/2026');
    expect(account).toHaveTextContent('Pacote de tokens52.340 de entrada · 38.100 de saída');
    expect(within(account).getByRole('link', { name: 'Abrir a conta' })).toHaveAttribute(
      'href',
      '/admin/contas/u-maria',
    );
    expect(screen.getByRole('button', { name: 'Encerrar' })).toBeInTheDocument();
  });

  it('fills the reply from a template with the first name, sends it and shows it in the thread', async () => {
    const sent: HelpActionResponse = {
      message: 'Resposta enviada para maria@example.com.',
      detail: {
        ...DETAIL,
        request: { ...DETAIL.request, status: 'answered' },
        replies: [
          {
            id: 'r1',
            authorName: 'Sara Suporte',
            body: `${PIX_TEMPLATE} Já liberamos.`,
            sentAt: '2026-11-20T14:00:00.000Z',
          },
        ],
      },
    };
    const { user, calls } = renderDetail({
      [`POST /admin/help-requests/${ID}/replies`]: sent,
    });
    const box = await screen.findByRole('textbox', { name: 'Resposta' });
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Modelo de resposta' }),
      'Pagamento PIX não confirmado',
    );
    expect(box).toHaveValue(PIX_TEMPLATE);
    // The mail layout signs it: the operator is told not to.
    expect(
      screen.getByText(/A assinatura “Equipe Gabarita” entra sozinha no fim do e-mail/),
    ).toBeInTheDocument();
    await user.type(box, ' Já liberamos.');
    await user.click(screen.getByRole('button', { name: 'Enviar resposta' }));

    const reply = await screen.findByRole('article', { name: 'Resposta de Sara Suporte' });
    expect(reply).toHaveTextContent(`${PIX_TEMPLATE} Já liberamos.`);
    expect(reply).toHaveFocus();
    expect(calls(`POST /admin/help-requests/${ID}/replies`)[0]!.body).toEqual({
      body: `${PIX_TEMPLATE} Já liberamos.`,
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Resposta enviada para maria@example.com.',
    );
    expect(box).toHaveValue('');
    expect(screen.getByText('Respondido')).toBeInTheDocument();
  });

  it('refuses an empty reply without calling the server', async () => {
    const { user, calls } = renderDetail();
    await screen.findByRole('textbox', { name: 'Resposta' });
    await user.click(screen.getByRole('button', { name: 'Enviar resposta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Escreva a resposta ao cliente.');
    expect(screen.getByRole('textbox', { name: 'Resposta' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(calls(`POST /admin/help-requests/${ID}/replies`)).toEqual([]);
  });

  it('closes the message and offers to reopen it', async () => {
    const { user } = renderDetail({
      [`POST /admin/help-requests/${ID}/status`]: {
        message: 'Mensagem encerrada.',
        detail: { ...DETAIL, request: { ...DETAIL.request, status: 'closed' } },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Encerrar' }));
    expect(await screen.findByRole('button', { name: 'Reabrir' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Mensagem encerrada.');
  });

  it('says so when the message does not exist', async () => {
    stubApi({
      [`GET /admin/help-requests/${ID}`]: () =>
        apiError(404, 'help/not-found', 'Mensagem não encontrada.'),
    });
    renderPage(<HelpRequestPage />, {
      path: `/admin/mensagens/${ID}`,
      route: '/admin/mensagens/:id',
    });
    expect(await screen.findByText('Mensagem não encontrada.')).toBeInTheDocument();
  });
});
