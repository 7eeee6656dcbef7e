import type { Alternative } from '@gabarita/shared';

/** Text of sanitized HTML, for a card: tags out, paragraphs and line breaks as new lines. */
export function htmlText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|div|h\d|tr|blockquote)>/gi, '\n')
    .replace(/<img[^>]*\balt="([^"]*)"[^>]*>/gi, '[Figura: $1]')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * The card one tap makes from a notebook question (docs/product-rules.md, "Review"): the front is
 * the statement (where the asked-for point is), the back the key with its alternative, the
 * authored comment's summary and its basis (fundamento). The student edits either side after.
 */
export function flashcardFromQuestion(question: {
  statement_html: string;
  alternatives: Alternative[];
  answer_letter: string;
  commentary: { summaryHtml: string; sources: { reference: string }[] } | null;
}) {
  const key = question.alternatives.find(
    (alternative) => alternative.letter === question.answer_letter,
  );
  const back = [
    `Gabarito: ${question.answer_letter}${key ? ` — ${key.text}` : ''}`,
    question.commentary ? htmlText(question.commentary.summaryHtml) : '',
    question.commentary?.sources.length
      ? `Fundamento: ${question.commentary.sources.map((source) => source.reference).join('; ')}`
      : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  return { front: htmlText(question.statement_html).slice(0, 2000), back: back.slice(0, 6000) };
}
