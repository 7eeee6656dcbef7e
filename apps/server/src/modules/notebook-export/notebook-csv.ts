import { saoPauloDay } from '@/lib/clock';
import { type ExportQuestion, questionLink } from './export-question';

/**
 * The notebook as a spreadsheet (docs/product-rules.md, "Notebook export"): one row per question,
 * separated by semicolons and opened by a byte-order mark, as spreadsheets set to Portuguese
 * read a CSV without asking.
 */
const HEADER = [
  'Questão',
  'Prova',
  'Sua primeira resposta',
  'Gabarito',
  'Errou em',
  'Disciplina',
  'Assunto',
  'Link',
];

/** The São Paulo day of an instant, as dd/mm/aaaa. */
function brazilianDate(instant: string): string {
  const [year, month, day] = saoPauloDay(new Date(instant)).split('-');
  return `${day}/${month}/${year}`;
}

function cell(value: string): string {
  return /[";\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function notebookCsv(questions: ExportQuestion[], appUrl: string): string {
  const rows = questions.map((question) => [
    String(question.number),
    question.examLabel,
    question.firstAnswer?.letter ?? '',
    question.key ?? 'Anulada',
    brazilianDate(question.lastWrongAt),
    question.disciplineName,
    question.subject,
    questionLink(appUrl, question),
  ]);
  return `\uFEFF${[HEADER, ...rows].map((row) => row.map(cell).join(';')).join('\r\n')}\r\n`;
}
