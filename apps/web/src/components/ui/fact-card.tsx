import type { ReactNode } from 'react';
import { Card } from './card';

/** A card with a title, named after it for assistive technology. */
export function FactCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card as="section" padding="sm" aria-label={title}>
      <h2 className="text-base font-semibold text-ink">{title}</h2>
      <div className="mt-3">{children}</div>
    </Card>
  );
}

/** Terms and their values, side by side from `sm` up, stacked below it. */
export function FactList({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-ink-muted">{term}</dt>
          <dd className="break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
