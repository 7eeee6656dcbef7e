import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface StatePanelProps {
  icon: LucideIcon;
  /** The message; announced as an alert for errors. */
  children: ReactNode;
  title?: string;
  action?: ReactNode;
  tone?: 'neutral' | 'error';
}

/** An empty or failed state inside a page: icon, message and an optional action. */
export function StatePanel({
  icon: Icon,
  children,
  title,
  action,
  tone = 'neutral',
}: StatePanelProps) {
  const iconTone =
    tone === 'error'
      ? 'bg-red-50 text-red-700 dark:bg-red-950/50 dark:text-red-300'
      : 'bg-accent-soft text-accent-ink';
  return (
    <div className="flex flex-col items-center rounded-2xl border border-line bg-surface px-6 py-10 text-center shadow-sm shadow-slate-900/[0.03]">
      <span className={`flex size-12 items-center justify-center rounded-xl ${iconTone}`}>
        <Icon className="size-6" aria-hidden="true" />
      </span>
      {title && <p className="mt-4 text-base font-semibold text-ink">{title}</p>}
      <div
        role={tone === 'error' ? 'alert' : undefined}
        className={`${title ? 'mt-1' : 'mt-4'} max-w-md text-sm leading-6 text-ink-muted`}
      >
        {children}
      </div>
      {action && <div className="mt-6 flex flex-wrap justify-center gap-3">{action}</div>}
    </div>
  );
}
