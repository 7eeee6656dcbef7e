import { createHmac, randomUUID } from 'node:crypto';
import { InvalidWebhookSignatureError, WebhookSignatureValidator } from 'mercadopago';

/**
 * Mercado Pago's webhook signature: header `x-signature: ts=<ts>,v1=<hex>`, where v1 is the
 * HMAC-SHA256, with the application's secret, of `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`
 * (data.id as it came in the query string; absent parts left out). The sandbox provider signs its
 * notifications the same way, so both travel the same path.
 */

/**
 * How far a notification's timestamp may be from our clock. A replayed notification older than
 * this is refused; it must stay under 24 h. A genuine notification refused by it loses nothing:
 * the reconciler asks the provider about every unpaid charge.
 */
export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 60 * 60;

export type SignedHeaders = {
  'x-signature': string;
  'x-request-id': string;
};

export type SignatureCheck = { valid: true } | { valid: false; reason: string };

export function signNotification(input: {
  dataId: string;
  secret: string;
  requestId?: string;
  /** Seconds since the epoch; now by default. */
  ts?: number;
}): SignedHeaders {
  const requestId = input.requestId ?? randomUUID();
  const ts = String(input.ts ?? Math.floor(Date.now() / 1000));
  const manifest = `id:${input.dataId};request-id:${requestId};ts:${ts};`;
  const v1 = createHmac('sha256', input.secret).update(manifest).digest('hex');
  return { 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId };
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The parts of `x-signature`, read once: `ts` and the `vN` hashes, each at most once. A repeated
 * key is refused outright, so the timestamp whose age is checked is the one that was signed.
 */
export function parseSignatureHeader(
  value: string | undefined,
): { ts: string; v1: string } | { reason: string } {
  if (!value) return { reason: 'MissingSignatureHeader' };
  const parts = new Map<string, string>();
  for (const part of value.split(',')) {
    const match = /^\s*(ts|v\d+)=([^,\s]*)\s*$/.exec(part);
    if (!match) return { reason: 'MalformedSignatureHeader' };
    const [, key, content] = match as unknown as [string, string, string];
    if (parts.has(key)) return { reason: 'RepeatedSignatureKey' };
    parts.set(key, content);
  }
  const ts = parts.get('ts');
  const v1 = parts.get('v1');
  if (!ts || !/^\d{1,16}$/.test(ts)) return { reason: 'MalformedSignatureHeader' };
  if (!v1) return { reason: 'MissingHash' };
  return { ts, v1 };
}

/**
 * Parses the header once (parseSignatureHeader), checks the HMAC of that `ts` with the official
 * SDK's validator (constant-time comparison), then the age of the same `ts` ourselves: the SDK
 * reads `ts` as seconds, while notifications have been seen with milliseconds, so both are accepted
 * (13 or more digits are milliseconds).
 */
export function verifyNotificationSignature(input: {
  headers: Record<string, string | string[] | undefined>;
  dataId: string | undefined;
  secret: string;
  toleranceSeconds: number;
  now?: number;
}): SignatureCheck {
  const parsed = parseSignatureHeader(header(input.headers['x-signature']));
  if ('reason' in parsed) return { valid: false, reason: parsed.reason };
  try {
    WebhookSignatureValidator.validate({
      xSignature: `ts=${parsed.ts},v1=${parsed.v1}`,
      xRequestId: header(input.headers['x-request-id']),
      dataId: input.dataId,
      secret: input.secret,
    });
  } catch (error) {
    if (error instanceof InvalidWebhookSignatureError)
      return { valid: false, reason: error.reason };
    throw error;
  }
  const tsMs = parsed.ts.length >= 13 ? Number(parsed.ts) : Number(parsed.ts) * 1000;
  const driftSeconds = Math.abs((input.now ?? Date.now()) - tsMs) / 1000;
  if (!Number.isFinite(driftSeconds) || driftSeconds > input.toleranceSeconds) {
    return { valid: false, reason: 'TimestampOutOfTolerance' };
  }
  return { valid: true };
}
