import { createElement, Fragment, useMemo, type ReactNode } from 'react';
import {
  type Figure,
  isAllowedAttributeValue,
  parseFigureHeight,
  parseFigureMinWidth,
  STATEMENT_FIGURE_TAG,
  STATEMENT_HTML_ATTRIBUTES,
  STATEMENT_HTML_TAGS,
} from '@gabarita/shared';
import { FigureImage } from './figure-image';

const KEPT_TAGS = new Set<string>(STATEMENT_HTML_TAGS);
const VOID_TAGS = new Set(['br']);
/** Elements where whitespace text is not content (React warns about it, browsers drop it). */
const TABLE_PARTS = new Set(['table', 'thead', 'tbody', 'tr']);
const REACT_NAMES: Record<string, string> = { colspan: 'colSpan', rowspan: 'rowSpan' };

/**
 * Elements whose content is not text to read (code, styles, embedded documents, media, a
 * formula's source): dropped with everything in them. Any other element outside the allow-list is
 * dropped too, but its text is kept.
 */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'iframe',
  'object',
  'embed',
  'xmp',
  'plaintext',
  'title',
  'textarea',
  'select',
  'option',
  'svg',
  'audio',
  'video',
  'canvas',
  'colgroup',
  'annotation',
  'annotation-xml',
]);

interface RenderContext {
  figures: ReadonlyMap<string, Figure>;
  /** False inside a control (an alternative's label): figures are drawn but not buttons. */
  zoomable: boolean;
}

/**
 * Builds React elements from the parsed tree, element by element: only allow-listed tags and
 * attributes become elements (anything else contributes its text, or nothing), and figure markers
 * become figures. No HTML string is ever injected into the page.
 */
function toReact(node: Node, key: string, context: RenderContext): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.localName;
  if (DROPPED_WITH_CONTENT.has(tag)) return null;
  if (tag === STATEMENT_FIGURE_TAG) {
    const assetId = element.getAttribute('imagem') ?? '';
    const figure = context.figures.get(assetId);
    const alt = element.getAttribute('alt') ?? '';
    if (!figure) return alt ? `[${alt}]` : null;
    const inline = element.getAttribute('tipo') === 'linha';
    // Invalid values are ignored, as the import's sanitizer drops them.
    const minWidth = element.getAttribute('largura_minima');
    const height = element.getAttribute('altura');
    return (
      <FigureImage
        key={key}
        figure={figure}
        description={alt}
        inline={inline}
        zoomable={context.zoomable}
        minWidth={minWidth === null ? undefined : parseFigureMinWidth(minWidth)}
        height={inline && height !== null ? parseFigureHeight(height) : undefined}
      />
    );
  }
  const children = [...element.childNodes]
    .filter(
      (child) =>
        !(TABLE_PARTS.has(tag) && child.nodeType === Node.TEXT_NODE && !child.textContent?.trim()),
    )
    .map((child, index) => toReact(child, `${key}.${index}`, context));
  if (!KEPT_TAGS.has(tag)) return <Fragment key={key}>{children}</Fragment>;
  const props: Record<string, string> = { key };
  for (const attribute of STATEMENT_HTML_ATTRIBUTES[tag] ?? []) {
    const value = element.getAttribute(attribute);
    if (value !== null && isAllowedAttributeValue(tag, attribute, value)) {
      props[REACT_NAMES[attribute] ?? attribute] = value;
    }
  }
  return VOID_TAGS.has(tag) ? createElement(tag, props) : createElement(tag, props, ...children);
}

/**
 * Statement HTML as React elements, filtered again at render whatever the server sent (defence in
 * depth: the import already keeps only the allow-list). The browser's parser reads it into an
 * inert document, where nothing runs or loads; only the allow-listed parts of that tree are built.
 */
function renderStatementHtml(
  html: string,
  figures: readonly Figure[] = [],
  zoomable = true,
): ReactNode[] {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  const context = {
    figures: new Map(figures.map((figure) => [figure.assetId, figure])),
    zoomable,
  };
  return [...body.childNodes].map((child, index) => toReact(child, String(index), context));
}

interface RichHtmlProps {
  html: string;
  /** The images the HTML's figure markers may name. */
  figures?: readonly Figure[];
  className?: string;
  /** 'span' where only phrasing content may go (inside an alternative's label). */
  as?: 'div' | 'span';
  zoomable?: boolean;
}

export function RichHtml({
  html,
  figures,
  className = '',
  as: Element = 'div',
  zoomable = true,
}: RichHtmlProps) {
  const content = useMemo(
    () => renderStatementHtml(html, figures, zoomable),
    [html, figures, zoomable],
  );
  return <Element className={`rich-text ${className}`}>{content}</Element>;
}
