import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHART_PALETTE, CHART_TEXT, chartColor, contrastRatio, hslToHex } from './chart-palette';

/** The theme variables styles.css defines in one block (`:root` or `.dark`), by name. */
function themeVariables(selector: ':root' | '.dark'): Map<string, string> {
  const css = readFileSync(
    // Not `new URL(…, import.meta.url)`: Vite rewrites that into a served asset's address.
    join(dirname(fileURLToPath(import.meta.url)), '../styles.css'),
    'utf8',
  );
  const block = new RegExp(`^${selector.replace('.', '\\.')} \\{([^}]*)\\}`, 'm').exec(css)?.[1];
  if (!block) throw new Error(`styles.css has no ${selector} block`);
  return new Map(
    [...block.matchAll(/(--gb-[\w-]+):\s*([^;]+);/g)].map(([, name, value]) => [
      name!,
      value!.trim(),
    ]),
  );
}

const THEMES = { light: themeVariables(':root'), dark: themeVariables('.dark') };

/** The colour a `var(--gb-…)` stands for in a theme. */
function resolve(theme: Map<string, string>, colour: string): string {
  const name = /^var\((--gb-[\w-]+)\)$/.exec(colour)?.[1];
  const value = name ? theme.get(name) : colour;
  if (!value || !/^#[0-9a-f]{6}$/i.test(value)) throw new Error(`${colour} is not a hex colour`);
  return value;
}

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

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#0f766e', '#0f766e')).toBe(1);
  });

  for (const [name, theme] of Object.entries(THEMES)) {
    it(`draws legend and axis text at 4.5:1 or more in the ${name} theme`, () => {
      const background = resolve(theme, CHART_TEXT.background);
      expect(contrastRatio(resolve(theme, CHART_TEXT.legend), background)).toBeGreaterThanOrEqual(
        4.5,
      );
      expect(contrastRatio(resolve(theme, CHART_TEXT.axis), background)).toBeGreaterThanOrEqual(
        4.5,
      );
    });
  }

  it('needs the ink for text: series colours are too faint for it', () => {
    // Why legends do not write names in their series colour (a walkthrough measured 2.1 to 3:1).
    const faintest = (background: string) =>
      Math.min(...CHART_PALETTE.map((colour) => contrastRatio(colour, background)));
    expect(faintest(resolve(THEMES.light, CHART_TEXT.background))).toBeLessThan(4.5);
    expect(faintest(resolve(THEMES.dark, CHART_TEXT.background))).toBeLessThan(4.5);
  });
});
