import { describe, expect, it } from 'vitest';
import { cpfDigits, formatCpf, isValidCpf } from './cpf';

describe('CPF', () => {
  it('accepts numbers whose check digits match, with or without the mask', () => {
    // Computed by hand: 529.982.247 -> 2 (sum 295, remainder 9) then 5 (sum 347, remainder 6).
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('111.444.777-35')).toBe(true);
    // A first check digit of 0 (remainder under 2).
    expect(isValidCpf('123.456.789-09')).toBe(true);
  });

  it('refuses a wrong check digit, a wrong length, letters and repeated digits', () => {
    expect(isValidCpf('52998224724')).toBe(false);
    expect(isValidCpf('52998224735')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('529982247250')).toBe(false);
    expect(isValidCpf('5299822472a')).toBe(false);
    expect(isValidCpf('')).toBe(false);
    expect(isValidCpf('000.000.000-00')).toBe(false);
    expect(isValidCpf('11111111111')).toBe(false);
  });

  it('strips the mask and masks digits as they are typed', () => {
    expect(cpfDigits(' 529.982.247-25 ')).toBe('52998224725');
    expect(formatCpf('529')).toBe('529');
    expect(formatCpf('5299')).toBe('529.9');
    expect(formatCpf('5299822')).toBe('529.982.2');
    expect(formatCpf('529982247')).toBe('529.982.247');
    expect(formatCpf('5299822472')).toBe('529.982.247-2');
    expect(formatCpf('52998224725999')).toBe('529.982.247-25');
    expect(formatCpf('529.982.247-25')).toBe('529.982.247-25');
  });
});
