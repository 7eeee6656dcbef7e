import { countLabel, type DisciplinePerformance, type Score } from '@gabarita/shared';
import { formatPercent } from '@/lib/formatters';

/** '1 questão' / '1.234 questões'. */
export function questionsLabel(count: number): string {
  return countLabel(count, 'questão', 'questões');
}

/** '1 acerto', '96 acertos' (and so for erros). */
export function hitsLabel(count: number): string {
  return countLabel(count, 'acerto', 'acertos');
}

export function missesLabel(count: number): string {
  return countLabel(count, 'erro', 'erros');
}

/** '96 acertos, 24 erros, 80% de acerto'. */
export function scoreSentence({ correct, wrong, successRate }: Score): string {
  return `${hitsLabel(correct)}, ${missesLabel(wrong)}, ${formatPercent(successRate)} de acerto`;
}

/** The share of `part` in `total` as '25,3%' ('0%' for an empty total). */
export function shareLabel(part: number, total: number): string {
  return formatPercent(total > 0 ? Math.round((part / total) * 1000) / 10 : 0);
}

/** The accessible name of the pie: every slice with its count and share. */
export function pieSummary(slices: readonly { name: string; answered: number }[]): string {
  const total = slices.reduce((sum, slice) => sum + slice.answered, 0);
  const parts = slices.map(
    (slice) =>
      `${slice.name}: ${questionsLabel(slice.answered)} (${shareLabel(slice.answered, total)})`,
  );
  return `Gráfico de pizza das questões respondidas por disciplina, ${questionsLabel(total)} no total. ${parts.join('; ')}.`;
}

/** The accessible name of a bar chart of correct and wrong answers, in the order shown. */
export function barsSummary(subject: string, rows: readonly (Score & { name: string })[]): string {
  const parts = rows.map((row) => `${row.name}: ${scoreSentence(row)}`);
  return `Gráfico de barras de acertos e erros ${subject}, da maior para a menor taxa de acerto. ${parts.join('; ')}.`;
}

/** Pie slices: biggest first, so neighbouring slices get far-apart palette colours. */
export function pieSlices(disciplines: readonly DisciplinePerformance[]) {
  return disciplines
    .filter((discipline) => discipline.answered > 0)
    .toSorted((a, b) => b.answered - a.answered || a.name.localeCompare(b.name, 'pt-BR'));
}
