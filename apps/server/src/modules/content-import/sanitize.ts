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
  /** `largura_minima` and `altura`, unchecked (the sanitized HTML drops invalid values). */
  minWidth: string | undefined;
  height: string | undefined;
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
  if (isAlreadyClean(html)) return { html: html.trim(), figures: [], images: 0 };
  return parsedAndSanitized(html, version);
}

/** `sanitizeStatementHtml` through sanitize-html, whatever the markup. */
export function parsedAndSanitized(html: string, version: 1 | 2): SanitizedHtml {
  const figures: FigureMarker[] = [];
  let images = 0;
  const clean = sanitizeHtml(
    html,
    options(version, (name, attribs) => {
      if (name === 'img') images += 1;
      if (version === 2 && name === STATEMENT_FIGURE_TAG) {
        figures.push({
          assetId: attribs.imagem,
          alt: attribs.alt,
          placement: attribs.tipo,
          minWidth: attribs.largura_minima,
          height: attribs.altura,
        });
      }
    }),
  );
  return {
    html: clean.replace(/(<figura\b[^>]*>)[\s\S]*?(<\/figura>)/g, '$1$2').trim(),
    figures,
    images,
  };
}

/** Inline tags of both formats that sanitize-html writes back as they came. */
const CLEAN_INLINE_TAGS = new Set(['strong', 'b', 'em', 'i', 'u', 'sub', 'sup']);
const CLEAN_TOKEN = /<(\/?)([a-z]+)>|<br \/>|[<>&]/g;

/**
 * Whether sanitize-html would give `html` back unchanged, decided without parsing it: text with no
 * `<`, `>` or `&`, paragraphs at the top level only, inline tags without attributes, properly
 * nested, and `<br />`. Most statements are written so (170 of the sample's 184), and sanitize-html
 * was most of what checking them cost (a million questions checked in 99 s with it, 28 s without).
 * sanitize.test.ts compares the two on generated markup.
 */
export function isAlreadyClean(html: string): boolean {
  const open: string[] = [];
  CLEAN_TOKEN.lastIndex = 0;
  for (let token = CLEAN_TOKEN.exec(html); token; token = CLEAN_TOKEN.exec(html)) {
    const [whole, closing, name] = token;
    if (whole === '<br />') continue;
    if (name === undefined) return false;
    if (closing) {
      if (open.pop() !== name) return false;
    } else if (name === 'p' ? open.length > 0 : !CLEAN_INLINE_TAGS.has(name)) return false;
    else open.push(name);
  }
  return open.length === 0;
}

export function isFigurePlacement(value: string): value is FigurePlacement {
  return (FIGURE_PLACEMENTS as readonly string[]).includes(value);
}
