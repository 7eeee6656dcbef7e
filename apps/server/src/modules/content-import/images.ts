import { createHash } from 'node:crypto';
import type { Metadata } from 'sharp';
import { loadSharp } from '@/lib/sharp';
import type { ImageFile } from './content-files';
import type { ProblemList } from './problems';
import { detectImageKind, extensionMismatch, KIND_LABEL, KIND_OF_TYPE } from './image-type';
import { restorePictures } from './svg-pictures';
import { sanitizeSvg, svgGeometry } from './svg';
import { megabytes } from '@/lib/operator-numbers';

/** Limits and targets for catalogue images (docs/content-format.md, "Images"). */
export const IMAGE_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  /** Rasters: longest side and total pixels. */
  maxSide: 10_000,
  maxPixels: 50_000_000,
  minSide: 8,
  /** SVGs: the size they declare, in CSS pixels. */
  svgMaxSide: 4_000,
  /** Rasters wider than this are re-encoded to it for the page; the original stays for zoom. */
  displayWidth: 1_600,
  /** Text in a figure is never drawn smaller than this (CSS px): narrow screens scroll instead. */
  readableText: 12,
} as const;

/**
 * A raster's narrowest page width: 60% of its pixel width, since a scan's text drawn below that is
 * under ~12 px for scans of 150 dpi, and never more than 720 px, the width at which a whole A4 page
 * scanned at any resolution shows its 10 pt text at 12 px (docs/content-format.md, "Images").
 */
export const RASTER_MIN_WIDTH = { share: 0.6, max: 720 } as const;

export interface PreparedImage {
  assetId: string;
  contentType: string;
  content: Buffer;
  version: string;
  width: number;
  height: number;
  minWidth: number | null;
  zoomContentType: string | null;
  zoomContent: Buffer | null;
}

function versionOf(content: Buffer) {
  return createHash('sha256').update(content).digest('hex').slice(0, 16);
}

/**
 * Checks each image (format matches the extension, size, dimensions), sanitizes SVGs (re-encoding
 * the pictures they embed) and, when `prepare` is set, re-encodes large rasters for the page
 * keeping the original for zoom. Problems go to `problems`; only images without problems are
 * returned.
 */
export async function checkImages(
  files: ImageFile[],
  problems: ProblemList,
  options: { prepare: boolean; progress?: (line: string) => void },
): Promise<PreparedImage[]> {
  const prepared: PreparedImage[] = [];
  for (const [index, file] of files.entries()) {
    const at = (message: string) => problems.report(file.file, '$', message);
    if (file.content.length > IMAGE_LIMITS.maxBytes) {
      at(`tem ${megabytes(file.content.length)}; o máximo é ${megabytes(IMAGE_LIMITS.maxBytes)}`);
      continue;
    }
    // One line for a file of another kind than its extension, before decoding says "corrupt".
    const real = detectImageKind(file.content);
    const declared = KIND_OF_TYPE[file.contentType]!;
    if (real && real !== declared) {
      at(extensionMismatch(real, declared));
      continue;
    }
    const image =
      file.contentType === 'image/svg+xml'
        ? await checkSvg(file, at)
        : await checkRaster(file, at, options.prepare);
    if (image) prepared.push(image);
    if (files.length >= 20 && (index + 1) % 20 === 0)
      options.progress?.(`  ${index + 1}/${files.length} imagens verificadas`);
  }
  return prepared;
}

async function checkSvg(file: ImageFile, at: (message: string) => void) {
  const sharp = await loadSharp();
  const source = file.content.toString('utf8');
  if (!/<svg[\s>]/.test(source)) {
    at('não é um SVG: falta o elemento <svg>');
    return null;
  }
  const sanitized = sanitizeSvg(source);
  sanitized.problems.forEach(at);
  let ok = sanitized.problems.length === 0;
  const { width, height, smallestText } = svgGeometry(sanitized.svg);
  if (!width || !height) {
    at('o SVG precisa declarar o tamanho: width e height, ou viewBox');
    ok = false;
  } else if (width > IMAGE_LIMITS.svgMaxSide || height > IMAGE_LIMITS.svgMaxSide) {
    at(`o SVG declara ${width}×${height} px; o máximo é ${IMAGE_LIMITS.svgMaxSide} px por lado`);
    ok = false;
  }
  try {
    // librsvg must be able to draw it: catches broken XML.
    await sharp(Buffer.from(sanitized.svg, 'utf8')).metadata();
  } catch {
    at('SVG inválido: o arquivo não pôde ser lido (XML malformado?)');
    return null;
  }
  // Checked even when something else is wrong, so every problem shows up in one run.
  const svg = await restorePictures(sanitized.svg, sanitized.pictures, at);
  if (!ok || svg === null || !width || !height) return null;
  const content = Buffer.from(svg, 'utf8');
  if (content.length > IMAGE_LIMITS.maxBytes) {
    at(
      `com as imagens incorporadas reprocessadas, o SVG fica com ${megabytes(content.length)}; o máximo é ${megabytes(IMAGE_LIMITS.maxBytes)}`,
    );
    return null;
  }
  return {
    assetId: file.assetId,
    contentType: file.contentType,
    content,
    version: versionOf(content),
    width,
    height,
    // The width at which the smallest text is drawn at the readable size.
    minWidth:
      smallestText === null
        ? null
        : Math.min(Math.ceil((width * IMAGE_LIMITS.readableText) / smallestText), width * 4),
    zoomContentType: null,
    zoomContent: null,
  } satisfies PreparedImage;
}

