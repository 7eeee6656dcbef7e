import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PRIVACY_MESSAGES } from '@gabarita/shared';
import { axeViolations } from '@/test/accessibility';
import { apiError, deferred, renderApp, stubApi } from '@/test/render-app';
import { appInfo, GEMINI_TUTOR, OFFLINE_TUTOR } from '@/test/tutor-fixtures';

async function renderSignup() {
  const app = renderApp('/signup');
  await screen.findByRole('heading', { name: 'Criar conta' });
  return app;
}

async function fillForm(
  user: ReturnType<typeof renderApp>['user'],
  { password, confirmation }: { password: string; confirmation: string },
) {
  await user.type(screen.getByLabelText('Nome'), 'Ana Souza');
  await user.type(screen.getByLabelText('E-mail'), 'ana@example.com');
  await user.type(screen.getByLabelText('Senha'), password);
  await user.type(screen.getByLabelText('Repetir senha'), confirmation);
}

describe('sign-up page', () => {
  it('shows the tagline, the password placeholder and a link back to /login', async () => {
    stubApi({ 'GET /app-info': appInfo({ tutor: OFFLINE_TUTOR }) });
    await renderSignup();
    // The default tutor is not a language model: nothing says Inteligência Artificial.
    expect(await screen.findByText('Questões de concurso comentadas')).toBeVisible();
    expect(screen.getByLabelText('Senha')).toHaveAttribute(
      'placeholder',
      'Senha (mínimo 6 caracteres)',
    );
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/login');
  });

  it('says Inteligência Artificial where a language model writes the texts', async () => {
    stubApi({ 'GET /app-info': appInfo({ tutor: GEMINI_TUTOR }) });
    await renderSignup();
    expect(
      await screen.findByText('Questões de concurso com Inteligência Artificial'),
    ).toBeVisible();
  });

  it('says that creating an account accepts the terms and the privacy policy, with the under-18 rule', async () => {
    stubApi();
    await renderSignup();
    const consent = screen.getByText(/Ao criar sua conta, você aceita os/);
    expect(consent).toHaveTextContent(
      'Ao criar sua conta, você aceita os Termos de Uso e a Política de Privacidade. Menores de 18 anos precisam do consentimento dos pais ou do responsável legal.',
    );
    expect(within(consent).getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute(
      'href',
      '/termos',
    );
    expect(within(consent).getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute(
      'href',
      '/politicas',
    );
    expect(screen.getByRole('button', { name: 'Criar conta' })).toHaveAccessibleDescription(
      consent.textContent ?? '',
    );
  });

  it('reports mismatching passwords before their length, without calling the server', async () => {
    const api = stubApi();
    const { user } = await renderSignup();
    await fillForm(user, { password: '123', confirmation: '1234' });
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.passwordsDoNotMatch);
    expect(screen.getByLabelText('Repetir senha')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(screen.getByLabelText('Repetir senha'));
    await user.type(screen.getByLabelText('Repetir senha'), '123');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.passwordTooShort);
    expect(api.calls('POST /auth/signup')).toHaveLength(0);
  });

  it('marks only the field its one message is about', async () => {
    stubApi();
    const { user } = await renderSignup();
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.nameRequired);
    const invalid = () =>
      ['Nome', 'E-mail', 'Senha', 'Repetir senha'].filter(
        (label) => screen.getByLabelText(label).getAttribute('aria-invalid') === 'true',
      );
    expect(invalid()).toEqual(['Nome']);

    await user.type(screen.getByLabelText('Nome'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.emailRequired);
    expect(invalid()).toEqual(['E-mail']);
  });

  it("shows 'Criando conta...' with every input disabled, then the notice instead of the form", async () => {
    const answer = deferred<Response>();
    const api = stubApi({ 'POST /auth/signup': () => answer.promise });
    const { user } = await renderSignup();
    await fillForm(user, { password: 'segredo1', confirmation: 'segredo1' });
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(await screen.findByRole('button', { name: 'Criando conta...' })).toBeDisabled();
    for (const label of ['Nome', 'E-mail', 'Senha', 'Repetir senha']) {
      expect(screen.getByLabelText(label)).toBeDisabled();
    }
    for (const toggle of screen.getAllByRole('button', { name: 'Mostrar senha' })) {
      expect(toggle).toBeDisabled();
    }
    expect(api.calls('POST /auth/signup')[0]?.body).toEqual({
      name: 'Ana Souza',
      email: 'ana@example.com',
      password: 'segredo1',
    });

    answer.resolve(Response.json({ email: 'ana@example.com' }, { status: 201 }));
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('ana@example.com');
    expect(notice).toHaveTextContent(/spam/);
    expect(screen.queryByLabelText('Nome')).toBeNull();
    expect(screen.getByRole('link', { name: 'Voltar para o Login' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it("shows the server's message, and the generic one for unexpected failures", async () => {
    let attempt = 0;
    stubApi({
      'POST /auth/signup': () =>
        ++attempt === 1
          ? apiError(409, 'auth/email-already-in-use', AUTH_MESSAGES.emailInUse)
          : new Response('oops', { status: 200 }),
    });
    const { user } = await renderSignup();
    await fillForm(user, { password: 'segredo1', confirmation: 'segredo1' });
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.emailInUse);

    await user.click(screen.getByRole('button', { name: 'Criar conta' }));
    expect(await screen.findByText(AUTH_MESSAGES.signupFailed)).toHaveAttribute('role', 'alert');
  });

  it('toggles each password field on its own', async () => {
    stubApi();
    const { user } = await renderSignup();
    const [first, second] = screen.getAllByRole('button', { name: 'Mostrar senha' });
    if (!first || !second) throw new Error('expected two toggles');
    await user.click(first);
    expect(first).toHaveAccessibleName('Ocultar senha');
    expect(first).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Senha')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Repetir senha')).toHaveAttribute('type', 'password');
    expect(second).toHaveAttribute('aria-pressed', 'false');
  });

  it("sends the guardian's consent when an under-18 ticks it", async () => {
    const api = stubApi({ 'POST /auth/signup': { email: 'ana@example.com' } });
    const { user } = await renderSignup();
    const guardian = screen.getByRole('checkbox', { name: PRIVACY_MESSAGES.consentGuardian });
    expect(guardian).not.toBeChecked();
    // Below the statement it completes, before the button.
    const consent = screen.getByText(/Ao criar sua conta, você aceita os/);
    expect(consent.compareDocumentPosition(guardian)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(await axeViolations()).toEqual([]);

    await fillForm(user, { password: 'segredo1', confirmation: 'segredo1' });
    await user.click(guardian);
    expect(guardian).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Criar conta' }));

    expect(await screen.findByRole('heading', { name: 'Confirme seu e-mail' })).toBeVisible();
    expect(api.calls('POST /auth/signup')[0]?.body).toEqual({
      name: 'Ana Souza',
      email: 'ana@example.com',
      password: 'segredo1',
      guardianConsent: true,
    });
  });
});
