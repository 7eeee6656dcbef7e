import sharp from 'sharp';
import type { ExportQuestion } from './export-question';

/** The widest a figure is kept in the PDF, in pixels: a page's text column at about 200 dpi. */
const MAX_WIDTH = 1400;
const KEPT_AS_IS = new Set(['image/png', 'image/jpeg']);
const FIGURE_IDS = /<figura\b[^>]*\bimagem="([^"]*)"/g;

/** Every image a question shows: in its texts, its alternatives and the format-1 image. */
export function questionImageIds(question: ExportQuestion): string[] {
  const html = [
    question.statementHtml,
    ...question.referenceTextsHtml,
    ...question.alternatives.map((alternative) => alternative.html ?? ''),
  ].join('');
  const ids = new Set([...html.matchAll(FIGURE_IDS)].map(([, id]) => id!));
  for (const alternative of question.alternatives) {
    if (alternative.assetId) ids.add(alternative.assetId);
  }
  if (question.imageAssetId) ids.add(question.imageAssetId);
  return [...ids];
}

/**
 * An image as the PDF can embed it: PNG and JPEG as they are (unless too wide), any other type
 * (WebP, SVG) drawn to PNG. Undefined when the bytes cannot be read as an image.
 */
export async function pdfImage(
  contentType: string,
  content: Uint8Array,
): Promise<string | undefined> {
  try {
    const image = sharp(content, { density: 200 });
    const { width = 0 } = await image.metadata();
    if (KEPT_AS_IS.has(contentType) && width <= MAX_WIDTH) {
      return `data:${contentType};base64,${Buffer.from(content).toString('base64')}`;
    }
    const png = await image
      .resize({ width: MAX_WIDTH, withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
    return `data:image/png;base64,${png.toString('base64')}`;
  } catch {
    return undefined;
  }
}
