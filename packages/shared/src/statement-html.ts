/**
 * The formatting statements, reference texts and rich alternatives may keep
 * (docs/content-format.md): sanitized to this at import on the server and again at render in the
 * browser. No links, styles, scripts or anything that loads a resource by itself: figures are
 * markers naming an imported asset, resolved by the app.
 */

/** Small formulas in MathML: fractions, powers, indices and roots, nothing that loads or styles. */
export const STATEMENT_MATH_TAGS = [
  'math',
  'mrow',
  'mi',
  'mn',
  'mo',
  'mtext',
  'mfrac',
  'msup',
  'msub',
  'msubsup',
  'msqrt',
  'mroot',
] as const;

/** The figure marker: `<figura imagem="assetId" alt="descrição" tipo="bloco|linha"></figura>`. */
export const STATEMENT_FIGURE_TAG = 'figura';
export const STATEMENT_FIGURE_ATTRIBUTES = [
  'imagem',
  'alt',
  'tipo',
  'largura_minima',
  'altura',
] as const;
/** 'bloco' (default): a figure on its own line; 'linha': a small figure inside a sentence. */
export const FIGURE_PLACEMENTS = ['bloco', 'linha'] as const;
export type FigurePlacement = (typeof FIGURE_PLACEMENTS)[number];

/** `largura_minima`: the narrowest the page draws a figure, in CSS px; 0 lets it shrink freely. */
export const FIGURE_MIN_WIDTH_RANGE = { min: 0, max: 4000 } as const;
/** `altura`: an inline figure's height in em, e.g. "1.2". */
export const FIGURE_HEIGHT_RANGE = { min: 0.5, max: 3 } as const;

/** The value of `largura_minima` (a whole number of px in range), or undefined when invalid. */
export function parseFigureMinWidth(value: string): number | undefined {
  if (!/^(0|[1-9]\d{0,3})$/.test(value)) return undefined;
  const width = Number(value);
  return width <= FIGURE_MIN_WIDTH_RANGE.max ? width : undefined;
}

/** The value of `altura` (em, up to two decimals, in range), or undefined when invalid. */
export function parseFigureHeight(value: string): number | undefined {
  if (!/^\d(\.\d{1,2})?$/.test(value)) return undefined;
  const height = Number(value);
  return height >= FIGURE_HEIGHT_RANGE.min && height <= FIGURE_HEIGHT_RANGE.max
    ? height
    : undefined;
}

/** Asset ids name files in `imagens/` and travel in URLs. */
export const ASSET_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

export const STATEMENT_HTML_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  'sub',
  'sup',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'blockquote',
  'span',
  STATEMENT_FIGURE_TAG,
  ...STATEMENT_MATH_TAGS,
] as const;

/** Attributes kept, on table cells only. */
export const STATEMENT_HTML_CELL_ATTRIBUTES = ['colspan', 'rowspan'] as const;

/** Every attribute kept, by element; all others are dropped. */
export const STATEMENT_HTML_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  td: STATEMENT_HTML_CELL_ATTRIBUTES,
  th: STATEMENT_HTML_CELL_ATTRIBUTES,
  [STATEMENT_FIGURE_TAG]: STATEMENT_FIGURE_ATTRIBUTES,
  math: ['display'],
};

/** The values an attribute may take, where it is not free text. */
export function isAllowedAttributeValue(tag: string, attribute: string, value: string): boolean {
  if (attribute === 'colspan' || attribute === 'rowspan') return /^[1-9]\d?$/.test(value);
  if (tag === STATEMENT_FIGURE_TAG && attribute === 'imagem') return ASSET_ID_PATTERN.test(value);
  if (tag === STATEMENT_FIGURE_TAG && attribute === 'tipo')
    return (FIGURE_PLACEMENTS as readonly string[]).includes(value);
  if (tag === STATEMENT_FIGURE_TAG && attribute === 'largura_minima')
    return parseFigureMinWidth(value) !== undefined;
  if (tag === STATEMENT_FIGURE_TAG && attribute === 'altura')
    return parseFigureHeight(value) !== undefined;
  if (tag === 'math' && attribute === 'display') return value === 'block' || value === 'inline';
  return (STATEMENT_HTML_ATTRIBUTES[tag] ?? []).includes(attribute);
}
