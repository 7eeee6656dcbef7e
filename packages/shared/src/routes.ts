/** Every route of the product's route table, shared by the web router and the server's SPA fallback. */
export const PUBLIC_ROUTES = ['/login', '/signup', '/recovery', '/Recovery', '/auth/action'] as const;

export const SIGNED_IN_ROUTES = [
  '/',
  '/conteudo-didatico',
  '/prova-dashboard',
  '/questoes',
  '/assinatura',
  '/pagamento',
  '/conta',
  '/meu-desempenho',
  '/ajuda',
  '/termos',
  '/politicas',
] as const;

export const APP_ROUTES: readonly string[] = [...SIGNED_IN_ROUTES, ...PUBLIC_ROUTES];

export function isAppRoute(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return APP_ROUTES.includes(normalized);
}
