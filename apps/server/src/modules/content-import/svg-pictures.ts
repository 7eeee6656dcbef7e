import type { Metadata } from 'sharp';
import { loadSharp } from '@/lib/sharp';
import { detectImageKind, KIND_LABEL, KIND_OF_TYPE, SUPPORTED_EXTENSION } from './image-type';
import type { SvgPicture } from './svg';
import { megabytes } from '@/lib/operator-numbers';

/** Limits for the raster pictures an SVG embeds (docs/content-format.md, "Images"). */
export const EMBEDDED_PICTURE_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxSide: 10_000,
  maxPixels: 50_000_000,
} as const;

/**
 * Checks each embedded picture like a raster file (its real format is the declared one, size,
 * dimensions), re-encodes it (same format, metadata removed) and puts it back in `svg` in place
 * of its placeholder. Null, with reports, when any picture is refused.
 */
export async function restorePictures(
  svg: string,
  pictures: SvgPicture[],
  report: (message: string) => void,
): Promise<string | null> {
  let result = svg;
  let ok = true;
  for (const picture of pictures) {
    const encoded = await reencode(picture, (message) =>
      report(`a <image> nº ${picture.number} do SVG ${message}`),
    );
    if (encoded === null) ok = false;
    else
      result = result
        .split(`"${picture.placeholder}"`)
        .join(`"data:${picture.contentType};base64,${encoded.toString('base64')}"`);
  }
  return ok ? result : null;
}

async function reencode(picture: SvgPicture, at: (message: string) => void) {
  const sharp = await loadSharp();
  const base64 = picture.base64.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) {
    at('tem um base64 inválido (caracteres fora do alfabeto base64)');
    return null;
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > EMBEDDED_PICTURE_LIMITS.maxBytes) {
    at(
      `tem ${megabytes(bytes.length)}; o máximo por imagem incorporada é ${megabytes(EMBEDDED_PICTURE_LIMITS.maxBytes)}`,
    );
    return null;
  }
  const declared = KIND_OF_TYPE[picture.contentType]!;
  const real = detectImageKind(bytes);
  if (real && real !== declared) {
    at(
      `declara ${picture.contentType}, mas o conteúdo é ${KIND_LABEL[real]}: ` +
        (SUPPORTED_EXTENSION[real] && real !== 'svg'
          ? `escreva data:image/${real};base64`
          : 'converta para PNG, JPEG ou WebP'),
    );
    return null;
  }
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, {
      limitInputPixels: EMBEDDED_PICTURE_LIMITS.maxPixels,
      animated: true,
    }).metadata();
  } catch (error) {
    at(
      error instanceof Error && /pixel limit/i.test(error.message)
        ? `tem mais de ${(EMBEDDED_PICTURE_LIMITS.maxPixels / 1_000_000).toLocaleString('pt-BR')} milhões de pixels`
        : `não pôde ser lida: dados corrompidos ou não é ${KIND_LABEL[declared]}`,
    );
    return null;
  }
  const frames = metadata.pages ?? 1;
  const height = frames > 1 ? (metadata.pageHeight ?? metadata.height) : metadata.height;
  if (Math.max(metadata.width, height) > EMBEDDED_PICTURE_LIMITS.maxSide) {
    at(
      `tem ${metadata.width}×${height} px; o máximo é ${EMBEDDED_PICTURE_LIMITS.maxSide} px por lado`,
    );
    return null;
  }
  const animated = frames > 1;
  const input = sharp(bytes, { limitInputPixels: EMBEDDED_PICTURE_LIMITS.maxPixels, animated });
  // Orientation is applied to the pixels, since the metadata that held it is not kept.
  const oriented = animated ? input : input.rotate();
  const output =
    declared === 'jpeg'
      ? oriented.jpeg({ quality: 90 })
      : declared === 'webp'
        ? oriented.webp({ quality: 90 })
        : declared === 'gif'
          ? oriented.gif()
          : oriented.png({ compressionLevel: 9 });
  try {
    return await output.toBuffer();
  } catch {
    at(`não pôde ser lida: dados corrompidos ou não é ${KIND_LABEL[declared]}`);
    return null;
  }
}
