/*
 * The addresses of the study screens. Their state lives in the query string, so a reload or a
 * shared link lands on the same exam, filters and question.
 *   /prova-dashboard?prova=<examId>&disciplina=<code>&assunto=<subject>
 *   /conteudo-didatico?disciplina=<code>&assunto=<subject>
 *   /questoes?prova=<examId>&disciplina=<code>&assunto=<subject>&q=<questionId>   (exam origin)
 *   /questoes?disciplina=<code>&assunto=<subject>&q=<questionId>                  (discipline origin)
 *   /questoes?busca=<the search's query string>&q=<questionId>                     (search origin)
 *   /questoes?caderno=<the notebook's filters, or 1>&q=<questionId>               (notebook origin)
 * Each may add &desatualizadas=ocultar: the list leaves outdated questions out.
 *   /buscar-questoes?q=<text>&instituicao=…&disciplina=…&status=errei                (search)
 *   /caderno-de-erros?disciplina=<code>&assunto=<subject>                     (mistakes notebook)
 */

import { STUDY_PARAMS } from '@gabarita/shared';

/** The value of ?desatualizadas= that hides outdated questions. */
export const HIDE_OUTDATED = 'ocultar';

interface StudyLinkParts {
  prova?: string;
  disciplina?: string;
  assunto?: string;
  q?: string;
  /** Leave outdated questions out of the list. */
  hideOutdated?: boolean;
}

/** Query string with only the parts that are set, in a stable order. */
export function studySearch({
  prova,
  disciplina,
  assunto,
  q,
  hideOutdated,
}: StudyLinkParts): string {
  const params = new URLSearchParams();
  if (prova) params.set(STUDY_PARAMS.exam, prova);
  if (disciplina) params.set(STUDY_PARAMS.discipline, disciplina);
  if (assunto) params.set(STUDY_PARAMS.subject, assunto);
  if (hideOutdated) params.set(STUDY_PARAMS.outdated, HIDE_OUTDATED);
  if (q) params.set(STUDY_PARAMS.question, q);
  const search = params.toString();
  return search ? `?${search}` : '';
}

export function examDashboardPath(parts: Omit<StudyLinkParts, 'q'>): string {
  return `/prova-dashboard${studySearch(parts)}`;
}

export function disciplinesPath(
  parts: Pick<StudyLinkParts, 'disciplina' | 'assunto' | 'hideOutdated'>,
): string {
  return `/conteudo-didatico${studySearch(parts)}`;
}

export function questionViewerPath(parts: StudyLinkParts): string {
  return `/questoes${studySearch(parts)}`;
}

/** The viewer walking a search's results (`search`: the search screen's query string). */
export function searchViewerPath(search: string, questionId: string): string {
  const params = new URLSearchParams();
  params.set(STUDY_PARAMS.search, search || 'todas');
  params.set(STUDY_PARAMS.question, questionId);
  return `/questoes?${params.toString()}`;
}

/** The viewer walking the mistakes notebook (`filters`: the notebook's query string). */
export function notebookViewerPath(filters: string, questionId: string): string {
  const params = new URLSearchParams();
  params.set(STUDY_PARAMS.notebook, filters || 'todas');
  params.set(STUDY_PARAMS.question, questionId);
  return `/questoes?${params.toString()}`;
}

export function questionSearchPath(search: string): string {
  return `/buscar-questoes${search && search !== 'todas' ? `?${search}` : ''}`;
}

export function notebookPath(filters: string): string {
  return `/caderno-de-erros${filters && filters !== 'todas' ? `?${filters}` : ''}`;
}
