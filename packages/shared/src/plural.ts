const integer = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/**
 * The form that agrees with `count`: `one` for exactly one (1 or -1), `many` otherwise. Portuguese
 * puts zero in the plural ('0 questões', 'nenhuma' aside).
 */
export function plural(count: number, one: string, many: string): string {
  return Math.abs(count) === 1 ? one : many;
}

/**
 * The count, written the pt-BR way, followed by the words that agree with it: '1 prova encontrada',
 * '18 provas encontradas', '1.204 questões'.
 */
export function countLabel(count: number, one: string, many: string): string {
  return `${formatInteger(count)} ${plural(count, one, many)}`;
}

/** A whole number written the pt-BR way: '80.000'. */
export function formatInteger(value: number): string {
  return integer.format(value);
}