async function checkRaster(file: ImageFile, at: (message: string) => void, prepare: boolean) {
  const sharp = await loadSharp();
  const expected = KIND_OF_TYPE[file.contentType]!;
  let metadata: Metadata;
  try {
    metadata = await sharp(file.content, {
      limitInputPixels: IMAGE_LIMITS.maxPixels,
      animated: true,
    }).metadata();
  } catch (error) {
    at(
      error instanceof Error && /pixel limit/i.test(error.message)
        ? `tem mais de ${(IMAGE_LIMITS.maxPixels / 1_000_000).toLocaleString('pt-BR')} milhões de pixels`
        : `não foi possível ler a imagem: arquivo corrompido ou não é ${KIND_LABEL[expected]}`,
    );
    return null;
  }
  // A kind the magic bytes did not name, but the decoder knows (e.g. JPEG 2000).
  if (metadata.format !== expected) {
    at(
      `o conteúdo é ${metadata.format.toUpperCase()}, mas a extensão diz ${KIND_LABEL[expected]}: converta para PNG, JPEG ou WebP`,
    );
    return null;
  }
  const frames = metadata.pages ?? 1;
  // Animated images stack their frames in `height`.
  const rawHeight = frames > 1 ? (metadata.pageHeight ?? metadata.height) : metadata.height;
  const rotated = (metadata.orientation ?? 1) >= 5;
  const width = rotated ? rawHeight : metadata.width;
  const height = rotated ? metadata.width : rawHeight;
  if (!width || !height) {
    at('não foi possível ler as dimensões da imagem');
    return null;
  }
  if (Math.max(width, height) > IMAGE_LIMITS.maxSide) {
    at(`tem ${width}×${height} px; o máximo é ${IMAGE_LIMITS.maxSide} px por lado`);
    return null;
  }
  if (Math.min(width, height) < IMAGE_LIMITS.minSide) {
    at(`tem ${width}×${height} px; o mínimo é ${IMAGE_LIMITS.minSide} px por lado`);
    return null;
  }

  const base = { assetId: file.assetId, contentType: file.contentType };
  const minWidth = (pageWidth: number) =>
    Math.min(pageWidth, RASTER_MIN_WIDTH.max, Math.ceil(width * RASTER_MIN_WIDTH.share));
  // Animated GIFs stay as they are; other rasters wider than the page use are re-encoded.
  if (width <= IMAGE_LIMITS.displayWidth || frames > 1 || !prepare) {
    return {
      ...base,
      content: file.content,
      version: versionOf(file.content),
      width,
      height,
      minWidth: minWidth(width),
      zoomContentType: null,
      zoomContent: null,
    } satisfies PreparedImage;
  }
  const resized = sharp(file.content, { limitInputPixels: IMAGE_LIMITS.maxPixels })
    .rotate()
    .resize({ width: IMAGE_LIMITS.displayWidth, withoutEnlargement: true });
  const encoded =
    expected === 'jpeg'
      ? resized.jpeg({ quality: 82, mozjpeg: true })
      : expected === 'webp'
        ? resized.webp({ quality: 82 })
        : expected === 'gif'
          ? resized.gif()
          : resized.png({ compressionLevel: 9 });
  const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
  return {
    ...base,
    content: data,
    version: versionOf(data),
    width: info.width,
    height: info.height,
    minWidth: minWidth(info.width),
    zoomContentType: file.contentType,
    zoomContent: file.content,
  } satisfies PreparedImage;
}
