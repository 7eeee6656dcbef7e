import { describe, expect, it } from 'vitest';
import {
  formatDay,
  formatDate,
  formatDateTime,
  formatDuration,
  formatInteger,
  formatPercent,
  formatPrice,
  formatRelative,
} from './formatters';

describe('formatters', () => {
  it('formats instants as São Paulo date and time with seconds', () => {
    // 02:03:04 UTC is 23:03:04 of the day before in São Paulo (UTC-3).
    expect(formatDateTime('2025-10-03T02:03:04.000Z')).toMatch(/^02\/10\/2025,? 23:03:04$/);
    expect(formatDate('2025-10-03T02:03:04.000Z')).toBe('02/10/2025');
  });

  it('writes a calendar day in Brazilian order, whatever the time zone', () => {
    expect(formatDay('2026-11-26')).toBe('26/11/2026');
  });

  it('returns an empty text for an invalid date', () => {
    expect(formatDateTime('not a date')).toBe('');
  });

  it('says how long ago in words, and gives the date from a week on', () => {
    const now = new Date('2025-10-10T15:00:00.000Z');
    expect(formatRelative('2025-10-10T14:59:30.000Z', now)).toBe('agora mesmo');
    expect(formatRelative('2025-10-10T14:55:00.000Z', now)).toBe('há 5 minutos');
    expect(formatRelative('2025-10-10T13:00:00.000Z', now)).toBe('há 2 horas');
    expect(formatRelative('2025-10-09T12:00:00.000Z', now)).toBe('ontem');
    expect(formatRelative('2025-10-07T12:00:00.000Z', now)).toBe('há 3 dias');
    expect(formatRelative('2025-10-01T12:00:00.000Z', now)).toBe('01/10/2025');
    expect(formatRelative('not a date', now)).toBe('');
  });

  it('formats centavos as reais with a comma and a plain space', () => {
    expect(formatPrice(3490)).toBe('R$ 34,90');
    expect(formatPrice(32990)).toBe('R$ 329,90');
  });

  it('groups thousands with a dot', () => {
    expect(formatInteger(80000)).toBe('80.000');
  });

  it('formats percentages with a comma and at most one decimal', () => {
    expect(formatPercent(72.5)).toBe('72,5%');
    expect(formatPercent(100)).toBe('100%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(33.333)).toBe('33,3%');
  });

  it('writes a time taken to the second below an hour, and never rounds seconds up to a minute', () => {
    expect(formatDuration(38)).toBe('38 s');
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(188.4)).toBe('3 min 08 s');
    expect(formatDuration(3600 + 5 * 60 + 9)).toBe('1 h 05 min');
    expect(formatDuration(-3)).toBe('0 s');
  });
});
