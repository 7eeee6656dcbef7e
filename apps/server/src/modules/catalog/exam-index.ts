import {
  EXAM_FILTER_KEYS,
  EXAM_KIND_LABELS,
  type ExamCard,
  type ExamKind,
  type ExamFilters,
  type ExamSearchResponse,
  type FacetOption,
} from '@gabarita/shared';
import { slicer } from '@/lib/event-loop';

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

export interface ExamDisciplineRow {
  examId: string;
  disciplineCode: string;
  questionCount: number;
}

export interface ExamSubjectRow {
  examId: string;
  disciplineCode: string;
  subject: string;
  questionCount: number;
}

export interface ExamIndexRows {
  exams: IndexedExam[];
  examDisciplines: ExamDisciplineRow[];
  examSubjects: ExamSubjectRow[];
  disciplineNames: Map<string, string>;
}

type ColumnFilter = 'tipo' | 'cargo' | 'orgao' | 'nivel' | 'instituicao' | 'ano';
const COLUMN_FILTERS: ColumnFilter[] = ['tipo', 'cargo', 'orgao', 'nivel', 'instituicao', 'ano'];
const COLUMNS = COLUMN_FILTERS.length;
/** The exam's value for a filter; null (no cargo outside concursos) matches no option. */
const columnValue = (exam: IndexedExam, key: ColumnFilter): string | null =>
  key === 'tipo' ? exam.kind : key === 'cargo' ? exam.cargoGeral : exam[key];
const optionLabel = (key: ColumnFilter, value: string) =>
  key === 'tipo' ? (EXAM_KIND_LABELS[value as ExamKind] ?? value) : value;

/** A null value, or no filter: ids are never negative. */
const NONE = -1;
/** A filter value that no exam has. */
const UNKNOWN = -2;

/** A search result without the per-user marks (`inHistory` is false on every card). */
export type PublicSearchResult = Omit<ExamSearchResponse, 'nextCursor'>;

/** What the facets count: exams (the exam list) or questions (the question search). */
export type FacetUnit = 'exams' | 'questions';

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
const byLabel = (a: FacetOption, b: FacetOption) => collator.compare(a.label, b.label);

/** Strings as small integer ids, in the order first seen: the index keeps each string once. */
export class Interner {
  private readonly ids = new Map<string, number>();
  readonly values: string[] = [];
  static of(values: string[]): Interner {
    const interner = new Interner();
    for (const value of values) interner.id(value);
    return interner;
  }
  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.ids.set(value, id);
      this.values.push(value);
    }
    return id;
  }
  find(value: string): number {
    return this.ids.get(value) ?? UNKNOWN;
  }
}

/** A list of unsigned integers that grows, kept in a typed array. */
class UintList {
  array = new Uint32Array(1024);
  length = 0;
  push(value: number) {
    if (this.length === this.array.length) {
      const grown = new Uint32Array(this.array.length * 2);
      grown.set(this.array);
      this.array = grown;
    }
    this.array[this.length++] = value;
  }
}

/**
 * Counts by id that remember the order ids were first counted in: facets with equal labels keep
 * the order of the exams, as a Map of counts would.
 */
class Tally {
  private readonly counts: Float64Array;
  readonly order: number[] = [];
  constructor(size: number) {
    this.counts = new Float64Array(size).fill(-1);
  }
  add(id: number, by: number) {
    const count = this.counts[id]!;
    if (count < 0) {
      this.order.push(id);
      this.counts[id] = by;
    } else this.counts[id] = count + by;
  }
  count(id: number) {
    return this.counts[id]!;
  }
}

/**
 * Per exam, a run of (id, question count) pairs in one shared pair of typed arrays: exam `e` owns
 * positions start[e] to start[e + 1].
 */
export interface Runs {
  start: Uint32Array;
  ids: Uint32Array;
  counts: Uint32Array;
}

/** The rows of one table as they arrive: exam position, id, count. */
class PendingRuns {
  readonly exams = new UintList();
  readonly ids = new UintList();
  readonly counts = new UintList();
  add(exam: number, id: number, count: number) {
    this.exams.push(exam);
    this.ids.push(id);
    this.counts.push(count);
  }
}

