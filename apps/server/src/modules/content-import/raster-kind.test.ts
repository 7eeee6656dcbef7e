import { describe, expect, it } from 'vitest';
import { classifyRaster, statsOfPixels } from './raster-kind';

/** Grey pixels from rows of luminance values. */
const grey = (rows: number[][]) => ({
  data: Uint8Array.from(rows.flat()),
  width: rows[0]!.length,
  height: rows.length,
});

describe('classifyRaster', () => {
  it('calls light, few-coloured, edgy figures text and the rest pictures', () => {
    const scan = { lightShare: 0.82, colours: 6, edgeShare: 0.21 };
    const chart = { lightShare: 0.74, colours: 7, edgeShare: 0.044 };
    expect(classifyRaster(scan)).toBe('text');
    expect(classifyRaster(chart)).toBe('text');
    // An emblem on white: few colours, but large flat areas.
    expect(classifyRaster({ lightShare: 0.64, colours: 7, edgeShare: 0.022 })).toBe('picture');
    // A photo: many colours.
    expect(classifyRaster({ lightShare: 0.7, colours: 180, edgeShare: 0.1 })).toBe('picture');
    // A dark scan (white text on black) is not paper.
    expect(classifyRaster({ lightShare: 0.2, colours: 4, edgeShare: 0.2 })).toBe('picture');
  });
});

describe('statsOfPixels', () => {
  it('measures light share, colours and sharp edges', () => {
    const { data, width, height } = grey([
      [255, 255, 0, 255],
      [255, 255, 0, 255],
      [255, 255, 255, 255],
      [128, 128, 128, 128],
    ]);
    const stats = statsOfPixels(data, width, height, 1);
    expect(stats.lightShare).toBe(10 / 16);
    expect(stats.colours).toBe(3);
    // Pixels with a step of 64 or more to the right or below: (0,1) (0,2) (1,1) (1,2) and the
    // third row's four over the grey row.
    expect(stats.edgeShare).toBe(8 / 16);
  });
});
