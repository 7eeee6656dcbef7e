import { PHOTO_MAX_SIDE } from '@gabarita/shared';

export interface ResizedImage {
  blob: Blob;
  width: number;
  height: number;
}

function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('image could not be decoded'));
    };
    image.src = url;
  });
}

/** Width and height scaled down (never up) so that the largest side is at most `maxSide`. */
export function fitWithin(width: number, height: number, maxSide: number) {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * Draws the image on a canvas so that its largest side is at most PHOTO_MAX_SIDE px. JPEG stays
 * JPEG; anything else becomes PNG, which keeps transparency.
 */
export async function resizeImage(file: File, maxSide = PHOTO_MAX_SIDE): Promise<ResizedImage> {
  const image = await loadImage(file);
  const { width, height } = fitWithin(image.naturalWidth, image.naturalHeight, maxSide);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas is not available');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);

  const type = file.type === 'image/jpeg' ? 'image/jpeg' : 'image/png';
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
  if (!blob) throw new Error('canvas could not encode the image');
  return { blob, width, height };
}
