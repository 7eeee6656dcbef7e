import type { LucideIcon } from 'lucide-react';

interface ComingSoonPanelProps {
  icon: LucideIcon;
  title: string;
  note: string;
  className?: string;
}

/** Holds the place of a feature that is not built yet: a labelled region with an honest note. */
export function ComingSoonPanel({ icon: Icon, title, note, className = '' }: ComingSoonPanelProps) {
  return (
    <section
      aria-label={title}
      className={`flex items-start gap-3 rounded-xl border border-dashed border-line bg-surface/60 p-4 ${className}`}
    >
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface-muted text-ink-muted">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <h2 className="text-sm font-semibold text-ink">{title}</h2>
        <p className="mt-0.5 text-sm leading-6 text-ink-muted">{note}</p>
      </div>
    </section>
  );
}
