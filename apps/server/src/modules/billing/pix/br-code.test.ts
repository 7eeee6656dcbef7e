import { describe, expect, it } from 'vitest';
import { buildBrCode, crc16CcittFalse, hasValidCrc, parseBrCode } from './br-code';

// The static example the Banco Central publishes (key, name, city, no amount, no txid).
const BCB_EXAMPLE =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D';

describe('CRC16-CCITT-FALSE', () => {
  it('gives the check value of the standard test vector', () => {
    expect(crc16CcittFalse('123456789')).toBe(0x29b1);
  });

  it("matches the BCB example's CRC", () => {
    expect(hasValidCrc(BCB_EXAMPLE)).toBe(true);
    expect(hasValidCrc(BCB_EXAMPLE.replace('BRASILIA', 'BRASILIB'))).toBe(false);
  });
});

describe('BR Code', () => {
  it("rebuilds the BCB's published example byte for byte", () => {
    expect(
      buildBrCode({
        key: '123e4567-e12b-12d1-a456-426655440000',
        merchantName: 'Fulano de Tal',
        merchantCity: 'BRASILIA',
      }),
    ).toBe(BCB_EXAMPLE);
  });

  it('carries the amount with a dot and two decimals, the txid and single use', () => {
    const payload = buildBrCode({
      key: 'pix@gabarita.invalid',
      merchantName: 'Gabarita Educação',
      merchantCity: 'São Paulo',
      amountCentavos: 3490,
      txid: 'ABC123def456GHI789jkl0123',
      singleUse: true,
    });
    const fields = parseBrCode(payload);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('01')).toBe('12');
    expect(parseBrCode(fields.get('26')!)).toEqual(
      new Map([
        ['00', 'br.gov.bcb.pix'],
        ['01', 'pix@gabarita.invalid'],
      ]),
    );
    expect(fields.get('52')).toBe('0000');
    expect(fields.get('53')).toBe('986');
    expect(fields.get('54')).toBe('34.90');
    expect(fields.get('58')).toBe('BR');
    expect(fields.get('59')).toBe('Gabarita Educacao');
    expect(fields.get('60')).toBe('Sao Paulo');
    expect(fields.get('62')).toBe('0525ABC123def456GHI789jkl0123');
    expect(hasValidCrc(payload)).toBe(true);
    expect(payload).toMatch(/6304[0-9A-F]{4}$/);
  });

  it('formats amounts exactly', () => {
    const amount = (centavos: number) =>
      parseBrCode(
        buildBrCode({ key: 'k', merchantName: 'N', merchantCity: 'C', amountCentavos: centavos }),
      ).get('54');
    expect(amount(190)).toBe('1.90');
    expect(amount(5)).toBe('0.05');
    expect(amount(32990)).toBe('329.90');
    expect(amount(100000)).toBe('1000.00');
  });

  it('refuses a txid the standard does not allow and amounts that are not centavos', () => {
    const base = { key: 'k', merchantName: 'N', merchantCity: 'C' };
    expect(() => buildBrCode({ ...base, txid: 'com-hífen' })).toThrow(RangeError);
    expect(() => buildBrCode({ ...base, txid: 'A'.repeat(26) })).toThrow(RangeError);
    expect(() => buildBrCode({ ...base, amountCentavos: 34.9 })).toThrow(RangeError);
    expect(() => buildBrCode({ ...base, amountCentavos: 0 })).toThrow(RangeError);
  });
});