/** How a repeated (exam, id) row merges: disciplines keep the last count, subjects add up. */
type Merge = 'last' | 'sum';

/**
 * Groups the rows by exam (a stable counting sort: each exam keeps its rows' arrival order), then
 * merges an id repeated in one exam into its first place, as Map.set would.
 */
async function toRuns(
  pending: PendingRuns,
  examCount: number,
  idCount: number,
  merge: Merge,
  pause: () => Promise<void>,
): Promise<Runs> {
  const rows = pending.exams.length;
  const examOf = pending.exams.array;
  const start = new Uint32Array(examCount + 1);
  for (let row = 0; row < rows; row++) start[examOf[row]! + 1]! += 1;
  for (let exam = 0; exam < examCount; exam++) start[exam + 1]! += start[exam]!;
  const ids = new Uint32Array(rows);
  const counts = new Uint32Array(rows);
  const next = start.slice(0, examCount);
  for (let row = 0; row < rows; row++) {
    if ((row & 8191) === 0) await pause();
    const at = next[examOf[row]!]!++;
    ids[at] = pending.ids.array[row]!;
    counts[at] = pending.counts.array[row]!;
  }
  // Where an id already sits in the exam being merged.
  const seenIn = new Int32Array(idCount).fill(-1);
  const seenAt = new Uint32Array(idCount);
  let kept = 0;
  for (let exam = 0; exam < examCount; exam++) {
    if ((exam & 8191) === 0) await pause();
    const from = start[exam]!;
    const to = start[exam + 1]!;
    start[exam] = kept;
    for (let at = from; at < to; at++) {
      const id = ids[at]!;
      if (seenIn[id] === exam) {
        const first = seenAt[id]!;
        counts[first] = merge === 'sum' ? counts[first]! + counts[at]! : counts[at]!;
        continue;
      }
      seenIn[id] = exam;
      seenAt[id] = kept;
      ids[kept] = id;
      counts[kept] = counts[at]!;
      kept += 1;
    }
  }
  start[examCount] = kept;
  if (kept === rows) return { start, ids, counts };
  return { start, ids: ids.slice(0, kept), counts: counts.slice(0, kept) };
}

/** The exams' own fields, one typed array (or list) per field, exams by catalogue position. */
export interface ExamTable {
  ids: string[];
  /** Six value ids per exam (COLUMN_FILTERS order), NONE for null. */
  columns: Int32Array;
  cargo: Int32Array;
  questionCount: Uint32Array;
  demonstration: Uint8Array;
  options: Uint32Array;
}

/**
 * Builds the exam index page by page: first every exam, in the catalogue's order, then the per-exam
 * discipline and subject rows in any order (rows of exams not given are left out), then the
 * disciplines' names. Strings become
 * small ids; each exam's disciplines and subjects become runs in shared typed arrays.
 */
