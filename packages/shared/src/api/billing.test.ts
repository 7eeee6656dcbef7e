import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../messages/payment';
import { createPaymentRequestSchema, durationLabel, findProduct } from './billing';

const payer = { firstName: 'Ana', lastName: 'Souza', cpf: '529.982.247-25' };

function messages(input: unknown) {
  const result = createPaymentRequestSchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('payment request', () => {
  it('takes the CPF with its mask and keeps the digits; names are trimmed', () => {
    expect(
      createPaymentRequestSchema.parse({
        productId: 'mensal',
        productType: 'plan',
        payer: { ...payer, firstName: '  Ana ' },
      }),
    ).toEqual({
      productId: 'mensal',
      productType: 'plan',
      payer: { firstName: 'Ana', lastName: 'Souza', cpf: '52998224725' },
    });
  });

  it("answers 'Todos os campos são obrigatórios.' for every missing or blank field", () => {
    expect(messages({})).toEqual([
      ['productId', PAYMENT_MESSAGES.allFieldsRequired],
      ['productType', PAYMENT_MESSAGES.allFieldsRequired],
      ['payer', PAYMENT_MESSAGES.allFieldsRequired],
    ]);
    expect(
      messages({ productId: 'mensal', productType: 'plan', payer: { ...payer, cpf: ' ' } }),
    ).toEqual([['payer.cpf', PAYMENT_MESSAGES.allFieldsRequired]]);
    expect(
      messages({ productId: 'mensal', productType: 'plan', payer: { ...payer, lastName: '' } }),
    ).toEqual([['payer.lastName', PAYMENT_MESSAGES.allFieldsRequired]]);
  });

  it('refuses a CPF whose check digits do not match', () => {
    expect(
      messages({
        productId: 'mensal',
        productType: 'plan',
        payer: { ...payer, cpf: '529.982.247-24' },
      }),
    ).toEqual([['payer.cpf', PAYMENT_MESSAGES.invalidCpf]]);
  });

  it('knows only the products of the price list', () => {
    expect(messages({ productId: 'vitalicio', productType: 'plan', payer })).toEqual([
      ['productId', PAYMENT_MESSAGES.unknownProduct],
    ]);
    expect(messages({ productId: 'mensal', productType: 'package', payer })).toEqual([
      ['productId', PAYMENT_MESSAGES.unknownProduct],
    ]);
    expect(messages({ productId: 'mensal', productType: 'plano', payer })).toEqual([
      ['productType', PAYMENT_MESSAGES.unknownProduct],
    ]);
    expect(messages({ productId: 'package_1', productType: 'package', payer })).toEqual([]);
  });

  it('prices from the server list only', () => {
    expect(findProduct('plan', 'mensal')).toEqual({
      type: 'plan',
      id: 'mensal',
      name: 'Mensal',
      priceCentavos: 3490,
      days: 30,
    });
    expect(findProduct('package', 'package_1')).toMatchObject({ priceCentavos: 190, days: null });
    expect(findProduct('plan', 'toString')).toBeNull();
    expect(durationLabel(1)).toBe('1 dia');
    expect(durationLabel(360)).toBe('360 dias');
  });
});
