// The checks of statement HTML and its figures: markers, image names and sizes (validate-content.ts).
import {
  ASSET_ID_PATTERN,
  FIGURE_HEIGHT_RANGE,
  FIGURE_MIN_WIDTH_RANGE,
  parseFigureHeight,
  parseFigureMinWidth,
} from '@gabarita/shared';
import { type At } from './problems';
import { type FigureMarker, isFigurePlacement, sanitizeStatementHtml } from './sanitize';

/** Sanitizes statement HTML and checks its figure markers (format 2). */
export function readHtml(
  value: string,
  path: string,
  at: At,
  version: 1 | 2,
  useImage: (assetId: string, path: string) => void,
): string {
  const sanitized = sanitizeStatementHtml(value, version);
  if (version === 2) {
    if (sanitized.images > 0) {
      at(path, '<img> não é aceito: use <figura imagem="nome-da-imagem" alt="descrição"></figura>');
    }
    checkFigures(sanitized.figures, path, at, useImage);
  }
  return sanitized.html;
}

function checkFigures(
  markers: FigureMarker[],
  path: string,
  at: At,
  useImage: (assetId: string, path: string) => void,
) {
  for (const marker of markers) {
    const assetId = marker.assetId?.trim();
    const name = assetId ? `"${assetId}"` : 'sem nome';
    if (!assetId) at(path, 'figura sem o atributo imagem="nome-da-imagem"');
    else if (!ASSET_ID_PATTERN.test(assetId))
      at(path, `figura com nome de imagem inválido: ${name} (use letras, números, _ e -)`);
    else useImage(assetId, path);
    if (!marker.alt?.trim()) at(path, `a figura ${name} precisa de uma descrição em alt="..."`);
    if (marker.placement !== undefined && !isFigurePlacement(marker.placement)) {
      at(path, `a figura ${name} tem tipo="${marker.placement}": use "bloco" ou "linha"`);
    }
    checkFigureSize(marker, name, path, at);
  }
}

/** `largura_minima` and `altura`: an invalid value is reported, never silently dropped. */
function checkFigureSize(marker: FigureMarker, name: string, path: string, at: At) {
  if (marker.minWidth !== undefined && parseFigureMinWidth(marker.minWidth) === undefined) {
    at(
      path,
      `a figura ${name} tem largura_minima="${marker.minWidth}": use um número inteiro de pixels de ${FIGURE_MIN_WIDTH_RANGE.min} a ${FIGURE_MIN_WIDTH_RANGE.max} (0 deixa a figura encolher livremente)`,
    );
  }
  if (marker.height === undefined) return;
  if (parseFigureHeight(marker.height) === undefined) {
    at(
      path,
      `a figura ${name} tem altura="${marker.height}": use um número de ${FIGURE_HEIGHT_RANGE.min} a ${FIGURE_HEIGHT_RANGE.max}, com ponto, como "1.2" (a altura em relação à letra do texto)`,
    );
  } else if ((marker.placement ?? 'bloco') === 'bloco') {
    at(path, `a figura ${name} tem altura, que só vale para figuras com tipo="linha"`);
  }
}
