import type { QuestionCard, SearchQuestionCard } from '@gabarita/shared';
import type { QuestionCardRow } from './catalog.repo';
import { examListLabel } from './exam-label';
import { htmlToText } from '@/lib/plain-text';

const EXCERPT_LENGTH = 220;

/** A question as lists outside its exam read it (search results, the mistakes notebook). */
export interface QuestionResultRow extends QuestionCardRow {
  status: 'regular' | 'outdated';
  statement_html: string;
}

export function toQuestionCard(row: QuestionCardRow): QuestionCard {
  return {
    id: row.id,
    examId: row.exam_id,
    number: row.number,
    disciplina: row.discipline_code,
    disciplinaNome: row.discipline_name,
    assunto: row.subject,
    response: row.response,
    status: row.status,
    optionKey: row.option_key,
  };
}

/** The statement's first words, cut at a word. */
function excerpt(html: string): string {
  const text = htmlToText(html);
  if (text.length <= EXCERPT_LENGTH) return text;
  const cut = text.slice(0, EXCERPT_LENGTH);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), EXCERPT_LENGTH - 30)).trimEnd()}…`;
}

/** The card with its exam named and the start of its statement. */
export function toQuestionResultCard(row: QuestionResultRow): SearchQuestionCard {
  return {
    ...toQuestionCard(row),
    examLabel: examListLabel(row),
    excerpt: excerpt(row.statement_html),
  };
}
