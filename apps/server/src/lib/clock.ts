import { BUSINESS_TIME_ZONE } from '@gabarita/shared';

/** Calendar days are São Paulo days; dates travel as 'YYYY-MM-DD' strings. */
const dayFormatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

// São Paulo's offset from UTC is whole hours, so the day is the same through each UTC hour; the
// formatter is slow enough to show on every request, hence the memo.
const HOUR_MS = 3_600_000;
const dayOfHour = new Map<number, string>();

export function saoPauloDay(instant: Date = new Date()): string {
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  let day = dayOfHour.get(hour);
  if (day === undefined) {
    if (dayOfHour.size >= 10_000) dayOfHour.clear();
    day = dayFormatter.format(instant);
    dayOfHour.set(hour, day);
  }
  return day;
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
