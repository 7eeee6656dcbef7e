import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** A section of the account page: its title with an icon, an optional action, then its content. */
export function SectionCard({
  title,
  icon: Icon,
  children,
  action,
}: {
  title: string;
  icon: LucideIcon;
  children: ReactNode;
  action?: ReactNode;
}) {
  const id = `secao-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card as="section" padding="none" aria-labelledby={id}>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-5 py-4 sm:px-6">
        <h2 id={id} className="flex items-center gap-2.5 text-base font-semibold text-ink">
          <span className="flex size-8 items-center justify-center rounded-lg bg-primary-soft text-primary-ink">
            <Icon className="size-4" aria-hidden="true" />
          </span>
          {title}
        </h2>
        {action}
      </div>
      <div className="px-5 py-5 sm:px-6">{children}</div>
    </Card>
  );
}
