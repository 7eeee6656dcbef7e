/**
 * Query keys shared by several features (each feature keeps its own keys otherwise).
 *
 * Everything that depends on who is signed in lives under `user`, and is dropped at once whenever
 * the signed-in user changes (see app/query-client.ts). Under it, `answers` holds every answer that
 * shows the user's history (eye icons, correct/wrong marks, the recorded answer), so answering,
 * opening or resetting the history marks them all stale together.
 */
export const QUERY_KEYS = {
  /** GET /auth/session: who is signed in. */
  session: ['auth', 'session'],
  /** The root of every per-user answer. */
  user: ['user'],
  /** GET /me: the signed-in user's profile and plan. */
  me: ['user', 'me'],
  /** Everything that carries the user's history marks. */
  answers: ['user', 'answers'],
  /** GET /exams with filters (infinite). */
  examSearch: ['user', 'answers', 'exams'],
  /** GET /exams/:examId. */
  examDetail: (examId: string) => ['user', 'answers', 'exam', examId] as const,
  /** GET /disciplines/:code/questions (infinite), per subject ('' = all), maybe without outdated. */
  disciplineQuestions: (code: string, assunto: string, hideOutdated = false) =>
    hideOutdated
      ? (['user', 'answers', 'discipline-questions', code, assunto, 'sem-desatualizadas'] as const)
      : (['user', 'answers', 'discipline-questions', code, assunto] as const),
  /** GET /questions/:id (with the recorded first answer). */
  question: (questionId: string) => ['user', 'answers', 'question', questionId] as const,
  /**
   * GET /questions/:id/commentary: with the answers (it needs the user's check) and refetched when
   * the plan changes (the reasons follow the tutor's access).
   */
  questionCommentary: (questionId: string) =>
    ['user', 'answers', 'question-commentary', questionId] as const,
  /** GET /me/question-checks: today's free checks. */
  questionChecks: ['user', 'answers', 'question-checks'],
  /** GET /simulados: the user's simulados (their answers enter the history at the end). */
  simulados: ['user', 'answers', 'simulados'],
  /** GET /simulados/:id. */
  simulado: (id: string) => ['user', 'answers', 'simulados', id] as const,
  /** GET /questions/:id/chat: the tutor conversation kept about a question. */
  chatHistory: (questionId: string) => ['user', 'tutor-chat', questionId] as const,
  /** GET /me/tokens: AI entitlement and the token balance. */
  tokens: ['user', 'tokens'],
  /** GET /plans: the offer, with what the signed-in user has now. */
  plans: ['user', 'plans'],
  /** GET /me/purchases: paid plans and token packages. */
  purchases: ['user', 'purchases'],
  /** GET /me/history/progress?by=: answers per day and success rate per week. */
  historyProgress: (by: string) => ['user', 'history', 'progress', by] as const,
  /** GET /me/history/summary: totals and performance by discipline and subject. */
  historySummary: ['user', 'history', 'summary'],
  /** GET /questions/search (infinite) for the search screen, with the user's marks. */
  questionSearch: (filters: Record<string, string>) =>
    ['user', 'answers', 'question-search', filters] as const,
  /**
   * GET /questions/search as the viewer's list: apart from `answers`, so answering a question in
   * the viewer does not reorder or shorten the list being walked through.
   */
  questionSearchList: (filters: Record<string, string>) =>
    ['user', 'question-search-list', filters] as const,
  /** Everything of the mistakes notebook; refreshed after every check. */
  review: ['user', 'review'],
  /** GET /me/review with filters. */
  reviewNotebook: (filters: Record<string, string>) =>
    ['user', 'review', 'notebook', filters] as const,
  /** GET /me/review/today: the day's FSRS queue. */
  reviewToday: ['user', 'review', 'today'],
  /** GET /me/flashcards. */
  flashcards: ['user', 'review', 'flashcards'],
  /** GET /me/review/retention. */
  retention: ['user', 'review', 'retention'],
  /** GET /me/review/settings: the desired retention. */
  reviewSettings: ['user', 'review-settings'],
  /** GET /me/review/today/count: 'Revisões de hoje' on the home page and in the menu. */
  reviewCount: ['user', 'review', 'count'],
  /** GET /me/review as the viewer's list (frozen while walked through, as the search list). */
  reviewList: (filters: Record<string, string>) => ['user', 'review-list', filters] as const,
  /** GET /questions/facets: the question search's filter options, counted in questions. */
  searchOptions: (filters: Record<string, string>) =>
    ['catalog', 'search-options', filters] as const,
  /** GET /me/error-reports: 'Meus reportes' on /conta; a new report or a reply changes it. */
  myReports: ['user', 'my-error-reports'],
  /** GET /me/consents: what the account accepted, and when. */
  consents: ['user', 'consents'],
  /** GET /me/data-exports: the account's data files, building or still downloadable. */
  dataExports: ['user', 'data-exports'],
  /** Everything of the editorial area (staff only). */
  admin: ['user', 'admin'],
  /** Every page of the error-report queue, whatever the filters. */
  reportQueue: ['user', 'admin', 'report-queue'],
  /** GET /admin/reports with filters (infinite), each page with the status counts. */
  reportQueueList: (filters: Record<string, string>) =>
    ['user', 'admin', 'report-queue', filters] as const,
  /** GET /admin/reports/:id: a report, its reporter and the other reports on its question. */
  reportDetail: (reportId: string) => ['user', 'admin', 'report', reportId] as const,
  /** Every account query of the operations console. */
  accountsConsole: ['user', 'admin', 'accounts'],
  /** GET /admin/accounts?q= (infinite). */
  accountSearch: (query: string) => ['user', 'admin', 'accounts', 'search', query] as const,
  /** GET /admin/accounts/:userId: one account as support and admins see it. */
  accountDetail: (userId: string) => ['user', 'admin', 'accounts', 'detail', userId] as const,
  /** Every page of the support inbox, whatever the filters. */
  helpInbox: ['user', 'admin', 'help-inbox'],
  /** GET /admin/help-requests with filters (infinite), each page with the status counts. */
  helpInboxList: (filters: Record<string, string>) =>
    ['user', 'admin', 'help-inbox', filters] as const,
  /** GET /admin/help-requests/:id: a help message, its thread and its sender's account. */
  helpRequest: (requestId: string) => ['user', 'admin', 'help-request', requestId] as const,
  /** Every page of the audit log, whatever the filters. */
  audit: ['user', 'admin', 'audit'],
  /** GET /admin/audit with filters (infinite). */
  auditLog: (filters: Record<string, string>) => ['user', 'admin', 'audit', filters] as const,
  /** GET /admin/questions/:id: the question editor's copy (its versions below it). */
  questionEditing: (questionId: string) =>
    ['user', 'admin', 'question-editing', questionId] as const,
  /** GET /admin/questions/:id/versions/:version: a version never changes once written. */
  questionVersion: (questionId: string, version: number) =>
    ['user', 'admin', 'question-editing', questionId, 'version', version] as const,
  /** GET /exams for choosing the exam of a definitive key (infinite). */
  adminExamPicker: (filters: Record<string, string>) =>
    ['user', 'admin', 'exam-picker', filters] as const,
  /** GET /me/notices: the signed-in user's notices not yet dismissed. */
  notices: ['user', 'notices'],
  /** GET /disciplines: the catalogue's disciplines and counts, the same for everyone. */
  disciplines: ['catalog', 'disciplines'],
} as const;
