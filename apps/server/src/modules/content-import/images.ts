import { createHash } from 'node:crypto';
import type { Metadata } from 'sharp';
import { loadSharp } from '@/lib/sharp';
import type { ImageFile } from './content-files';
import type { ProblemList } from './problems';
import { detectImageKind, extensionMismatch, KIND_LABEL, KIND_OF_TYPE } from './image-type';
import { restorePictures } from './svg-pictures';
import { isWellFormedXml, plainSvgGeometry, sanitizeSvg, svgGeometry } from './svg';
import { megabytes } from '@/lib/operator-numbers';
import { classifyRaster, type RasterKind, rasterStats } from './raster-kind';

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
  /** A raster's kind when prepared (raster-kind.ts); null for SVGs and checks alone. */
  kind: RasterKind | null;
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
    const size = file.onDisk?.size ?? file.content.length;
    if (size > IMAGE_LIMITS.maxBytes) {
      at(`tem ${megabytes(size)}; o máximo é ${megabytes(IMAGE_LIMITS.maxBytes)}`);
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
        ? await checkSvg(file, at, options.prepare)
        : await checkRaster(file, at, options.prepare);
    if (image) prepared.push(image);
    if (files.length >= 20 && (index + 1) % 20 === 0)
      options.progress?.(`  ${index + 1}/${files.length} imagens verificadas`);
  }
  return prepared;
}

async function checkSvg(file: ImageFile, at: (message: string) => void, prepare: boolean) {
  const source = file.content.toString('utf8');
  if (!/<svg[\s>]/.test(source)) {
    at('não é um SVG: falta o elemento <svg>');
    return null;
  }
  // A check alone keeps nothing: a plain SVG needs no sanitized copy to find what the import would.
  const plain = prepare ? null : plainSvgGeometry(source);
  if (plain) {
    if (!sizeAccepted(plain, at)) return null;
    return svgImage(file, file.content, plain, '');
  }
  const sanitized = sanitizeSvg(source);
  sanitized.problems.forEach(at);
  let ok = sanitized.problems.length === 0;
  const geometry = svgGeometry(sanitized.svg);
  const { width, height } = geometry;
  if (!sizeAccepted(geometry, at)) ok = false;
  // What the sanitizer leaves must still parse as XML (a broken attribute is kept as it came).
  if (!isWellFormedXml(sanitized.svg)) {
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
  return svgImage(file, content, geometry, versionOf(content));
}

/** Whether an SVG's declared size is there and within the limits; if not, says why. */
function sizeAccepted(
  { width, height }: ReturnType<typeof svgGeometry>,
  at: (message: string) => void,
): boolean {
  if (!width || !height) {
    at('o SVG precisa declarar o tamanho: width e height, ou viewBox');
    return false;
  }
  if (width > IMAGE_LIMITS.svgMaxSide || height > IMAGE_LIMITS.svgMaxSide) {
    at(`o SVG declara ${width}×${height} px; o máximo é ${IMAGE_LIMITS.svgMaxSide} px por lado`);
    return false;
  }
  return true;
}

function svgImage(
  file: ImageFile,
  content: Buffer,
  { width, height, smallestText }: ReturnType<typeof svgGeometry>,
  version: string,
): PreparedImage {
  return {
    assetId: file.assetId,
    contentType: file.contentType,
    content,
    version,
    width: width!,
    height: height!,
    // The width at which the smallest text is drawn at the readable size.
    minWidth:
      smallestText === null
        ? null
        : Math.min(Math.ceil((width! * IMAGE_LIMITS.readableText) / smallestText), width! * 4),
    kind: null,
    zoomContentType: null,
    zoomContent: null,
  };
}

async function checkRaster(file: ImageFile, at: (message: string) => void, prepare: boolean) {
  const sharp = await loadSharp();
  const expected = KIND_OF_TYPE[file.contentType]!;
  let metadata: Metadata;
  try {
    metadata = await sharp(file.onDisk?.path ?? file.content, {
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

  // Only what is written is classified (a decoding): a check alone keeps nothing of it.
  const kind = prepare
    ? classifyRaster(await rasterStats(sharp, file.content, IMAGE_LIMITS.maxPixels))
    : null;
  const base = { assetId: file.assetId, contentType: file.contentType, kind };
  // A picture fits the column; text keeps its readable width (the marker's largura_minima still
  // overrides either on the page).
  const minWidth = (pageWidth: number) =>
    kind === 'picture'
      ? null
      : Math.min(pageWidth, RASTER_MIN_WIDTH.max, Math.ceil(width * RASTER_MIN_WIDTH.share));
  // Animated GIFs stay as they are; other rasters wider than the page use are re-encoded.
  if (width <= IMAGE_LIMITS.displayWidth || frames > 1 || !prepare) {
    return {
      ...base,
      content: file.content,
      // Only what is written needs its version: a check alone skips hashing every file.
      version: prepare ? versionOf(file.content) : '',
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