export function createExamIndexBuilder() {
  const positions = new Map<string, number>();
  const examIds: string[] = [];
  const columns = new UintList();
  const cargo = new UintList();
  const questionCount = new UintList();
  const demonstration = new UintList();
  const options = new UintList();
  const columnValues = COLUMN_FILTERS.map(() => new Interner());
  const cargos = new Interner();
  const optionSets = new Interner();
  const optionLists: IndexedExam['options'][] = [];
  const codes = new Interner();
  const subjectNames = new Interner();
  /** Pair ids by discipline code, then subject. */
  const pairIds = new Map<string, Map<string, number>>();
  const pairDiscipline = new UintList();
  const pairSubject = new UintList();
  const disciplineRows = new PendingRuns();
  const subjectRows = new PendingRuns();
  // Stored +1 so that NONE fits an unsigned list.
  const idOrNone = (interner: Interner, value: string | null) =>
    value === null ? 0 : interner.id(value) + 1;

  function pairId(code: string, subject: string) {
    let ofCode = pairIds.get(code);
    if (!ofCode) pairIds.set(code, (ofCode = new Map()));
    let id = ofCode.get(subject);
    if (id === undefined) {
      id = pairDiscipline.length;
      ofCode.set(subject, id);
      pairDiscipline.push(codes.id(code));
      pairSubject.push(subjectNames.id(subject));
    }
    return id;
  }

  function optionsId(list: IndexedExam['options']) {
    if (list.length === 0 && optionLists[0]?.length === 0) return 0;
    const id = optionSets.id(JSON.stringify(list));
    if (id === optionLists.length) optionLists.push(list);
    return id;
  }

  return {
    addExams(page: IndexedExam[]) {
      for (const exam of page) {
        if (positions.has(exam.id)) continue;
        positions.set(exam.id, examIds.length);
        examIds.push(exam.id);
        COLUMN_FILTERS.forEach((key, column) =>
          columns.push(idOrNone(columnValues[column]!, columnValue(exam, key))),
        );
        cargo.push(idOrNone(cargos, exam.cargo));
        questionCount.push(exam.questionCount);
        demonstration.push(exam.demonstration ? 1 : 0);
        options.push(optionsId(exam.options));
      }
    },
    addDisciplines(page: ExamDisciplineRow[]) {
      for (const row of page) {
        const exam = positions.get(row.examId);
        if (exam !== undefined)
          disciplineRows.add(exam, codes.id(row.disciplineCode), row.questionCount);
      }
    },
    addSubjects(page: ExamSubjectRow[]) {
      for (const row of page) {
        const exam = positions.get(row.examId);
        if (exam === undefined) continue;
        subjectRows.add(exam, pairId(row.disciplineCode, row.subject), row.questionCount);
      }
    },
    /** The index; the grouping of rows by exam hands the event loop over every few ms. */
    async finish(disciplineNames: Map<string, string>) {
      const pause = slicer(10);
      const examCount = examIds.length;
      const table: ExamTable = {
        ids: examIds,
        columns: new Int32Array(columns.array.subarray(0, columns.length)).map((id) => id - 1),
        cargo: new Int32Array(cargo.array.subarray(0, cargo.length)).map((id) => id - 1),
        questionCount: questionCount.array.slice(0, examCount),
        demonstration: Uint8Array.from(demonstration.array.subarray(0, examCount)),
        options: options.array.slice(0, examCount),
      };
      const disciplines = await toRuns(
        disciplineRows,
        examCount,
        codes.values.length,
        'last',
        pause,
      );
      const subjects = await toRuns(subjectRows, examCount, pairDiscipline.length, 'sum', pause);
      return examIndex({
        exams: table,
        columnValues,
        cargos: cargos.values,
        optionLists,
        codes,
        subjectNames,
        pairIds,
        pairDiscipline: pairDiscipline.array.slice(0, pairDiscipline.length),
        pairSubject: pairSubject.array.slice(0, pairSubject.length),
        disciplines,
        subjects,
        disciplineNames,
      });
    },
  };
}

/** What an exam index is made of (and what exam-index-snapshot.ts encodes). */
export interface IndexParts {
  exams: ExamTable;
  columnValues: Interner[];
  cargos: string[];
  optionLists: IndexedExam['options'][];
  codes: Interner;
  subjectNames: Interner;
  pairIds: Map<string, Map<string, number>>;
  pairDiscipline: Uint32Array;
  pairSubject: Uint32Array;
  disciplines: Runs;
  subjects: Runs;
  disciplineNames: Map<string, string>;
}

/** The ids a search's filters name: NONE without the filter, UNKNOWN when nothing has it. */
interface WantedIds {
  columns: Int32Array;
  discipline: number;
  subject: number;
  /** The (discipline, subject) pair when both are filtered. */
  pair: number;
}

/**
 * The exam search over the compact index: the same answers as the SQL it replaces
 * (docs/product-rules.md, "Exam filters"), each filter's options counted with every other filter
 * applied, from one pass over the exams.
 */
