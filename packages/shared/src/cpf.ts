/**
 * CPF (Cadastro de Pessoas Físicas): 11 digits, the last two being check digits computed from the
 * first nine and ten with weights descending to 2, modulo 11 (a remainder under 2 gives 0).
 */
export const CPF_DIGITS = 11;

/** The digits of a CPF typed with or without its mask (000.000.000-00). */
export function cpfDigits(input: string): string {
  return input.replace(/[\s.-]/g, '');
}

function checkDigit(digits: string, length: number): number {
  let sum = 0;
  for (let index = 0; index < length; index += 1) {
    sum += Number(digits[index]) * (length + 1 - index);
  }
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/**
 * True for 11 digits (mask allowed) whose check digits match. Numbers made of one repeated digit
 * pass the arithmetic but are not issued, so they are refused too.
 */
export function isValidCpf(input: string): boolean {
  const digits = cpfDigits(input);
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  return (
    checkDigit(digits, 9) === Number(digits[9]) && checkDigit(digits, 10) === Number(digits[10])
  );
}

/** Masks up to 11 digits as the user types: 123.456.789-09. */
export function formatCpf(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, CPF_DIGITS);
  return digits
    .replace(/^(\d{3})(\d)/, '$1.$2')
    .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
}
