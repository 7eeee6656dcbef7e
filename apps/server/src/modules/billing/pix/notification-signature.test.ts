import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signNotification, verifyNotificationSignature } from './notification-signature';

const secret = 'segredo-do-aplicativo';
const now = Date.parse('2026-11-21T15:00:00Z');
const nowSeconds = now / 1000;

function verify(headers: Record<string, string>, dataId: string | undefined, at = now) {
  return verifyNotificationSignature({ headers, dataId, secret, toleranceSeconds: 3600, now: at });
}

describe('notification signature', () => {
  it('signs the documented manifest: id, request-id and ts, each followed by a semicolon', () => {
    const headers = signNotification({
      dataId: '123456',
      secret,
      requestId: 'req-1',
      ts: nowSeconds,
    });
    const expected = createHmac('sha256', secret)
      .update(`id:123456;request-id:req-1;ts:${nowSeconds};`)
      .digest('hex');
    expect(headers).toEqual({
      'x-signature': `ts=${nowSeconds},v1=${expected}`,
      'x-request-id': 'req-1',
    });
    expect(verify(headers, '123456')).toEqual({ valid: true });
  });

  it('refuses another payment id, another request id, another secret and a tampered hash', () => {
    const headers = signNotification({
      dataId: '123456',
      secret,
      requestId: 'req-1',
      ts: nowSeconds,
    });
    expect(verify(headers, '123457')).toEqual({ valid: false, reason: 'SignatureMismatch' });
    expect(verify({ ...headers, 'x-request-id': 'req-2' }, '123456').valid).toBe(false);
    expect(
      verify(signNotification({ dataId: '123456', secret: 'outro', ts: nowSeconds }), '123456'),
    ).toEqual({ valid: false, reason: 'SignatureMismatch' });
    const tampered = headers['x-signature'].replace(
      /v1=(.)/,
      (_, c: string) => `v1=${c === 'a' ? 'b' : 'a'}`,
    );
    expect(verify({ ...headers, 'x-signature': tampered }, '123456').valid).toBe(false);
  });

  it('refuses a missing or malformed header', () => {
    expect(verify({}, '1')).toEqual({ valid: false, reason: 'MissingSignatureHeader' });
    expect(verify({ 'x-signature': 'qualquer coisa', 'x-request-id': 'r' }, '1').valid).toBe(false);
    expect(verify({ 'x-signature': `ts=${nowSeconds}`, 'x-request-id': 'r' }, '1')).toEqual({
      valid: false,
      reason: 'MissingHash',
    });
  });

  it('refuses a replay after the tolerance (24 h later certainly), in seconds or milliseconds', () => {
    const headers = signNotification({ dataId: '9', secret, ts: nowSeconds });
    expect(verify(headers, '9', now + 59 * 60_000).valid).toBe(true);
    expect(verify(headers, '9', now + 24 * 3600_000)).toEqual({
      valid: false,
      reason: 'TimestampOutOfTolerance',
    });
    expect(verify(headers, '9', now - 2 * 3600_000).valid).toBe(false);

    const inMilliseconds = signNotification({ dataId: '9', secret, ts: now });
    expect(verify(inMilliseconds, '9').valid).toBe(true);
    expect(verify(inMilliseconds, '9', now + 24 * 3600_000).valid).toBe(false);
  });

  it('refuses a header that names ts twice, whichever one is signed (a replay dressed as new)', () => {
    const dayAgo = nowSeconds - 24 * 3600;
    const old = signNotification({ dataId: '9', secret, requestId: 'r', ts: dayAgo });
    const oldHash = old['x-signature'].split('v1=')[1]!;
    for (const signature of [
      `ts=${nowSeconds},ts=${dayAgo},v1=${oldHash}`,
      `ts=${dayAgo},ts=${nowSeconds},v1=${oldHash}`,
      `ts=${dayAgo},v1=${oldHash},ts=${nowSeconds}`,
    ]) {
      expect(verify({ 'x-signature': signature, 'x-request-id': 'r' }, '9')).toEqual({
        valid: false,
        reason: 'RepeatedSignatureKey',
      });
    }
    // The same old notification alone is refused for its age, not accepted.
    expect(verify(old, '9')).toEqual({ valid: false, reason: 'TimestampOutOfTolerance' });
  });

  it('refuses a repeated hash and parts that are not ts or vN; tolerates spaces', () => {
    const headers = signNotification({ dataId: '9', secret, requestId: 'r', ts: nowSeconds });
    const hash = headers['x-signature'].split('v1=')[1]!;
    const with_ = (signature: string) => verify({ ...headers, 'x-signature': signature }, '9');
    expect(with_(`ts=${nowSeconds},v1=${hash},v1=${hash}`).valid).toBe(false);
    expect(with_(`ts=${nowSeconds},v1=${hash},extra=1`)).toEqual({
      valid: false,
      reason: 'MalformedSignatureHeader',
    });
    expect(with_(`ts=${nowSeconds}x,v1=${hash}`).valid).toBe(false);
    expect(with_(` ts=${nowSeconds} , v1=${hash} `)).toEqual({ valid: true });
  });
});
