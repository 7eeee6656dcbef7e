import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HELP_MESSAGE_MAX_LENGTH, SUPPORT_MESSAGES } from '@gabarita/shared';
import { apiError, renderApp, SIGNED_IN_USER, stubApi } from '@/test/render-app';
import { appInfo, GEMINI_TUTOR, OFFLINE_TUTOR } from '@/test/tutor-fixtures';

afterEach(() => {
  vi.useRealTimers();
});

async function renderHelp(options?: Parameters<typeof renderApp>[1]) {
  const app = renderApp('/ajuda', options);
  await screen.findByRole('heading', { level: 1, name: 'Central de Ajuda' }, { timeout: 5_000 });
  return app;
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Buscar nas perguntas frequentes' });

describe('/ajuda FAQ', () => {
  it('shows the four categories with at least 20 questions, all closed', async () => {
    stubApi();
    await renderHelp();
    for (const title of [
      'Conta e Cadastro',
      'Planos e Pagamentos',
      'Recursos e Funcionalidades',
      'Questões Técnicas',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeVisible();
    }
    const faq = screen
      .getAllByRole('button', { expanded: false })
      .filter((button) => button.closest('section[aria-labelledby^="faq-"]'));
    expect(faq.length).toBeGreaterThanOrEqual(20);
  });

  it('speaks of the tutor, not of IA, without a language model, and of the comments always', async () => {
    stubApi();
    await renderHelp();
    const questions = () =>
      screen
        .getAllByRole('button')
        .filter((button) => button.closest('section[aria-labelledby^="faq-"]'))
        .map((button) => button.textContent ?? '');
    await screen.findByRole('button', {
      name: /Posso tirar dúvidas sobre uma questão com o tutor\?/,
    });
    expect(
      questions().filter((question) => /\bIA\b|Inteligência Artificial/.test(question)),
    ).toEqual([]);
    expect(questions()).toContain('O que é o comentário da questão?');
  });

  it('keeps the AI questions where a language model writes the texts', async () => {
    stubApi({ 'GET /app-info': appInfo({ tutor: GEMINI_TUTOR }) });
    await renderHelp();
    expect(
      await screen.findByRole('button', { name: /Como funciona a análise da questão pela IA\?/ }),
    ).toBeVisible();
  });

  it.each(['cancelamento', 'CANCELAMENTO', 'Cancelaménto'])(
    'finds and highlights %s ignoring case and accents',
    async (term) => {
      stubApi();
      const { user } = await renderHelp();
      await user.type(searchBox(), term);
      const question = screen.getByRole('button', {
        name: 'O plano é renovado automaticamente? Como faço o cancelamento?',
      });
      expect(within(question).getByText('cancelamento', { selector: 'mark' })).toBeVisible();
      expect(screen.queryByRole('heading', { level: 2, name: 'Questões Técnicas' })).toBeNull();
    },
  );

  it.each(['cancelar', 'Cancelada', 'cancelou'])(
    'finds the cancelamento question from %s, another form of the word',
    async (term) => {
      stubApi();
      const { user } = await renderHelp();
      await user.type(searchBox(), term);
      const question = screen.getByRole('button', {
        name: 'O plano é renovado automaticamente? Como faço o cancelamento?',
      });
      // The word whose stem matched is marked whole.
      expect(within(question).getByText('cancelamento', { selector: 'mark' })).toBeVisible();
      expect(screen.queryByText(SUPPORT_MESSAGES.helpNoResults(term))).toBeNull();
    },
  );

  it('finds singular and plural, noun and verb: planos, pagar', async () => {
    stubApi();
    const { user } = await renderHelp();
    await user.type(searchBox(), 'planos');
    const premium = screen.getByRole('button', { name: 'O que o plano Premium oferece?' });
    expect(within(premium).getByText('plano', { selector: 'mark' })).toBeVisible();

    await user.clear(searchBox());
    await user.type(searchBox(), 'pagar');
    const pix = screen.getByRole('button', { name: 'Como funciona o pagamento por PIX?' });
    expect(within(pix).getByText('pagamento', { selector: 'mark' })).toBeVisible();
    expect(
      screen.getByRole('button', { name: 'Paguei, mas o acesso não foi liberado. O que faço?' }),
    ).toBeVisible();
  });

  it('needs every word typed, in the question or its answer', async () => {
    stubApi();
    const { user } = await renderHelp();
    await user.type(searchBox(), 'cancelar plano automático');
    expect(
      screen.getByRole('button', {
        name: 'O plano é renovado automaticamente? Como faço o cancelamento?',
      }),
    ).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'Quais são os planos e quanto custam?' }),
    ).toBeNull();

    await user.clear(searchBox());
    await user.type(searchBox(), 'cancelar boleto');
    expect(screen.getByText('Nenhum resultado encontrado para "cancelar boleto".')).toBeVisible();
  });

  it('matches accented text from a plain term and searches the answers too', async () => {
    stubApi();
    const { user } = await renderHelp();
    await user.type(searchBox(), 'renovacao');
    const question = screen.getByRole('button', { name: /renovado automaticamente/ });
    // The match is in the answer ('renovação'): it is highlighted once the answer is opened.
    await user.click(question);
    const answer = screen.getByRole('region', { name: /renovado automaticamente/ });
    expect(within(answer).getByText('renovação', { selector: 'mark' })).toBeVisible();
  });

  it("finds 'PIX' when typing 'pix'", async () => {
    stubApi();
    const { user } = await renderHelp();
    await user.type(searchBox(), 'pix');
    const question = screen.getByRole('button', { name: 'Como funciona o pagamento por PIX?' });
    expect(within(question).getByText('PIX', { selector: 'mark' })).toBeVisible();
    expect(
      screen.queryByRole('button', { name: 'Como mudo entre o tema claro e o escuro?' }),
    ).toBeNull();
    // 'pixels' (the photo answer) is another word, not a match for 'pix'.
    expect(
      screen.queryByRole('button', { name: 'Como altero meu nome ou minha foto de perfil?' }),
    ).toBeNull();
  });

  it('says when nothing matches', async () => {
    stubApi();
    const { user } = await renderHelp();
    await user.type(searchBox(), 'boleto bancário');
    expect(screen.getByText(SUPPORT_MESSAGES.helpNoResults('boleto bancário'))).toBeVisible();
    expect(screen.queryByRole('heading', { level: 2, name: 'Conta e Cadastro' })).toBeNull();
  });

  it('keeps one answer open at a time, from the keyboard too', async () => {
    stubApi();
    const { user } = await renderHelp();
    const first = screen.getByRole('button', { name: 'Como crio minha conta?' });
    const second = screen.getByRole('button', { name: 'Quais são os planos e quanto custam?' });

    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    const firstPanel = document.getElementById(first.getAttribute('aria-controls') ?? '');
    expect(firstPanel).toBeVisible();

    second.focus();
    await user.keyboard('{Enter}');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(firstPanel).not.toBeVisible();
    expect(
      screen.getByRole('region', { name: 'Quais são os planos e quanto custam?' }),
    ).toHaveTextContent('Anual: 360 dias de acesso por R$ 329,90');

    await user.keyboard(' ');
    expect(second).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: /quanto custam/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Como crio minha conta?' })).toBeNull();
  });

  it('shows no support address when the server has none', async () => {
    stubApi();
    await renderHelp();
    expect(screen.getByText('Respondemos em até 24 horas.')).toBeVisible();
    expect(screen.queryByText('Prefere e-mail? Escreva para')).toBeNull();
    expect(document.querySelector('a[href^="mailto:"]')).toBeNull();
  });

  it('links to the configured support address, the terms and the privacy policy', async () => {
    stubApi({
      'GET /app-info': appInfo({
        supportEmail: 'atendimento@exemplo.com.br',
        tutor: OFFLINE_TUTOR,
      }),
    });
    await renderHelp();
    expect(await screen.findByRole('link', { name: 'atendimento@exemplo.com.br' })).toHaveAttribute(
      'href',
      'mailto:atendimento@exemplo.com.br',
    );
    expect(screen.getByText('Respondemos em até 24 horas.')).toBeVisible();
    const main = screen.getByRole('region', { name: 'Ainda precisa de ajuda?' });
    expect(within(main).getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute(
      'href',
      '/termos',
    );
    expect(within(main).getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute(
      'href',
      '/politicas',
    );
  });
});

describe('/ajuda contact form', () => {
  const field = () => screen.getByLabelText('Sua mensagem');
  const submit = () => screen.getByRole('button', { name: SUPPORT_MESSAGES.helpSubmit });

  it('is disabled for visitors, with the reason', async () => {
    stubApi();
    await renderHelp();
    expect(await screen.findByText(SUPPORT_MESSAGES.helpNotAllowed)).toBeVisible();
    expect(field()).toBeDisabled();
    expect(submit()).toBeDisabled();
  });

  it('asks for a message when it is blank, without calling the API', async () => {
    const api = stubApi({ 'GET /auth/session': { user: SIGNED_IN_USER } });
    const { user } = await renderHelp();
    await vi.waitFor(() => expect(field()).toBeEnabled());
    expect(screen.queryByText(SUPPORT_MESSAGES.helpNotAllowed)).toBeNull();
    await user.type(field(), '   ');
    await user.click(submit());
    expect(screen.getByRole('alert')).toHaveTextContent(SUPPORT_MESSAGES.helpEmpty);
    expect(api.calls('POST /help-requests')).toHaveLength(0);
  });

  it('counts characters and caps the message at the maximum length', async () => {
    stubApi({ 'GET /auth/session': { user: SIGNED_IN_USER } });
    const { user } = await renderHelp();
    await vi.waitFor(() => expect(field()).toBeEnabled());
    expect(field()).toHaveAttribute('maxLength', String(HELP_MESSAGE_MAX_LENGTH));
    await user.type(field(), 'Olá');
    expect(screen.getByText('3 / 5.000 caracteres')).toBeVisible();
  });

  it('sends the message and clears the success note after 5 s', async () => {
    const api = stubApi({
      'GET /auth/session': { user: SIGNED_IN_USER },
      'POST /help-requests': () =>
        Response.json({ message: SUPPORT_MESSAGES.helpSent }, { status: 201 }),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = await renderHelp({
      userEventOptions: { advanceTimers: vi.advanceTimersByTime },
    });
    await vi.waitFor(() => expect(field()).toBeEnabled());
    await user.type(field(), 'Não consigo ver o gabarito.');
    await user.click(submit());

    expect(await screen.findByText(SUPPORT_MESSAGES.helpSent)).toBeVisible();
    expect(api.calls('POST /help-requests')[0]?.body).toEqual({
      mensagem: 'Não consigo ver o gabarito.',
    });
    expect(field()).toHaveValue('');

    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(screen.getByText(SUPPORT_MESSAGES.helpSent)).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByText(SUPPORT_MESSAGES.helpSent)).toBeNull();
  });

  it('shows the button as sending while the request is open', async () => {
    let release!: () => void;
    stubApi({
      'GET /auth/session': { user: SIGNED_IN_USER },
      'POST /help-requests': () =>
        new Promise((resolve) => {
          release = () => resolve(Response.json({ message: 'ok' }, { status: 201 }));
        }),
    });
    const { user } = await renderHelp();
    await vi.waitFor(() => expect(field()).toBeEnabled());
    await user.type(field(), 'Dúvida');
    await user.click(submit());
    expect(
      await screen.findByRole('button', { name: SUPPORT_MESSAGES.helpSending }),
    ).toBeDisabled();
    await act(async () => release());
    expect(await screen.findByText(SUPPORT_MESSAGES.helpSent)).toBeVisible();
  });

  it.each([
    [apiError(500, 'server/internal', 'Erro interno.'), SUPPORT_MESSAGES.helpFailed],
    [
      apiError(403, 'support/not-allowed', SUPPORT_MESSAGES.helpNotAllowed),
      SUPPORT_MESSAGES.helpNotAllowed,
    ],
    [
      apiError(
        429,
        'request/rate-limited',
        'Muitas mensagens em pouco tempo. Aguarde alguns minutos.',
      ),
      'Muitas mensagens em pouco tempo. Aguarde alguns minutos.',
    ],
    [
      apiError(400, 'request/invalid', SUPPORT_MESSAGES.helpTooLong, {
        mensagem: SUPPORT_MESSAGES.helpTooLong,
      }),
      SUPPORT_MESSAGES.helpTooLong,
    ],
  ])('shows the error of a refused send (%#)', async (answer, text) => {
    stubApi({
      'GET /auth/session': { user: SIGNED_IN_USER },
      'POST /help-requests': () => answer.clone(),
    });
    const { user } = await renderHelp();
    await vi.waitFor(() => expect(field()).toBeEnabled());
    await user.type(field(), 'Minha dúvida');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(field()).toHaveValue('Minha dúvida');
  });
});
