import { describe, expect, it } from 'vitest';
import { CHART_PALETTE, chartColor, hslToHex } from './chart-palette';

describe('chart palette', () => {
  it('has at least 80 distinct hex colours', () => {
    expect(CHART_PALETTE.length).toBeGreaterThanOrEqual(80);
    expect(new Set(CHART_PALETTE).size).toBe(CHART_PALETTE.length);
    for (const colour of CHART_PALETTE) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('is deterministic and wraps around', () => {
    expect(chartColor(0)).toBe(CHART_PALETTE[0]);
    expect(chartColor(CHART_PALETTE.length + 3)).toBe(CHART_PALETTE[3]);
  });

  it('keeps neighbouring colours apart', () => {
    const distance = (a: string, b: string) => {
      const rgb = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
      const [x, y] = [rgb(a), rgb(b)];
      return Math.hypot(...x.map((value, index) => value - (y[index] ?? 0)));
    };
    for (let index = 1; index < CHART_PALETTE.length; index += 1) {
      expect(distance(chartColor(index - 1), chartColor(index))).toBeGreaterThan(40);
    }
  });

  it('converts HSL to hex', () => {
    expect(hslToHex(0, 100, 50)).toBe('#ff0000');
    expect(hslToHex(120, 100, 25)).toBe('#008000');
    expect(hslToHex(0, 0, 100)).toBe('#ffffff');
  });
});
