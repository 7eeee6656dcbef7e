import { describe, expect, it } from 'vitest';
import { isAllowedAttributeValue, parseFigureHeight, parseFigureMinWidth } from './statement-html';

describe('figure marker attributes', () => {
  it('keeps largura_minima only as a whole number of px from 0 to 4000', () => {
    expect(['0', '320', '4000'].map(parseFigureMinWidth)).toEqual([0, 320, 4000]);
    for (const value of ['4001', '-1', '12.5', '0320', '320px', ''])
      expect(isAllowedAttributeValue('figura', 'largura_minima', value)).toBe(false);
    expect(isAllowedAttributeValue('figura', 'largura_minima', '320')).toBe(true);
  });

  it('keeps altura only as em from 0.5 to 3, written with a dot', () => {
    expect(['0.5', '1.2', '3', '1.25'].map(parseFigureHeight)).toEqual([0.5, 1.2, 3, 1.25]);
    for (const value of ['0.4', '3.01', '1,2', '2em', '1.234', ''])
      expect(isAllowedAttributeValue('figura', 'altura', value)).toBe(false);
    expect(isAllowedAttributeValue('figura', 'altura', '1.2')).toBe(true);
    expect(isAllowedAttributeValue('td', 'altura', '1.2')).toBe(false);
  });
});
