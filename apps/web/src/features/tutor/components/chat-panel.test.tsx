import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatHistoryResponse } from '@gabarita/shared';
import { QUERY_KEYS } from '@/domain/query-keys';
import { renderPage } from '@/test/render-page';
import { stubApi } from '@/test/render-app';
import { GEMINI_TUTOR, sseResponse, tutorAnswer } from '@/test/tutor-fixtures';
import { NOTHING_KEPT } from '../kept-conversation';
import { ChatPanel } from './chat-panel';

const QUESTION = 'cmvv_2017_matematica_prova_1';
const chatRoute = `/questions/${QUESTION}/chat`;
const KEPT: ChatHistoryResponse = {
  turns: [
    { role: 'user', text: 'Por que a B?', at: '2026-11-20T13:00:00.000Z' },
    { role: 'model', text: 'Porque 1/2 é metade.', at: '2026-11-20T13:00:05.000Z' },
  ],
  changes: [],
  freeReply: false,
};

function renderPanel() {
  return renderPage(
    <ChatPanel
      questionId={QUESTION}
      entitled
      tutor={GEMINI_TUTOR}
      suggestions={['Por que a B está correta?']}
      onLocked={vi.fn()}
      onInvite={vi.fn()}
      onBusyChange={vi.fn()}
    />,
    { path: '/questao', route: '/questao' },
  );
}

