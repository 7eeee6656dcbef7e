import type { LucideIcon } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Card } from '@/components/ui/card';

const ICON_TONES = {
  default: 'bg-primary-soft text-primary-ink',
  danger: 'bg-red-50 text-red-700 dark:bg-red-950/60 dark:text-red-300',
} as const;

/** A section of the account page: its title with an icon, an optional action, then its content. */
export function SectionCard({
  title,
  icon: Icon,
  children,
  action,
  tone = 'default',
  ref,
  focusable = false,
}: {
  title: string;
  icon: LucideIcon;
  children: ReactNode;
  action?: ReactNode;
  /** 'danger' for a section whose action erases the account. */
  tone?: keyof typeof ICON_TONES;
  ref?: Ref<HTMLElement>;
  /** The section can take focus from a script (a link from an e-mail leads to it). */
  focusable?: boolean;
}) {
  const id = `secao-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card
      as="section"
      padding="none"
      aria-labelledby={id}
      ref={ref}
      tabIndex={focusable ? -1 : undefined}
      className={
        focusable ? 'scroll-mt-20 focus-visible:outline-2 focus-visible:outline-ring' : undefined
      }
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-5 py-4 sm:px-6">
        <h2 id={id} className="flex items-center gap-2.5 text-base font-semibold text-ink">
          <span
            className={`flex size-8 items-center justify-center rounded-lg ${ICON_TONES[tone]}`}
          >
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
