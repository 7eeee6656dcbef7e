/*
 * The progress charts (Recharts, loaded on demand with the rest of the page's charts). Each chart
 * is an image for assistive technology; its numbers are in the tables beside it. Their legends are
 * HTML lists below the image, so they are read as text: names in the theme's ink (a series colour
 * is too faint for text), the series colour on the swatch beside each name.
 */
import type { ProgressResponse } from '@gabarita/shared';
import { Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import {
  AXIS,
  CHART_GRID_STROKE,
  ProgressChartFrame,
  TOOLTIP_STYLE,
  X_AXIS,
} from '@/components/charts/chart-frame';
import { chartColor } from '@/lib/chart-palette';
import { useMediaQuery } from '@/lib/use-media-query';
import {
  CHART_GROUPS,
  daysSummary,
  rateLabel,
  shortDay,
  weekLabel,
  weeksSummary,
} from '../progress-text';

const CORRECT_COLOR = 'var(--gb-chart-correct)';
const WRONG_COLOR = 'var(--gb-chart-wrong)';
const TOTAL_COLOR = 'var(--gb-ink)';

export function AnswersPerDayChart({ progress }: { progress: ProgressResponse }) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const data = progress.days.map((day) => ({
    label: shortDay(day.day),
    Acertos: day.correct,
    Erros: day.answered - day.correct,
  }));
  return (
    <ProgressChartFrame
      summary={daysSummary(progress)}
      heightClassName="h-56"
      height={224}
      legendLabel="Legenda: respostas por dia"
      legend={[
        { name: 'Acertos', color: CORRECT_COLOR, shape: 'square' },
        { name: 'Erros', color: WRONG_COLOR, shape: 'square' },
      ]}
    >
      <BarChart
        accessibilityLayer={false}
        data={data}
        margin={{ top: 8, right: 8, bottom: 0, left: -20 }}
      >
        <CartesianGrid vertical={false} stroke={CHART_GRID_STROKE} />
        <XAxis {...X_AXIS} minTickGap={16} />
        <YAxis allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} />
        <Tooltip contentStyle={TOOLTIP_STYLE} cursor={{ fill: 'var(--gb-surface-muted)' }} />
        <Bar
          dataKey="Acertos"
          stackId="dia"
          fill={CORRECT_COLOR}
          isAnimationActive={!reducedMotion}
        />
        <Bar
          dataKey="Erros"
          stackId="dia"
          fill={WRONG_COLOR}
          radius={[3, 3, 0, 0]}
          isAnimationActive={!reducedMotion}
        />
      </BarChart>
    </ProgressChartFrame>
  );
}

export function RatePerWeekChart({ progress }: { progress: ProgressResponse }) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const groups = progress.groups.slice(0, CHART_GROUPS);
  const data = progress.weeks.map((week) => {
    const point: Record<string, string | number | null> = {
      label: weekLabel(week.weekStart).replace('Semana de ', ''),
      Total: week.successRate,
    };
    for (const group of groups) {
      point[group.name] = week.groups.find((item) => item.key === group.key)?.successRate ?? null;
    }
    return point;
  });
  return (
    <ProgressChartFrame
      summary={weeksSummary(progress)}
      heightClassName="h-72"
      height={288}
      legendLabel="Legenda: taxa de acerto por semana"
      legend={[
        { name: 'Total', color: TOTAL_COLOR, shape: 'line' },
        ...groups.map((group, index) => ({
          name: group.name,
          color: chartColor(index),
          shape: 'line' as const,
        })),
      ]}
    >
      <LineChart
        accessibilityLayer={false}
        data={data}
        margin={{ top: 8, right: 12, bottom: 0, left: -16 }}
      >
        <CartesianGrid vertical={false} stroke={CHART_GRID_STROKE} />
        <XAxis {...X_AXIS} minTickGap={12} />
        <YAxis
          domain={[0, 100]}
          tick={AXIS}
          tickLine={false}
          axisLine={false}
          tickFormatter={(value: number) => `${value}%`}
        />
        <Tooltip
          contentStyle={TOOLTIP_STYLE}
          formatter={(value) => rateLabel(typeof value === 'number' ? value : null)}
        />
        <Line
          dataKey="Total"
          stroke={TOTAL_COLOR}
          strokeWidth={2.5}
          dot={{ r: 3 }}
          connectNulls
          isAnimationActive={!reducedMotion}
        />
        {groups.map((group, index) => (
          <Line
            key={group.key}
            dataKey={group.name}
            stroke={chartColor(index)}
            strokeWidth={1.75}
            dot={{ r: 2.5 }}
            connectNulls
            isAnimationActive={!reducedMotion}
          />
        ))}
      </LineChart>
    </ProgressChartFrame>
  );
}
