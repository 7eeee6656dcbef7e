import type { UserRole } from './api/session';

/**
 * Who may open a page of the web app. The server decides again on every API request
 * (docs/product-rules.md, "Editorial roles and the audit log" and "Who does what").
 * - sign-in: the sign-in flow, reachable without a session;
 * - open: readable by everyone, signed in or not (docs/decisions/001-open-legal-and-help-pages.md);
 * - user: a signed-in account (visitors are sent to /login);
 * - staff: any staff role (the staff area's door, /admin);
 * - editor, support, admin: the staff pages, named after the team they belong to, as the server's
 *   route access names them.
 */
export type PathAccess = 'sign-in' | 'open' | 'user' | 'staff' | 'editor' | 'support' | 'admin';

export interface AppPath {
  /** As the web router and the server's router write it: `:name` stands for one segment. */
  readonly path: string;
  readonly access: PathAccess;
  /** Other spellings served as the same page. */
  readonly aliases?: readonly string[];
}

/**
 * Every page address of the web app, once, with who may open it. The web router, the staff area's
 * tabs, the side menu and the server's SPA fallback all read this table, so a page cannot be
 * reachable in the app and missing on a full page load.
 */
export const PATHS = {
  home: { path: '/', access: 'user' },
  login: { path: '/login', access: 'sign-in' },
  signup: { path: '/signup', access: 'sign-in' },
  // E-mailed reset links use /Recovery.
  recovery: { path: '/recovery', access: 'sign-in', aliases: ['/Recovery'] },
  authAction: { path: '/auth/action', access: 'sign-in' },

  help: { path: '/ajuda', access: 'open' },
  terms: { path: '/termos', access: 'open' },
  privacy: { path: '/politicas', access: 'open' },

  disciplines: { path: '/conteudo-didatico', access: 'user' },
  examDashboard: { path: '/prova-dashboard', access: 'user' },
  questions: { path: '/questoes', access: 'user' },
  plans: { path: '/assinatura', access: 'user' },
  payment: { path: '/pagamento', access: 'user' },
  account: { path: '/conta', access: 'user' },
  performance: { path: '/meu-desempenho', access: 'user' },
  simulados: { path: '/simulados', access: 'user' },
  simulado: { path: '/simulado', access: 'user' },
  questionSearch: { path: '/buscar-questoes', access: 'user' },
  mistakes: { path: '/caderno-de-erros', access: 'user' },
  reviewToday: { path: '/revisao-de-hoje', access: 'user' },
  mistakesExport: { path: '/caderno-de-erros/exportar', access: 'user' },

  staffArea: { path: '/admin', access: 'staff' },
  errorReports: { path: '/admin/reportes', access: 'editor' },
  questionEditor: { path: '/admin/questoes', access: 'editor' },
  answerKey: { path: '/admin/gabarito', access: 'editor' },
  contentImport: { path: '/admin/importar', access: 'editor' },
  auditLog: { path: '/admin/registro', access: 'editor' },
  customerAccounts: { path: '/admin/contas', access: 'support' },
  customerAccount: { path: '/admin/contas/:userId', access: 'support' },
  helpInbox: { path: '/admin/mensagens', access: 'support' },
  helpRequest: { path: '/admin/mensagens/:id', access: 'support' },
  payments: { path: '/admin/pagamentos', access: 'support' },
  purchase: { path: '/admin/pagamentos/:id', access: 'support' },
  businessMetrics: { path: '/admin/numeros', access: 'admin' },
} as const satisfies Record<string, AppPath>;

export type AppPathName = keyof typeof PATHS;

export const APP_PATHS: readonly AppPath[] = Object.values(PATHS);

/** Every path as a router registers it: the patterns and their other spellings. */
export const APP_ROUTES: readonly string[] = APP_PATHS.flatMap((entry) => [
  entry.path,
  ...(entry.aliases ?? []),
]);

/** The staff roles each staff access lets in; admins are let in everywhere. */
const STAFF_ACCESS_ROLES: Partial<Record<PathAccess, readonly UserRole[]>> = {
  staff: ['editor', 'support', 'admin'],
  editor: ['editor', 'admin'],
  support: ['support', 'admin'],
  admin: ['admin'],
};

/** Whether a signed-in account of `role` may open a page of `access`. */
export function roleMayOpen(role: UserRole | undefined, access: PathAccess): boolean {
  const roles = STAFF_ACCESS_ROLES[access];
  if (!roles) return access !== 'user' || role !== undefined;
  return role !== undefined && roles.includes(role);
}

function segments(pathname: string): string[] {
  return pathname.toLowerCase().split('/').filter(Boolean);
}

const PATTERNS = APP_PATHS.map((entry) => ({ entry, parts: segments(entry.path) }));

/**
 * The registered page at `pathname`, matched as the web router matches: case aside, with or without
 * a trailing slash, `:name` standing for any one segment.
 */
export function matchAppPath(pathname: string): AppPath | undefined {
  const parts = segments(pathname);
  return PATTERNS.find(
    (pattern) =>
      pattern.parts.length === parts.length &&
      pattern.parts.every((part, index) => part.startsWith(':') || part === parts[index]),
  )?.entry;
}

export function isAppRoute(pathname: string): boolean {
  return matchAppPath(pathname) !== undefined;
}

type ParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The address of a page with parameters, each encoded as one segment. */
export function pathTo<Path extends string>(
  { path }: { path: Path },
  params: Record<ParamNames<Path>, string>,
): string {
  return path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent((params as Record<string, string>)[name] ?? ''),
  );
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
