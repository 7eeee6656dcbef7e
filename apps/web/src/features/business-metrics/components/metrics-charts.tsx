/*
 * The numbers' charts, drawn with the performance page's chart frame (Recharts, loaded on demand):
 * each chart is an image named by its summary; its numbers are in the table beside it.
 */
import {
  type BusinessMetrics,
  METRICS_AI_FEATURES,
  METRICS_AI_FEATURE_LABELS,
} from '@gabarita/shared';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { chartColor } from '@/lib/chart-palette';
import { useMediaQuery } from '@/lib/use-media-query';
import {
  AXIS,
  CHART_GRID_STROKE,
  ProgressChartFrame,
  TOOLTIP_STYLE,
  X_AXIS,
} from '@/components/charts/chart-frame';
import { aiCostSummary, revenueSummary, shortDay } from '../metrics-text';

const PLAN_COLOR = 'var(--gb-chart-correct)';
const PACKAGE_COLOR = chartColor(1);
const REFUND_COLOR = 'var(--gb-chart-wrong)';

/** Reais with two decimals, for the axis and the tooltip. */
const reais = (centavos: number) => Math.round(centavos) / 100;

export function RevenuePerDayChart({ metrics }: { metrics: BusinessMetrics }) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const data = metrics.days.map((day) => ({
    label: shortDay(day.day),
    Planos: reais(day.planCentavos),
    Pacotes: reais(day.packageCentavos),
    Estornos: -reais(day.refundsCentavos),
  }));
  return (
    <ProgressChartFrame
      summary={revenueSummary(metrics)}
      heightClassName="h-64"
      height={256}
      legendLabel="Legenda: receita por dia (R$)"
      legend={[
        { name: 'Planos', color: PLAN_COLOR, shape: 'square' },
        { name: 'Pacotes', color: PACKAGE_COLOR, shape: 'square' },
        { name: 'Estornos', color: REFUND_COLOR, shape: 'square' },
      ]}
    >
      <BarChart
        accessibilityLayer={false}
        data={data}
        stackOffset="sign"
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      >
        <CartesianGrid vertical={false} stroke={CHART_GRID_STROKE} />
        <XAxis {...X_AXIS} minTickGap={16} />
        <YAxis tick={AXIS} tickLine={false} axisLine={false} />
        <Tooltip contentStyle={TOOLTIP_STYLE} cursor={{ fill: 'var(--gb-surface-muted)' }} />
        <Bar dataKey="Planos" stackId="dia" fill={PLAN_COLOR} isAnimationActive={!reducedMotion} />
        <Bar
          dataKey="Pacotes"
          stackId="dia"
          fill={PACKAGE_COLOR}
          isAnimationActive={!reducedMotion}
        />
        <Bar
          dataKey="Estornos"
          stackId="dia"
          fill={REFUND_COLOR}
          isAnimationActive={!reducedMotion}
        />
      </BarChart>
    </ProgressChartFrame>
  );
}

export function AiCostPerDayChart({ metrics }: { metrics: BusinessMetrics }) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const data = metrics.days.map((day) => {
    const point: Record<string, string | number> = { label: shortDay(day.day) };
    for (const feature of METRICS_AI_FEATURES) {
      point[METRICS_AI_FEATURE_LABELS[feature]] = day.ai[feature].costMicroUsd / 1_000_000;
    }
    return point;
  });
  return (
    <ProgressChartFrame
      summary={aiCostSummary(metrics)}
      heightClassName="h-64"
      height={256}
      legendLabel="Legenda: custo da IA por dia (US$)"
      legend={METRICS_AI_FEATURES.map((feature, index) => ({
        name: METRICS_AI_FEATURE_LABELS[feature],
        color: chartColor(index),
        shape: 'square' as const,
      }))}
    >
      <BarChart
        accessibilityLayer={false}
        data={data}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      >
        <CartesianGrid vertical={false} stroke={CHART_GRID_STROKE} />
        <XAxis {...X_AXIS} minTickGap={16} />
        <YAxis tick={AXIS} tickLine={false} axisLine={false} />
        <Tooltip contentStyle={TOOLTIP_STYLE} cursor={{ fill: 'var(--gb-surface-muted)' }} />
        {METRICS_AI_FEATURES.map((feature, index) => (
          <Bar
            key={feature}
            dataKey={METRICS_AI_FEATURE_LABELS[feature]}
            stackId="dia"
            fill={chartColor(index)}
            isAnimationActive={!reducedMotion}
          />
        ))}
      </BarChart>
    </ProgressChartFrame>
  );
}