export function examIndex(parts: IndexParts) {
  const { exams, disciplines, subjects, pairDiscipline, pairSubject } = parts;
  const examCount = exams.ids.length;

  function wantedIds(filters: ExamFilters): WantedIds {
    const columns = new Int32Array(COLUMNS).fill(NONE);
    COLUMN_FILTERS.forEach((key, column) => {
      const wanted = filters[key];
      if (wanted) columns[column] = parts.columnValues[column]!.find(wanted);
    });
    const { disciplina, assunto } = filters;
    const discipline = disciplina === undefined ? NONE : parts.codes.find(disciplina);
    const subject = assunto === undefined ? NONE : parts.subjectNames.find(assunto);
    const pair =
      disciplina === undefined || assunto === undefined
        ? UNKNOWN
        : (parts.pairIds.get(disciplina)?.get(assunto) ?? UNKNOWN);
    return { columns, discipline, subject, pair };
  }

  /** The position of `id` in the exam's run, or -1. */
  function find(runs: Runs, exam: number, id: number) {
    if (id < 0) return -1;
    for (let at = runs.start[exam]!; at < runs.start[exam + 1]!; at++)
      if (runs.ids[at] === id) return at;
    return -1;
  }

  function hasSubject(exam: number, wanted: WantedIds): boolean {
    if (wanted.discipline !== NONE) return find(subjects, exam, wanted.pair) >= 0;
    for (let at = subjects.start[exam]!; at < subjects.start[exam + 1]!; at++)
      if (pairSubject[subjects.ids[at]!] === wanted.subject) return true;
    return false;
  }

  /** The exam's (unannulled) questions of the discipline and subject filters, or all of them. */
  function questionsMatching(exam: number, wanted: WantedIds): number {
    let total = 0;
    if (wanted.subject !== NONE) {
      if (wanted.discipline !== NONE) {
        const at = find(subjects, exam, wanted.pair);
        return at < 0 ? 0 : subjects.counts[at]!;
      }
      for (let at = subjects.start[exam]!; at < subjects.start[exam + 1]!; at++)
        if (pairSubject[subjects.ids[at]!] === wanted.subject) total += subjects.counts[at]!;
      return total;
    }
    if (wanted.discipline !== NONE) {
      const at = find(disciplines, exam, wanted.discipline);
      return at < 0 ? 0 : disciplines.counts[at]!;
    }
    for (let at = disciplines.start[exam]!; at < disciplines.start[exam + 1]!; at++)
      total += disciplines.counts[at]!;
    return total;
  }

  function toCard(exam: number, wanted: WantedIds): ExamCard {
    const value = (key: ColumnFilter) => {
      const column = COLUMN_FILTERS.indexOf(key);
      const id = exams.columns[exam * COLUMNS + column]!;
      return id === NONE ? null : parts.columnValues[column]!.values[id]!;
    };
    const cargo = exams.cargo[exam]!;
    let matching: number | null = null;
    if (wanted.discipline !== NONE && wanted.subject !== NONE) {
      const at = find(subjects, exam, wanted.pair);
      matching = at < 0 ? 0 : subjects.counts[at]!;
    } else if (wanted.discipline !== NONE) {
      const at = find(disciplines, exam, wanted.discipline);
      matching = at < 0 ? null : disciplines.counts[at]!;
    }
    return {
      id: exams.ids[exam]!,
      kind: value('tipo') as ExamKind,
      cargo: cargo === NONE ? null : parts.cargos[cargo]!,
      cargoGeral: value('cargo'),
      orgao: value('orgao'),
      nivel: value('nivel'),
      instituicao: value('instituicao')!,
      ano: value('ano')!,
      questionCount: exams.questionCount[exam]!,
      matchingQuestionCount: matching,
      inHistory: false,
      demonstration: exams.demonstration[exam] === 1,
      options: parts.optionLists[exams.options[exam]!]!,
    };
  }

  function facetsOf(
    columnCounts: Tally[],
    disciplineCounts: Tally,
    subjectCounts: Tally,
  ): PublicSearchResult['facets'] {
    const facets = Object.fromEntries(
      EXAM_FILTER_KEYS.map((key) => [key, [] as FacetOption[]]),
    ) as PublicSearchResult['facets'];
    // An option with nothing to find (every question of it annulled) is not offered.
    COLUMN_FILTERS.forEach((key, column) => {
      const tally = columnCounts[column]!;
      for (const id of tally.order) {
        const value = parts.columnValues[column]!.values[id]!;
        const count = tally.count(id);
        if (count > 0) facets[key].push({ value, label: optionLabel(key, value), count });
      }
    });
    for (const id of disciplineCounts.order) {
      const value = parts.codes.values[id]!;
      const label = parts.disciplineNames.get(value);
      const count = disciplineCounts.count(id);
      if (label !== undefined && count > 0) facets.disciplina.push({ value, label, count });
    }
    for (const id of subjectCounts.order) {
      const value = parts.subjectNames.values[id]!;
      const count = subjectCounts.count(id);
      if (count > 0) facets.assunto.push({ value, label: value, count });
    }
    for (const key of EXAM_FILTER_KEYS) facets[key].sort(byLabel);
    return facets;
  }

  function search(
    filters: ExamFilters,
    offset: number,
    limit: number,
    unit: FacetUnit = 'exams',
  ): PublicSearchResult {
    const wanted = wantedIds(filters);
    const inQuestions = unit === 'questions';
    const columnCounts = parts.columnValues.map((interner) => new Tally(interner.values.length));
    const disciplineCounts = new Tally(parts.codes.values.length);
    const subjectCounts = new Tally(parts.subjectNames.values.length);
    const page: ExamCard[] = [];
    let total = 0;

    for (let exam = 0; exam < examCount; exam++) {
      const base = exam * COLUMNS;
      // Which column filters this exam fails: with two or more, it counts in no facet.
      let failed = -1;
      let failures = 0;
      for (let column = 0; column < COLUMNS; column++) {
        const id = wanted.columns[column]!;
        if (id !== NONE && exams.columns[base + column] !== id) {
          failures += 1;
          failed = column;
          if (failures > 1) break;
        }
      }
      if (failures > 1) continue;
      const subjectOk =
        wanted.subject !== NONE
          ? hasSubject(exam, wanted)
          : wanted.discipline === NONE || find(disciplines, exam, wanted.discipline) >= 0;

      if (subjectOk) {
        const weight = inQuestions ? questionsMatching(exam, wanted) : 1;
        for (let column = 0; column < COLUMNS; column++) {
          const id = exams.columns[base + column]!;
          if (id !== NONE && (failures === 0 || failed === column))
            columnCounts[column]!.add(id, weight);
        }
      }
      if (failures > 0) continue;
      // The discipline facet ignores the discipline filter but keeps the subject alone.
      if (wanted.subject !== NONE) {
        for (let at = subjects.start[exam]!; at < subjects.start[exam + 1]!; at++) {
          const pair = subjects.ids[at]!;
          if (pairSubject[pair] === wanted.subject)
            disciplineCounts.add(pairDiscipline[pair]!, inQuestions ? subjects.counts[at]! : 1);
        }
      } else {
        for (let at = disciplines.start[exam]!; at < disciplines.start[exam + 1]!; at++)
          disciplineCounts.add(disciplines.ids[at]!, inQuestions ? disciplines.counts[at]! : 1);
      }
      if (wanted.discipline !== NONE) {
        for (let at = subjects.start[exam]!; at < subjects.start[exam + 1]!; at++) {
          const pair = subjects.ids[at]!;
          if (pairDiscipline[pair] === wanted.discipline)
            subjectCounts.add(pairSubject[pair]!, inQuestions ? subjects.counts[at]! : 1);
        }
      }
      if (!subjectOk) continue;
      if (total >= offset && page.length < limit) page.push(toCard(exam, wanted));
      total += 1;
    }
    return { items: page, total, facets: facetsOf(columnCounts, disciplineCounts, subjectCounts) };
  }

  return { search, parts };
}

export type ExamIndex = ReturnType<typeof examIndex>;

/** The index of rows already in memory, built a page at a time as the server builds it. */
export async function buildExamIndexFromRows(rows: ExamIndexRows, pageSize = 5_000) {
  const builder = createExamIndexBuilder();
  const paged = async <Row>(list: Row[], add: (page: Row[]) => void) => {
    for (let at = 0; at < list.length; at += pageSize) {
      add(list.slice(at, at + pageSize));
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  await paged(rows.exams, builder.addExams);
  await paged(rows.examDisciplines, builder.addDisciplines);
  await paged(rows.examSubjects, builder.addSubjects);
  return builder.finish(rows.disciplineNames);
}
