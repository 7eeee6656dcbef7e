import { countLabel } from '../plural';
import { SUBSCRIPTION_WARNINGS } from './subscription';

/** Texts of the exam list, subjects, dashboard and question viewer (the product's wording). */
export const CATALOG_MESSAGES = {
  examsFound: (count: number) => countLabel(count, 'prova encontrada', 'provas encontradas'),
  questionsFound: (count: number) =>
    countLabel(count, 'questão encontrada', 'questões encontradas'),
  clearFilters: 'Limpar filtros',
  selectPlaceholder: 'Selecione...',
  noOptionFound: 'Nenhuma opção encontrada',
  chooseDiscipline: 'Selecione uma disciplina para estudar com a Inteligência Artificial.',
  /** The same without a language model: nothing says IA (docs/product-rules.md). */
  chooseDisciplineOffline: 'Selecione uma disciplina para estudar.',
  noExamSelected: 'Nenhuma prova selecionada',
  nothingLoaded: 'Nenhuma prova ou questão foi carregada.',
  examLoadFailed: 'Ocorreu um erro ao buscar a prova. Tente novamente.',
  examLoadFailedSelected: 'Erro: Não foi possível carregar a prova selecionada.',
  checkAnswer: 'Verificar Gabarito',
  correct: 'Correto, Parabéns!',
  wrong: (letter: string) => `Errado! A alternativa correta é a "${letter}".`,
  /** The first answer, kept in the history, recalled when the question is opened again. */
  recordedAnswer: (letter: string, date: string) => `Você respondeu ${letter} em ${date}`,
  previous: 'Anterior',
  next: 'Próxima',
  questionLimit: SUBSCRIPTION_WARNINGS.question_limit,
  /** Past the free daily limit, said before a check a package pays (the amount formatted). */
  packageCheckCost: (tokens: string) => `Esta conferência usa ${tokens} tokens do seu pacote`,
  questionNotFound: 'Questão não encontrada.',
  examNotFound: 'Prova não encontrada.',
  /** PUT /exams/:examId/opcao with a key the exam does not have (docs/product-rules.md, "Exam kinds and option blocks"). */
  unknownExamOption: (key: string, names: string[]) =>
    `Esta prova não tem a opção "${key}": escolha ${names.length > 1 ? `${names.slice(0, -1).join(', ')} ou ${names.at(-1)}` : (names[0] ?? 'uma das opções da prova')}.`,
  examWithoutOptions: 'Esta prova não tem opções a escolher: todas as questões são para todos.',
  disciplineNotFound: 'Disciplina não encontrada.',
  invalidLetter: 'Escolha uma das alternativas da questão.',
  invalidBoolean: 'Use "true" ou "false".',
  /** The server's refusal to check an annulled question. */
  questionAnnulled: 'Esta questão foi anulada pela banca e não pode ser respondida.',
  annulledTitle: 'Questão anulada',
  annulledText:
    'Ela fica visível para consulta, mas não tem gabarito e não conta nas estatísticas.',
  outdatedTitle: 'Questão desatualizada',
  /** Shown when the import file gives no note. */
  outdatedText: 'Uma norma posterior à prova mudou o que esta questão cobra.',
  outdatedKey: 'O gabarito é o da época da prova.',
  /** A question a re-import left out (docs/product-rules.md, "Retired questions"). */
  retiredTitle: 'Questão retirada do catálogo',
  retiredText:
    'Ela não faz mais parte da prova no catálogo, mas continua no seu histórico, nas suas estatísticas e no caderno de erros.',
  /** The server's refusal of a first answer to a retired question. */
  questionRetired:
    'Esta questão foi retirada do catálogo e não pode mais ser respondida. Quem já a respondeu ainda pode conferi-la de novo.',
  hideOutdated: 'Ocultar questões desatualizadas',
} as const;
