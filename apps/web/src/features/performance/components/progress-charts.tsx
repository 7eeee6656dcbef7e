/*
 * The progress charts (Recharts, loaded on demand with the rest of the page's charts). Each chart
 * is an image for assistive technology; its numbers are in the tables beside it.
 */
import type { ProgressResponse } from '@gabarita/shared';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { chartColor } from '../../../lib/chart-palette';
import { useMediaQuery } from '../../../lib/use-media-query';
import {
  CHART_GROUPS,
  daysSummary,
  rateLabel,
  shortDay,
  weekLabel,
  weeksSummary,
} from '../progress-text';

const AXIS = { fill: 'var(--gb-ink-muted)', fontSize: 11 };
const TOOLTIP_STYLE = {
  background: 'var(--gb-surface)',
  border: '1px solid var(--gb-line)',
  borderRadius: 8,
  color: 'var(--gb-ink)',
  fontSize: 12,
};

export function AnswersPerDayChart({ progress }: { progress: ProgressResponse }) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const data = progress.days.map((day) => ({
    label: shortDay(day.day),
    Acertos: day.correct,
    Erros: day.answered - day.correct,
  }));
  return (
    <div role="img" aria-label={daysSummary(progress)} className="h-56 w-full">
      <ResponsiveContainer
        width="100%"
        height="100%"
        initialDimension={{ width: 600, height: 224 }}
      >
        <BarChart
          accessibilityLayer={false}
          data={data}
          margin={{ top: 8, right: 8, bottom: 0, left: -20 }}
        >
          <CartesianGrid vertical={false} stroke="var(--gb-line)" />
          <XAxis
            dataKey="label"
            tick={AXIS}
            tickLine={false}
            axisLine={{ stroke: 'var(--gb-line)' }}
            interval="preserveStartEnd"
            minTickGap={16}
          />
          <YAxis allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} />
          <Tooltip contentStyle={TOOLTIP_STYLE} cursor={{ fill: 'var(--gb-surface-muted)' }} />
          <Bar
            dataKey="Acertos"
            stackId="dia"
            fill="var(--gb-chart-correct)"
            isAnimationActive={!reducedMotion}
          />
          <Bar
            dataKey="Erros"
            stackId="dia"
            fill="var(--gb-chart-wrong)"
            radius={[3, 3, 0, 0]}
            isAnimationActive={!reducedMotion}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
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
    <div role="img" aria-label={weeksSummary(progress)} className="h-72 w-full">
      <ResponsiveContainer
        width="100%"
        height="100%"
        initialDimension={{ width: 600, height: 288 }}
      >
        <LineChart
          accessibilityLayer={false}
          data={data}
          margin={{ top: 8, right: 12, bottom: 0, left: -16 }}
        >
          <CartesianGrid vertical={false} stroke="var(--gb-line)" />
          <XAxis
            dataKey="label"
            tick={AXIS}
            tickLine={false}
            axisLine={{ stroke: 'var(--gb-line)' }}
            interval="preserveStartEnd"
            minTickGap={12}
          />
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
          <Legend wrapperStyle={{ fontSize: 12, color: 'var(--gb-ink)' }} />
          <Line
            dataKey="Total"
            stroke="var(--gb-ink)"
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
      </ResponsiveContainer>
    </div>
  );
}
