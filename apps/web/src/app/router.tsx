import { type ComponentType, lazy, Suspense, useState } from 'react';
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router';
import { type AppPath, PATHS } from '@gabarita/shared';
import { LoadingScreen } from '@/components/ui/loading-screen';
import type { PrefetchPageData } from '@/lib/page-data';
import ExamListPage from '@/features/exams/pages/exam-list-page';
import { RedirectIfSignedIn } from './guards/redirect-if-signed-in';
import { RequireSession } from './guards/require-session';
import { AppShell } from './layouts/app-shell';
import { AuthLayout } from './layouts/auth-layout';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage } from './not-found-page';
import { RouteErrorBoundary } from './route-error-screen';

export interface PageModule {
  default: ComponentType;
  prefetchPageData?: PrefetchPageData;
}

/** What a lazy route keeps in its `handle`: how to fetch its page's code ahead of the render. */
interface LazyPageHandle {
  loadPage: () => Promise<PageModule>;
}

/**
 * A route whose page module (default export) is downloaded on first visit. A page whose code has
 * arrived before it mounts (app/first-render.ts) renders at once instead of through Suspense.
 * Its path comes from the registry (PATHS), which the server's SPA fallback reads too.
 */
function lazyPage({ path }: AppPath, load: () => Promise<PageModule>): RouteObject {
  let loaded: ComponentType | undefined;
  const loadPage = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const LazyPage = lazy(loadPage);
  function Page() {
    // Chosen once per mount, so the page is never swapped for another component type.
    const [PageComponent] = useState<ComponentType>(() => loaded ?? LazyPage);
    return <PageComponent />;
  }
  const handle: LazyPageHandle = { loadPage };
  return { path, Component: Page, handle };
}

// The staff area's door and frame load with its first page: a student's visit never needs them.
const RequireStaff = lazy(async () => ({
  default: (await import('./guards/require-staff')).RequireStaff,
}));
const RequirePageAccess = lazy(async () => ({
  default: (await import('./guards/require-staff')).RequirePageAccess,
}));
const AdminLayout = lazy(async () => ({
  default: (await import('./layouts/admin-layout')).AdminLayout,
}));
const AdminIndex = lazy(async () => ({
  default: (await import('./layouts/admin-layout')).AdminIndex,
}));

