import { useId, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';

interface ChartCardProps {
  title: string;
  description: string;
  /** Space the body's children evenly (a chart and its table); otherwise they place themselves. */
  stacked?: boolean;
  children: ReactNode;
}

/** A section of the performance page: a titled card around a chart and what goes with it. */
export function ChartCard({ title, description, stacked = false, children }: ChartCardProps) {
  const id = useId();
  return (
    <Card as="section" padding="none" aria-labelledby={id}>
      <div className="border-b border-line px-5 py-4 sm:px-6">
        <h3 id={id} className="text-base font-semibold text-ink">
          {title}
        </h3>
        <p className="mt-0.5 text-sm text-ink-muted">{description}</p>
      </div>
      <div className={stacked ? 'space-y-4 px-3 py-5 sm:px-6' : 'px-3 py-5 sm:px-6'}>
        {children}
      </div>
    </Card>
  );
}
