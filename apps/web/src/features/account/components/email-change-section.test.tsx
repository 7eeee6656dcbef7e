import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, PRIVACY_MESSAGES } from '@gabarita/shared';
import { apiError, ME_RESPONSE, renderApp } from '@/test/render-app';
import { GOOGLE_ME, stubAccount } from '../testing/stub-account';

const NEW_EMAIL = 'ana.souza.com.um.endereco.bem.comprido@exemplo-de-provedor.com.br';

async function emailSection() {
  const app = renderApp('/conta');
  const region = await screen.findByRole('region', { name: PRIVACY_MESSAGES.emailChangeTitle });
  return { ...app, region };
}

describe("/conta — 'Alterar e-mail'", () => {
  it('sends the confirmation link to the new address and says where it went', async () => {
    const api = stubAccount(ME_RESPONSE, {
      'POST /me/email-change': () => Response.json({ email: NEW_EMAIL }, { status: 202 }),
    });
    const { user, region } = await emailSection();
    await user.click(within(region).getByLabelText('Novo e-mail'));
    await user.paste(`  ${NEW_EMAIL.toUpperCase()} `);
    await user.type(within(region).getByLabelText('Senha atual'), 'segredo-123');
    await user.click(within(region).getByRole('button', { name: 'Enviar link de confirmação' }));

    expect(await within(region).findByRole('status')).toHaveTextContent(
      PRIVACY_MESSAGES.emailChangeSent(NEW_EMAIL),
    );
    // The shared schema trims and lowercases the address, as the server does.
    expect(api.calls('POST /me/email-change')[0]?.body).toEqual({
      newEmail: NEW_EMAIL,
      password: 'segredo-123',
    });
    expect(within(region).getByLabelText('Senha atual')).toHaveValue('');
  });

  it('puts a wrong password next to the password field', async () => {
    stubAccount(ME_RESPONSE, {
      'POST /me/email-change': apiError(
        403,
        'privacy/wrong-password',
        PRIVACY_MESSAGES.wrongPassword,
      ),
    });
    const { user, region } = await emailSection();
    await user.type(within(region).getByLabelText('Novo e-mail'), 'ana@novo.com');
    await user.type(within(region).getByLabelText('Senha atual'), 'errada-123');
    await user.click(within(region).getByRole('button', { name: 'Enviar link de confirmação' }));

    const password = within(region).getByLabelText('Senha atual');
    expect(await within(region).findByText(PRIVACY_MESSAGES.wrongPassword)).toBeVisible();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(PRIVACY_MESSAGES.wrongPassword);
    expect(password).toHaveFocus();
    expect(within(region).getByLabelText('Novo e-mail')).not.toHaveAttribute('aria-invalid');
  });

  it("shows the server's other refusals under the form", async () => {
    stubAccount(ME_RESPONSE, {
      'POST /me/email-change': apiError(
        429,
        'request/rate-limited',
        'Muitas tentativas. Aguarde alguns minutos.',
      ),
    });
    const { user, region } = await emailSection();
    await user.type(within(region).getByLabelText('Novo e-mail'), 'ana@novo.com');
    await user.type(within(region).getByLabelText('Senha atual'), 'segredo-123');
    await user.click(within(region).getByRole('button', { name: 'Enviar link de confirmação' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Muitas tentativas. Aguarde alguns minutos.',
    );
  });

  it('checks the fields before sending anything', async () => {
    const api = stubAccount();
    const { user, region } = await emailSection();
    await user.type(within(region).getByLabelText('Novo e-mail'), 'ana@');
    await user.click(within(region).getByRole('button', { name: 'Enviar link de confirmação' }));
    expect(await within(region).findByText(AUTH_MESSAGES.invalidEmail)).toBeVisible();
    expect(within(region).getByLabelText('Senha atual')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /me/email-change')).toHaveLength(0);
  });

  it('tells a Google account its address is the Google one', async () => {
    stubAccount(GOOGLE_ME);
    const { region } = await emailSection();
    expect(region).toHaveTextContent(PRIVACY_MESSAGES.emailChangeGoogle);
    expect(within(region).queryByRole('textbox')).toBeNull();
    expect(within(region).queryByRole('button')).toBeNull();
  });
});
