import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, type CreatePaymentResponse } from '@gabarita/shared';
import { plansResponse } from '@/test/billing-fixtures';
import { stubEventSource } from '@/test/fake-event-source';
import {
  apiError,
  ME_RESPONSE,
  renderApp,
  SIGNED_IN_USER,
  stubApi,
  type ApiRoutes,
} from '@/test/render-app';

const PURCHASE_ID = '5b0c1a52-2f0e-4a8e-9d57-3b3f7c1e9a10';
const VALID_CPF = '529.982.247-25';

function charge(secondsLeft = 300): CreatePaymentResponse {
  return {
    purchaseId: PURCHASE_ID,
    pixDetails: {
      qr_code:
        '00020126580014br.gov.bcb.pix0136chave-de-teste5204000053039865406034.905802BR6304ABCD',
      qr_code_base64: 'iVBORw0KGgo=',
      expiration_date: new Date(Date.now() + secondsLeft * 1000).toISOString(),
    },
    simulateUrl: `/dev/pix/${PURCHASE_ID}`,
  };
}

const paymentEvent = (status: string, paidLate = false) => ({
  purchaseId: PURCHASE_ID,
  status,
  paidAt: status === 'paid' ? new Date().toISOString() : null,
  paidLate,
  expiresAt: new Date().toISOString(),
});

function stubCheckout(routes: ApiRoutes = {}) {
  return stubApi({
    'GET /auth/session': { user: SIGNED_IN_USER },
    'GET /plans': plansResponse(),
    'GET /me': ME_RESPONSE,
    'GET /me/purchases': { plans: [], packages: [], pending: [] },
    'POST /payments': charge(),
    ...routes,
  });
}

async function renderCheckout(state: unknown = { product: 'mensal', productType: 'plano' }) {
  const app = renderApp('/pagamento', { state });
  await screen.findByRole('heading', { name: 'Plano Mensal' });
  return app;
}

async function fillPayer(
  user: Awaited<ReturnType<typeof renderCheckout>>['user'],
  cpf = VALID_CPF,
) {
  await user.type(screen.getByLabelText('Nome'), 'Ana');
  await user.type(screen.getByLabelText('Sobrenome'), 'Souza');
  await user.type(screen.getByLabelText('CPF'), cpf.replace(/\D/g, ''));
}

