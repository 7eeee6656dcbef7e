import {
  EXAM_FILTER_KEYS,
  EXAM_KIND_LABELS,
  type ExamCard,
  type ExamFilters,
  type ExamKind,
  type FacetOption,
} from '@gabarita/shared';
import { describe, expect, it } from 'vitest';
import {
  buildExamIndexFromRows,
  type ExamIndexRows,
  type FacetUnit,
  type IndexedExam,
  type PublicSearchResult,
} from './exam-index';
import { decodeExamIndex, encodeExamIndex } from './exam-index-snapshot';
import { seededRandom } from '@/lib/seeded-random';

// The index as it was first written (Maps of strings per exam): the answers to keep.
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

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
const byLabel = (a: FacetOption, b: FacetOption) => collator.compare(a.label, b.label);

function increment(counts: Map<string, number>, key: string, by = 1) {
  counts.set(key, (counts.get(key) ?? 0) + by);
}

function referenceIndex(rows: ExamIndexRows) {
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

  return { search };
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

const KINDS: ExamKind[] = ['concurso', 'vestibular', 'enem'];
// Labels equal but for case and accents keep the exams' order in the facets.
const ORGAOS = ['Órgão A', 'orgao a', 'Órgão B', 'Tribunal 2', 'Tribunal 10'];
const CODES = ['portugues', 'matematica', 'direito', 'sem_nome'];
const SUBJECTS = ['Crase', 'crase', 'Regência', 'Frações', 'Atos', 'Comum a todas'];

/** A random catalogue with the corners the search meets: nulls, empty values, zero counts. */
function randomRows(seed: number, examCount: number): ExamIndexRows {
  const next = seededRandom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const exams: IndexedExam[] = [];
  const examDisciplines: ExamIndexRows['examDisciplines'] = [];
  const examSubjects: ExamIndexRows['examSubjects'] = [];
  for (let index = 0; index < examCount; index++) {
    const kind = pick(KINDS);
    const concurso = kind === 'concurso';
    const id = `prova_${index}`;
    exams.push({
      id,
      kind,
      cargo: concurso ? pick(['Analista Judiciário', 'Professor de Física']) : null,
      cargoGeral: concurso ? pick(['Analista', 'Professor', '']) : null,
      orgao: concurso ? pick(ORGAOS) : null,
      nivel: concurso ? pick(['Superior', 'Médio']) : null,
      instituicao: pick(['Banca X', 'banca x', 'Banca Y']),
      ano: pick(['2020', '2021', '2024']),
      questionCount: Math.floor(next() * 40),
      demonstration: next() < 0.1,
      options: next() < 0.2 ? [{ key: 'ingles', name: 'Língua Inglesa' }] : [],
    });
    for (const code of CODES) {
      if (next() < 0.4) continue;
      examDisciplines.push({ examId: id, disciplineCode: code, questionCount: pick([0, 1, 5]) });
      for (const subject of SUBJECTS) {
        if (next() < 0.5) continue;
        const row = { examId: id, disciplineCode: code, subject, questionCount: pick([0, 2, 3]) };
        examSubjects.push(row);
        // A subject repeated in an exam adds up; a repeated discipline keeps its last count.
        if (next() < 0.05) examSubjects.push({ ...row, questionCount: 1 });
      }
      if (next() < 0.05)
        examDisciplines.push({ examId: id, disciplineCode: code, questionCount: 7 });
    }
  }
  // Rows of an exam that is not in the list are left out.
  examSubjects.push({
    examId: 'outra',
    disciplineCode: 'fantasma',
    subject: 'Crase',
    questionCount: 3,
  });
  const shuffle = <T>(list: T[]) => list.sort(() => next() - 0.5);
  return {
    exams,
    examDisciplines: shuffle(examDisciplines),
    examSubjects: shuffle(examSubjects),
    disciplineNames: new Map([
      ['portugues', 'Língua Portuguesa'],
      ['matematica', 'Matemática'],
      ['direito', 'Direito'],
      ['fantasma', 'Fantasma'],
    ]),
  };
}

function randomFilters(next: () => number, rows: ExamIndexRows): ExamFilters {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const exam = pick(rows.exams);
  const filters: ExamFilters = {};
  if (next() < 0.3) filters.tipo = pick([exam.kind, 'olimpiada']);
  if (next() < 0.3) filters.cargo = pick([exam.cargoGeral ?? 'Analista', 'Nenhum']);
  if (next() < 0.3) filters.orgao = pick([...ORGAOS, 'Nenhum']);
  if (next() < 0.2) filters.nivel = 'Superior';
  if (next() < 0.2) filters.instituicao = pick(['Banca X', 'banca x']);
  if (next() < 0.2) filters.ano = pick(['2020', '1999']);
  if (next() < 0.5) filters.disciplina = pick([...CODES, 'fantasma', 'nenhuma']);
  if (next() < 0.5) filters.assunto = pick([...SUBJECTS, 'Nenhum']);
  return filters;
}

describe('exam index', () => {
  it('answers as the reference does: cards, totals, facets and their order', async () => {
    for (const seed of [1, 2, 3]) {
      const rows = randomRows(seed, 300);
      const reference = referenceIndex(rows);
      // Pages smaller than the rows of one exam, as the database may answer them.
      const index = await buildExamIndexFromRows(rows, 7);
      const next = seededRandom(seed + 100);
      for (let round = 0; round < 150; round++) {
        const filters = randomFilters(next, rows);
        const offset = Math.floor(next() * 3) * 15;
        const unit: FacetUnit = next() < 0.5 ? 'exams' : 'questions';
        const expected = reference.search(filters, offset, 15, unit);
        expect(index.search(filters, offset, 15, unit)).toEqual(expected);
      }
      const everything = reference.search({}, 0, 1_000);
      expect(everything.total).toBe(300);
      expect(index.search({}, 0, 1_000)).toEqual(everything);
    }
  }, 30_000);

  it('answers the same once encoded as a snapshot and decoded, from bytes at any offset', async () => {
    for (const seed of [5, 6]) {
      const rows = randomRows(seed, 200);
      const index = await buildExamIndexFromRows(rows, 7);
      const bytes = encodeExamIndex(index);
      // As a database driver may hand them over: inside a larger buffer, at an odd offset.
      const shifted = Buffer.concat([Buffer.from([1, 2, 3]), bytes]).subarray(3);
      const decoded = decodeExamIndex(shifted)!;
      const next = seededRandom(seed + 200);
      for (let round = 0; round < 100; round++) {
        const filters = randomFilters(next, rows);
        const offset = Math.floor(next() * 3) * 15;
        const unit: FacetUnit = next() < 0.5 ? 'exams' : 'questions';
        expect(decoded.search(filters, offset, 15, unit)).toEqual(
          index.search(filters, offset, 15, unit),
        );
      }
      expect(decoded.search({}, 0, 1_000)).toEqual(index.search({}, 0, 1_000));
    }
  });

  it('reads no snapshot of another format', async () => {
    const bytes = encodeExamIndex(await buildExamIndexFromRows(randomRows(7, 10)));
    const header = bytes.readUInt32LE(0);
    const text = bytes
      .subarray(8, 8 + header)
      .toString()
      .replace('"format":1', '"format":0');
    const other = Buffer.concat([
      bytes.subarray(0, 8),
      Buffer.from(text),
      bytes.subarray(8 + header),
    ]);
    expect(decodeExamIndex(other)).toBeNull();
  });

  it('leaves out of the facets what only unknown exams have', async () => {
    const index = await buildExamIndexFromRows(randomRows(4, 20));
    const { facets } = index.search({ assunto: 'Crase' }, 0, 15);
    expect(facets.disciplina.map((option) => option.value)).not.toContain('fantasma');
    expect(facets.disciplina.length).toBeGreaterThan(0);
  });
});
