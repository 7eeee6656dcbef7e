import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { STATEMENT_HTML_CELL_ATTRIBUTES, STATEMENT_HTML_TAGS } from '@gabarita/shared';

const ALLOWED_TAGS = [...STATEMENT_HTML_TAGS];
const ALLOWED_ATTR = [...STATEMENT_HTML_CELL_ATTRIBUTES];

/** Sanitizes again at render, whatever the server sent: defence in depth for statement HTML. */
export function sanitizeStatementHtml(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}

export function RichHtml({ html, className = '' }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeStatementHtml(html), [html]);
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
