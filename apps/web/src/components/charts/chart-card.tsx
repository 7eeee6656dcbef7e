import { useId, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';

interface ChartCardProps {
  title: string;
  description: string;
  /** Space the body's children evenly (a chart and its table); otherwise they place themselves. */
  stacked?: boolean;
  /** Its heading's level: 3 under a page's own sections, 2 right under the page's title. */
  level?: 2 | 3;
  children: ReactNode;
}

/** A section of a page of figures: a titled card around a chart and what goes with it. */
export function ChartCard({
  title,
  description,
  stacked = false,
  level = 3,
  children,
}: ChartCardProps) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Card as="section" padding="none" aria-labelledby={id}>
      <div className="border-b border-line px-5 py-4 sm:px-6">
        <Heading id={id} className="text-base font-semibold text-ink">
          {title}
        </Heading>
        <p className="mt-0.5 text-sm text-ink-muted">{description}</p>
      </div>
      <div className={stacked ? 'space-y-4 px-3 py-5 sm:px-6' : 'px-3 py-5 sm:px-6'}>
        {children}
      </div>
    </Card>
  );
}
