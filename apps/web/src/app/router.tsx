import { type ComponentType, lazy, Suspense, useState } from 'react';
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen';
import type { PrefetchPageData } from '@/lib/page-data';
import ExamListPage from '@/features/exams/pages/exam-list-page';
import { RedirectIfSignedIn } from './guards/redirect-if-signed-in';
import { RequireSession } from './guards/require-session';
import { RequireStaff } from './guards/require-staff';
import { AdminIndex, AdminLayout } from './layouts/admin-layout';
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
 */
function lazyPage(path: string | undefined, load: () => Promise<PageModule>): RouteObject {
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
  return path === undefined
    ? { index: true, Component: Page, handle }
    : { path, Component: Page, handle };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    children: [
      {
        Component: RedirectIfSignedIn,
        children: [
          {
            Component: AuthLayout,
            children: [
              lazyPage('login', () => import('@/features/auth/pages/login-page')),
              lazyPage('signup', () => import('@/features/auth/pages/signup-page')),
            ],
          },
        ],
      },
      {
        Component: AuthLayout,
        children: [
          // Paths match case-insensitively, so this also serves /Recovery (used by e-mailed links).
          lazyPage('recovery', () => import('@/features/auth/pages/recovery-page')),
          lazyPage('auth/action', () => import('@/features/auth/pages/auth-action-page')),
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
                'prova-dashboard',
                () => import('@/features/exams/pages/exam-dashboard-page'),
              ),
              lazyPage(
                'conteudo-didatico',
                () => import('@/features/disciplines/pages/disciplines-page'),
              ),
              lazyPage('questoes', () => import('./routes/question-viewer-page')),
              lazyPage('simulados', () => import('@/features/simulados/pages/simulados-page')),
              lazyPage('simulado', () => import('@/features/simulados/pages/simulado-page')),
              lazyPage(
                'buscar-questoes',
                () => import('@/features/question-search/pages/question-search-page'),
              ),
              lazyPage('caderno-de-erros', () => import('@/features/review/pages/review-page')),
              lazyPage('assinatura', () => import('@/features/billing/pages/plans-page')),
              lazyPage('pagamento', () => import('@/features/billing/pages/payment-page')),
              lazyPage('conta', () => import('@/features/account/pages/account-page')),
              lazyPage(
                'meu-desempenho',
                () => import('@/features/performance/pages/performance-page'),
              ),
              {
                path: 'admin',
                Component: RequireStaff,
                children: [
                  {
                    Component: AdminLayout,
                    children: [
                      { index: true, Component: AdminIndex },
                      lazyPage(
                        'reportes',
                        () => import('@/features/report-queue/pages/report-queue-page'),
                      ),
                      lazyPage(
                        'questoes',
                        () => import('@/features/question-editor/pages/question-editor-page'),
                      ),
                      lazyPage(
                        'gabarito',
                        () => import('@/features/answer-key/pages/answer-key-page'),
                      ),
                      lazyPage(
                        'importar',
                        () => import('@/features/content-import/pages/content-import-page'),
                      ),
                      lazyPage(
                        'contas',
                        () => import('@/features/accounts-console/pages/accounts-page'),
                      ),
                      lazyPage(
                        'contas/:userId',
                        () => import('@/features/accounts-console/pages/account-page'),
                      ),
                      lazyPage(
                        'registro',
                        () => import('@/features/audit-log/pages/audit-log-page'),
                      ),
                      lazyPage(
                        'numeros',
                        () => import('@/features/business-metrics/pages/business-metrics-page'),
                      ),
                      lazyPage(
                        'mensagens',
                        () => import('@/features/help-inbox/pages/help-inbox-page'),
                      ),
                      lazyPage(
                        'mensagens/:id',
                        () => import('@/features/help-inbox/pages/help-request-page'),
                      ),
                      lazyPage(
                        'pagamentos',
                        () => import('@/features/payments-console/pages/payments-page'),
                      ),
                      lazyPage(
                        'pagamentos/:id',
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
      {
        // Open to everyone: help and legal texts must be readable before signing up.
        Component: AppShell,
        children: [
          lazyPage('ajuda', () => import('@/features/help/pages/help-page')),
          lazyPage('termos', () => import('@/features/legal/pages/terms-page')),
          lazyPage('politicas', () => import('@/features/legal/pages/privacy-page')),
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
