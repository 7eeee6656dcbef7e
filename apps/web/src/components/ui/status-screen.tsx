import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface StatusScreenProps {
  icon: LucideIcon;
  title: string;
  description: string;
  action: ReactNode;
}

/** A whole-viewport message for when the app cannot show its normal screens. */
export function StatusScreen({ icon: Icon, title, description, action }: StatusScreenProps) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas px-4">
      <div className="w-full max-w-md rounded-2xl border border-line bg-surface p-8 text-center shadow-sm">
        <span className="mx-auto flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent-ink">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-5 text-xl font-semibold tracking-tight text-ink">{title}</h1>
        <p className="mt-2 text-sm leading-6 text-ink-muted">{description}</p>
        <div className="mt-6 flex justify-center">{action}</div>
      </div>
    </main>
  );
}
