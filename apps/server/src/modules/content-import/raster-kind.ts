import type sharpModule from 'sharp';

/**
 * Whether a raster figure is text-like (a scan, a table, a chart: its text must stay readable, so it
 * keeps a minimum width on a phone) or picture-like (a photo, a logo, an illustration: it fits the
 * column). The source cannot say which; the pixels can (docs/content-format.md, "Images").
 */
export type RasterKind = 'text' | 'picture';

/** What the classification looks at, measured on a small copy of the image (`rasterStats`). */
export interface RasterStats {
  /** Share of pixels that are light (paper): luminance ≥ 200 of 255. */
  lightShare: number;
  /** Colours (3 bits per channel) that hold at least 0.2% of the pixels each. */
  colours: number;
  /** Share of pixels on a sharp edge (luminance step ≥ 64 to the right or below). */
  edgeShare: number;
}

/** Below these a figure is text-like; measured on the fixtures of content/examples/figuras-por-tipo. */
export const TEXT_LIKE = { minLightShare: 0.6, maxColours: 48, minEdgeShare: 0.03 } as const;

/** Text-like: mostly light background, few colours and many sharp edges (letters, lines). */
export function classifyRaster(stats: RasterStats): RasterKind {
  return stats.lightShare >= TEXT_LIKE.minLightShare &&
    stats.colours <= TEXT_LIKE.maxColours &&
    stats.edgeShare >= TEXT_LIKE.minEdgeShare
    ? 'text'
    : 'picture';
}

/** The side of the copy measured: text of a scan stays a few pixels tall at it. */
const SAMPLE_SIDE = 512;

/** `RasterStats` of an image, from a copy at most SAMPLE_SIDE wide or tall, on white. */
export async function rasterStats(
  sharp: typeof sharpModule,
  content: Buffer,
  limitInputPixels: number,
): Promise<RasterStats> {
  const { data, info } = await sharp(content, { limitInputPixels })
    .rotate()
    .resize(SAMPLE_SIDE, SAMPLE_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return statsOfPixels(data, info.width, info.height, info.channels);
}

/** `RasterStats` of raw pixels (RGB or grey, `channels` bytes each). */
export function statsOfPixels(
  data: Uint8Array,
  width: number,
  height: number,
  channels: number,
): RasterStats {
  const pixels = width * height;
  const luminance = new Uint8Array(pixels);
  const bins = new Uint32Array(512);
  let light = 0;
  for (let index = 0; index < pixels; index++) {
    const at = index * channels;
    const red = data[at]!;
    const green = channels >= 3 ? data[at + 1]! : red;
    const blue = channels >= 3 ? data[at + 2]! : red;
    const y = Math.round(0.299 * red + 0.587 * green + 0.114 * blue);
    luminance[index] = y;
    if (y >= 200) light += 1;
    bins[((red >> 5) << 6) | ((green >> 5) << 3) | (blue >> 5)]! += 1;
  }
  let edges = 0;
  for (let row = 0; row < height; row++) {
    for (let column = 0; column < width; column++) {
      const index = row * width + column;
      const here = luminance[index]!;
      const right = column + 1 < width ? luminance[index + 1]! : here;
      const below = row + 1 < height ? luminance[index + width]! : here;
      if (Math.abs(here - right) >= 64 || Math.abs(here - below) >= 64) edges += 1;
    }
  }
  const minimum = pixels * 0.002;
  return {
    lightShare: pixels === 0 ? 0 : light / pixels,
    colours: bins.filter((count) => count >= minimum && count > 0).length,
    edgeShare: pixels === 0 ? 0 : edges / pixels,
  };
}