describe('/pagamento', () => {
  it('goes back to /assinatura without a product or its type', async () => {
    stubCheckout();
    const { router } = renderApp('/pagamento', { state: { product: 'mensal' } });
    expect(await screen.findByRole('heading', { name: 'Planos de Assinatura' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/assinatura');
  });

  it('asks for every field and a valid CPF before calling the server', async () => {
    const api = stubCheckout();
    const { user } = await renderCheckout();
    await user.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.allFieldsRequired);

    await fillPayer(user, '123.456.789-00');
    expect(screen.getByLabelText('CPF')).toHaveValue('123.456.789-00');
    await user.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.invalidCpf);
    expect(api.calls('POST /payments')).toHaveLength(0);
  });

  it(
    'shows the QR code, the code to copy and the countdown, then goes to /conta once paid',
    {
      timeout: 10_000,
    },
    async () => {
      const Source = stubEventSource();
      const api = stubCheckout();
      const { user, router } = await renderCheckout();
      await fillPayer(user);
      await user.click(screen.getByRole('button', { name: 'Gerar PIX' }));

      expect(await screen.findByRole('img', { name: /QR Code do PIX/ })).toHaveAttribute(
        'src',
        'data:image/png;base64,iVBORw0KGgo=',
      );
      expect(api.calls('POST /payments')[0]?.body).toEqual({
        productId: 'mensal',
        productType: 'plan',
        payer: { firstName: 'Ana', lastName: 'Souza', cpf: '52998224725' },
      });
      expect(screen.getByLabelText('PIX copia e cola')).toHaveValue(charge().pixDetails.qr_code);
      expect(screen.getByRole('timer')).toHaveTextContent(/^0[45]:\d\d$/);
      expect(screen.getByRole('button', { name: PAYMENT_MESSAGES.copyCode })).toBeVisible();
      expect(screen.getByRole('link', { name: PAYMENT_MESSAGES.simulatePayment })).toHaveAttribute(
        'href',
        `/dev/pix/${PURCHASE_ID}`,
      );
      expect(screen.getByLabelText('Nome')).toBeDisabled();

      const source = Source.instances[0]!;
      expect(source.url).toBe(`/api/payments/${PURCHASE_ID}/events`);
      source.emit('payment', paymentEvent('pending'));
      source.emit('payment', paymentEvent('paid'));
      expect(await screen.findByText(PAYMENT_MESSAGES.paid)).toBeVisible();
      expect(source.closed).toBe(true);
      await waitFor(() => expect(router.state.location.pathname).toBe('/conta'), {
        timeout: 5_000,
      });
    },
  );

  it("says the time ran out and offers 'Gerar Novo PIX', which makes a new charge", async () => {
    stubEventSource();
    const api = stubCheckout({
      'POST /payments': () => charge(api.calls('POST /payments').length > 1 ? 300 : 1.5),
    });
    const { user } = await renderCheckout();
    await fillPayer(user);
    await user.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    expect(await screen.findByText(PAYMENT_MESSAGES.expired, {}, { timeout: 4_000 })).toBeVisible();
    expect(screen.queryByRole('img', { name: /QR Code do PIX/ })).toBeNull();

    // One button starts again, with the data already typed.
    expect(screen.getAllByRole('button', { name: PAYMENT_MESSAGES.newPix })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: PAYMENT_MESSAGES.newPix }));
    expect(await screen.findByRole('img', { name: /QR Code do PIX/ })).toBeVisible();
    expect(api.calls('POST /payments')).toHaveLength(2);
  });

  const pendingPurchase = (secondsLeft = 240) => ({
    ...paymentEvent('pending'),
    productType: 'plan',
    productId: 'mensal',
    productName: 'Mensal',
    priceCentavos: 3490,
    createdAt: new Date().toISOString(),
    pixDetails: charge(secondsLeft).pixDetails,
    simulateUrl: `/dev/pix/${PURCHASE_ID}`,
  });

  it('keeps the PIX in the address: a reload shows the same code, countdown and live confirmation', async () => {
    const Source = stubEventSource();
    stubCheckout({ [`GET /payments/${PURCHASE_ID}`]: pendingPurchase() });
    const first = await renderCheckout();
    await fillPayer(first.user);
    await first.user.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    await screen.findByRole('img', { name: /QR Code do PIX/ });
    await waitFor(() => expect(first.router.state.location.search).toBe(`?compra=${PURCHASE_ID}`));
    expect(first.router.state.location.pathname).toBe('/pagamento');
    first.unmount();

    // The same address opened afresh (a reload, another tab, back from the bank app).
    const reloaded = renderApp(`/pagamento?compra=${PURCHASE_ID}`);
    expect(await screen.findByRole('img', { name: /QR Code do PIX/ })).toBeVisible();
    expect(screen.getByText('Os dados do pagador já foram enviados com este PIX.')).toBeVisible();
    expect(screen.queryByLabelText('Nome')).toBeNull();
    expect(screen.getByLabelText('PIX copia e cola')).toHaveValue(charge().pixDetails.qr_code);
    expect(screen.getByRole('timer')).toHaveTextContent(/^0[34]:\d\d$/);
    const source = Source.instances.at(-1)!;
    expect(source.url).toBe(`/api/payments/${PURCHASE_ID}/events`);
    source.emit('payment', paymentEvent('paid'));
    expect(await screen.findByText(PAYMENT_MESSAGES.paid)).toBeVisible();
    await waitFor(() => expect(reloaded.router.state.location.pathname).toBe('/conta'), {
      timeout: 5_000,
    });
  });

  it('finds an expired PIX again and lets the form make a new one', async () => {
    stubEventSource();
    const api = stubCheckout({
      [`GET /payments/${PURCHASE_ID}`]: {
        ...pendingPurchase(),
        status: 'expired',
        pixDetails: null,
      },
    });
    const { user } = renderApp(`/pagamento?compra=${PURCHASE_ID}`);
    expect(await screen.findByText(PAYMENT_MESSAGES.expired)).toBeVisible();
    expect(screen.getAllByRole('button', { name: PAYMENT_MESSAGES.newPix })).toHaveLength(1);
    await fillPayer(user);
    await user.click(screen.getByRole('button', { name: PAYMENT_MESSAGES.newPix }));
    expect(await screen.findByRole('img', { name: /QR Code do PIX/ })).toBeVisible();
    expect(api.calls('POST /payments')[0]?.body).toMatchObject({
      productId: 'mensal',
      productType: 'plan',
    });
  });

  it('goes back to the question that sent the user to the plans once paid', async () => {
    const Source = stubEventSource();
    stubCheckout();
    const returnTo = '/questoes?prova=cmvv_2017_matematica_prova&q=cmvv_2017_matematica_prova_2';
    const { user, router } = await renderCheckout({
      product: 'mensal',
      productType: 'plano',
      returnTo,
    });
    await fillPayer(user);
    await user.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    await screen.findByRole('img', { name: /QR Code do PIX/ });
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('voltar')).toBe(returnTo),
    );
    Source.instances[0]!.emit('payment', paymentEvent('paid'));
    expect(await screen.findByText(PAYMENT_MESSAGES.paidBackToStudy)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Voltar para a questão' })).toHaveAttribute(
      'href',
      returnTo,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/questoes'), {
      timeout: 5_000,
    });
  });

  it('grants a payment confirmed after the countdown and says so', async () => {
    const Source = stubEventSource();
    stubCheckout({ 'POST /payments': charge(1.5) });
    const { user } = await renderCheckout();
    await fillPayer(user);
    await user.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    await screen.findByText(PAYMENT_MESSAGES.expired, {}, { timeout: 4_000 });
    Source.instances[0]!.emit('payment', paymentEvent('paid', true));
    expect(await screen.findByText(PAYMENT_MESSAGES.paidLate)).toBeVisible();
  });

  it("offers 'Tentar Novamente' after a generation failure", async () => {
    stubEventSource();
    let fail = true;
    stubCheckout({
      'POST /payments': () =>
        fail
          ? apiError(502, 'billing/generation-failed', PAYMENT_MESSAGES.generationFailed)
          : charge(),
    });
    const { user } = await renderCheckout();
    await fillPayer(user);
    await user.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_MESSAGES.generationFailed);
    fail = false;
    await user.click(screen.getByRole('button', { name: PAYMENT_MESSAGES.retry }));
    expect(await screen.findByRole('img', { name: /QR Code do PIX/ })).toBeVisible();
  });

  it('falls back to asking the server when the live events fail', async () => {
    const Source = stubEventSource();
    const api = stubCheckout({
      [`GET /payments/${PURCHASE_ID}`]: {
        ...paymentEvent('paid'),
        productType: 'plan',
        productId: 'mensal',
        productName: 'Mensal',
        priceCentavos: 3490,
        createdAt: new Date().toISOString(),
        pixDetails: null,
        simulateUrl: null,
      },
    });
    const { user } = await renderCheckout();
    await fillPayer(user);
    await user.click(screen.getByRole('button', { name: 'Gerar PIX' }));
    await screen.findByRole('img', { name: /QR Code do PIX/ });
    Source.instances[0]!.emit('error', {
      code: 'billing/stream-failed',
      message: PAYMENT_MESSAGES.listenerFailed,
    });
    expect(await screen.findByText(PAYMENT_MESSAGES.paid)).toBeVisible();
    expect(screen.getByText(PAYMENT_MESSAGES.listenerFailed)).toBeVisible();
    expect(api.calls(`GET /payments/${PURCHASE_ID}`).length).toBeGreaterThan(0);
  });
});
