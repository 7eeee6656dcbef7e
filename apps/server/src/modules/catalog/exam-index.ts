import {
  EXAM_FILTER_KEYS,
  EXAM_KIND_LABELS,
  type ExamCard,
  type ExamKind,
  type ExamFilters,
  type ExamSearchResponse,
  type FacetOption,
} from '@gabarita/shared';

/** An exam as the search reads it, in the catalogue's order (newest year first, then id). */
export interface IndexedExam {
  id: string;
  kind: ExamKind;
  /** Null outside concursos (docs/product-rules.md, "Exam kinds and option blocks"). */
  cargo: string | null;
  cargoGeral: string | null;
  orgao: string | null;
  nivel: string | null;
  instituicao: string;
  ano: string;
  questionCount: number;
  demonstration: boolean;
  options: { key: string; name: string }[];
}

export interface ExamIndexRows {
  exams: IndexedExam[];
  examDisciplines: { examId: string; disciplineCode: string; questionCount: number }[];
  examSubjects: {
    examId: string;
    disciplineCode: string;
    subject: string;
    questionCount: number;
  }[];
  disciplineNames: Map<string, string>;
}

type ColumnFilter = 'tipo' | 'cargo' | 'orgao' | 'nivel' | 'instituicao' | 'ano';
const COLUMN_FILTERS: ColumnFilter[] = ['tipo', 'cargo', 'orgao', 'nivel', 'instituicao', 'ano'];
/** The exam's value for a filter; null (no cargo outside concursos) matches no option. */
const columnValue = (exam: IndexedExam, key: ColumnFilter): string | null =>
  key === 'tipo' ? exam.kind : key === 'cargo' ? exam.cargoGeral : exam[key];
const optionLabel = (key: ColumnFilter, value: string) =>
  key === 'tipo' ? (EXAM_KIND_LABELS[value as ExamKind] ?? value) : value;

interface Entry {
  exam: IndexedExam;
  /** Questions per discipline (annulled ones left out, as the importer counts them). */
  disciplines: Map<string, number>;
  /** Questions per "discipline\0subject". */
  subjects: Map<string, number>;
}

const pairKey = (discipline: string, subject: string) => `${discipline}\u0000${subject}`;

/** A search result without the per-user marks (`inHistory` is false on every card). */
export type PublicSearchResult = Omit<ExamSearchResponse, 'nextCursor'>;

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
const byLabel = (a: FacetOption, b: FacetOption) => collator.compare(a.label, b.label);

function increment(counts: Map<string, number>, key: string, by = 1) {
  counts.set(key, (counts.get(key) ?? 0) + by);
}

/** What the facets count: exams (the exam list) or questions (the question search). */
export type FacetUnit = 'exams' | 'questions';

/**
 * The exam search over an in-memory copy of the exams and their per-exam aggregates: the same
 * answers as the SQL it replaces (docs/product-rules.md, "Exam filters"), each filter's options
 * counted with every other filter applied, from one pass over the exams.
 */
