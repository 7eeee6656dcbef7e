import sanitizeHtml from 'sanitize-html';
import {
  FIGURE_PLACEMENTS,
  type FigurePlacement,
  isAllowedAttributeValue,
  STATEMENT_FIGURE_TAG,
  STATEMENT_HTML_ATTRIBUTES,
  STATEMENT_HTML_CELL_ATTRIBUTES,
  STATEMENT_HTML_TAGS,
  STATEMENT_MATH_TAGS,
} from '@gabarita/shared';

/** A figure marker found in statement HTML, as the operator wrote it. */
export interface FigureMarker {
  assetId: string | undefined;
  alt: string | undefined;
  placement: string | undefined;
}

export interface SanitizedHtml {
  html: string;
  figures: FigureMarker[];
  /** `<img>` elements found (format 2 asks for figure markers instead). */
  images: number;
}

// Format 1 keeps formatting only, as it always did: no figure markers, no formulas.
const FORMAT_1_TAGS = STATEMENT_HTML_TAGS.filter(
  (tag) =>
    tag !== STATEMENT_FIGURE_TAG && !(STATEMENT_MATH_TAGS as readonly string[]).includes(tag),
);

function options(version: 1 | 2, onTag: (name: string, attribs: Record<string, string>) => void) {
  const result: sanitizeHtml.IOptions = {
    allowedTags: version === 1 ? [...FORMAT_1_TAGS] : [...STATEMENT_HTML_TAGS],
    allowedAttributes:
      version === 1
        ? { td: [...STATEMENT_HTML_CELL_ATTRIBUTES], th: [...STATEMENT_HTML_CELL_ATTRIBUTES] }
        : Object.fromEntries(
            Object.entries(STATEMENT_HTML_ATTRIBUTES).map(([tag, list]) => [tag, [...list]]),
          ),
    allowedSchemes: [],
    disallowedTagsMode: 'discard',
    // Figure markers may be written `<figura … />`.
    parser: { recognizeSelfClosing: true, lowerCaseAttributeNames: true },
    onOpenTag: onTag,
    transformTags: {
      // Values outside their allowed set are dropped (e.g. tipo="grande", colspan="x").
      '*': (tagName, attribs) => ({
        tagName,
        attribs: Object.fromEntries(
          Object.entries(attribs).filter(([name, value]) =>
            isAllowedAttributeValue(tagName, name, value),
          ),
        ),
      }),
    },
  };
  return result;
}

/**
 * Statement and reference HTML reduced to the shared allow-list (packages/shared statement-html),
 * with the figure markers it contains. Markers keep no content.
 */
export function sanitizeStatementHtml(html: string, version: 1 | 2 = 1): SanitizedHtml {
  const figures: FigureMarker[] = [];
  let images = 0;
  const clean = sanitizeHtml(
    html,
    options(version, (name, attribs) => {
      if (name === 'img') images += 1;
      if (version === 2 && name === STATEMENT_FIGURE_TAG) {
        figures.push({ assetId: attribs.imagem, alt: attribs.alt, placement: attribs.tipo });
      }
    }),
  );
  return {
    html: clean.replace(/(<figura\b[^>]*>)[\s\S]*?(<\/figura>)/g, '$1$2').trim(),
    figures,
    images,
  };
}

