import { examParamsSchema, questionParamsSchema, STUDY_PARAMS } from '@gabarita/shared';

/**
 * The API reads a page's first screen waits on, as far as the address and the presence of a
 * session cookie tell them. Sent as `Link` preloads with index.html, the browser fetches them while
 * the scripts download; the app's own requests (same URL, same credentials mode) take these
 * answers.
 * - /login (a visitor; a signed-in browser is sent on): the sign-in providers, for the Google button.
 * - /questoes (signed in; a visitor is sent to /login): the exam in ?prova= and the question in ?q=,
 *   read as the app reads them (the first value) and checked by the routes' own parameter rules.
 */
export function pageDataPreloads(pathname: string, search: string, signedIn: boolean): string[] {
  if (pathname === '/login') return signedIn ? [] : ['/api/auth/providers'];
  if (pathname !== '/questoes' || !signedIn) return [];
  const params = new URLSearchParams(search);
  const preloads: string[] = [];
  const exam = examParamsSchema.safeParse({ examId: params.get(STUDY_PARAMS.exam) ?? undefined });
  if (exam.success) preloads.push(`/api/exams/${encodeURIComponent(exam.data.examId)}`);
  const question = questionParamsSchema.safeParse({
    id: params.get(STUDY_PARAMS.question) ?? undefined,
  });
  if (question.success) preloads.push(`/api/questions/${encodeURIComponent(question.data.id)}`);
  return preloads;
}

/** The `Link` header value that preloads `paths` as the app's fetch() asks for them. */
export function preloadLinkHeader(paths: string[]): string | undefined {
  return paths.length === 0
    ? undefined
    : paths.map((path) => `<${path}>; rel=preload; as=fetch; crossorigin=anonymous`).join(', ');
}