export function createExamIndex(rows: ExamIndexRows) {
  const entries = new Map<string, Entry>();
  for (const exam of rows.exams)
    entries.set(exam.id, { exam, disciplines: new Map(), subjects: new Map() });
  for (const row of rows.examDisciplines)
    entries.get(row.examId)?.disciplines.set(row.disciplineCode, row.questionCount);
  for (const row of rows.examSubjects) {
    const subjects = entries.get(row.examId)?.subjects;
    if (!subjects) continue;
    const key = pairKey(row.disciplineCode, row.subject);
    subjects.set(key, (subjects.get(key) ?? 0) + row.questionCount);
  }
  const ordered = [...entries.values()];
  const subjectsOf = new Map<string, Set<string>>();
  for (const row of rows.examSubjects) {
    let set = subjectsOf.get(row.subject);
    if (!set) subjectsOf.set(row.subject, (set = new Set()));
    set.add(row.disciplineCode);
  }

  function hasSubject(entry: Entry, disciplina: string | undefined, assunto: string): boolean {
    if (disciplina) return entry.subjects.has(pairKey(disciplina, assunto));
    for (const discipline of subjectsOf.get(assunto) ?? []) {
      if (entry.subjects.has(pairKey(discipline, assunto))) return true;
    }
    return false;
  }

  /** The exam's (unannulled) questions of the discipline and subject filters, or all of them. */
  function questionsMatching(entry: Entry, disciplina?: string, assunto?: string): number {
    if (assunto !== undefined) {
      if (disciplina !== undefined) return entry.subjects.get(pairKey(disciplina, assunto)) ?? 0;
      let total = 0;
      for (const discipline of subjectsOf.get(assunto) ?? []) {
        total += entry.subjects.get(pairKey(discipline, assunto)) ?? 0;
      }
      return total;
    }
    if (disciplina !== undefined) return entry.disciplines.get(disciplina) ?? 0;
    let total = 0;
    for (const count of entry.disciplines.values()) total += count;
    return total;
  }

  function search(
    filters: ExamFilters,
    offset: number,
    limit: number,
    unit: FacetUnit = 'exams',
  ): PublicSearchResult {
    const { disciplina, assunto } = filters;
    const inQuestions = unit === 'questions';
    const columnCounts = new Map<ColumnFilter, Map<string, number>>(
      COLUMN_FILTERS.map((key) => [key, new Map()]),
    );
    const disciplineCounts = new Map<string, number>();
    const subjectCounts = new Map<string, number>();
    const page: ExamCard[] = [];
    let total = 0;

    for (const entry of ordered) {
      const { exam } = entry;
      // Which column filters this exam fails: with two or more, it counts in no facet.
      let failed: ColumnFilter | undefined;
      let failures = 0;
      for (const key of COLUMN_FILTERS) {
        const wanted = filters[key];
        if (wanted && columnValue(exam, key) !== wanted) {
          failures += 1;
          failed = key;
          if (failures > 1) break;
        }
      }
      if (failures > 1) continue;
      const subjectOk =
        assunto !== undefined
          ? hasSubject(entry, disciplina, assunto)
          : disciplina === undefined || entry.disciplines.has(disciplina);

      if (subjectOk) {
        const weight = inQuestions ? questionsMatching(entry, disciplina, assunto) : 1;
        for (const key of COLUMN_FILTERS) {
          const value = columnValue(exam, key);
          if (value !== null && (failures === 0 || failed === key))
            increment(columnCounts.get(key)!, value, weight);
        }
      }
      if (failures > 0) continue;
      // The discipline facet ignores the discipline filter but keeps the subject alone.
      if (assunto !== undefined) {
        const suffix = `\u0000${assunto}`;
        for (const [key, count] of entry.subjects) {
          if (key.endsWith(suffix)) {
            increment(disciplineCounts, key.slice(0, -suffix.length), inQuestions ? count : 1);
          }
        }
      } else {
        for (const [discipline, count] of entry.disciplines) {
          increment(disciplineCounts, discipline, inQuestions ? count : 1);
        }
      }
      if (disciplina !== undefined) {
        const prefix = `${disciplina}\u0000`;
        for (const [key, count] of entry.subjects) {
          if (key.startsWith(prefix)) {
            increment(subjectCounts, key.slice(prefix.length), inQuestions ? count : 1);
          }
        }
      }
      if (!subjectOk) continue;
      if (total >= offset && page.length < limit) page.push(toCard(entry, disciplina, assunto));
      total += 1;
    }

    const facets = Object.fromEntries(
      EXAM_FILTER_KEYS.map((key) => [key, [] as FacetOption[]]),
    ) as PublicSearchResult['facets'];
    // An option with nothing to find (every question of it annulled) is not offered.
    for (const key of COLUMN_FILTERS) {
      for (const [value, count] of columnCounts.get(key)!)
        if (count > 0) facets[key].push({ value, label: optionLabel(key, value), count });
    }
    for (const [value, count] of disciplineCounts) {
      const label = rows.disciplineNames.get(value);
      if (label !== undefined && count > 0) facets.disciplina.push({ value, label, count });
    }
    for (const [value, count] of subjectCounts) {
      if (count > 0) facets.assunto.push({ value, label: value, count });
    }
    for (const key of EXAM_FILTER_KEYS) facets[key].sort(byLabel);
    return { items: page, total, facets };
  }

  return { search, get: (examId: string) => entries.get(examId)?.exam };
}

function toCard(
  entry: Entry,
  disciplina: string | undefined,
  assunto: string | undefined,
): ExamCard {
  const { exam } = entry;
  const matching =
    disciplina === undefined
      ? null
      : assunto !== undefined
        ? (entry.subjects.get(pairKey(disciplina, assunto)) ?? 0)
        : (entry.disciplines.get(disciplina) ?? null);
  return {
    id: exam.id,
    kind: exam.kind,
    cargo: exam.cargo,
    cargoGeral: exam.cargoGeral,
    orgao: exam.orgao,
    nivel: exam.nivel,
    instituicao: exam.instituicao,
    ano: exam.ano,
    questionCount: exam.questionCount,
    matchingQuestionCount: matching,
    inHistory: false,
    demonstration: exam.demonstration,
    options: exam.options,
  };
}

export type ExamIndex = ReturnType<typeof createExamIndex>;
