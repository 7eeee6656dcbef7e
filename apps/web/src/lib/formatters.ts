import { BUSINESS_TIME_ZONE } from '@gabarita/shared';

/** Intl puts a no-break space between "R$" and the amount; plain text reads better in copies. */
const NBSP = /\u00a0/g;

/**
 * A formatter built on first use: building one loads the locale's data (about 15 ms on a laptop for
 * these five), which most pages' first screen does not need.
 */
function onFirstUse<T>(create: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= create());
}

/** Day, month and year in São Paulo time. */
const DATE_PARTS: Intl.DateTimeFormatOptions = {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
};
const dateTimeFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('pt-BR', {
      ...DATE_PARTS,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }),
);
const dateFormat = onFirstUse(() => new Intl.DateTimeFormat('pt-BR', DATE_PARTS));
const timeFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('pt-BR', {
      timeZone: BUSINESS_TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
    }),
);
const relativeFormat = onFirstUse(() => new Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto' }));
const currencyFormat = onFirstUse(
  () => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }),
);
const percentFormat = onFirstUse(
  () => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }),
);

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '05/03/2025, 14:03:22' in São Paulo time (the account view shows seconds). */
export function formatDateTime(value: string | Date): string {
  const date = toDate(value);
  return date ? dateTimeFormat().format(date) : '';
}

/** '05/03/2025' in São Paulo time. */
export function formatDate(value: string | Date): string {
  const date = toDate(value);
  return date ? dateFormat().format(date) : '';
}

/** A calendar day as the server sends it ('2026-11-26') in Brazilian order: '26/11/2026'. */
export function formatDay(day: string): string {
  return day.split('-').reverse().join('/');
}

/** '14:03' in São Paulo time. */
export function formatTime(value: string | Date): string {
  const date = toDate(value);
  return date ? timeFormat().format(date) : '';
}

/**
 * How long ago, for lists where the recent matters: 'agora mesmo', 'há 5 minutos', 'há 2 horas',
 * 'ontem', 'há 3 dias'; from a week on, the date ('05/03/2025').
 */
export function formatRelative(value: string | Date, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < 1) return 'agora mesmo';
  if (minutes < 60) return relativeFormat().format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return relativeFormat().format(-hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 7) return relativeFormat().format(-days, 'day');
  return formatDate(date);
}

/** Integer centavos as 'R$ 34,90'. */
export function formatPrice(centavos: number): string {
  return currencyFormat()
    .format(centavos / 100)
    .replace(NBSP, ' ');
}

/** '80.000' (the shared package's, which the counts of every screen use). */
export { formatInteger } from '@gabarita/shared';

/** A percentage already on the 0-100 scale, with at most one decimal: '72,5%', '100%'. */
export function formatPercent(value: number): string {
  return `${percentFormat().format(value)}%`;
}

/**
 * A time taken, the same on every screen (a simulado's result and its line in the performance
 * page): '45 s', '12 min', '3 min 08 s', '1 h 05 min'.
 */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  if (minutes > 0)
    return rest > 0 ? `${minutes} min ${String(rest).padStart(2, '0')} s` : `${minutes} min`;
  return `${rest} s`;
}
