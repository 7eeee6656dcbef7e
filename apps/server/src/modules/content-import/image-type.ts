/**
 * What an image file really is, from its first bytes, whatever its extension (or an SVG's data:
 * URI) says: a mismatch is reported as one line naming the real type.
 */

export type ImageKind =
  'png' | 'jpeg' | 'gif' | 'webp' | 'svg' | 'bmp' | 'tiff' | 'pdf' | 'heic' | 'avif';

/** The types the catalogue accepts, with the extension to rename a file to. */
export const SUPPORTED_EXTENSION: Readonly<Partial<Record<ImageKind, string>>> = {
  png: '.png',
  jpeg: '.jpg',
  gif: '.gif',
  webp: '.webp',
  svg: '.svg',
};

export const KIND_LABEL: Readonly<Record<ImageKind, string>> = {
  png: 'PNG',
  jpeg: 'JPEG',
  gif: 'GIF',
  webp: 'WebP',
  svg: 'SVG',
  bmp: 'BMP',
  tiff: 'TIFF',
  pdf: 'PDF',
  heic: 'HEIC',
  avif: 'AVIF',
};

/** The kind an accepted MIME type names. */
export const KIND_OF_TYPE: Readonly<Record<string, ImageKind>> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
};

const startsWith = (content: Buffer, bytes: number[] | string, at = 0) => {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return content.subarray(at, at + expected.length).equals(expected);
};

// BMP's "BM" is short enough to start a text file: its header size must be one BMP defines too.
const BMP_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** The kind the content is, or undefined when it is none of those (or is broken). */
export function detectImageKind(content: Buffer): ImageKind | undefined {
  if (startsWith(content, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(content, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(content, 'GIF87a') || startsWith(content, 'GIF89a')) return 'gif';
  if (startsWith(content, 'RIFF') && startsWith(content, 'WEBP', 8)) return 'webp';
  if (
    startsWith(content, 'BM') &&
    content.length >= 18 &&
    BMP_HEADER_SIZES.has(content.readUInt32LE(14))
  )
    return 'bmp';
  if (startsWith(content, 'II*\u0000') || startsWith(content, 'MM\u0000*')) return 'tiff';
  if (startsWith(content, '%PDF-')) return 'pdf';
  if (startsWith(content, 'ftyp', 4)) {
    const brand = content.subarray(8, 12).toString('latin1');
    if (brand === 'avif' || brand === 'avis') return 'avif';
    if (HEIC_BRANDS.has(brand)) return 'heic';
  }
  // Text: an XML prolog, comments or a doctype may come before the root element.
  const head = content
    .subarray(0, 65_536)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (/^\s*</.test(head) && /<svg[\s>]/.test(head)) return 'svg';
  return undefined;
}

/**
 * The one line for a file whose content is another kind than its extension says, e.g. "o conteúdo
 * é GIF, mas a extensão diz PNG: renomeie para .gif".
 */
export function extensionMismatch(real: ImageKind, declared: ImageKind): string {
  const head = `o conteúdo é ${KIND_LABEL[real]}, mas a extensão diz ${KIND_LABEL[declared]}`;
  const extension = SUPPORTED_EXTENSION[real];
  return extension
    ? `${head}: renomeie para ${extension}`
    : `${head}: converta para PNG, JPEG ou WebP`;
}
