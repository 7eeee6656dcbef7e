// The plain text of sanitized HTML, for checks, search and cards (catalog, content-import).
import sanitizeHtml from 'sanitize-html';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/**
 * Format 1 alternatives are HTML reduced to text: tags are dropped and entities decoded, so
 * 'média &lt; moda' and 'média < moda' both read 'média < moda'.
 */
export function plainText(html: string): string {
  // Text without markup or entities is its own plain text.
  return /[<&]/.test(html) ? parsedPlainText(html) : html.trim();
}

/** `plainText` through sanitize-html, whatever the text. */
export function parsedPlainText(html: string): string {
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