export function isFigurePlacement(value: string): value is FigurePlacement {
  return (FIGURE_PLACEMENTS as readonly string[]).includes(value);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/**
 * Format 1 alternatives are HTML reduced to text: tags are dropped and entities decoded, so
 * 'média &lt; moda' and 'média < moda' both read 'média < moda'.
 */
export function plainText(html: string): string {
  const stripped = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return stripped
    .replace(/&(amp|lt|gt|quot|#39);/g, (_match, name: string) => ENTITIES[name]!)
    .trim();
}

/** The text of statement HTML: tags dropped, figures as "[Figura: descrição]", powers as "^". */
export function htmlToText(html: string): string {
  const marked = html
    .replace(
      /<figura\b[^>]*\balt="([^"]*)"[^>]*><\/figura>/g,
      (_match, alt: string) => `[Figura: ${alt}]`,
    )
    .replace(/<sup>/g, '^')
    .replace(/<\/(p|li|td|th|tr|blockquote)>|<br\s*\/?>/g, ' ');
  return plainText(marked).replace(/\s+/g, ' ').trim();
}

// --- SVG ------------------------------------------------------------------------------------

const SVG_TAGS = [
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'style',
  'filter',
  'feGaussianBlur',
  'feOffset',
  'feBlend',
  'feFlood',
  'feComposite',
  'feMerge',
  'feMergeNode',
  'feColorMatrix',
  'feDropShadow',
];

/** A value that would load something or run something. */
function dangerousValue(value: string): boolean {
  const compact = value.replace(/\s+/g, '').toLowerCase();
  if (/javascript:|vbscript:|data:|expression\(|@import/.test(compact)) return true;
  // url(...) only to a fragment of this document (gradients, markers, clip paths).
  return /url\((?!['"]?#)/.test(compact);
}

export interface SanitizedSvg {
  svg: string;
  /** Things the operator must fix: they would load resources from elsewhere. */
  problems: string[];
}

/**
 * Drawing elements only: no scripts, event handlers, foreign content, links, embedded images or
 * resources from elsewhere (references stay inside the file). Case is kept (viewBox).
 */
export function sanitizeSvg(source: string): SanitizedSvg {
  const problems: string[] = [];
  for (const match of source.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    if (dangerousValue(match[1] ?? ''))
      problems.push('o <style> do SVG carrega recursos externos (@import ou url(...))');
  }
  const svg = sanitizeHtml(source, {
    allowedTags: SVG_TAGS,
    // <style> is kept for drawings made with classes; its text was checked above, and SVGs are
    // only ever drawn as images or served with a CSP that loads and runs nothing.
    allowVulnerableTags: true,
    allowedAttributes: false,
    allowedSchemes: [],
    disallowedTagsMode: 'discard',
    parser: { xmlMode: true, recognizeSelfClosing: true },
    parseStyleAttributes: false,
    // Explicit end tags everywhere: valid XML whatever the element holds.
    selfClosing: [],
    transformTags: {
      '*': (tagName, attribs) => ({
        tagName,
        attribs: Object.fromEntries(
          Object.entries(attribs).filter(([name, value]) => {
            const lower = name.toLowerCase();
            if (lower.startsWith('on')) return false;
            if (lower === 'href' || lower === 'xlink:href') return value.trim().startsWith('#');
            if (lower === 'xml:base') return false;
            return !dangerousValue(value);
          }),
        ),
      }),
    },
  }).trim();
  return { svg, problems };
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)')`)
    .exec(tag)
    ?.slice(2, 4)
    .find(Boolean);
}

function pixels(value: string | undefined): number | undefined {
  const match = value && /^\s*([\d.]+)\s*(px)?\s*$/.exec(value);
  return match ? Number(match[1]) : undefined;
}

/**
 * The size an SVG declares (width/height, else its viewBox) and the smallest text in it, in CSS
 * pixels at that size. Undefined size: the file declares none.
 */
export function svgGeometry(svg: string): {
  width: number | undefined;
  height: number | undefined;
  smallestText: number | null;
} {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? '';
  const viewBox = attribute(root, 'viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  const boxWidth = viewBox?.length === 4 ? viewBox[2] : undefined;
  const boxHeight = viewBox?.length === 4 ? viewBox[3] : undefined;
  let width = pixels(attribute(root, 'width'));
  let height = pixels(attribute(root, 'height'));
  if (width === undefined && height === undefined) {
    width = boxWidth;
    height = boxHeight;
  } else if (width === undefined && height && boxWidth && boxHeight) {
    width = (height * boxWidth) / boxHeight;
  } else if (height === undefined && width && boxWidth && boxHeight) {
    height = (width * boxHeight) / boxWidth;
  }
  // Text drawn in the viewBox's units is scaled to the declared width.
  const scale = width && boxWidth ? width / boxWidth : 1;
  const sizes = [
    ...svg.matchAll(/font-size\s*=\s*["']\s*([\d.]+)(?:px)?\s*["']/g),
    ...svg.matchAll(/font-size\s*:\s*([\d.]+)(?:px)?/g),
  ].map((match) => Number(match[1]));
  const declared = sizes.filter((size) => size > 0);
  // SVG text without a declared size is 16 px.
  const smallest = /<text\b/.test(svg)
    ? (declared.length > 0 ? Math.min(...declared) : 16) * scale
    : null;
  return {
    width: width === undefined ? undefined : Math.round(width),
    height: height === undefined ? undefined : Math.round(height),
    smallestText: smallest === null ? null : Math.round(smallest * 10) / 10,
  };
}
