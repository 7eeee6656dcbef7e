import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, type SessionUser } from '@gabarita/shared';
import {
  apiError,
  ME_RESPONSE,
  noContentResponse,
  renderApp,
  SIGNED_IN_USER,
  stubApi,
  type ApiRoutes,
} from '@/test/render-app';

vi.mock('@/lib/image-resize', () => ({
  // jsdom has no canvas: the resize itself is the browser's job; here it returns a small PNG.
  resizeImage: vi.fn(async () => ({
    blob: new Blob(['png'], { type: 'image/png' }),
    width: 256,
    height: 128,
  })),
}));

async function openPanel(user: SessionUser = SIGNED_IN_USER, routes: ApiRoutes = {}) {
  const api = stubApi({ 'GET /auth/session': { user }, ...routes });
  const app = renderApp('/termos', {
    userEventOptions: vi.isFakeTimers()
      ? { advanceTimers: (ms) => vi.advanceTimersByTime(ms) }
      : undefined,
  });
  await app.user.click(await screen.findByRole('button', { name: 'Conta' }));
  const panel = await screen.findByRole('dialog', { name: user.name });
  return { ...app, api, panel };
}

describe('profile panel', () => {
  afterEach(() => vi.useRealTimers());

  it('shows name, e-mail and the account links, and moves focus into the panel', async () => {
    const { panel } = await openPanel();
    expect(panel).toHaveFocus();
    expect(within(panel).getByText('ana@example.com')).toBeVisible();
    const links = within(panel)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Gerenciar Conta', '/conta'],
      ['Termos de Uso', '/termos'],
      ['Política de Privacidade', '/politicas'],
    ]);
  });

  it('closes on Escape (focus back on the trigger) and on a click outside', async () => {
    const { user } = await openPanel();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Conta' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Conta' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { level: 1 }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('edits the name, and the saved message clears after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, panel, api } = await openPanel(SIGNED_IN_USER, {
      'PATCH /me': { ...ME_RESPONSE, name: 'Ana Lima' },
    });

    await user.click(within(panel).getByRole('button', { name: 'Editar nome' }));
    const input = within(panel).getByLabelText('Nome');
    expect(input).toHaveFocus();
    expect(input).toHaveValue('Ana Souza');

    // A blank name is not saved.
    await user.clear(input);
    await user.type(input, '   ');
    expect(within(panel).getByRole('button', { name: 'Salvar' })).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(api.calls('PATCH /me')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '  Ana Lima ');
    await user.click(within(panel).getByRole('button', { name: 'Salvar' }));

    const message = await within(panel).findByRole('status');
    expect(message).toHaveTextContent(AUTH_MESSAGES.nameSaved);
    expect(api.calls('PATCH /me')[0]?.body).toEqual({ name: 'Ana Lima' });
    expect(within(panel).getByRole('heading', { name: 'Ana Lima' })).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Editar nome' })).toHaveFocus();

    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(within(panel).getByRole('status')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(within(panel).queryByRole('status')).toBeNull();
  });

  it('reports a failed name save', async () => {
    const { user, panel } = await openPanel(SIGNED_IN_USER, {
      'PATCH /me': new Response('down', { status: 503 }),
    });
    await user.click(within(panel).getByRole('button', { name: 'Editar nome' }));
    await user.type(within(panel).getByLabelText('Nome'), ' Lima');
    await user.click(within(panel).getByRole('button', { name: 'Salvar' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.nameSaveFailed);
    expect(within(panel).getByLabelText('Nome')).toHaveValue('Ana Souza Lima');
  });

  it("shows the server's words when the session ended before the save", async () => {
    const { user, panel } = await openPanel(SIGNED_IN_USER, {
      'PATCH /me': apiError(401, 'auth/unauthenticated', AUTH_MESSAGES.nameNotSignedIn),
    });
    await user.click(within(panel).getByRole('button', { name: 'Editar nome' }));
    await user.type(within(panel).getByLabelText('Nome'), ' Lima');
    await user.click(within(panel).getByRole('button', { name: 'Salvar' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      AUTH_MESSAGES.nameNotSignedIn,
    );
  });

  it('refuses a file that is not an image', async () => {
    const { panel, api } = await openPanel();
    const text = new File(['oi'], 'notas.txt', { type: 'text/plain' });
    // user.upload would drop the file because of accept="image/*"; a drop or a picker may not.
    fireEvent.change(within(panel).getByLabelText('Selecionar foto'), {
      target: { files: [text] },
    });
    expect(within(panel).getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.photoNotImage);
    expect(api.calls('PUT /me/photo')).toHaveLength(0);
  });

  it('previews the resized photo and uploads it as multipart field "photo"', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const { user, panel, api } = await openPanel(SIGNED_IN_USER, {
      'PUT /me/photo': { photoUrl: '/api/me/photo/u1?v=2' },
    });
    const photo = new File(['jpg'], 'eu.jpg', { type: 'image/jpeg' });
    await user.upload(within(panel).getByLabelText('Selecionar foto'), photo);

    expect(await within(panel).findByAltText('Pré-visualização da nova foto')).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await user.click(within(panel).getByRole('button', { name: 'Salvar foto' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(AUTH_MESSAGES.photoSaved);

    const body = api.calls('PUT /me/photo')[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    const sent = (body as FormData).get('photo');
    expect(sent).toBeInstanceOf(Blob);
    expect((sent as Blob).type).toBe('image/png');
    // The header shows the new photo at once.
    const trigger = screen.getByRole('button', { name: 'Conta' });
    expect(trigger.querySelector('img')).toHaveAttribute('src', '/api/me/photo/u1?v=2');
  });

  it('clears the error of a refused file as soon as another file is chosen', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const { user, panel, api } = await openPanel(SIGNED_IN_USER, {
      'PUT /me/photo': { photoUrl: '/api/me/photo/u1?v=2' },
    });
    const choose = (file: File) =>
      fireEvent.change(within(panel).getByLabelText('Selecionar foto'), {
        target: { files: [file] },
      });
    choose(new File(['oi'], 'notas.txt', { type: 'text/plain' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.photoNotImage);

    choose(new File(['jpg'], 'eu.jpg', { type: 'image/jpeg' }));
    // Gone at once, before the new file is even read.
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(await within(panel).findByAltText('Pré-visualização da nova foto')).toBeVisible();
    expect(within(panel).queryByText(AUTH_MESSAGES.photoNotImage)).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Salvar foto' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(AUTH_MESSAGES.photoSaved);
    expect(within(panel).queryByRole('alert')).toBeNull();
    expect(api.calls('PUT /me/photo')).toHaveLength(1);
  });

  it("shows the server's message when it refuses the photo", async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const { user, panel } = await openPanel(SIGNED_IN_USER, {
      'PUT /me/photo': apiError(413, 'photo/too-large', AUTH_MESSAGES.photoTooLarge),
    });
    await user.upload(
      within(panel).getByLabelText('Selecionar foto'),
      new File(['png'], 'eu.png', { type: 'image/png' }),
    );
    await user.click(await within(panel).findByRole('button', { name: 'Salvar foto' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.photoTooLarge);
  });

  it('shows a Google account without edit controls', async () => {
    const { panel } = await openPanel({ ...SIGNED_IN_USER, provider: 'google' });
    expect(within(panel).getByText(AUTH_MESSAGES.googleProfileReadOnly)).toBeVisible();
    expect(within(panel).queryByRole('button', { name: 'Editar nome' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Alterar foto' })).toBeNull();
    expect(within(panel).queryByLabelText('Selecionar foto')).toBeNull();
  });

  it("'Sair' signs out and lands on /login with a message", async () => {
    const { user, panel, api, router, queryClient } = await openPanel(SIGNED_IN_USER, {
      'POST /auth/logout': noContentResponse(),
    });
    await user.click(within(panel).getByRole('button', { name: 'Sair' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('status')).toHaveTextContent(AUTH_MESSAGES.signedOut);
    expect(api.calls('POST /auth/logout')[0]?.body).toEqual({});
    expect(queryClient.getQueryData(['auth', 'session'])).toEqual({ user: null });
  });

  it("'Sair' from the signed-in area also lands on /login with the message", async () => {
    stubApi({
      'GET /auth/session': { user: SIGNED_IN_USER },
      'GET /me': ME_RESPONSE,
      'POST /auth/logout': noContentResponse(),
    });
    const { user, router } = renderApp('/conta');
    await user.click(await screen.findByRole('button', { name: 'Conta' }));
    await user.click(screen.getByRole('button', { name: 'Sair' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(AUTH_MESSAGES.signedOut);
    expect(router.state.location.pathname).toBe('/login');
  });
});
