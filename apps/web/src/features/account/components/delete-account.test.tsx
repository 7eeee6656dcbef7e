import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PRIVACY_MESSAGES, type MeResponse } from '@gabarita/shared';
import {
  apiError,
  ME_RESPONSE,
  noContentResponse,
  renderApp,
  SIGNED_IN_USER,
  type StubbedRequest,
} from '@/test/render-app';
import { QUERY_KEYS } from '@/domain/query-keys';
import { GOOGLE_ME, stubAccount } from '../testing/stub-account';

/** The account API where DELETE /me answers with `answer` and, on 204, ends the session. */
function stubDeletion(me: MeResponse, answer: (body: unknown) => Response) {
  let sessionUser: typeof SIGNED_IN_USER | null = { ...SIGNED_IN_USER, provider: me.provider };
  return stubAccount(me, {
    'GET /auth/session': () => ({ user: sessionUser }),
    'POST /me/deletion-code': noContentResponse(),
    'DELETE /me': ({ body }: StubbedRequest) => {
      const response = answer(body);
      if (response.status === 204) sessionUser = null;
      return response;
    },
  });
}

async function openDeletion() {
  const app = renderApp('/conta');
  const region = await screen.findByRole('region', { name: PRIVACY_MESSAGES.deleteTitle });
  await app.user.click(within(region).getByRole('button', { name: PRIVACY_MESSAGES.deleteButton }));
  const dialog = await screen.findByRole('dialog', { name: 'Excluir sua conta?' });
  return { ...app, region, dialog };
}

describe("/conta — 'Excluir minha conta'", () => {
  it('says what is erased now and what is kept, and why', async () => {
    stubAccount();
    renderApp('/conta');
    const region = await screen.findByRole('region', { name: PRIVACY_MESSAGES.deleteTitle });
    const erased = within(region).getByRole('list', { name: 'Apagado na hora' });
    expect(erased).toHaveTextContent('Nome, e-mail, foto e senha.');
    expect(erased).toHaveTextContent('não os reembolsa');
    expect(erased).toHaveTextContent('conversas com o tutor');
    const kept = within(region).getByRole('list', { name: 'Guardado, e por quê' });
    expect(kept).toHaveTextContent('por 5 anos, como exige a lei fiscal');
    expect(kept).toHaveTextContent('O nome e o CPF de quem pagou ficam com o Mercado Pago');
    expect(kept).toHaveTextContent('catálogo compartilhado');
    expect(kept).toHaveTextContent('sem identificar ninguém');
  });

  it('asks a password account for its password, shows a wrong one, then deletes and says so on /login', async () => {
    const api = stubDeletion(ME_RESPONSE, (body) =>
      (body as { password?: string }).password === 'certa-123'
        ? noContentResponse()
        : apiError(403, 'privacy/wrong-password', PRIVACY_MESSAGES.wrongPassword),
    );
    const { user, dialog, router, queryClient } = await openDeletion();
    const password = within(dialog).getByLabelText(PRIVACY_MESSAGES.deletePasswordLabel);
    expect(password).toHaveFocus();

    const confirm = within(dialog).getByRole('button', { name: PRIVACY_MESSAGES.deleteConfirm });
    await user.click(confirm);
    expect(within(dialog).getByText(AUTH_MESSAGES.passwordRequired)).toBeVisible();
    expect(api.calls('DELETE /me')).toHaveLength(0);

    await user.type(password, 'errada-123');
    await user.click(confirm);
    expect(await within(dialog).findByText(PRIVACY_MESSAGES.wrongPassword)).toBeVisible();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(PRIVACY_MESSAGES.wrongPassword);
    expect(password).toHaveFocus();

    await user.clear(password);
    await user.type(password, 'certa-123');
    await user.click(confirm);
    expect(await screen.findByText(PRIVACY_MESSAGES.deleted)).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByRole('dialog')).toBeNull();
    // The session is a visitor's now, and the account's cached data went with it.
    expect(queryClient.getQueryData(QUERY_KEYS.me)).toBeUndefined();
    expect(api.calls('DELETE /me').map((call) => call.body)).toEqual([
      { password: 'errada-123' },
      { password: 'certa-123' },
    ]);
  });

  it('shows a refusal that is not about the password in the dialog; Escape closes it', async () => {
    stubDeletion(ME_RESPONSE, () =>
      apiError(409, 'privacy/pending-payment', PRIVACY_MESSAGES.deletePendingPayment),
    );
    const { user, dialog, region } = await openDeletion();
    await user.type(
      within(dialog).getByLabelText(PRIVACY_MESSAGES.deletePasswordLabel),
      'certa-123',
    );
    await user.click(within(dialog).getByRole('button', { name: PRIVACY_MESSAGES.deleteConfirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      PRIVACY_MESSAGES.deletePendingPayment,
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      within(region).getByRole('button', { name: PRIVACY_MESSAGES.deleteButton }),
    ).toHaveFocus();
  });

  it('sends a Google account a code by e-mail and deletes with it', async () => {
    const api = stubDeletion(GOOGLE_ME, (body) =>
      (body as { code?: string }).code === '123456'
        ? noContentResponse()
        : apiError(403, 'privacy/code-invalid', PRIVACY_MESSAGES.deleteCodeInvalid),
    );
    const { user, dialog, router } = await openDeletion();
    expect(within(dialog).queryByLabelText(PRIVACY_MESSAGES.deletePasswordLabel)).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: PRIVACY_MESSAGES.deleteSendCode }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      PRIVACY_MESSAGES.deleteCodeSent(GOOGLE_ME.email),
    );
    expect(api.calls('POST /me/deletion-code')).toHaveLength(1);

    const code = within(dialog).getByLabelText(PRIVACY_MESSAGES.deleteCodeLabel);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    const confirm = within(dialog).getByRole('button', { name: PRIVACY_MESSAGES.deleteConfirm });

    await user.click(confirm);
    expect(within(dialog).getByText(PRIVACY_MESSAGES.deleteCodeRequired)).toBeVisible();
    await user.type(code, '12a');
    await user.click(confirm);
    expect(within(dialog).getByText(PRIVACY_MESSAGES.deleteCodeInvalid)).toBeVisible();
    expect(api.calls('DELETE /me')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(confirm);
    expect(await within(dialog).findByText(PRIVACY_MESSAGES.deleteCodeInvalid)).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveFocus();

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(confirm);
    expect(await screen.findByText(PRIVACY_MESSAGES.deleted)).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(api.calls('DELETE /me').at(-1)?.body).toEqual({ code: '123456' });
  });
});
