/**
 * Colours of the charts.
 *
 * Categorical colours for charts with many slices (the performance pie has one per discipline; the
 * spec asks for a palette of about 80 colours).
 *
 * Generated, not hand-picked: hues advance by the golden angle so consecutive colours are far apart
 * on the colour wheel, and lightness and saturation cycle through three tiers so neighbours also
 * differ in brightness. The tiers stay in the middle of the lightness range, readable on the white
 * surface of the light theme and on the slate surface of the dark one.
 */
const GOLDEN_ANGLE = 137.507_764;
const FIRST_HUE = 172; // the brand teal
const TIERS = [
  { saturation: 66, lightness: 47 },
  { saturation: 72, lightness: 59 },
  { saturation: 58, lightness: 41 },
] as const;

export const CHART_PALETTE_SIZE = 80;

function channelToHex(value: number): string {
  return Math.round(value * 255)
    .toString(16)
    .padStart(2, '0');
}

/** HSL (degrees, percentages) to '#rrggbb'. */
export function hslToHex(hue: number, saturation: number, lightness: number): string {
  const s = saturation / 100;
  const l = lightness / 100;
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return `#${channelToHex(channel(0))}${channelToHex(channel(8))}${channelToHex(channel(4))}`;
}

function buildPalette(size: number): readonly string[] {
  return Array.from({ length: size }, (_, index) => {
    const hue = (FIRST_HUE + index * GOLDEN_ANGLE) % 360;
    const tier = TIERS[index % TIERS.length] ?? TIERS[0];
    return hslToHex(hue, tier.saturation, tier.lightness);
  });
}

export const CHART_PALETTE: readonly string[] = Object.freeze(buildPalette(CHART_PALETTE_SIZE));

/** The colour of the `index`-th series; wraps around after the last colour. */
export function chartColor(index: number): string {
  const size = CHART_PALETTE.length;
  return CHART_PALETTE[((index % size) + size) % size] ?? '#0f766e';
}

/**
 * The colours chart text is drawn in: the theme's ink, never a series colour (some of the palette
 * give barely 2:1 on the white surface, others 2.7:1 on the dark one; text needs 4.5:1). A
 * legend's series colour goes on its swatch. CSS variables of styles.css, so they follow the theme;
 * the palette's test checks their contrast in both themes.
 */
export const CHART_TEXT = {
  /** Series names in legends. */
  legend: 'var(--gb-ink)',
  /** Axis ticks. */
  axis: 'var(--gb-ink-muted)',
  /** What the text sits on: the card. */
  background: 'var(--gb-surface)',
} as const;

/** WCAG relative luminance of a '#rrggbb' colour. */
export function relativeLuminance(hex: string): number {
  const [red = 0, green = 0, blue = 0] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.040_45 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** WCAG contrast ratio of two '#rrggbb' colours, from 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort(
    (a, b) => b - a,
  ) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}
