import { describe, expect, it } from 'vitest';
import { decide, paidLate, reconcileLeaseSeconds, stillOpen } from './payment-rules';
import type { ProviderPayment } from './pix/pix-provider';

const now = new Date('2026-11-21T15:00:00Z');
const open = {
  id: 'compra-1',
  status: 'pending' as const,
  priceCentavos: 3490,
  expiresAt: new Date('2026-11-21T15:03:00Z'),
  grantedAt: null,
  reversedAt: null,
};
const granted = { ...open, status: 'paid' as const, grantedAt: now };
const payment = (status: ProviderPayment['status'], extra: Partial<ProviderPayment> = {}) => ({
  id: '123',
  status,
  amountCentavos: 3490,
  externalReference: 'compra-1',
  approvedAt: status === 'approved' ? now : null,
  ...extra,
});

describe('what a purchase becomes', () => {
  it('grants an approved charge once, even when our window had ended', () => {
    expect(decide(open, payment('approved'), now)).toEqual({ kind: 'grant' });
    expect(decide({ ...open, status: 'expired' }, payment('approved'), now)).toEqual({
      kind: 'grant',
    });
    expect(decide({ ...open, status: 'cancelled' }, payment('approved'), now)).toEqual({
      kind: 'grant',
    });
    expect(decide(granted, payment('approved'), now)).toEqual({ kind: 'none' });
  });

  it('grants nothing for another amount or another purchase, and says why', () => {
    expect(decide(open, payment('approved', { amountCentavos: 190 }), now)).toMatchObject({
      kind: 'none',
      anomaly: expect.stringContaining('190'),
    });
    expect(decide(open, payment('approved', { externalReference: 'outra' }), now)).toMatchObject({
      kind: 'none',
      anomaly: expect.any(String),
    });
  });

  it('reverses a granted purchase once, and never grants after a refund', () => {
    expect(decide(granted, payment('refunded'), now)).toEqual({
      kind: 'reverse',
      status: 'refunded',
    });
    expect(decide(granted, payment('charged_back'), now)).toEqual({
      kind: 'reverse',
      status: 'charged_back',
    });
    const reversed = { ...granted, status: 'refunded' as const, reversedAt: now };
    expect(decide(reversed, payment('refunded'), now)).toEqual({ kind: 'none' });
    expect(decide(reversed, payment('charged_back'), now)).toEqual({ kind: 'none' });
    expect(decide(reversed, payment('approved'), now)).toEqual({ kind: 'none' });
  });

  it('records a refund learned before the approval without granting, and stays so', () => {
    expect(decide(open, payment('refunded'), now)).toEqual({ kind: 'close', status: 'refunded' });
    const closed = { ...open, status: 'refunded' as const };
    expect(decide(closed, payment('approved'), now)).toEqual({ kind: 'none' });
    expect(decide(closed, payment('refunded'), now)).toEqual({ kind: 'none' });
  });

  it('ends an unpaid purchase as the provider says, expired once our window is over', () => {
    expect(decide(open, payment('rejected'), now)).toEqual({ kind: 'settle', status: 'rejected' });
    expect(decide(open, payment('cancelled'), now)).toEqual({
      kind: 'settle',
      status: 'cancelled',
    });
    expect(decide(open, payment('cancelled'), open.expiresAt)).toEqual({
      kind: 'settle',
      status: 'expired',
    });
    expect(decide({ ...open, status: 'expired' }, payment('cancelled'), now)).toEqual({
      kind: 'none',
    });
    expect(decide(granted, payment('cancelled'), now)).toMatchObject({
      kind: 'none',
      anomaly: expect.any(String),
    });
  });

  it('waits while the charge is open', () => {
    for (const status of ['pending', 'in_process', 'authorized'] as const) {
      expect(decide(open, payment(status), now)).toEqual({ kind: 'none' });
      expect(stillOpen(payment(status))).toBe(true);
    }
    for (const status of ['approved', 'cancelled', 'rejected', 'refunded'] as const) {
      expect(stillOpen(payment(status))).toBe(false);
    }
  });

  it('calls a payment late only when the money arrived after the countdown', () => {
    expect(paidLate({ paidAt: null, expiresAt: now })).toBe(false);
    expect(paidLate({ paidAt: new Date(now.getTime() - 1), expiresAt: now })).toBe(false);
    expect(paidLate({ paidAt: now, expiresAt: now })).toBe(false);
    expect(paidLate({ paidAt: new Date(now.getTime() + 1), expiresAt: now })).toBe(true);
  });
});

describe('reconciler lease', () => {
  it('outlasts the slowest purchase of a round (renewed before each one), never under 30 s', () => {
    // Mercado Pago with its 10 s timeout: a call may take 20.25 s, retry included, and a purchase
    // may need two.
    expect(reconcileLeaseSeconds(15_000, 20_250) * 1000).toBeGreaterThan(2 * 20_250);
    expect(reconcileLeaseSeconds(15_000, 1_000)).toBe(30);
    expect(reconcileLeaseSeconds(60_000, 0)).toBe(120);
  });
});
