import sanitizeHtml from 'sanitize-html';

// Formatting only: no links, images, styles, scripts or anything that loads a resource.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: { td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
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
