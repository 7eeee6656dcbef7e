import { CircleAlert, CircleCheck, Info, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

type NoticeTone = 'error' | 'success' | 'info' | 'warning';

const TONES: Record<NoticeTone, { classes: string; icon: LucideIcon; role: 'alert' | 'status' }> = {
  error: {
    classes:
      'border-red-200 bg-red-50 text-red-800 dark:border-red-900/70 dark:bg-red-950/40 dark:text-red-200',
    icon: CircleAlert,
    role: 'alert',
  },
  success: {
    classes:
      'border-brand-200 bg-primary-soft text-brand-800 dark:border-brand-900 dark:text-brand-200',
    icon: CircleCheck,
    role: 'status',
  },
  info: {
    classes: 'border-accent-200 bg-accent-soft text-accent-ink dark:border-accent-900/70',
    icon: Info,
    role: 'status',
  },
  warning: {
    classes:
      'border-accent-300 bg-accent-soft text-accent-ink dark:border-accent-800/80 font-medium',
    icon: TriangleAlert,
    role: 'alert',
  },
};

interface NoticeProps {
  tone: NoticeTone;
  children: ReactNode;
  id?: string;
  className?: string;
  /** Overrides the tone's live-region role (e.g. an informative hint that must interrupt). */
  role?: 'alert' | 'status';
}

/** An inline message: errors and warnings are announced as alerts, the rest as status updates. */
export function Notice({ tone, children, id, className = '', role }: NoticeProps) {
  const { classes, icon: Icon, role: toneRole } = TONES[tone];
  return (
    <div
      id={id}
      role={role ?? toneRole}
      className={`flex items-start gap-2.5 rounded-lg border px-3 py-2.5 text-sm leading-6 ${classes} ${className}`}
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1 wrap-anywhere">{children}</div>
    </div>
  );
}
