import { loadSharp } from '@/lib/sharp';
import { PHOTO_MAX_SIDE } from '@gabarita/shared';

// Large enough for any phone photo, small enough to refuse decompression bombs.
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Re-encodes an uploaded image: oriented upright, at most 256 px on its largest side, WebP, with
 * every piece of metadata (EXIF, GPS, ICC) dropped. Returns null when it is not a readable image.
 */
export async function normalizePhoto(input: Buffer): Promise<Buffer | null> {
  const sharp = await loadSharp();
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    return null;
  }
}
