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
 *   /simulados?prova=<examId>                        (the simulados page, this exam's offered)
 *   /simulado?id=<simuladoId>                                        (one simulado, its result)
 * The paths themselves are in the registry of pages (PATHS, packages/shared/src/paths.ts).
 */

import { PATHS, STUDY_PARAMS } from '@gabarita/shared';

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
  return `${PATHS.examDashboard.path}${studySearch(parts)}`;
}

export function disciplinesPath(
  parts: Pick<StudyLinkParts, 'disciplina' | 'assunto' | 'hideOutdated'>,
): string {
  return `${PATHS.disciplines.path}${studySearch(parts)}`;
}

export function questionViewerPath(parts: StudyLinkParts): string {
  return `${PATHS.questions.path}${studySearch(parts)}`;
}

/** The viewer walking a search's results (`search`: the search screen's query string). */
export function searchViewerPath(search: string, questionId: string): string {
  const params = new URLSearchParams();
  params.set(STUDY_PARAMS.search, search || 'todas');
  params.set(STUDY_PARAMS.question, questionId);
  return `${PATHS.questions.path}?${params.toString()}`;
}

/** The viewer walking the mistakes notebook (`filters`: the notebook's query string). */
export function notebookViewerPath(filters: string, questionId: string): string {
  const params = new URLSearchParams();
  params.set(STUDY_PARAMS.notebook, filters || 'todas');
  params.set(STUDY_PARAMS.question, questionId);
  return `${PATHS.questions.path}?${params.toString()}`;
}

export function questionSearchPath(search: string): string {
  return `${PATHS.questionSearch.path}${search && search !== 'todas' ? `?${search}` : ''}`;
}

export function notebookPath(filters: string): string {
  return `${PATHS.mistakes.path}${filters && filters !== 'todas' ? `?${filters}` : ''}`;
}

/** The simulados page with a simulado of this exam offered. */
export function examSimuladosPath(examId: string): string {
  return `${PATHS.simulados.path}?${STUDY_PARAMS.exam}=${encodeURIComponent(examId)}`;
}

/** One simulado: under way, or its result once finished. */
export function simuladoPath(simuladoId: string): string {
  return `${PATHS.simulado.path}?id=${encodeURIComponent(simuladoId)}`;
}
