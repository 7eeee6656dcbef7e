import sanitizeHtml from 'sanitize-html';
import { STATEMENT_HTML_CELL_ATTRIBUTES, STATEMENT_HTML_TAGS } from '@gabarita/shared';

// Formatting only: no links, images, styles, scripts or anything that loads a resource.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...STATEMENT_HTML_TAGS],
  allowedAttributes: {
    td: [...STATEMENT_HTML_CELL_ATTRIBUTES],
    th: [...STATEMENT_HTML_CELL_ATTRIBUTES],
  },
  allowedSchemes: [],
  disallowedTagsMode: 'discard',
};

export function sanitizeStatementHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Alternatives are plain text; markup in them is dropped. */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim();
}
