import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** The import's allow-list (docs/content-format.md): simple formatting, tables, no attributes but spans. */
const ALLOWED_TAGS = [
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
];
const ALLOWED_ATTR = ['colspan', 'rowspan'];

/** Sanitizes again at render, whatever the server sent: defence in depth for statement HTML. */
export function sanitizeStatementHtml(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}

export function RichHtml({ html, className = '' }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeStatementHtml(html), [html]);
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