const turnsOf = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('ChatPanel — the kept conversation', () => {
  it('shows the conversation kept from an earlier visit, and new turns after it', async () => {
    const api = stubApi({
      [`GET ${chatRoute}`]: KEPT,
      [`POST ${chatRoute}`]: () =>
        sseResponse(tutorAnswer('Outro exemplo: 2/4.', { feature: 'chat' })),
    });
    const { user, queryClient } = renderPanel();

    const conversation = await screen.findByRole('list', { name: 'Conversa' });
    expect(turnsOf(conversation)).toEqual(['Você: Por que a B?', 'Tutor: Porque 1/2 é metade.']);

    await user.type(screen.getByLabelText('Sua pergunta sobre a questão'), 'Dê outro{Enter}');
    expect(await within(conversation).findByText('Outro exemplo: 2/4.')).toBeVisible();
    expect(turnsOf(conversation)).toEqual([
      'Você: Por que a B?',
      'Tutor: Porque 1/2 é metade.',
      'Você: Dê outro',
      'Tutor: Outro exemplo: 2/4.',
    ]);
    // The kept turns go back as the conversation so far, as turns of this visit do.
    expect(api.calls(`POST ${chatRoute}`)[0]?.body).toEqual({
      message: 'Dê outro',
      history: [
        { role: 'user', text: 'Por que a B?' },
        { role: 'model', text: 'Porque 1/2 é metade.' },
      ],
    });
    // Coming back to the question finds the new exchange too, without waiting for a read.
    await waitFor(() =>
      expect(
        queryClient
          .getQueryData<ChatHistoryResponse>(QUERY_KEYS.chatHistory(QUESTION))
          ?.turns.map((turn) => turn.text),
      ).toEqual(['Por que a B?', 'Porque 1/2 é metade.', 'Dê outro', 'Outro exemplo: 2/4.']),
    );
  });

  it('chats as before when nothing is kept or the kept conversation cannot be read', async () => {
    const api = stubApi({
      [`POST ${chatRoute}`]: () =>
        sseResponse(tutorAnswer('Porque 1/2 é metade.', { feature: 'chat' })),
    });
    const { user } = renderPanel();
    await waitFor(() => expect(api.calls(`GET ${chatRoute}`)).toHaveLength(1));
    expect(screen.queryByRole('list', { name: 'Conversa' })).toBeNull();

    await user.type(screen.getByLabelText('Sua pergunta sobre a questão'), 'Por que a B?{Enter}');
    const conversation = await screen.findByRole('list', { name: 'Conversa' });
    expect(await within(conversation).findByText('Porque 1/2 é metade.')).toBeVisible();
    expect(api.calls(`POST ${chatRoute}`)[0]?.body).toEqual({
      message: 'Por que a B?',
      history: [],
    });
  });

  it('keeps nothing of a reply that was stopped', async () => {
    stubApi({
      [`GET ${chatRoute}`]: NOTHING_KEPT,
      [`POST ${chatRoute}`]: () =>
        sseResponse(tutorAnswer('Uma resposta longa', { feature: 'chat' }).slice(0, 2), {
          hold: new Promise(() => undefined),
        }),
    });
    const { user, queryClient } = renderPanel();
    await user.type(screen.getByLabelText('Sua pergunta sobre a questão'), 'Explique{Enter}');
    await screen.findByText(/Uma resp/);
    await user.click(screen.getByRole('button', { name: 'Parar a resposta' }));
    expect(await screen.findByText('Resposta interrompida.')).toBeVisible();
    expect(queryClient.getQueryData<ChatHistoryResponse>(QUERY_KEYS.chatHistory(QUESTION))).toEqual(
      NOTHING_KEPT,
    );
  });

  it('says a reply was cut short by a restart, keeps nothing of it, and answers when asked again', async () => {
    const restarting =
      'A resposta foi interrompida porque o servidor está reiniciando. Nada foi cobrado: tente novamente em alguns segundos.';
    let calls = 0;
    const api = stubApi({
      [`GET ${chatRoute}`]: NOTHING_KEPT,
      [`POST ${chatRoute}`]: () =>
        ++calls === 1
          ? sseResponse([
              ...tutorAnswer('Uma resposta longa', { feature: 'chat' }).slice(0, 2),
              { event: 'error', data: { code: 'ai/interrupted', message: restarting } },
            ])
          : sseResponse(tutorAnswer('Porque 1/2 é metade.', { feature: 'chat' })),
    });
    const { user, queryClient } = renderPanel();
    const input = screen.getByLabelText('Sua pergunta sobre a questão');
    await user.type(input, 'Explique{Enter}');
    expect(await screen.findByText(restarting)).toBeVisible();
    expect(screen.queryByText(/Uma resp/)).toBeNull();
    expect(queryClient.getQueryData<ChatHistoryResponse>(QUERY_KEYS.chatHistory(QUESTION))).toEqual(
      NOTHING_KEPT,
    );

    await user.type(input, 'Explique{Enter}');
    expect(await screen.findByText('Porque 1/2 é metade.')).toBeVisible();
    // The interrupted reply is not sent back as conversation; the question asked is.
    expect(api.calls(`POST ${chatRoute}`)[1]?.body).toEqual({
      message: 'Explique',
      history: [{ role: 'user', text: 'Explique' }],
    });
  });

  it('marks where the key changed, and sends back only what was said after it', async () => {
    const api = stubApi({
      [`GET ${chatRoute}`]: {
        turns: [
          { role: 'user', text: 'Qual é a resposta?', at: '2026-11-20T13:00:00.000Z' },
          { role: 'model', text: 'A resposta oficial é a A.', at: '2026-11-20T13:00:05.000Z' },
        ],
        changes: [{ kind: 'key', from: 'A', to: 'B', at: '2026-11-24T15:30:00.000Z' }],
        freeReply: true,
      } satisfies ChatHistoryResponse,
      [`POST ${chatRoute}`]: () =>
        sseResponse(tutorAnswer('Agora o gabarito oficial é a B.', { feature: 'chat' })),
    });
    const { user } = renderPanel();

    const conversation = await screen.findByRole('list', { name: 'Conversa' });
    expect(turnsOf(conversation)).toEqual([
      'Você: Qual é a resposta?',
      'Tutor: A resposta oficial é a A.',
      'Mudança na questão: Em 24/11/2026, o gabarito oficial desta questão mudou de A para B.' +
        'As mensagens acima foram escritas antes dessa mudança: o que disserem em contrário não vale mais.' +
        'A próxima resposta já considera a mudança e não gasta seus tokens.',
    ]);

    await user.type(screen.getByLabelText('Sua pergunta sobre a questão'), 'E agora?{Enter}');
    expect(await within(conversation).findByText('Agora o gabarito oficial é a B.')).toBeVisible();
    expect(api.calls(`POST ${chatRoute}`)[0]?.body).toEqual({ message: 'E agora?', history: [] });
    // The free reply is spent: the mark no longer offers it.
    expect(within(conversation).queryByText(/não gasta seus tokens/)).toBeNull();
    expect(within(conversation).getByText(/mudou de A para B/)).toBeVisible();
  });
});
