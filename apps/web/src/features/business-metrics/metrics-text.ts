import type { BusinessMetrics } from '@gabarita/shared';
import { formatPrice } from '@/lib/formatters';

/** 'dd/mm' of a 'YYYY-MM-DD' day. */
export const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

/** 'US$ 1,23' from millionths of a dollar. */
export function formatUsd(microUsd: number): string {
  const dollars = microUsd / 1_000_000;
  return `US$ ${dollars.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The share of the period's new accounts that bought, or a dash without new accounts. */
export function conversionLabel(signups: number, converted: number): string {
  if (signups === 0) return '—';
  const percent = (converted / signups) * 100;
  return `${percent.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;
}

export function revenueSummary(metrics: BusinessMetrics): string {
  const best = metrics.days.reduce(
    (top, day) => (day.revenueCentavos > top.revenueCentavos ? day : top),
    metrics.days[0]!,
  );
  return `Receita por dia: ${formatPrice(metrics.summary.revenueCentavos)} no período; maior dia ${shortDay(best.day)}, ${formatPrice(best.revenueCentavos)}. Os números estão na tabela.`;
}

export function aiCostSummary(metrics: BusinessMetrics): string {
  return `Custo da IA por dia: ${formatUsd(metrics.summary.aiCostMicroUsd)} no período (${formatPrice(metrics.summary.aiCostCentavos)}). Os números estão na tabela.`;
}