export const routes: RouteObject[] = [
  {
    path: PATHS.home.path,
    Component: RootLayout,
    children: [
      {
        Component: RedirectIfSignedIn,
        children: [
          {
            Component: AuthLayout,
            children: [
              lazyPage(PATHS.login, () => import('@/features/auth/pages/login-page')),
              lazyPage(PATHS.signup, () => import('@/features/auth/pages/signup-page')),
            ],
          },
        ],
      },
      {
        Component: AuthLayout,
        children: [
          // Paths match case-insensitively, so this also serves /Recovery (used by e-mailed links).
          lazyPage(PATHS.recovery, () => import('@/features/auth/pages/recovery-page')),
          lazyPage(PATHS.authAction, () => import('@/features/auth/pages/auth-action-page')),
        ],
      },
      {
        Component: RequireSession,
        children: [
          {
            Component: AppShell,
            children: [
              // Where signed-in visits land: its code comes with the entry's, in the same few files,
              // instead of after it in twenty small ones (docs/performance.md, "Web delivery").
              { index: true, Component: ExamListPage },
              lazyPage(
                PATHS.examDashboard,
                () => import('@/features/exams/pages/exam-dashboard-page'),
              ),
              lazyPage(
                PATHS.disciplines,
                () => import('@/features/disciplines/pages/disciplines-page'),
              ),
              lazyPage(PATHS.questions, () => import('./routes/question-viewer-page')),
              lazyPage(PATHS.simulados, () => import('@/features/simulados/pages/simulados-page')),
              lazyPage(PATHS.simulado, () => import('@/features/simulados/pages/simulado-page')),
              lazyPage(
                PATHS.questionSearch,
                () => import('@/features/question-search/pages/question-search-page'),
              ),
              lazyPage(PATHS.mistakes, () => import('@/features/review/pages/review-page')),
              lazyPage(
                PATHS.reviewToday,
                () => import('@/features/review/pages/review-today-page'),
              ),
              lazyPage(
                PATHS.mistakesExport,
                () => import('@/features/notebook-export/pages/notebook-export-page'),
              ),
              lazyPage(PATHS.plans, () => import('@/features/billing/pages/plans-page')),
              lazyPage(PATHS.payment, () => import('@/features/billing/pages/payment-page')),
              lazyPage(PATHS.account, () => import('@/features/account/pages/account-page')),
              lazyPage(
                PATHS.performance,
                () => import('@/features/performance/pages/performance-page'),
              ),
              {
                // The staff area: its door lets in the staff, each page the roles of its access.
                Component: RequireStaff,
                children: [
                  {
                    Component: AdminLayout,
                    children: [
                      { path: PATHS.staffArea.path, Component: AdminIndex },
                      {
                        Component: RequirePageAccess,
                        children: [
                          lazyPage(
                            PATHS.errorReports,
                            () => import('@/features/report-queue/pages/report-queue-page'),
                          ),
                          lazyPage(
                            PATHS.questionEditor,
                            () => import('@/features/question-editor/pages/question-editor-page'),
                          ),
                          lazyPage(
                            PATHS.answerKey,
                            () => import('@/features/answer-key/pages/answer-key-page'),
                          ),
                          lazyPage(
                            PATHS.contentImport,
                            () => import('@/features/content-import/pages/content-import-page'),
                          ),
                          lazyPage(
                            PATHS.customerAccounts,
                            () => import('@/features/accounts-console/pages/accounts-page'),
                          ),
                          lazyPage(
                            PATHS.customerAccount,
                            () => import('@/features/accounts-console/pages/account-page'),
                          ),
                          lazyPage(
                            PATHS.auditLog,
                            () => import('@/features/audit-log/pages/audit-log-page'),
                          ),
                          lazyPage(
                            PATHS.businessMetrics,
                            () => import('@/features/business-metrics/pages/business-metrics-page'),
                          ),
                          lazyPage(
                            PATHS.helpInbox,
                            () => import('@/features/help-inbox/pages/help-inbox-page'),
                          ),
                          lazyPage(
                            PATHS.helpRequest,
                            () => import('@/features/help-inbox/pages/help-request-page'),
                          ),
                          lazyPage(
                            PATHS.payments,
                            () => import('@/features/payments-console/pages/payments-page'),
                          ),
                          lazyPage(
                            PATHS.purchase,
                            () => import('@/features/payments-console/pages/payment-page'),
                          ),
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        // Open to everyone: help and legal texts must be readable before signing up.
        Component: AppShell,
        children: [
          lazyPage(PATHS.help, () => import('@/features/help/pages/help-page')),
          lazyPage(PATHS.terms, () => import('@/features/legal/pages/terms-page')),
          lazyPage(PATHS.privacy, () => import('@/features/legal/pages/privacy-page')),
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

/**
 * The page of the current address. Declared routes rather than a data router: no page loads data
 * through the router, and the declarative mode leaves about 17 kB of gzip out of every route's
 * JavaScript (docs/performance.md, "Web delivery"). Navigations are transitions, so the page on
 * screen stays until the next one's code has arrived; the first load shows the loading screen.
 */
export function AppRoutes() {
  const page = useRoutes(routes);
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<LoadingScreen />}>{page}</Suspense>
    </RouteErrorBoundary>
  );
}

/** The modules of the lazy pages at `pathname` (already on their way: index.html preloads them). */
export async function loadPagesAt(pathname: string): Promise<PageModule[]> {
  const loads = (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    const handle = route.handle as LazyPageHandle | undefined;
    return handle ? [handle.loadPage()] : [];
  });
  const settled = await Promise.allSettled(loads);
  return settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
}
