/**
 * The formatting statements and reference texts may keep (docs/content-format.md): sanitized to this
 * at import on the server and again at render in the browser. No links, images, styles or scripts.
 */
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
] as const;

/** Attributes kept, on table cells only. */
export const STATEMENT_HTML_CELL_ATTRIBUTES = ['colspan', 'rowspan'] as const;
