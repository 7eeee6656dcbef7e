import { useQuery } from '@tanstack/react-query';
import {
  CATALOG_MESSAGES,
  type QuestionDetail,
  type QuestionStatus,
  PATHS,
} from '@gabarita/shared';
import { errorMessage } from '@/lib/api-client';
import {
  disciplinesPath,
  examDashboardPath,
  notebookPath,
  questionSearchPath,
} from '@/domain/study/study-links';
import { examTitle, optionName } from '@/domain/catalog/catalog-text';
import { questionQueryOptions } from '@/domain/questions/question-queries';
import {
  useAllDisciplineQuestions,
  useExamQuestions,
  useNotebookQuestionList,
  useSearchQuestionList,
} from '../api/question-list-api';

/** What the viewer needs of each question in the list, whatever its origin. */
export interface QuestionListItem {
  id: string;
  number: number;
  examLabel: string;
  disciplinaNome: string;
  assunto: string;
  status: QuestionStatus;
  /**
   * The option block the question belongs to (e.g. 'Inglês'), when the list knows it: the header
   * shows it only until the question's detail (which always carries it) arrives.
   */
  optionName?: string | null;
}

interface QuestionSource {
  prova: string;
  disciplina: string;
  assunto: string;
  /** Leave outdated questions out. */
  hideOutdated: boolean;
  /** A question search's query string ('todas': no filter). */
  busca: string;
  /** The mistakes notebook's filters ('todas': the whole notebook). */
  caderno: string;
  /** The question in the address (the search list loads pages until it is found). */
  currentId: string;
}

export type QuestionList =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'error'; message: string; retry: () => void; retrying: boolean }
  | {
      status: 'ready';
      items: QuestionListItem[];
      /** All questions of the list, including pages not loaded yet. */
      total: number;
      /** More than `total` (a search counts up to a limit). */
      totalCapped?: boolean;
      /** More pages are still coming (discipline origin). */
      loadingMore: boolean;
    };

const QUESTIONS_LOAD_FAILED = 'Não foi possível carregar as questões. Tente novamente.';

/**
 * The viewer's list comes from the address: ?prova= (the exam's questions, narrowed by
 * disciplina/assunto when present) or else ?disciplina= (every page of that discipline), without
 * outdated questions when ?desatualizadas=ocultar; or ?busca= (a question search's results) or
 * ?caderno= (the mistakes notebook).
 */
export function useQuestionList({
  prova,
  disciplina,
  assunto,
  hideOutdated,
  busca,
  caderno,
  currentId,
}: QuestionSource) {
  const origin = prova
    ? 'exam'
    : busca
      ? 'search'
      : caderno
        ? 'notebook'
        : disciplina
          ? 'discipline'
          : null;
  const exam = useExamQuestions(prova);
  // A retired question is not in its exam's list; opened from the history (a simulado's result, a
  // report), it is shown in its place (docs/product-rules.md, "Retired questions").
  const outOfList =
    origin === 'exam' &&
    currentId !== '' &&
    exam.isSuccess &&
    !exam.data.questions.some((question) => question.id === currentId);
  const addressed = useQuery({ ...questionQueryOptions(currentId), enabled: outOfList });
  const retired: QuestionDetail | null =
    outOfList && addressed.data?.retired && addressed.data.exam.id === prova
      ? addressed.data
      : null;
  const search = useSearchQuestionList(origin === 'search' ? busca : '', currentId);
  const notebook = useNotebookQuestionList(origin === 'notebook' ? caderno : '');
  const discipline = useAllDisciplineQuestions(
    origin === 'discipline' ? disciplina : '',
    assunto,
    hideOutdated,
  );

  let list: QuestionList;
  if (origin === 'exam') {
    if (exam.isPending || (outOfList && addressed.isPending)) list = { status: 'loading' };
    else if (exam.isError) {
      list = {
        status: 'error',
        message: CATALOG_MESSAGES.examLoadFailedSelected,
        retry: () => void exam.refetch(),
        retrying: exam.isFetching,
      };
    } else {
      const label = examTitle(exam.data.exam);
      const items: QuestionListItem[] = exam.data.questions
        .filter(
          (question) =>
            (!disciplina || question.disciplina === disciplina) &&
            (!assunto || question.assunto === assunto) &&
            !(hideOutdated && question.status === 'outdated'),
        )
        .map((question) => ({
          ...question,
          examLabel: label,
          optionName: optionName(exam.data.exam.options, question.optionKey),
        }));
      if (retired) {
        const after = items.findIndex((item) => item.number > retired.number);
        items.splice(after < 0 ? items.length : after, 0, {
          id: retired.id,
          number: retired.number,
          examLabel: label,
          disciplinaNome: retired.disciplinaNome,
          assunto: retired.assunto,
          status: retired.status,
        });
      }
      list = { status: 'ready', items, total: items.length, loadingMore: false };
    }
  } else if (origin === 'search') {
    if (search.isPending) list = { status: 'loading' };
    else if (search.isError && !search.isFetchNextPageError) {
      list = {
        status: 'error',
        message: errorMessage(search.error, QUESTIONS_LOAD_FAILED),
        retry: () => void search.refetch(),
        retrying: search.isFetching,
      };
    } else {
      const pages = search.data.pages;
      const items = pages.flatMap((page) => page.items);
      list = {
        status: 'ready',
        items,
        total: Math.max(pages[0]?.total ?? 0, items.length),
        totalCapped: (pages[0]?.totalCapped ?? false) && items.length <= (pages[0]?.total ?? 0),
        loadingMore: search.hasNextPage && !search.isFetchNextPageError,
      };
    }
  } else if (origin === 'notebook') {
    if (notebook.isPending) list = { status: 'loading' };
    else if (notebook.isError) {
      list = {
        status: 'error',
        message: errorMessage(notebook.error, QUESTIONS_LOAD_FAILED),
        retry: () => void notebook.refetch(),
        retrying: notebook.isFetching,
      };
    } else {
      const items = notebook.data.items;
      list = { status: 'ready', items, total: items.length, loadingMore: false };
    }
  } else if (origin === 'discipline') {
    if (discipline.isPending) list = { status: 'loading' };
    else if (discipline.isError && !discipline.isFetchNextPageError) {
      list = {
        status: 'error',
        message: errorMessage(discipline.error, QUESTIONS_LOAD_FAILED),
        retry: () => void discipline.refetch(),
        retrying: discipline.isFetching,
      };
    } else {
      const pages = discipline.data.pages;
      const items = pages.flatMap((page) => page.items);
      list = {
        status: 'ready',
        items,
        total: Math.max(pages[0]?.total ?? 0, items.length),
        loadingMore: discipline.hasNextPage && !discipline.isFetchNextPageError,
      };
    }
  } else {
    list = { status: 'none' };
  }

  const back =
    origin === 'exam'
      ? {
          to: examDashboardPath({ prova, disciplina, assunto, hideOutdated }),
          label: 'Voltar para a prova',
        }
      : origin === 'search'
        ? { to: questionSearchPath(busca), label: 'Voltar para a busca' }
        : origin === 'notebook'
          ? { to: notebookPath(caderno), label: 'Voltar para o caderno de erros' }
          : origin === 'discipline'
            ? {
                to: disciplinesPath({ disciplina, assunto, hideOutdated }),
                label: 'Voltar para as disciplinas',
              }
            : { to: PATHS.home.path, label: 'Voltar para as provas' };

  return { list, back };
}
