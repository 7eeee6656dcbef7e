/** The product's route table, shared by the web router and the server's SPA fallback. */

/** Sign-in flow: reachable without a session. */
export const PUBLIC_ROUTES = [
  '/login',
  '/signup',
  '/recovery',
  '/Recovery',
  '/auth/action',
] as const;

/** Readable by everyone, signed in or not (docs/decisions/001-open-legal-and-help-pages.md). */
export const OPEN_ROUTES = ['/ajuda', '/termos', '/politicas'] as const;

/** Need a session: visitors are sent to /login. */
export const SIGNED_IN_ROUTES = [
  '/',
  '/conteudo-didatico',
  '/prova-dashboard',
  '/questoes',
  '/assinatura',
  '/pagamento',
  '/conta',
  '/meu-desempenho',
  '/simulados',
  '/simulado',
  '/buscar-questoes',
  '/caderno-de-erros',
  // The editorial area: staff only; the web shows everyone else that it is restricted.
  '/admin',
  '/admin/reportes',
  '/admin/questoes',
  '/admin/gabarito',
  '/admin/importar',
  '/admin/registro',
] as const;

export const APP_ROUTES: readonly string[] = [
  ...SIGNED_IN_ROUTES,
  ...OPEN_ROUTES,
  ...PUBLIC_ROUTES,
];

export function isAppRoute(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return APP_ROUTES.includes(normalized);
}

/**
 * The query parameters of the study screens (their state lives in the address: see
 * apps/web/src/domain/study/study-links.ts). The server reads the exam and the question to preload them.
 */
export const STUDY_PARAMS = {
  exam: 'prova',
  discipline: 'disciplina',
  subject: 'assunto',
  question: 'q',
  outdated: 'desatualizadas',
  search: 'busca',
  notebook: 'caderno',
} as const;
