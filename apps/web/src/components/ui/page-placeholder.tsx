import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageTitle } from './page';

interface PagePlaceholderProps {
  title: string;
  /** One sentence saying what the finished page will offer. */
  description: string;
  /** Shown between the title and the notice (e.g. a warning the page was opened for). */
  children?: ReactNode;
}

/** Stands in for a screen that is not built yet: real title, honest notice, nothing fake. */
export function PagePlaceholder({ title, description, children }: PagePlaceholderProps) {
  return (
    <section aria-labelledby="page-title">
      <PageTitle>{title}</PageTitle>
      {children}
      <div className="mt-6 flex items-start gap-4 rounded-xl border border-accent-200 bg-accent-soft p-4 sm:p-5 dark:border-accent-900/70">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent-100 text-accent-800 dark:bg-accent-900 dark:text-accent-200">
          <Construction className="size-5" aria-hidden="true" />
        </span>
        <div>
          <p className="text-sm font-semibold text-accent-ink">Em construção</p>
          <p className="mt-1 text-sm leading-6 text-ink-muted">{description}</p>
        </div>
      </div>
    </section>
  );
}
