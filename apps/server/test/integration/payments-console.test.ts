import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAYMENTS_CONSOLE_MESSAGES,
  type PaymentDetail,
  type PaymentPage,
  TOKEN_PACKAGE,
  createPaymentResponseSchema,
  paymentDetailSchema,
  paymentPageSchema,
} from '@gabarita/shared';
import { auditLog, entitlements, purchases, sandboxCharges, tokenWallets } from '@/db/schema';
import { createOperatorService } from '@/modules/operator/operator.service';
import { APP_ORIGIN, get, send, signedInStudent } from '../helpers/accounts';
import { type FakeMercadoPago, startFakeMercadoPago } from '../helpers/fake-mercado-pago';
import { askTutor, tokensOf } from '../helpers/ai';
import { parsed } from '../helpers/contract';
import { buy, deliver, mercadoPagoConfig } from '../helpers/payments';
import { eventOf } from '../helpers/sse';
import { createTestApp, type TestApp } from '../helpers/test-app';

const DAY_MS = 86_400_000;
const PACKAGE = { productId: TOKEN_PACKAGE.id, productType: 'package' as const };

/** The operations console's payments, against a fake Mercado Pago peer (docs/product-rules.md). */
describe('payments console', () => {
  let fake: FakeMercadoPago;
  let testApp: TestApp;
  let support: string;
  let admin: string;

  beforeAll(async () => {
    fake = await startFakeMercadoPago();
    // The small catalogue: a package's tokens are spent on the tutor's answers about a question.
    testApp = await createTestApp({ starting: 'mini', config: mercadoPagoConfig(fake) });
    support = (await signedInStudent(testApp.app, testApp.database, { role: 'support' })).cookie;
    admin = (await signedInStudent(testApp.app, testApp.database, { role: 'admin' })).cookie;
  });
  afterAll(async () => {
    await testApp?.close();
    await fake?.close();
  });

  const app = () => testApp.app;
  const db = () => testApp.database.db;
  const customer = () => signedInStudent(testApp.app, testApp.database);
  const premiumUntil = async (userId: string) =>
    (await db().select().from(entitlements).where(eq(entitlements.userId, userId)))[0]
      ?.premiumUntil ?? null;
  const wallet = async (userId: string) => {
    const [row] = await db().select().from(tokenWallets).where(eq(tokenWallets.userId, userId));
    return row ? { input: row.packageInput, output: row.packageOutput } : null;
  };
  const purchase = async (id: string) =>
    (await db().select().from(purchases).where(eq(purchases.id, id)))[0]!;
  const refundAudit = async (id: string) =>
    (
      await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `purchase:${id}`))
    ).filter((entry) => entry.action === 'payment.refund');
  const refundCalls = (paymentId: number) =>
    fake.requests.filter(
      (r) => r.method === 'POST' && r.path === `/v1/payments/${paymentId}/refunds`,
    );
  const refund = (id: string, cookie = admin, motivo: unknown = 'Pedido do cliente') =>
    send(app(), 'POST', `/api/admin/payments/${id}/refund`, { motivo }, cookie);

  type Timeline = PaymentDetail['timeline'];
  /** The timeline without the provider's notifications, whose instants may tie with a grant. */
  const lifecycle = (timeline: Timeline) =>
    timeline.filter((entry) => entry.kind !== 'notification').map((entry) => entry.kind);
  const notifications = (timeline: Timeline) =>
    timeline
      .filter((entry) => entry.kind === 'notification')
      .map(({ label, detail }) => ({ label, detail }));

  async function bought(cookie: string, product?: Parameters<typeof buy>[2]) {
    const response = await buy(app(), cookie, product);
    expect(response.statusCode, response.body).toBe(201);
    const purchaseId: string = response.json().purchaseId;
    return { purchaseId, paymentId: fake.paymentFor(purchaseId).id };
  }
  async function paid(cookie: string, product?: Parameters<typeof buy>[2]) {
    const charge = await bought(cookie, product);
    fake.approve(charge.paymentId);
    expect((await deliver(app(), fake.notification(charge.paymentId))).statusCode).toBe(200);
    expect((await purchase(charge.purchaseId)).grantedAt).not.toBeNull();
    return charge;
  }

  it('lists purchases with filters on status, provider, product and period, a page at a time', async () => {
    const buyer = await customer();
    const plan = await paid(buyer.cookie);
    const pack = await bought(buyer.cookie, PACKAGE);
    const list = async (query: string) => {
      const response = await get(app(), `/api/admin/payments?${query}`, support);
      expect(response.statusCode, response.body).toBe(200);
      return parsed(response, paymentPageSchema);
    };
    const ids = (page: PaymentPage) => page.items.map((item) => item.id);

    expect(ids(await list('status=paid'))).toContain(plan.purchaseId);
    expect(ids(await list('status=paid'))).not.toContain(pack.purchaseId);
    expect(ids(await list('status=pending'))).toContain(pack.purchaseId);
    expect(ids(await list(`produto=${TOKEN_PACKAGE.id}`))).toContain(pack.purchaseId);
    expect(ids(await list(`produto=${TOKEN_PACKAGE.id}`))).not.toContain(plan.purchaseId);
    expect(ids(await list('provedor=mercadopago'))).toContain(plan.purchaseId);
    expect((await list('provedor=sandbox')).items).toEqual([]);

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
      new Date(),
    );
    expect(ids(await list(`de=${today}&ate=${today}`))).toContain(plan.purchaseId);
    expect((await list('ate=2020-01-01')).items).toEqual([]);
    expect(ids(await list('de=2099-01-01'))).toEqual([]);

    const first = await list('status=paid&provedor=mercadopago&produto=mensal');
    expect(first.items[0]).toMatchObject({
      id: plan.purchaseId,
      email: buyer.email,
      status: 'paid',
      provider: 'mercadopago',
      productId: 'mensal',
      priceCentavos: 3490,
      providerPaymentId: String(plan.paymentId),
    });
    expect(first.page).toBe(1);
    expect((await get(app(), '/api/admin/payments?status=nada', support)).statusCode).toBe(400);
  });

  it('shows a purchase with its timeline in order, and reconciles it now', async () => {
    const buyer = await customer();
    const { purchaseId, paymentId } = await bought(buyer.cookie);
    // The notification is lost: reconciling now is what finds the payment.
    fake.approve(paymentId);
    const reconciled = await send(
      app(),
      'POST',
      `/api/admin/payments/${purchaseId}/reconcile`,
      {},
      support,
    );
    expect(reconciled.statusCode, reconciled.body).toBe(200);
    expect(reconciled.json()).toMatchObject({
      message: PAYMENTS_CONSOLE_MESSAGES.reconciled,
      purchase: { status: 'paid' },
    });
    expect(await premiumUntil(buyer.user.id)).not.toBeNull();

    const response = await get(app(), `/api/admin/payments/${purchaseId}`, support);
    expect(response.statusCode, response.body).toBe(200);
    const detail = parsed(response, paymentDetailSchema);
    expect(detail.purchase).toMatchObject({
      id: purchaseId,
      userId: buyer.user.id,
      status: 'paid',
    });
    expect(detail.serverProvider).toBe('mercadopago');
    expect(lifecycle(detail.timeline)).toEqual([
      'created',
      'charge',
      'paid',
      'granted',
      'operator',
    ]);
    expect(notifications(detail.timeline)).toEqual([
      { label: 'Notificação do provedor: approved', detail: 'Via conciliação; alterou a compra' },
    ]);
    const times = detail.timeline.map((entry) => entry.at);
    expect([...times].sort()).toEqual(times);

    const missing = await get(
      app(),
      '/api/admin/payments/00000000-0000-4000-8000-000000000000',
      support,
    );
    expect(missing.statusCode).toBe(404);
  });

  it('refunds an approved Premium purchase at Mercado Pago and takes back exactly its days, once', async () => {
    const buyer = await customer();
    await createOperatorService(testApp.database).run(
      'user:grant-premium',
      [buyer.email, '10'],
      'direct',
    );
    const tenDays = (await premiumUntil(buyer.user.id))!.getTime();
    const { purchaseId, paymentId } = await paid(buyer.cookie);
    expect((await premiumUntil(buyer.user.id))!.getTime() - tenDays).toBe(30 * DAY_MS);

    const response = await refund(purchaseId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: PAYMENTS_CONSOLE_MESSAGES.refunded,
      purchase: { status: 'refunded' },
    });
    const calls = refundCalls(paymentId);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers['x-idempotency-key']).toBe(`refund-${purchaseId}`);
    expect(fake.payment(paymentId).status).toBe('refunded');
    expect((await premiumUntil(buyer.user.id))!.getTime()).toBe(tenDays);

    // The provider's own notification of the refund changes nothing more.
    expect((await deliver(app(), fake.notification(paymentId))).statusCode).toBe(200);
    expect((await premiumUntil(buyer.user.id))!.getTime()).toBe(tenDays);

    // Again: refused, and Mercado Pago is not asked twice.
    const again = await refund(purchaseId);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(PAYMENTS_CONSOLE_MESSAGES.alreadyRefunded);
    expect(refundCalls(paymentId)).toHaveLength(1);
    expect(await refundAudit(purchaseId)).toHaveLength(1);

    const timeline = parsed(
      await get(app(), `/api/admin/payments/${purchaseId}`, support),
      paymentDetailSchema,
    ).timeline;
    expect(lifecycle(timeline)).toEqual([
      'created',
      'charge',
      'paid',
      'granted',
      'reversed',
      'operator',
    ]);
    expect(notifications(timeline).map((entry) => entry.detail)).toEqual([
      'Via webhook; alterou a compra',
      'Via reembolso; alterou a compra',
      'Via webhook; não alterou a compra',
    ]);
  });

  it('lists each provider notification in the timeline, in order, with its source', async () => {
    const buyer = await customer();
    const { purchaseId } = await paid(buyer.cookie);
    const reconciled = await send(
      app(),
      'POST',
      `/api/admin/payments/${purchaseId}/reconcile`,
      {},
      support,
    );
    expect(reconciled.statusCode, reconciled.body).toBe(200);

    const timeline = parsed(
      await get(app(), `/api/admin/payments/${purchaseId}`, support),
      paymentDetailSchema,
    ).timeline;
    expect(notifications(timeline)).toEqual([
      { label: 'Notificação do provedor: approved', detail: 'Via webhook; alterou a compra' },
      {
        label: 'Notificação do provedor: approved',
        detail: 'Via conciliação; não alterou a compra',
      },
    ]);
    const times = timeline.map((entry) => entry.at);
    expect([...times].sort()).toEqual(times);
    const kinds = timeline.map((entry) => entry.kind);
    expect(kinds.indexOf('notification')).toBeLessThan(kinds.lastIndexOf('notification'));
    expect(kinds.lastIndexOf('notification')).toBeGreaterThan(kinds.indexOf('granted'));
  });

  it('refunds a token package taking back the tokens not yet spent', async () => {
    const buyer = await customer();
    const first = await paid(buyer.cookie, PACKAGE);
    await paid(buyer.cookie, PACKAGE);
    // Spend some (as the AI features would): the oldest package pays, and a refund cannot take
    // back what was used.
    await db()
      .update(tokenWallets)
      .set({ packageInput: 150_000, packageOutput: 70_000 })
      .where(eq(tokenWallets.userId, buyer.user.id));
    expect(
      parsed(
        await get(app(), `/api/admin/payments/${first.purchaseId}`, admin),
        paymentDetailSchema,
      ).refundTakesBack,
    ).toEqual({ input: 70_000, output: 30_000 });
    const response = await refund(first.purchaseId);
    expect(response.statusCode, response.body).toBe(200);
    expect(await wallet(buyer.user.id)).toEqual({ input: 80_000, output: 40_000 });

    // More spent than the package's unused part: the balance ends at zero, never below.
    const other = await customer();
    const only = await paid(other.cookie, PACKAGE);
    await db()
      .update(tokenWallets)
      .set({ packageInput: 5_000, packageOutput: 1_000 })
      .where(eq(tokenWallets.userId, other.user.id));
    expect((await refund(only.purchaseId)).statusCode).toBe(200);
    expect(await wallet(other.user.id)).toEqual({ input: 0, output: 0 });
  });

  it('refunds a package bought before a support grant without touching the grant', async () => {
    const buyer = await customer();
    const bought = await paid(buyer.cookie, PACKAGE);
    // The buyer asks the tutor twice: the tokens come out of the package bought.
    const question = 'alfa_2017_prova_1';
    const checked = await send(
      app(),
      'POST',
      `/api/questions/${question}/check`,
      { letter: 'B' },
      buyer.cookie,
    );
    expect(checked.statusCode, checked.body).toBe(200);
    const spent = { input: 0, output: 0 };
    for (const message of ['Por que a B está errada?', 'Explique de outro jeito']) {
      const answer = await askTutor(
        app(),
        `/api/questions/${question}/chat`,
        { message },
        buyer.cookie,
      );
      expect(answer.response.statusCode, answer.response.body).toBe(200);
      const charged = eventOf(answer.events, 'done').charged!;
      spent.input += charged.input;
      spent.output += charged.output;
    }
    expect(spent.input).toBeGreaterThan(0);
    const boughtLeft = { input: 80_000 - spent.input, output: 40_000 - spent.output };
    expect(await wallet(buyer.user.id)).toEqual(boughtLeft);

    // Support grants a package afterwards (the tutor failed the customer, say).
    const granted = await send(
      app(),
      'POST',
      `/api/admin/accounts/${buyer.user.id}/tokens`,
      { pacotes: 1, motivo: 'Falha no tutor' },
      support,
    );
    expect(granted.statusCode, granted.body).toBe(200);
    const detail = parsed(
      await get(app(), `/api/admin/payments/${bought.purchaseId}`, admin),
      paymentDetailSchema,
    );
    expect(detail.refundTakesBack).toEqual(boughtLeft);

    // The refund takes back what is left of the package bought, and the grant stays whole.
    const response = await refund(bought.purchaseId);
    expect(response.statusCode, response.body).toBe(200);
    expect(await wallet(buyer.user.id)).toEqual({
      input: TOKEN_PACKAGE.inputTokens,
      output: TOKEN_PACKAGE.outputTokens,
    });
    expect((await tokensOf(app(), buyer.cookie)).package).toEqual({
      input: TOKEN_PACKAGE.inputTokens,
      output: TOKEN_PACKAGE.outputTokens,
    });
    expect(
      parsed(
        await get(app(), `/api/admin/payments/${bought.purchaseId}`, admin),
        paymentDetailSchema,
      ).refundTakesBack,
    ).toBeNull();
  });

  it("reverses once when the refund races the provider's refunded notification", async () => {
    const buyer = await customer();
    const before = await premiumUntil(buyer.user.id);
    const { purchaseId, paymentId } = await paid(buyer.cookie);
    const notifications: Array<Promise<unknown>> = [];
    // Mercado Pago notifies as soon as the refund is made, while our answer is on its way.
    fake.onRefund = () => {
      notifications.push(deliver(app(), fake.notification(paymentId)));
      notifications.push(deliver(app(), fake.notification(paymentId)));
    };
    try {
      const [response] = await Promise.all([
        refund(purchaseId),
        deliver(app(), fake.notification(paymentId)),
      ]);
      await Promise.all(notifications);
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      fake.onRefund = undefined;
    }
    expect(notifications).toHaveLength(2);
    const row = await purchase(purchaseId);
    expect(row.status).toBe('refunded');
    expect(row.reversedAt).not.toBeNull();
    expect(await premiumUntil(buyer.user.id)).toEqual(before);
    expect(refundCalls(paymentId)).toHaveLength(1);
    expect(await refundAudit(purchaseId)).toHaveLength(1);
  });

  it('refuses a refund to support, without a reason, or of a purchase never granted', async () => {
    const buyer = await customer();
    const { purchaseId, paymentId } = await paid(buyer.cookie);
    const until = await premiumUntil(buyer.user.id);

    const bySupport = await refund(purchaseId, support);
    expect(bySupport.statusCode).toBe(403);
    const noReason = await send(
      app(),
      'POST',
      `/api/admin/payments/${purchaseId}/refund`,
      {},
      admin,
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.code).toBe('request/invalid');
    const blankReason = await refund(purchaseId, admin, '   ');
    expect(blankReason.statusCode).toBe(400);
    expect(refundCalls(paymentId)).toHaveLength(0);
    expect(await premiumUntil(buyer.user.id)).toEqual(until);
    expect((await purchase(purchaseId)).status).toBe('paid');

    const pending = await bought(buyer.cookie, PACKAGE);
    const notGranted = await refund(pending.purchaseId);
    expect(notGranted.statusCode).toBe(400);
    expect(notGranted.json().error.message).toBe(PAYMENTS_CONSOLE_MESSAGES.notRefundable);
    expect(refundCalls(pending.paymentId)).toHaveLength(0);
    expect(await refundAudit(pending.purchaseId)).toHaveLength(0);
  });
});

