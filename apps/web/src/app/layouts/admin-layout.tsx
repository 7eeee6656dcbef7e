import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { PATHS } from '@gabarita/shared';
import { useSession } from '@/domain/session/session';
import { scrollBehavior } from '@/lib/motion';
import { adminAreaName, adminTabsFor } from './admin-tabs';

function tabClasses(active: boolean) {
  const base =
    'flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium transition-colors motion-reduce:transition-none';
  return active
    ? `${base} border-primary text-primary-ink`
    : `${base} border-transparent text-ink-muted hover:border-line hover:text-ink`;
}

/** /admin itself: the first page the role has (RequireStaff let only staff this far). */
export function AdminIndex() {
  const role = useSession().data?.user?.role;
  const first = adminTabsFor(role)[0];
  return <Navigate to={first?.page.path ?? PATHS.home.path} replace />;
}

/**
 * On a narrow screen the tabs scroll sideways: the active one is brought to the middle of the row
 * (only the row moves, never the page), at once on arrival and smoothly between tabs unless the
 * system asks for less motion.
 */
function useActiveTabInView(pathname: string) {
  const activeRef = useRef<HTMLAnchorElement>(null);
  const arrived = useRef(false);
  useEffect(() => {
    const tab = activeRef.current;
    const row = tab?.closest('ul');
    const first = !arrived.current;
    arrived.current = true;
    if (!tab || !row || row.scrollWidth <= row.clientWidth) return;
    const offset = tab.getBoundingClientRect().left - row.getBoundingClientRect().left;
    const left = row.scrollLeft + offset - (row.clientWidth - tab.offsetWidth) / 2;
    row.scrollTo({ left, behavior: first ? 'auto' : scrollBehavior() });
  }, [pathname]);
  return activeRef;
}

/** The team's area: its name and the sub-navigation between the role's pages, above each page. */
export function AdminLayout() {
  const pathname = useLocation().pathname.toLowerCase().replace(/\/+$/, '');
  const role = useSession().data?.user?.role;
  const areaName = adminAreaName(role);
  const activeRef = useActiveTabInView(pathname);
  return (
    <>
      <div className="mb-6">
        <p className="flex items-center gap-2 text-sm font-semibold text-primary-ink">
          <ShieldCheck className="size-4" aria-hidden="true" />
          {areaName}
        </p>
        <nav aria-label={areaName} className="mt-3">
          {/* The line is a shadow under the tabs, so the active tab's border covers it. */}
          {/* Five tabs do not fit a phone: the row scrolls sideways instead of wrapping. */}
          <ul className="flex gap-1 overflow-x-auto shadow-[inset_0_-1px_0_var(--gb-line)]">
            {adminTabsFor(role).map(({ label, page, icon: Icon }) => {
              const to = page.path;
              // A tab stays lit on its pages below it (an account under Contas).
              const active = pathname === to || pathname.startsWith(`${to}/`);
              return (
                <li key={to} className="shrink-0">
                  <Link
                    ref={active ? activeRef : undefined}
                    to={to}
                    aria-current={active ? 'page' : undefined}
                    className={tabClasses(active)}
                  >
                    <Icon className="size-4 shrink-0" aria-hidden="true" />
                    {label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </div>
      <Outlet />
    </>
  );
}
