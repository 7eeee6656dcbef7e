import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, TOKEN_PACKAGE } from '@gabarita/shared';
import { entitlements, purchases, tokenWallets } from '@/db/schema';
import { createOperatorService } from '@/modules/operator/operator.service';
import { get, signedInStudent } from '../helpers/accounts';
import { type FakeMercadoPago, startFakeMercadoPago } from '../helpers/fake-mercado-pago';
import { buy, deliver, mercadoPagoConfig, PAYER } from '../helpers/payments';
import { createTestApp, type TestApp, testConfig } from '../helpers/test-app';

const DAY_MS = 86_400_000;
const PACKAGE = { productId: TOKEN_PACKAGE.id, productType: 'package' as const };

describe('PIX through Mercado Pago (a fake on loopback)', () => {
  let fake: FakeMercadoPago;
  let testApp: TestApp;

  beforeAll(async () => {
    fake = await startFakeMercadoPago();
    testApp = await createTestApp({ config: mercadoPagoConfig(fake) });
  });
  afterAll(async () => {
    await testApp.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.releaseHung();
  });

  const db = () => testApp.database.db;
  const student = () => signedInStudent(testApp.app, testApp.database);

  async function purchase(id: string) {
    const [row] = await db().select().from(purchases).where(eq(purchases.id, id));
    return row!;
  }
  async function premiumUntil(userId: string) {
    const [row] = await db().select().from(entitlements).where(eq(entitlements.userId, userId));
    return row?.premiumUntil ?? null;
  }
  async function wallet(userId: string) {
    const [row] = await db().select().from(tokenWallets).where(eq(tokenWallets.userId, userId));
    return row ? { input: row.packageInput, output: row.packageOutput } : null;
  }
  async function bought(cookie: string, product?: Parameters<typeof buy>[2]) {
    const response = await buy(testApp.app, cookie, product);
    expect(response.statusCode, response.body).toBe(201);
    const purchaseId: string = response.json().purchaseId;
    return { purchaseId, paymentId: fake.paymentFor(purchaseId).id, body: response.json() };
  }

  it('creates the charge as Mercado Pago expects and answers the PIX details', async () => {
    const { cookie, email } = await student();
    const before = Date.now();
    const { purchaseId, paymentId, body } = await bought(cookie);

    const request = fake.requests.find(
      (r) =>
        r.method === 'POST' &&
        (r.body as { external_reference?: string }).external_reference === purchaseId,
    )!;
    expect(request.headers['x-idempotency-key']).toBe(purchaseId);
    expect(request.body).toMatchObject({
      transaction_amount: 34.9,
      payment_method_id: 'pix',
      external_reference: purchaseId,
      payer: {
        email,
        first_name: PAYER.firstName,
        last_name: PAYER.lastName,
        identification: { type: 'CPF', number: '52998224725' },
      },
    });
    // Mercado Pago's minimum is 30 minutes; our own window stays 5.
    const providerExpiry = Date.parse(
      (request.body as { date_of_expiration: string }).date_of_expiration,
    );
    expect(providerExpiry - before).toBeGreaterThanOrEqual(30 * 60_000);
    expect(body).toEqual({
      purchaseId,
      pixDetails: {
        qr_code: fake.payment(paymentId).point_of_interaction.transaction_data.qr_code,
        qr_code_base64:
          fake.payment(paymentId).point_of_interaction.transaction_data.qr_code_base64,
        expiration_date: expect.any(String),
      },
      simulateUrl: null,
    });
    const window = Date.parse(body.pixDetails.expiration_date) - before;
    expect(window).toBeGreaterThan(4.9 * 60_000);
    expect(window).toBeLessThanOrEqual(5 * 60_000 + 2_000);

    // The sandbox's page exists only with the sandbox.
    expect(testApp.app.declaredRoutes.filter((route) => route.url.startsWith('/dev/pix'))).toEqual(
      [],
    );
    const status = await get(testApp.app, `/api/payments/${purchaseId}`, cookie);
    expect(status.json()).toMatchObject({
      purchaseId,
      status: 'pending',
      productName: 'Mensal',
      priceCentavos: 3490,
      paidAt: null,
      paidLate: false,
      pixDetails: body.pixDetails,
    });
    // The CPF is the provider's business: it is not kept here.
    expect(JSON.stringify(await purchase(purchaseId))).not.toContain('52998224725');
  });

  it('retries a 5xx once with the same idempotency key, and fails cleanly after that', async () => {
    const { cookie } = await student();
    fake.failNext(1, 503, 'POST');
    const { purchaseId } = await bought(cookie);
    const posts = fake.requests.filter(
      (r) => r.method === 'POST' && r.headers['x-idempotency-key'] === purchaseId,
    );
    expect(posts).toHaveLength(2);

    fake.failNext(2, 500, 'POST');
    // Another product: the same one would be given the pending PIX again, without the provider.
    const failed = await buy(testApp.app, cookie, PACKAGE);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error).toEqual({
      code: 'billing/generation-failed',
      message: PAYMENT_MESSAGES.generationFailed,
    });
  });

  it('gives up on a provider that does not answer in time', async () => {
    const impatient = await createTestApp({
      database: testApp.database,
      config: mercadoPagoConfig(fake, { timeoutMs: 300 }),
    });
    try {
      const { cookie, user } = await signedInStudent(impatient.app, testApp.database);
      fake.hangNext(2, 'POST');
      const failed = await buy(impatient.app, cookie);
      expect(failed.statusCode).toBe(502);
      expect(failed.json().error.message).toBe(PAYMENT_MESSAGES.generationFailed);
      const [row] = await db().select().from(purchases).where(eq(purchases.userId, user.id));
      expect(row?.status).toBe('failed');
    } finally {
      await impatient.close();
    }
  });

  it('grants the plan when a signed notification says approved, confirmed at the provider', async () => {
    const { cookie, user } = await student();
    const { purchaseId, paymentId } = await bought(cookie);
    fake.approve(paymentId);
    const before = Date.now();

    const response = await deliver(testApp.app, fake.notification(paymentId));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });

    const row = await purchase(purchaseId);
    expect(row.status).toBe('paid');
    expect(row.grantedAt).not.toBeNull();
    const until = (await premiumUntil(user.id))!.getTime();
    expect(until - before).toBeGreaterThanOrEqual(30 * DAY_MS - 1000);
    expect(until - Date.now()).toBeLessThanOrEqual(30 * DAY_MS);
    expect(row.validUntil?.getTime()).toBe(until);
    const [entitlement] = await db()
      .select()
      .from(entitlements)
      .where(eq(entitlements.userId, user.id));
    expect(entitlement?.lastPaymentAt?.toISOString()).toBe(fake.payment(paymentId).date_approved);

    const me = await get(testApp.app, '/api/me', cookie);
    expect(me.json()).toMatchObject({ accountType: 'premium', plan: { daysRemaining: 30 } });
    const history = await get(testApp.app, '/api/me/purchases', cookie);
    expect(history.json()).toEqual({
      plans: [
        {
          purchaseId,
          productId: 'mensal',
          productName: 'Mensal',
          priceCentavos: 3490,
          purchasedAt: fake.payment(paymentId).date_approved,
          validUntil: new Date(until).toISOString(),
          validUntilDisplay: new Date(until - 1).toISOString(),
        },
      ],
      packages: [],
      pending: [],
    });
  });

  it('refuses a forged signature with 401 and changes nothing, without asking the provider', async () => {
    const { cookie, user } = await student();
    const { purchaseId, paymentId } = await bought(cookie);
    fake.approve(paymentId);
    const asked = () =>
      fake.requests.filter((r) => r.method === 'GET' && r.path.endsWith(`/${paymentId}`)).length;
    const askedBefore = asked();

    const forged = fake.notification(paymentId, { secret: 'adivinhado' });
    const tampered = fake.notification(paymentId);
    tampered.url = tampered.url.replace(String(paymentId), String(paymentId + 1));
    const unsigned = fake.notification(paymentId);
    delete (unsigned.headers as Record<string, string | undefined>)['x-signature'];
    for (const notification of [forged, tampered, unsigned]) {
      const response = await deliver(testApp.app, notification);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({
        code: 'billing/invalid-signature',
        message: PAYMENT_MESSAGES.invalidSignature,
      });
    }
    expect(asked()).toBe(askedBefore);
    expect((await purchase(purchaseId)).status).toBe('pending');
    expect(await premiumUntil(user.id)).toBeNull();
  });

  it('refuses a genuine notification replayed 24 hours later', async () => {
    const { cookie, user } = await student();
    const { purchaseId, paymentId } = await bought(cookie);
    fake.approve(paymentId);
    const dayOld = fake.notification(paymentId, { ts: Math.floor(Date.now() / 1000) - 24 * 3600 });

    expect((await deliver(testApp.app, dayOld)).statusCode).toBe(401);
    expect((await purchase(purchaseId)).status).toBe('pending');
    expect(await premiumUntil(user.id)).toBeNull();
  });

  it('refuses a day-old notification that carries a fresh ts beside the signed one', async () => {
    const { cookie, user } = await student();
    const { purchaseId, paymentId } = await bought(cookie);
    fake.approve(paymentId);
    const dayOld = fake.notification(paymentId, { ts: Math.floor(Date.now() / 1000) - 24 * 3600 });
    const headers = dayOld.headers as Record<string, string>;
    headers['x-signature'] = `ts=${Math.floor(Date.now() / 1000)},${headers['x-signature']}`;

    const response = await deliver(testApp.app, dayOld);
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('billing/invalid-signature');
    expect((await purchase(purchaseId)).status).toBe('pending');
    expect(await premiumUntil(user.id)).toBeNull();
  });

  it('grants once when 50 identical notifications arrive at once', async () => {
    const { cookie, user } = await student();
    const plan = await bought(cookie);
    const pack = await bought(cookie, PACKAGE);
    fake.approve(plan.paymentId);
    fake.approve(pack.paymentId);
    const before = Date.now();

    const notification = fake.notification(plan.paymentId);
    const packageNotification = fake.notification(pack.paymentId);
    const responses = await Promise.all([
      ...Array.from({ length: 50 }, () => deliver(testApp.app, notification)),
      ...Array.from({ length: 50 }, () => deliver(testApp.app, packageNotification)),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual(Array(100).fill(200));

    const until = (await premiumUntil(user.id))!.getTime();
    expect(until - before).toBeGreaterThanOrEqual(30 * DAY_MS - 1000);
    expect(until - Date.now()).toBeLessThanOrEqual(30 * DAY_MS);
    expect(await wallet(user.id)).toEqual({
      input: TOKEN_PACKAGE.inputTokens,
      output: TOKEN_PACKAGE.outputTokens,
    });
    expect((await purchase(plan.purchaseId)).version).toBe(2);
  });

  it('answers 503 while the provider cannot confirm, so the notification comes again', async () => {
    const { cookie, user } = await student();
    const { purchaseId, paymentId } = await bought(cookie);
    fake.approve(paymentId);
    fake.failNext(2, 500, 'GET');

    const first = await deliver(testApp.app, fake.notification(paymentId));
    expect(first.statusCode).toBe(503);
    expect((await purchase(purchaseId)).status).toBe('pending');

    const again = await deliver(testApp.app, fake.notification(paymentId));
    expect(again.statusCode).toBe(200);
    expect((await purchase(purchaseId)).status).toBe('paid');
    expect(await premiumUntil(user.id)).not.toBeNull();
  });

  it('answers 200 to notifications that are not about our payments', async () => {
    const other = fake.notification(999_999_999);
    expect((await deliver(testApp.app, other)).statusCode).toBe(200);
    const merchantOrder = fake.notification(12345);
    merchantOrder.url = merchantOrder.url.replace('type=payment', 'type=merchant_order');
    merchantOrder.payload.type = 'merchant_order';
    expect((await deliver(testApp.app, merchantOrder)).statusCode).toBe(200);
  });

  it('takes a refunded plan back: the plan ends, or returns to what it was before', async () => {
    const fresh = await student();
    const first = await bought(fresh.cookie);
    fake.approve(first.paymentId);
    await deliver(testApp.app, fake.notification(first.paymentId));
    expect((await get(testApp.app, '/api/me', fresh.cookie)).json().accountType).toBe('premium');

    fake.refund(first.paymentId);
    await deliver(testApp.app, fake.notification(first.paymentId));
    expect(await purchase(first.purchaseId)).toMatchObject({ status: 'refunded' });
    expect(await premiumUntil(fresh.user.id)).toBeNull();
    expect((await get(testApp.app, '/api/me', fresh.cookie)).json().accountType).toBe('free');
    expect((await get(testApp.app, '/api/me/purchases', fresh.cookie)).json().plans).toEqual([]);

    // A plan on top of 10 days granted before: the refund takes back exactly its 30 days.
    const subscriber = await student();
    await createOperatorService(testApp.database).run(
      'user:grant-premium',
      [subscriber.email, '10'],
      'direct',
    );
    const tenDays = (await premiumUntil(subscriber.user.id))!.getTime();
    const second = await bought(subscriber.cookie);
    fake.approve(second.paymentId);
    await deliver(testApp.app, fake.notification(second.paymentId));
    expect((await premiumUntil(subscriber.user.id))!.getTime() - tenDays).toBe(30 * DAY_MS);
    fake.chargeBack(second.paymentId);
    const chargeback = fake.notification(second.paymentId);
    await Promise.all([deliver(testApp.app, chargeback), deliver(testApp.app, chargeback)]);
    expect((await purchase(second.purchaseId)).status).toBe('charged_back');
    expect((await premiumUntil(subscriber.user.id))!.getTime()).toBe(tenDays);
  });

  it('takes a refunded package back as far as its tokens were not spent', async () => {
    const { cookie, user } = await student();
    // One after the other: while the first is pending, buying it again gives the same PIX.
    const first = await bought(cookie, PACKAGE);
    fake.approve(first.paymentId);
    await deliver(testApp.app, fake.notification(first.paymentId));
    const second = await bought(cookie, PACKAGE);
    fake.approve(second.paymentId);
    await deliver(testApp.app, fake.notification(second.paymentId));
    // Spend some (as the AI features would): the older package pays for it.
    await db()
      .update(tokenWallets)
      .set({ packageInput: 150_000, packageOutput: 70_000 })
      .where(eq(tokenWallets.userId, user.id));

    // The refund takes back what is left of the first package (70,000 and 30,000), once.
    fake.refund(first.paymentId);
    for (let i = 0; i < 3; i += 1) await deliver(testApp.app, fake.notification(first.paymentId));
    expect(await wallet(user.id)).toEqual({ input: 80_000, output: 40_000 });
    const history = (await get(testApp.app, '/api/me/purchases', cookie)).json();
    expect(history.packages.map((p: { purchaseId: string }) => p.purchaseId)).toEqual([
      second.purchaseId,
    ]);
  });

  it('applies notifications in any order from what the provider says now', async () => {
    const { cookie, user } = await student();
    const { purchaseId, paymentId } = await bought(cookie);
    // Paid and refunded before any notification got through.
    const created = fake.notification(paymentId, { action: 'payment.created' });
    fake.approve(paymentId);
    const approved = fake.notification(paymentId);
    fake.refund(paymentId);
    const refunded = fake.notification(paymentId);

    for (const notification of [refunded, approved, created, approved]) {
      expect((await deliver(testApp.app, notification)).statusCode).toBe(200);
    }
    expect(await purchase(purchaseId)).toMatchObject({ status: 'refunded', grantedAt: null });
    expect(await premiumUntil(user.id)).toBeNull();
  });

  it('still grants a payment confirmed after the countdown, and says it was late', async () => {
    const { cookie, user } = await student();
    const { purchaseId, paymentId } = await bought(cookie);
    // Our window ended a minute ago; the money arrived just now.
    await db()
      .update(purchases)
      .set({ expiresAt: new Date(Date.now() - 60_000), status: 'expired' })
      .where(eq(purchases.id, purchaseId));
    fake.approve(paymentId);

    await deliver(testApp.app, fake.notification(paymentId));
    const status = (await get(testApp.app, `/api/payments/${purchaseId}`, cookie)).json();
    expect(status).toMatchObject({ status: 'paid', paidLate: true, pixDetails: null });
    expect(await premiumUntil(user.id)).not.toBeNull();
  });

  it('reconciles: ends the window, cancels the charge, and grants a payment whose notification was lost', async () => {
    const { cookie, user } = await student();
    const lost = await bought(cookie);
    const abandoned = await bought(cookie, { productId: 'semanal', productType: 'plan' });
    const raced = await bought(cookie, PACKAGE);
    fake.approve(lost.paymentId); // no notification ever arrives
    // Both windows ended; the payer of `raced` paid in the last second, before the cancellation.
    await db()
      .update(purchases)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(purchases.id, abandoned.purchaseId));
    const end = new Date(Date.now() - 1000);
    await db().update(purchases).set({ expiresAt: end }).where(eq(purchases.id, raced.purchaseId));
    fake.approve(raced.paymentId, new Date(end.getTime() - 500));
    await db()
      .update(purchases)
      .set({ nextCheckAt: new Date() })
      .where(eq(purchases.id, lost.purchaseId));

    const round = await testApp.app.reconcilePayments();
    expect(round).toMatchObject({ expired: 2, failed: 0 });

    expect((await purchase(lost.purchaseId)).status).toBe('paid');
    expect(await premiumUntil(user.id)).not.toBeNull();
    expect(await purchase(abandoned.purchaseId)).toMatchObject({
      status: 'expired',
      nextCheckAt: null,
    });
    expect(fake.payment(abandoned.paymentId).status).toBe('cancelled');
    expect(
      fake.requests.some((r) => r.method === 'PUT' && r.path.endsWith(`/${abandoned.paymentId}`)),
    ).toBe(true);
    // The cancellation was refused (already paid): the payment counts, on time.
    const rescued = (await get(testApp.app, `/api/payments/${raced.purchaseId}`, cookie)).json();
    expect(rescued).toMatchObject({ status: 'paid', paidLate: false });
    expect(await wallet(user.id)).toEqual({
      input: TOKEN_PACKAGE.inputTokens,
      output: TOKEN_PACKAGE.outputTokens,
    });

    // Nothing left to do: a second round asks nobody.
    const requests = fake.requests.length;
    expect(await testApp.app.reconcilePayments()).toEqual({ expired: 0, checked: 0, failed: 0 });
    expect(fake.requests.length).toBe(requests);
  });

  it('two reconcilers racing: the purchases one claimed stay its own while the provider is slow', async () => {
    const { cookie } = await student();
    const products = [
      { productId: 'diario', productType: 'plan' as const },
      { productId: 'semanal', productType: 'plan' as const },
      { productId: 'quinzenal', productType: 'plan' as const },
      { productId: 'mensal', productType: 'plan' as const },
      PACKAGE,
    ];
    const due = [];
    for (const product of products) due.push(await bought(cookie, product));
    await db()
      .update(purchases)
      .set({ nextCheckAt: new Date(Date.now() - 1000) })
      .where(
        inArray(
          purchases.id,
          due.map((item) => item.purchaseId),
        ),
      );
    const other = await createTestApp({
      database: testApp.database,
      config: mercadoPagoConfig(fake),
    });
    try {
      // The first answer is slow: the other instance runs its whole round meanwhile.
      fake.hangNext(1, 'GET');
      const first = testApp.app.reconcilePayments();
      await new Promise((resolve) => setTimeout(resolve, 200));
      const second = await other.app.reconcilePayments();
      fake.releaseHung();
      // Every purchase was claimed by the first round and held through it: the second took none.
      expect((await first).checked).toBe(due.length);
      expect(second.checked).toBe(0);
    } finally {
      fake.releaseHung();
      await other.close();
    }
  });

  it('lists and reconciles purchases for the operator', async () => {
    const { cookie, email } = await student();
    const { purchaseId, paymentId } = await bought(cookie);
    fake.approve(paymentId);
    const operator = createOperatorService(testApp.database, testConfig(mercadoPagoConfig(fake)));

    const result = await operator.run('payments:reconcile', [purchaseId], 'direct');
    expect(result.join('\n')).toContain('no provedor: approved, R$ 34,90');
    expect(result.join('\n')).toMatch(/agora: +Plano Mensal, R\$ 34,90, pago; pago em/);
    expect(result.at(-1)).toBe('Compra atualizada.');
    const again = await operator.run('payments:reconcile', [purchaseId], 'direct');
    expect(again.at(-1)).toBe('Nada mudou.');

    const list = await operator.run('payments:list', ['--status', 'paid'], 'direct');
    expect(list.join('\n')).toContain(`${purchaseId}  ${email}  Plano Mensal, R$ 34,90, pago`);
    await expect(operator.run('payments:list', ['--status', 'pago'], 'direct')).rejects.toThrow(
      /Uso:/,
    );
  });
});
