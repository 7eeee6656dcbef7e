/*
 * The frame of the app's charts (Recharts): each chart is an image for assistive technology, named
 * by its summary; its numbers are in a table beside it. Legends are HTML lists below the image, so
 * they are read as text: names in the theme's ink, the series colour on the swatch beside each.
 */
import type { ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';
import { CHART_TEXT } from '@/lib/chart-palette';

export const AXIS = { fill: CHART_TEXT.axis, fontSize: 11 };
export const TOOLTIP_STYLE = {
  background: CHART_TEXT.background,
  border: '1px solid var(--gb-line)',
  borderRadius: 8,
  color: CHART_TEXT.legend,
  fontSize: 12,
};

interface LegendItem {
  name: string;
  color: string;
  /** A bar's square or a line's stroke. */
  shape: 'square' | 'line';
}

function ChartLegend({ label, items }: { label: string; items: readonly LegendItem[] }) {
  return (
    <ul
      aria-label={label}
      className="flex flex-wrap justify-center gap-x-4 gap-y-1 px-2 text-xs"
      style={{ color: CHART_TEXT.legend }}
    >
      {items.map((item) => (
        <li key={item.name} className="flex min-w-0 items-center gap-1.5">
          <span
            aria-hidden="true"
            className={
              item.shape === 'line'
                ? 'h-1 w-4 shrink-0 rounded-full'
                : 'size-3 shrink-0 rounded-[4px]'
            }
            style={{ backgroundColor: item.color }}
          />
          <span className="min-w-0 break-words">{item.name}</span>
        </li>
      ))}
    </ul>
  );
}

/** What both charts share on the x axis: the period's label, thinned out on narrow screens. */
export const X_AXIS = {
  dataKey: 'label',
  tick: AXIS,
  tickLine: false,
  axisLine: { stroke: 'var(--gb-line)' },
  interval: 'preserveStartEnd',
} as const;

export const CHART_GRID_STROKE = 'var(--gb-line)';

interface ProgressChartFrameProps {
  /** The chart's summary, its name as an image. */
  summary: string;
  /** Tailwind height of the chart, and the same in pixels for the first render. */
  heightClassName: string;
  height: number;
  legendLabel: string;
  legend: readonly LegendItem[];
  children: ReactNode;
}

/** A chart as an image named by its summary, drawn at the card's width, with its legend below. */
export function ProgressChartFrame({
  summary,
  heightClassName,
  height,
  legendLabel,
  legend,
  children,
}: ProgressChartFrameProps) {
  return (
    <div className="space-y-3">
      <div role="img" aria-label={summary} className={`${heightClassName} w-full`}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height }}>
          {children}
        </ResponsiveContainer>
      </div>
      <ChartLegend label={legendLabel} items={legend} />
    </div>
  );
}
