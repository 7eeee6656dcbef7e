import {
  EXAM_FILTER_KEYS,
  EXAM_KIND_LABELS,
  type ExamFilterKey,
  type ExamKind,
  type ExamOption,
  type FacetOption,
  countLabel,
} from '@gabarita/shared';

/** '1 questão', '12 questões'. */
export function questionCountLabel(count: number): string {
  return countLabel(count, 'questão', 'questões');
}

/** The exam filters' labels, wherever they are offered (exam list, search, simulados). */
export const EXAM_FILTER_LABELS: Record<ExamFilterKey, string> = {
  tipo: 'Tipo',
  cargo: 'Cargo',
  orgao: 'Órgão',
  nivel: 'Nível',
  instituicao: 'Banca',
  ano: 'Ano',
  disciplina: 'Disciplina',
  assunto: 'Assunto',
};

/** A filter's options as the select shows them: the kinds by their names ('ENEM', 'Vestibular'). */
export function filterOptionsFor(key: ExamFilterKey, options: readonly FacetOption[] | undefined) {
  if (!options) return [];
  if (key !== 'tipo') return options;
  return options.map((option) => ({
    ...option,
    label: EXAM_KIND_LABELS[option.value as ExamKind] ?? option.label,
  }));
}

interface ExamLabelParts {
  kind: ExamKind;
  /** Cargo and órgão belong to concursos: null for the other kinds. */
  cargo: string | null;
  orgao: string | null;
  ano: string;
  instituicao: string;
}

/**
 * The exam title everywhere. Concursos: 'cargo — órgão, ano, banca'. The other kinds have no cargo
 * or órgão: the ENEM is named by its year ('ENEM 2023 · INEP'), the others by their institution
 * ('Vestibular · Fuvest 2024').
 */
export function examTitle({ kind, cargo, orgao, ano, instituicao }: ExamLabelParts): string {
  if (kind === 'concurso') {
    // A concurso always has both; should the file lack one, the label still reads well.
    const head = [cargo, orgao].filter(Boolean).join(' — ');
    return head ? `${head}, ${ano}, ${instituicao}` : `${instituicao}, ${ano}`;
  }
  if (kind === 'enem') return `${EXAM_KIND_LABELS.enem} ${ano} · ${instituicao}`;
  return `${EXAM_KIND_LABELS[kind]} · ${instituicao} ${ano}`;
}

/** The option blocks a candidate chooses from: 'Inglês ou Espanhol', 'A, B ou C'. */
export function examOptionsLabel(options: readonly ExamOption[]): string {
  const names = options.map((option) => option.name);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} ou ${names.at(-1)}`;
}

/** The name of a question's option block; null for a question every candidate takes. */
export function optionName(
  options: readonly ExamOption[],
  optionKey: string | null,
): string | null {
  if (optionKey === null) return null;
  return options.find((option) => option.key === optionKey)?.name ?? optionKey;
}

/**
 * The compact exam line of lists, as the server's board label: 'Professor · IBFC · 2017'; the kinds
 * without a cargo by their name: 'ENEM · INEP · 2023'.
 */
export function examShortTitle(exam: ExamLabelParts): string {
  return `${exam.cargo ?? EXAM_KIND_LABELS[exam.kind]} · ${exam.instituicao} · ${exam.ano}`;
}

/** A name compared as a reader would: without case, accents or the areas' 'e suas Tecnologias'. */
function comparableName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+e\s+suas\s+tecnologias\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The subject to show beside a question's discipline, or null when it only repeats it: a source
 * without subjects (the ENEM's) gives its area as both, and the area is shown once
 * (docs/product-rules.md, "Exam kinds and option blocks").
 */
export function subjectBeside(disciplinaNome: string, assunto: string): string | null {
  const subject = assunto.trim();
  if (!subject || comparableName(subject) === comparableName(disciplinaNome)) return null;
  return subject;
}

/** The filters that belong to concursos: the other kinds have no cargo, órgão or nível. */
export const CONCURSO_ONLY_FILTERS: readonly ExamFilterKey[] = ['cargo', 'orgao', 'nivel'];

/**
 * The filters offered for the chosen kind (`tipo`, '' for every kind) and the kinds present in the
 * catalogue (the `tipo` facet): Cargo, Órgão and Nível only where concursos can be among the exams
 * (docs/product-rules.md, "Exam kinds and option blocks").
 */
export function offeredExamFilters(
  tipo: string,
  kinds: readonly FacetOption[] | undefined,
): ExamFilterKey[] {
  const concursos =
    tipo === 'concurso' ||
    (!tipo && (!kinds || kinds.length === 0 || kinds.some((kind) => kind.value === 'concurso')));
  return EXAM_FILTER_KEYS.filter((key) => concursos || !CONCURSO_ONLY_FILTERS.includes(key));
}

/** The filters a change of kind to `tipo` leaves without meaning: the concursos' own, for other kinds. */
export function filtersDroppedByKind(tipo: string): readonly ExamFilterKey[] {
  return !tipo || tipo === 'concurso' ? [] : CONCURSO_ONLY_FILTERS;
}

/**
 * The exam list's title for a kind ('' for every kind): the menu's 'Questões de concurso' (spec)
 * for the whole list and for concursos, the kind's own name for the others.
 */
export const EXAM_KIND_LIST_TITLES: Record<ExamKind, string> = {
  concurso: 'Questões de concurso',
  enem: 'Questões do ENEM',
  vestibular: 'Questões de vestibular',
  certificacao: 'Questões de certificação',
  olimpiada: 'Questões de olimpíada',
};

export function examListTitle(tipo: string): string {
  return EXAM_KIND_LIST_TITLES[tipo as ExamKind] ?? EXAM_KIND_LIST_TITLES.concurso;
}

/**
 * The order in which the menu lists the kinds (docs/product-rules.md, "Exam kinds and option
 * blocks"): the concursos first, as the product presents itself, then the ENEM, the vestibulares,
 * the certifications and the olympiads.
 */
export const MENU_KIND_ORDER: readonly ExamKind[] = [
  'concurso',
  'enem',
  'vestibular',
  'certificacao',
  'olimpiada',
];
