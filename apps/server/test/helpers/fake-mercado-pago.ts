import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Mercado Pago payments API on loopback, speaking its protocol as documented: POST /v1/payments
 * (PIX, with X-Idempotency-Key and the 30-minute minimum expiry), GET /v1/payments/:id,
 * PUT /v1/payments/:id {status: 'cancelled'}, POST /v1/payments/:id/refunds (a full refund, with
 * X-Idempotency-Key; the payment then reads as refunded), and signed webhook notifications. Tests steer it
 * like the payer and Mercado Pago's back office would (approve, refund, charge back) and can make
 * it fail (5xx) or hang (timeouts).
 */
export interface FakePayment {
  id: number;
  status: string;
  status_detail: string;
  transaction_amount: number;
  description: string;
  payment_method_id: string;
  external_reference: string | null;
  date_created: string;
  date_approved: string | null;
  date_of_expiration: string;
  notification_url?: string;
  payer: Record<string, unknown>;
  point_of_interaction: {
    type: 'PIX';
    transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string };
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

export interface FakeRefund {
  id: number;
  payment_id: number;
  amount: number;
  status: 'approved';
  date_created: string;
}

type Trouble = { kind: 'status'; status: number } | { kind: 'hang' };

// A 1×1 PNG: the image is not what these tests look at.
const PIXEL =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export interface FakeMercadoPago {
  url: string;
  accessToken: string;
  webhookSecret: string;
  requests: RecordedRequest[];
  payment(id: string | number): FakePayment;
  paymentFor(purchaseId: string): FakePayment;
  /** The payer pays (`at` defaults to now). */
  approve(id: string | number, at?: Date): void;
  refund(id: string | number): void;
  /** The refunds made through the API (not by `refund`), in order. */
  refunds: FakeRefund[];
  /** Called when a refund made through the API has changed the payment, before it is answered. */
  onRefund?: (payment: FakePayment) => void;
  chargeBack(id: string | number): void;
  /** The next `count` requests (of `method`, if given) answer `status` with an error body. */
  failNext(count: number, status?: number, method?: string): void;
  /** The next `count` requests (of `method`, if given) get no answer until `releaseHung`. */
  hangNext(count: number, method?: string): void;
  /** Drops the hanging connections and forgets the failures and hangs still queued. */
  releaseHung(): void;
  /** A signed notification about a payment, as Mercado Pago posts it to the webhook. */
  notification(
    id: string | number,
    options?: { ts?: number; requestId?: string; secret?: string; action?: string },
  ): { url: string; headers: Record<string, string>; payload: Record<string, unknown> };
  close(): Promise<void>;
}

export async function startFakeMercadoPago(): Promise<FakeMercadoPago> {
  const accessToken = `TEST-${randomUUID()}`;
  const webhookSecret = `segredo-${randomUUID()}`;
  const payments = new Map<number, FakePayment>();
  const byIdempotencyKey = new Map<string, number>();
  const refunds: FakeRefund[] = [];
  const refundsByKey = new Map<string, FakeRefund>();
  let nextRefundId = 2_100_000_000;
  const requests: RecordedRequest[] = [];
  const troubles: Array<{ trouble: Trouble; method?: string }> = [];
  const hung: http.ServerResponse[] = [];
  let nextId = 1_300_000_000 + Math.floor(Math.random() * 1_000_000);

  function send(res: http.ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  function validationError(message: string) {
    return {
      message,
      error: 'bad_request',
      status: 400,
      cause: [{ code: 4000, description: message }],
    };
  }

  function create(req: http.IncomingMessage, body: Record<string, unknown>): [number, unknown] {
    const key = req.headers['x-idempotency-key'];
    if (typeof key !== 'string' || key === '') {
      return [400, validationError('X-Idempotency-Key header is required')];
    }
    const existing = byIdempotencyKey.get(key);
    if (existing !== undefined) return [201, payments.get(existing)];
    const payer = (body.payer ?? {}) as Record<string, unknown>;
    const identification = (payer.identification ?? {}) as Record<string, unknown>;
    const amount = body.transaction_amount;
    const expiry = Date.parse(String(body.date_of_expiration ?? ''));
    if (body.payment_method_id !== 'pix')
      return [400, validationError('payment_method_id must be pix')];
    if (typeof amount !== 'number' || amount <= 0)
      return [400, validationError('invalid transaction_amount')];
    if (typeof payer.email !== 'string' || !payer.email.includes('@')) {
      return [400, validationError('payer.email is required')];
    }
    if (identification.type !== 'CPF' || !/^\d{11}$/.test(String(identification.number))) {
      return [400, validationError('invalid payer.identification')];
    }
    // Mercado Pago: from 30 minutes to 30 days.
    if (
      !Number.isFinite(expiry) ||
      expiry < Date.now() + 30 * 60_000 - 5_000 ||
      expiry > Date.now() + 30 * 86_400_000
    ) {
      return [400, validationError('date_of_expiration must be between 30 minutes and 30 days')];
    }
    const id = nextId++;
    const payment: FakePayment = {
      id,
      status: 'pending',
      status_detail: 'pending_waiting_transfer',
      transaction_amount: amount,
      description: String(body.description ?? ''),
      payment_method_id: 'pix',
      external_reference:
        typeof body.external_reference === 'string' ? body.external_reference : null,
      date_created: new Date().toISOString(),
      date_approved: null,
      date_of_expiration: new Date(expiry).toISOString(),
      ...(typeof body.notification_url === 'string'
        ? { notification_url: body.notification_url }
        : {}),
      payer,
      point_of_interaction: {
        type: 'PIX',
        transaction_data: {
          qr_code: `00020101021226830014br.gov.bcb.pix2561qr.mercadopago.fake/${id}5204000053039865802BR6304ABCD`,
          qr_code_base64: PIXEL,
          ticket_url: `https://www.mercadopago.com.br/payments/${id}/ticket`,
        },
      },
    };
    payments.set(id, payment);
    byIdempotencyKey.set(key, id);
    return [201, payment];
  }

  function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string) {
    const url = new URL(req.url ?? '/', 'http://fake');
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      return send(res, 400, validationError('invalid JSON'));
    }
    requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body });

    const index = troubles.findIndex((t) => !t.method || t.method === req.method);
    if (index >= 0) {
      const { trouble } = troubles.splice(index, 1)[0]!;
      if (trouble.kind === 'hang') {
        hung.push(res);
        return;
      }
      return send(res, trouble.status, { message: 'internal_error', status: trouble.status });
    }
    if (req.headers.authorization !== `Bearer ${accessToken}`) {
      return send(res, 401, { message: 'invalid access token', status: 401 });
    }
    if (req.method === 'POST' && url.pathname === '/v1/payments') {
      const [status, answer] = create(req, (body ?? {}) as Record<string, unknown>);
      return send(res, status, answer);
    }
    const refundMatch = /^\/v1\/payments\/(\d+)\/refunds$/.exec(url.pathname);
    if (refundMatch && req.method === 'POST') {
      const key = req.headers['x-idempotency-key'];
      if (typeof key !== 'string' || key === '') {
        return send(res, 400, validationError('X-Idempotency-Key header is required'));
      }
      const known = refundsByKey.get(key);
      if (known) return send(res, 201, known);
      const target = payments.get(Number(refundMatch[1]));
      if (!target) return send(res, 404, { message: 'Payment not found', status: 404 });
      if ((body as { amount?: unknown } | null)?.amount !== undefined) {
        return send(res, 400, validationError('only full refunds are supported here'));
      }
      if (target.status !== 'approved') {
        return send(
          res,
          400,
          validationError(`Payment cannot be refunded in status ${target.status}`),
        );
      }
      target.status = 'refunded';
      target.status_detail = 'refunded';
      const refund: FakeRefund = {
        id: nextRefundId++,
        payment_id: target.id,
        amount: target.transaction_amount,
        status: 'approved',
        date_created: new Date().toISOString(),
      };
      refunds.push(refund);
      refundsByKey.set(key, refund);
      fake.onRefund?.(target);
      return send(res, 201, refund);
    }
    const match = /^\/v1\/payments\/(\d+)$/.exec(url.pathname);
    const payment = match ? payments.get(Number(match[1])) : undefined;
    if (!payment) return send(res, 404, { message: 'Payment not found', status: 404 });
    if (req.method === 'GET') return send(res, 200, payment);
    if (req.method === 'PUT') {
      if ((body as { status?: string } | null)?.status !== 'cancelled') {
        return send(res, 400, validationError('only cancellation is supported'));
      }
      if (payment.status !== 'pending' && payment.status !== 'in_process') {
        return send(
          res,
          400,
          validationError(`Payment cannot be cancelled in status ${payment.status}`),
        );
      }
      payment.status = 'cancelled';
      payment.status_detail = 'by_collector';
      return send(res, 200, payment);
    }
    return send(res, 405, { message: 'method not allowed' });
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => handle(req, res, raw));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const find = (id: string | number) => {
    const payment = payments.get(Number(id));
    if (!payment) throw new Error(`no fake payment ${id}`);
    return payment;
  };

  const fake: FakeMercadoPago = {
    url: `http://127.0.0.1:${port}`,
    refunds,
    accessToken,
    webhookSecret,
    requests,
    payment: find,
    paymentFor(purchaseId) {
      const payment = [...payments.values()].find((p) => p.external_reference === purchaseId);
      if (!payment) throw new Error(`no fake payment for purchase ${purchaseId}`);
      return payment;
    },
    approve(id, at = new Date()) {
      const payment = find(id);
      payment.status = 'approved';
      payment.status_detail = 'accredited';
      payment.date_approved = at.toISOString();
    },
    refund(id) {
      const payment = find(id);
      payment.status = 'refunded';
      payment.status_detail = 'refunded';
    },
    chargeBack(id) {
      const payment = find(id);
      payment.status = 'charged_back';
      payment.status_detail = 'settled';
    },
    failNext(count, status = 500, method) {
      for (let i = 0; i < count; i += 1)
        troubles.push({ trouble: { kind: 'status', status }, method });
    },
    hangNext(count, method) {
      for (let i = 0; i < count; i += 1) troubles.push({ trouble: { kind: 'hang' }, method });
    },
    releaseHung() {
      troubles.splice(0);
      for (const res of hung.splice(0)) res.destroy();
    },
    notification(id, options = {}) {
      const dataId = String(id);
      const requestId = options.requestId ?? randomUUID();
      const ts = String(options.ts ?? Math.floor(Date.now() / 1000));
      const v1 = createHmac('sha256', options.secret ?? webhookSecret)
        .update(`id:${dataId};request-id:${requestId};ts:${ts};`)
        .digest('hex');
      return {
        url: `/api/webhooks/mercadopago?data.id=${dataId}&type=payment`,
        headers: {
          'content-type': 'application/json',
          'x-signature': `ts=${ts},v1=${v1}`,
          'x-request-id': requestId,
        },
        payload: {
          id: Math.floor(Math.random() * 1e12),
          live_mode: false,
          type: 'payment',
          date_created: new Date().toISOString(),
          user_id: 44444,
          api_version: 'v1',
          action: options.action ?? 'payment.updated',
          data: { id: dataId },
        },
      };
    },
    async close() {
      for (const res of hung.splice(0)) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
