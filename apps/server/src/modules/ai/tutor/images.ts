import { createHash } from 'node:crypto';
import { loadSharp } from '@/lib/sharp';

/** Longest side sent to a model: enough to read labels in a chart, small enough to be cheap. */
const MAX_SIDE = 1024;
const CACHE_SIZE = 64;

const cache = new Map<string, Promise<Uint8Array>>();

/**
 * A question's image as PNG for a model that takes images: SVGs (the demo's) are rasterised,
 * other formats re-encoded, all on a white background and at most 1024 px. Kept in memory by
 * content, since the same images are asked for again and again.
 */
export function rasterForModel(image: {
  contentType: string;
  content: Buffer;
}): Promise<{ data: Uint8Array; mediaType: 'image/png' }> {
  const key = createHash('sha256').update(image.content).digest('hex');
  let png = cache.get(key);
  if (!png) {
    png = render(image).catch((error: unknown) => {
      cache.delete(key);
      throw error;
    });
    cache.set(key, png);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  return png.then((data) => ({ data, mediaType: 'image/png' as const }));
}

async function render(image: { contentType: string; content: Buffer }): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const isSvg = image.contentType.startsWith('image/svg');
  const buffer = await sharp(image.content, isSvg ? { density: 144 } : {})
    .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: !isSvg })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
  return new Uint8Array(buffer);
}
