import { countLabel, PATHS, STUDY_PARAMS } from '@gabarita/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { isStaff, useSession } from '@/domain/session/session';
import { examDetailQueryOptions, examKindsQueryOptions } from '@/domain/catalog/catalog-queries';
import { reviewCountQueryOptions } from '@/domain/review/review-count';
import { adminAreaName } from './admin-tabs';
import { activeMenuPath, menuItemsFor } from './menu-items';

/** The day's review queue beside 'Revisão de hoje', for Premium accounts with items due. */
function useDueReviews() {
  const session = useSession();
  const premium = session.data?.user?.accountType === 'premium';
  const count = useQuery({ ...reviewCountQueryOptions, enabled: premium });
  return premium ? (count.data?.dueCount ?? 0) : 0;
}

function DueBadge({ count }: { count: number }) {
  return (
    <span className="ml-auto inline-flex min-w-6 items-center justify-center rounded-full bg-primary px-1.5 py-0.5 text-xs font-semibold tabular-nums text-on-primary">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">
        {' '}
        {countLabel(count, 'item para revisar hoje', 'itens para revisar hoje')}
      </span>
    </span>
  );
}

/**
 * The kind of the exam the page shows (its dashboard, its questions), once the page has loaded it:
 * read from the cache, never fetched for the menu.
 */
function useShownExamKind(search: string) {
  const examId = new URLSearchParams(search).get(STUDY_PARAMS.exam) ?? '';
  const detail = useQuery({ ...examDetailQueryOptions(examId), enabled: false });
  return examId ? (detail.data?.exam.kind ?? null) : null;
}

export const MENU_ID = 'menu-principal';

const LAYOUTS = {
  sidebar:
    'sticky top-16 h-[calc(100dvh-4rem)] w-64 shrink-0 overflow-y-auto border-r border-line bg-surface',
  drawer:
    'fixed bottom-0 left-0 top-16 z-40 w-72 max-w-[85vw] overflow-y-auto border-r border-line bg-surface shadow-2xl',
} as const;

function linkClasses({ isActive }: { isActive: boolean }) {
  const base =
    'group flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors';
  return isActive
    ? `${base} bg-primary-soft text-primary-ink`
    : `${base} text-ink-muted hover:bg-surface-muted hover:text-ink`;
}

interface SideMenuProps {
  open: boolean;
  layout: keyof typeof LAYOUTS;
  onNavigate: () => void;
}

export function SideMenu({ open, layout, onNavigate }: SideMenuProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const location = useLocation();
  const examKind = useShownExamKind(location.search);
  const activePath = activeMenuPath(location.pathname, location.search, examKind);
  const dueReviews = useDueReviews();
  const user = useSession().data?.user;
  const staff = isStaff(user);
  // An entry for each other kind of exam the catalogue has, once it is known.
  const kinds = useQuery({ ...examKindsQueryOptions, enabled: Boolean(user) });
  // The staff entry is named after the area the role works in.
  const items = menuItemsFor(kinds.data ?? [])
    .filter((item) => !item.staffOnly || staff)
    .map((item) => (item.staffOnly ? { ...item, label: adminAreaName(user?.role) } : item));

  // An opened drawer covers the page, so keyboard focus moves into it.
  useEffect(() => {
    if (open && layout === 'drawer') listRef.current?.querySelector('a')?.focus();
  }, [open, layout]);

  return (
    <nav id={MENU_ID} aria-label="Menu principal" hidden={!open} className={LAYOUTS[layout]}>
      <ul ref={listRef} className="space-y-1 p-3">
        {items.map(({ label, to, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              aria-current={
                activePath === to
                  ? location.pathname + location.search === to
                    ? 'page'
                    : 'true'
                  : undefined
              }
              className={linkClasses({ isActive: activePath === to })}
              onClick={onNavigate}
            >
              <Icon className="size-5 shrink-0" aria-hidden="true" />
              {label}
              {to === PATHS.reviewToday.path && dueReviews > 0 && <DueBadge count={dueReviews} />}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
