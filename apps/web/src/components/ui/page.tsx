import type { ReactNode, Ref } from 'react';

const TITLE_CLASSES = 'text-2xl font-semibold tracking-tight text-ink sm:text-3xl';

interface PageTitleProps {
  children: ReactNode;
  /** Read by screen readers only (the page shows its name in another form). */
  hidden?: boolean;
  className?: string;
  /** For pages that move the focus to their title (it becomes focusable). */
  titleRef?: Ref<HTMLHeadingElement>;
}

/** The page's one h1: every page section is labelled by it. */
export function PageTitle({ children, hidden = false, className, titleRef }: PageTitleProps) {
  return (
    <h1
      id="page-title"
      ref={titleRef}
      tabIndex={titleRef ? -1 : undefined}
      className={
        hidden ? 'sr-only' : [TITLE_CLASSES, 'focus-visible:outline-none', className].join(' ')
      }
    >
      {children}
    </h1>
  );
}

interface PageProps {
  title: string;
  description?: ReactNode;
  /** Shown beside the title (e.g. the plan badge). */
  badge?: ReactNode;
  /** Shown at the end of the header (e.g. a page-wide action). */
  actions?: ReactNode;
  titleRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

/** A page of the signed-in area: its title, a line on what it is for, then its content. */
export function Page({ title, description, badge, actions, titleRef, children }: PageProps) {
  return (
    <section aria-labelledby="page-title">
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <PageTitle titleRef={titleRef}>{title}</PageTitle>
            {badge}
          </div>
          {description && <p className="mt-2 text-sm leading-6 text-ink-muted">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
