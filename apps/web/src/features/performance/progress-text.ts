import { countLabel, type ProgressResponse } from '@gabarita/shared';
import { formatPercent } from '@/lib/formatters';

/** '23/11' from '2026-11-23'. */
export function shortDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

/** 'Semana de 17/11'. */
export function weekLabel(weekStart: string): string {
  return `Semana de ${shortDay(weekStart)}`;
}

export function rateLabel(rate: number | null): string {
  return rate === null ? '—' : formatPercent(rate);
}

/** The groups drawn as lines: the most answered few (the table has them all). */
export const CHART_GROUPS = 5;

export function daysSummary(progress: ProgressResponse): string {
  const total = progress.days.reduce((sum, day) => sum + day.answered, 0);
  const active = progress.days.filter((day) => day.answered > 0).length;
  return `Gráfico de barras: ${countLabel(total, 'resposta', 'respostas')} nos últimos ${progress.days.length} dias, em ${countLabel(active, 'dia', 'dias')} de estudo. Os números estão na tabela.`;
}

export function weeksSummary(progress: ProgressResponse): string {
  const withRate = progress.weeks.filter((week) => week.successRate !== null);
  const last = withRate.at(-1);
  return `Gráfico de linhas: taxa de acerto por semana nas últimas ${progress.weeks.length} semanas${
    last ? `; na ${weekLabel(last.weekStart).toLowerCase()}, ${rateLabel(last.successRate)}` : ''
  }. Os números estão na tabela.`;
}
