import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, PLANS, TOKEN_PACKAGE } from '@gabarita/shared';
import { purchases, sandboxCharges } from '@/db/schema';
import { hasValidCrc, parseBrCode } from '@/modules/billing/pix/br-code';
import { SANDBOX_PIX_KEY } from '@/modules/billing/pix/sandbox-provider';
import {
  APP_ORIGIN,
  createPasswordUser,
  get,
  send,
  sessionCookieFor,
  signedInStudent,
} from '../helpers/accounts';
import { buy, deliver, PAYER } from '../helpers/payments';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** The default provider: the checkout works end to end with nothing configured. */
describe('PIX sandbox and the checkout API', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const student = () => signedInStudent(testApp.app, testApp.database);
  const form = (url: string, origin: string = APP_ORIGIN) =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });

  it('lists the seven plans and the package, priced by the server, with what the caller has', async () => {
    const visitor = (await get(testApp.app, '/api/plans')).json();
    expect(visitor.plans.map((plan: { id: string }) => plan.id)).toEqual(
      PLANS.map((plan) => plan.id),
    );
    expect(visitor.plans[3]).toEqual({
      id: 'mensal',
      name: 'Mensal',
      days: 30,
      durationLabel: '30 dias',
      priceCentavos: 3490,
      oldPriceCentavos: 5290,
    });
    expect(visitor.plans[0].durationLabel).toBe('1 dia');
    expect(visitor.package).toEqual({
      id: 'package_1',
      name: 'Essencial',
      priceCentavos: 190,
      oldPriceCentavos: 290,
      inputTokens: 80_000,
      outputTokens: 40_000,
    });
    expect(visitor.pixValidityMinutes).toBe(5);
    expect(visitor.current).toBeNull();

    const { cookie } = await student();
    expect((await get(testApp.app, '/api/plans', cookie)).json().current).toEqual({
      accountType: 'free',
      plan: { startedAt: null, endsOn: null, endsAt: null, daysRemaining: null },
      packageBalance: { input: 0, output: 0 },
    });
  });

  it('validates the payer with the product texts and changes nothing on bad input', async () => {
    const { cookie, user } = await student();
    const attempt = (body: unknown) => send(testApp.app, 'POST', '/api/payments', body, cookie);

    const empty = await attempt({
      productId: 'mensal',
      productType: 'plan',
      payer: { firstName: '', lastName: '', cpf: '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({
      code: 'request/invalid',
      message: PAYMENT_MESSAGES.allFieldsRequired,
      fields: {
        'payer.firstName': PAYMENT_MESSAGES.allFieldsRequired,
        'payer.lastName': PAYMENT_MESSAGES.allFieldsRequired,
        'payer.cpf': PAYMENT_MESSAGES.allFieldsRequired,
      },
    });
    const badCpf = await attempt({
      productId: 'mensal',
      productType: 'plan',
      payer: { ...PAYER, cpf: '529.982.247-24' },
    });
    expect(badCpf.json().error.message).toBe(PAYMENT_MESSAGES.invalidCpf);
    const unknown = await attempt({ productId: 'vitalicio', productType: 'plan', payer: PAYER });
    expect(unknown.json().error.message).toBe(PAYMENT_MESSAGES.unknownProduct);
    // The client cannot name its price: unknown fields are dropped, the price list decides.
    const cheap = await attempt({
      productId: 'anual',
      productType: 'plan',
      payer: PAYER,
      priceCentavos: 1,
    });
    expect(cheap.statusCode).toBe(201);

    const rows = await testApp.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.userId, user.id));
    expect(rows.map((row) => [row.productId, row.priceCentavos])).toEqual([['anual', 32990]]);
  });

  it('sells only to signed-in accounts with a confirmed e-mail', async () => {
    const visitor = await send(testApp.app, 'POST', '/api/payments', {
      productId: 'mensal',
      productType: 'plan',
      payer: PAYER,
    });
    expect(visitor.statusCode).toBe(401);
    const { user } = await createPasswordUser(testApp.database.db, { verified: false });
    const unverified = await buy(testApp.app, await sessionCookieFor(testApp.database.db, user.id));
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().error.code).toBe('auth/email-not-verified');
  });

  it('limits how many PIX codes one account generates per hour', async () => {
    const { cookie } = await student();
    for (let i = 0; i < 20; i += 1) expect((await buy(testApp.app, cookie)).statusCode).toBe(201);
    const limited = await buy(testApp.app, cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('request/rate-limited');
  });

  it('gives the same PIX again for the same product while it can still be paid', async () => {
    const { cookie } = await student();
    const first = (
      await buy(testApp.app, cookie, { productId: 'mensal', productType: 'plan' })
    ).json();
    const again = (
      await buy(testApp.app, cookie, { productId: 'mensal', productType: 'plan' })
    ).json();
    expect(again).toEqual(first);
    // Another product is another purchase.
    const other = (
      await buy(testApp.app, cookie, { productId: 'semanal', productType: 'plan' })
    ).json();
    expect(other.purchaseId).not.toBe(first.purchaseId);
    // A code with under a minute left is not handed out again: a new one is made.
    await testApp.database.db
      .update(purchases)
      .set({ expiresAt: new Date(Date.now() + 30_000) })
      .where(eq(purchases.id, first.purchaseId));
    const fresh = (
      await buy(testApp.app, cookie, { productId: 'mensal', productType: 'plan' })
    ).json();
    expect(fresh.purchaseId).not.toBe(first.purchaseId);
    const pending = (await get(testApp.app, '/api/me/purchases', cookie)).json().pending;
    expect(pending.map((item: { purchaseId: string }) => item.purchaseId)).toEqual([
      fresh.purchaseId,
      other.purchaseId,
      first.purchaseId,
    ]);
    // Someone else's pending code is never theirs to see or to be given.
    const stranger = await student();
    const theirs = (
      await buy(testApp.app, stranger.cookie, { productId: 'mensal', productType: 'plan' })
    ).json();
    expect(theirs.purchaseId).not.toBe(fresh.purchaseId);
    expect(
      (await get(testApp.app, '/api/me/purchases', stranger.cookie)).json().pending,
    ).toHaveLength(1);
  });

  it('answers a real BR Code for the price, with its QR image and the simulation page', async () => {
    const { cookie } = await student();
    const response = await buy(testApp.app, cookie);
    expect(response.statusCode).toBe(201);
    const { purchaseId, pixDetails, simulateUrl } = response.json();
    expect(simulateUrl).toBe(`/dev/pix/${purchaseId}`);

    const code: string = pixDetails.qr_code;
    expect(hasValidCrc(code)).toBe(true);
    const fields = parseBrCode(code);
    expect(fields.get('54')).toBe('34.90');
    expect(fields.get('53')).toBe('986');
    expect(fields.get('58')).toBe('BR');
    expect(parseBrCode(fields.get('26')!).get('00')).toBe('br.gov.bcb.pix');
    expect(parseBrCode(fields.get('26')!).get('01')).toBe(SANDBOX_PIX_KEY);
    const [charge] = await testApp.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.externalReference, purchaseId));
    expect(parseBrCode(fields.get('62')!).get('05')).toBe(charge!.id);
    expect(Buffer.from(pixDetails.qr_code_base64, 'base64').subarray(1, 4).toString()).toBe('PNG');
  });

  it("pays through 'Simular pagamento': signed notification, webhook, grant; refund takes it back", async () => {
    const { cookie, email } = await student();
    const { purchaseId, simulateUrl } = (await buy(testApp.app, cookie)).json();

    const page = await get(testApp.app, simulateUrl);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('Simular pagamento');
    expect(page.body).toContain('R$ 34,90');
    expect(page.body).toContain('data:image/png;base64,');
    expect(page.body).not.toContain(email);

    const paid = await form(`${simulateUrl}/pay`);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${simulateUrl}?resultado=pago&webhook=200`);
    expect((await get(testApp.app, `/api/payments/${purchaseId}`, cookie)).json()).toMatchObject({
      status: 'paid',
      paidLate: false,
      pixDetails: null,
    });
    const [row] = await testApp.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, purchaseId));
    expect(row?.providerStatus).toBe('approved');
    expect((await get(testApp.app, '/api/me', cookie)).json()).toMatchObject({
      accountType: 'premium',
      plan: { daysRemaining: 30 },
    });
    const after = await get(testApp.app, `${simulateUrl}?resultado=pago&webhook=200`);
    expect(after.body).toContain('Pagamento simulado');
    expect(after.body).toContain('Simular estorno');
    // Paying twice is refused by the sandbox itself.
    expect((await form(`${simulateUrl}/pay`)).headers.location).toContain('resultado=recusado');

    expect((await form(`${simulateUrl}/refund`)).headers.location).toContain('resultado=estornado');
    expect((await get(testApp.app, `/api/payments/${purchaseId}`, cookie)).json().status).toBe(
      'refunded',
    );
    expect((await get(testApp.app, '/api/me', cookie)).json().accountType).toBe('free');
  });

  it('grants a package and lists both histories, paid purchases only, newest first', async () => {
    const { cookie } = await student();
    const plan = (
      await buy(testApp.app, cookie, { productId: 'semanal', productType: 'plan' })
    ).json();
    const pack = (
      await buy(testApp.app, cookie, { productId: TOKEN_PACKAGE.id, productType: 'package' })
    ).json();
    const unpaid = (
      await buy(testApp.app, cookie, { productId: 'anual', productType: 'plan' })
    ).json();
    await form(`${plan.simulateUrl}/pay`);
    await form(`${pack.simulateUrl}/pay`);

    expect((await get(testApp.app, '/api/plans', cookie)).json().current).toMatchObject({
      accountType: 'premium',
      plan: { daysRemaining: 7 },
      packageBalance: { input: 80_000, output: 40_000 },
    });
    const history = (await get(testApp.app, '/api/me/purchases', cookie)).json();
    expect(history.plans).toEqual([
      expect.objectContaining({
        purchaseId: plan.purchaseId,
        productName: 'Semanal',
        priceCentavos: 1290,
      }),
    ]);
    expect(history.packages).toEqual([
      {
        purchaseId: pack.purchaseId,
        productId: 'package_1',
        productName: 'Essencial',
        priceCentavos: 190,
        purchasedAt: expect.any(String),
      },
    ]);
    // The unpaid one is not a purchase: it waits among the pending codes, to be paid or to expire.
    expect(JSON.stringify([history.plans, history.packages])).not.toContain(unpaid.purchaseId);
    expect(history.pending).toEqual([
      {
        purchaseId: unpaid.purchaseId,
        productType: 'plan',
        productId: 'anual',
        productName: 'Anual',
        priceCentavos: expect.any(Number),
        expiresAt: unpaid.pixDetails.expiration_date,
      },
    ]);
  });

  it('lets the late payment path be tried: pay after the window ended and the charge was cancelled', async () => {
    const { cookie } = await student();
    const { purchaseId, simulateUrl } = (await buy(testApp.app, cookie)).json();
    await testApp.database.db
      .update(purchases)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(purchases.id, purchaseId));
    await testApp.app.reconcilePayments();
    expect((await get(testApp.app, `/api/payments/${purchaseId}`, cookie)).json().status).toBe(
      'expired',
    );
    expect((await get(testApp.app, simulateUrl)).body).toContain('Simular pagamento atrasado');

    await form(`${simulateUrl}/pay`);
    expect((await get(testApp.app, `/api/payments/${purchaseId}`, cookie)).json()).toMatchObject({
      status: 'paid',
      paidLate: true,
    });
  });

  it('refuses forms from another site, forged notifications, and unknown or foreign purchases', async () => {
    const { cookie } = await student();
    const { purchaseId, simulateUrl } = (await buy(testApp.app, cookie)).json();
    expect((await form(`${simulateUrl}/pay`, 'https://malicioso.example')).statusCode).toBe(403);

    const [charge] = await testApp.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.externalReference, purchaseId));
    await testApp.database.db
      .update(sandboxCharges)
      .set({ status: 'approved' })
      .where(eq(sandboxCharges.id, charge!.id));
    const forged = await deliver(testApp.app, {
      url: `/api/webhooks/mercadopago?data.id=${charge!.id}&type=payment`,
      headers: {
        'content-type': 'application/json',
        'x-signature': 'ts=1,v1=abc',
        'x-request-id': 'r',
      },
      payload: { type: 'payment', data: { id: charge!.id } },
    });
    expect(forged.statusCode).toBe(401);
    expect((await get(testApp.app, `/api/payments/${purchaseId}`, cookie)).json().status).toBe(
      'pending',
    );

    const stranger = await student();
    expect(
      (await get(testApp.app, `/api/payments/${purchaseId}`, stranger.cookie)).statusCode,
    ).toBe(404);
    expect((await get(testApp.app, '/api/payments/nao-e-um-id', cookie)).statusCode).toBe(400);
    expect((await get(testApp.app, '/dev/pix/nao-e-um-id')).statusCode).toBe(404);
  });
});
