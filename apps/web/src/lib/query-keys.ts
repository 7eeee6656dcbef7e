/** Query keys shared by several features (each feature keeps its own keys otherwise). */
export const QUERY_KEYS = {
  /** GET /auth/session: who is signed in. */
  session: ['auth', 'session'],
  /** GET /me: the signed-in user's profile and plan. */
  me: ['me'],
  /**
   * Everything under this prefix carries the user's history (eye icon, correct/wrong marks), so
   * opening or checking a question marks it stale.
   */
  catalog: ['catalog'],
  /** GET /exams with filters (infinite). */
  examSearch: ['catalog', 'exams'],
  /** GET /exams/:examId. */
  examDetail: (examId: string) => ['catalog', 'exam', examId] as const,
  /** GET /disciplines. */
  disciplines: ['catalog', 'disciplines'],
  /** GET /disciplines/:code/questions (infinite), per subject ('' = all). */
  disciplineQuestions: (code: string, assunto: string) =>
    ['catalog', 'discipline-questions', code, assunto] as const,
  /**
   * GET /me/history/summary: totals and performance by discipline and subject. Not under `catalog`
   * (it is not a list of questions); it is refetched whenever the performance page is shown. Under
   * `me`, so signing out drops it with the profile.
   */
  historySummary: ['me', 'history', 'summary'],
  /** GET /questions/:id. */
  question: (questionId: string) => ['question', questionId] as const,
} as const;