/** The default provider: the console's refund works with the sandbox too. */
describe('payments console with the PIX sandbox', () => {
  let testApp: TestApp;
  let admin: string;
  beforeAll(async () => {
    testApp = await createTestApp();
    admin = (await signedInStudent(testApp.app, testApp.database, { role: 'admin' })).cookie;
  });
  afterAll(() => testApp?.close());

  it('refunds a paid sandbox purchase: the charge reads refunded and the plan is taken back', async () => {
    const buyer = await signedInStudent(testApp.app, testApp.database);
    const created = await buy(testApp.app, buyer.cookie);
    expect(created.statusCode, created.body).toBe(201);
    const { purchaseId, simulateUrl } = parsed(created, createPaymentResponseSchema);
    await testApp.app.inject({
      method: 'POST',
      url: `${simulateUrl}/pay`,
      headers: { origin: APP_ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const premium = async () =>
      (
        await testApp.database.db
          .select()
          .from(entitlements)
          .where(eq(entitlements.userId, buyer.user.id))
      )[0]?.premiumUntil ?? null;
    expect(await premium()).not.toBeNull();

    const response = await send(
      testApp.app,
      'POST',
      `/api/admin/payments/${purchaseId}/refund`,
      { motivo: 'Compra duplicada' },
      admin,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().purchase.status).toBe('refunded');
    expect(await premium()).toBeNull();
    const [row] = await testApp.database.db
      .select()
      .from(purchases)
      .where(eq(purchases.id, purchaseId));
    const [charge] = await testApp.database.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.id, row!.providerPaymentId!));
    expect(charge!.status).toBe('refunded');
    const again = await send(
      testApp.app,
      'POST',
      `/api/admin/payments/${purchaseId}/refund`,
      { motivo: 'De novo' },
      admin,
    );
    expect(again.statusCode).toBe(400);
  });
});
