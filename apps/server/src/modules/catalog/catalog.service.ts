import {
  CATALOG_MESSAGES,
  EXAM_FILTER_KEYS,
  EXAM_PAGE_SIZE,
  QUESTION_PAGE_SIZE,
  type Discipline,
  type ExamCard,
  type ExamDetailResponse,
  type ExamFilters,
  type ExamSearchResponse,
  type FacetOption,
  type QuestionCard,
  type QuestionDetail,
  type QuestionSearchFilters,
} from '@gabarita/shared';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { htmlToText } from './import/sanitize';
import { searchQuestions } from './question-search.service';
import {
  columnFacets,
  disciplineFacet,
  disciplineQuestionCards,
  examPage,
  examQuestionCards,
  type ExamRow,
  findAnswer,
  findDiscipline,
  findExamDetail,
  findFigures,
  findImage,
  findQuestion,
  findReferenceTexts,
  listDisciplines,
  listQuestionIds,
  type QuestionCardRow,
  questionExists,
  subjectQuestionIds,
  subjectCounts,
  subjectFacet,
} from './catalog.repo';

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });
const byLabel = (a: FacetOption, b: FacetOption) => collator.compare(a.label, b.label);

/** Cursors are opaque to clients; inside, the offset of the next page. */
export function encodeCursor(offset: number): string {
  return Buffer.from(String(offset)).toString('base64url');
}
export function decodeCursor(cursor: string | undefined): number {
  if (!cursor) return 0;
  const decoded = Buffer.from(cursor, 'base64url').toString();
  if (!/^\d{1,9}$/.test(decoded)) throw AppError.common('request/invalid', 400);
  return Number(decoded);
}

function toExamCard(row: ExamRow): ExamCard {
  return {
    id: row.id,
    cargo: row.cargo,
    cargoGeral: row.cargo_geral,
    orgao: row.orgao,
    nivel: row.nivel,
    instituicao: row.instituicao,
    ano: row.ano,
    questionCount: row.question_count,
    matchingQuestionCount: row.matching,
    inHistory: row.in_history,
    demonstration: row.demonstration,
  };
}

function toQuestionCard(row: QuestionCardRow): QuestionCard {
  return {
    id: row.id,
    examId: row.exam_id,
    number: row.number,
    disciplina: row.discipline_code,
    disciplinaNome: row.discipline_name,
    assunto: row.subject,
    response: row.response,
    status: row.status,
  };
}

/** The asset ids named by figure markers in sanitized HTML (the importer writes them this way). */
export function figureAssetIds(html: string): string[] {
  return [...html.matchAll(/<figura\b[^>]*?\simagem="([^"]+)"/g)].map((match) => match[1]!);
}

export function imageUrl(assetId: string, version: string) {
  return `/api/images/${encodeURIComponent(assetId)}?v=${version}`;
}

function cleanFilters(filters: ExamFilters): ExamFilters {
  return Object.fromEntries(
    EXAM_FILTER_KEYS.map((key) => [key, filters[key]?.trim() || undefined]),
  ) as ExamFilters;
}

async function searchExams(
  db: Database,
  rawFilters: ExamFilters,
  cursor: string | undefined,
  userId: string | null,
): Promise<ExamSearchResponse> {
  const filters = cleanFilters(rawFilters);
  const offset = decodeCursor(cursor);
  const [columns, disciplinesFacet, subjects, rows] = await Promise.all([
    columnFacets(db, filters),
    disciplineFacet(db, filters),
    subjectFacet(db, filters),
    examPage(db, filters, userId, offset, EXAM_PAGE_SIZE),
  ]);
  const facets = Object.fromEntries(
    EXAM_FILTER_KEYS.map((key) => [key, [] as FacetOption[]]),
  ) as ExamSearchResponse['facets'];
  let total = 0;
  for (const row of columns) {
    if (row.facet === 'total') total = row.count;
    else facets[row.facet].push({ value: row.value, label: row.value, count: row.count });
  }
  facets.disciplina = disciplinesFacet;
  facets.assunto = subjects.map((row) => ({ ...row, label: row.value }));
  for (const key of EXAM_FILTER_KEYS) facets[key].sort(byLabel);

  const nextOffset = offset + rows.length;
  return {
    items: rows.map(toExamCard),
    total,
    facets,
    nextCursor:
      rows.length === EXAM_PAGE_SIZE && nextOffset < total ? encodeCursor(nextOffset) : null,
  };
}

async function getExam(
  db: Database,
  examId: string,
  userId: string | null,
): Promise<ExamDetailResponse> {
  const exam = await findExamDetail(db, examId, userId);
  if (!exam) throw new AppError('catalog/exam-not-found', 404, CATALOG_MESSAGES.examNotFound);
  const { matchingQuestionCount: _notInDetail, ...card } = toExamCard(exam);
  return {
    exam: {
      ...card,
      annulledCount: exam.annulled_count,
      outdatedCount: exam.outdated_count,
      source: exam.source
        ? { origem: exam.source.origem, licenca: exam.source.licenca, url: exam.source.url }
        : null,
    },
    questions: (await examQuestionCards(db, examId, userId)).map(toQuestionCard),
  };
}

async function getDisciplines(db: Database): Promise<Discipline[]> {
  const [list, counts] = await Promise.all([listDisciplines(db), subjectCounts(db)]);
  return list
    .map((discipline) => {
      const subjects = counts
        .filter((row) => row.discipline_code === discipline.code)
        .map((row) => ({ name: row.subject, questionCount: row.count }))
        .sort((a, b) => collator.compare(a.name, b.name));
      return {
        code: discipline.code,
        name: discipline.name,
        questionCount: subjects.reduce((sum, subject) => sum + subject.questionCount, 0),
        subjects,
      };
    })
    .sort((a, b) => collator.compare(a.name, b.name));
}

async function getDisciplineQuestions(
  db: Database,
  code: string,
  subject: string | undefined,
  cursor: string | undefined,
  userId: string | null,
  hideOutdated = false,
) {
  if (!(await findDiscipline(db, code))) {
    throw new AppError('catalog/discipline-not-found', 404, CATALOG_MESSAGES.disciplineNotFound);
  }
  const offset = decodeCursor(cursor);
  const { total, items } = await disciplineQuestionCards(
    db,
    code,
    subject?.trim() || undefined,
    userId,
    offset,
    QUESTION_PAGE_SIZE,
    hideOutdated,
  );
  const nextOffset = offset + items.length;
  return {
    items: items.map((row) => ({
      ...toQuestionCard(row),
      examLabel: `${row.cargo} — ${row.orgao} (${row.ano})`,
    })),
    total,
    nextCursor:
      items.length === QUESTION_PAGE_SIZE && nextOffset < total ? encodeCursor(nextOffset) : null,
  };
}

async function getQuestion(
  db: Database,
  questionId: string,
  userId: string | null,
): Promise<QuestionDetail> {
  const found = await findQuestion(db, questionId);
  if (!found)
    throw new AppError('catalog/question-not-found', 404, CATALOG_MESSAGES.questionNotFound);
  const { question, exam } = found;
  const [referenceTexts, answer] = await Promise.all([
    findReferenceTexts(db, exam.id, question.referenceKeys),
    userId ? findAnswer(db, userId, question.id) : undefined,
  ]);
  const order = new Map(question.referenceKeys.map((key, index) => [key, index]));
  const assetIds = new Set([
    ...figureAssetIds(question.statementHtml),
    ...referenceTexts.flatMap((text) => figureAssetIds(text.html)),
    ...question.alternatives.flatMap((alternative) => [
      ...(alternative.html ? figureAssetIds(alternative.html) : []),
      ...(alternative.figure ? [alternative.figure.assetId] : []),
    ]),
    ...(question.imageAssetId ? [question.imageAssetId] : []),
  ]);
  const figures = (await findFigures(db, [...assetIds])).map((image) => ({
    assetId: image.assetId,
    url: imageUrl(image.assetId, image.version),
    zoomUrl: image.hasZoom
      ? `/api/images/${encodeURIComponent(image.assetId)}/original?v=${image.version}`
      : null,
    width: image.width,
    height: image.height,
    minWidth: image.minWidth,
  }));
  return {
    id: question.id,
    number: question.number,
    exam: {
      id: exam.id,
      cargo: exam.cargo,
      orgao: exam.orgao,
      instituicao: exam.instituicao,
      ano: exam.ano,
      nivel: exam.nivel,
      demonstration: exam.demonstration,
    },
    disciplina: question.disciplineCode,
    disciplinaNome: found.disciplineName,
    assunto: found.subject,
    status: question.status,
    statusNote: question.statusNote,
    statementHtml: question.statementHtml,
    alternatives: question.alternatives.map((alternative) => ({
      letter: alternative.letter,
      text: alternative.text,
      html: alternative.html ?? null,
      figure: alternative.figure ?? null,
    })),
    referenceTexts: referenceTexts.sort((a, b) => order.get(a.key)! - order.get(b.key)!),
    image:
      question.imageAssetId && question.imageDescription && found.imageVersion
        ? {
            assetId: question.imageAssetId,
            url: imageUrl(question.imageAssetId, found.imageVersion),
            description: question.imageDescription,
          }
        : null,
    figures,
    // The question opens fresh; the first answer is only recalled, and the key is not sent.
    recordedAnswer:
      answer?.response && answer.chosenLetter && answer.answeredAt
        ? {
            letter: answer.chosenLetter,
            response: answer.response,
            answeredAt: answer.answeredAt.toISOString(),
          }
        : null,
  };
}

/**
 * Everything the tutor may use about a question, the key included: for the server's own use only,
 * never sent to a browser as is.
 */
export interface TutorMaterial {
  id: string;
  number: number;
  examLabel: string;
  disciplineCode: string;
  disciplineName: string;
  subject: string;
  statementHtml: string;
  /** The statement as text, each figure as "[Figura: description]". */
  statementText: string;
  alternatives: { letter: string; text: string }[];
  answerLetter: string;
  referenceHtml: string[];
  /** 'outdated' questions carry a note of what changed since; 'annulled' ones are never checked. */
  status: 'regular' | 'annulled' | 'outdated';
  statusNote: string | null;
  image: { description: string; contentType: string; content: Buffer } | null;
}

async function tutorMaterial(db: Database, questionId: string): Promise<TutorMaterial | null> {
  const found = await findQuestion(db, questionId);
  if (!found) return null;
  const { question, exam } = found;
  const [references, image] = await Promise.all([
    findReferenceTexts(db, exam.id, question.referenceKeys),
    question.imageAssetId ? findImage(db, question.imageAssetId) : undefined,
  ]);
  const order = new Map(question.referenceKeys.map((key, index) => [key, index]));
  return {
    id: question.id,
    number: question.number,
    examLabel: `${exam.cargo} · ${exam.instituicao} · ${exam.ano}`,
    disciplineCode: question.disciplineCode,
    disciplineName: found.disciplineName,
    subject: found.subject,
    statementHtml: question.statementHtml,
    statementText: htmlToText(question.statementHtml),
    alternatives: question.alternatives.map(({ letter, text }) => ({ letter, text })),
    answerLetter: question.answerLetter,
    status: question.status,
    statusNote: question.statusNote,
    referenceHtml: references
      .sort((a, b) => order.get(a.key)! - order.get(b.key)!)
      .map((reference) => reference.html),
    image:
      image && question.imageDescription
        ? {
            description: question.imageDescription,
            contentType: image.contentType,
            content: Buffer.from(image.content),
          }
        : null,
  };
}

/** The catalogue as the screens read it; per-user marks are merged in when a user id is given. */
export function createCatalogService(db: Database) {
  return {
    searchExams: (filters: ExamFilters, cursor: string | undefined, userId: string | null) =>
      searchExams(db, filters, cursor, userId),
    getExam: (examId: string, userId: string | null) => getExam(db, examId, userId),
    searchQuestions: (
      filters: QuestionSearchFilters,
      cursor: string | undefined,
      userId: string | null,
    ) => searchQuestions(db, filters, cursor, userId),
    getDisciplines: () => getDisciplines(db),
    getDisciplineQuestions: (
      code: string,
      subject: string | undefined,
      cursor: string | undefined,
      userId: string | null,
      hideOutdated?: boolean,
    ) => getDisciplineQuestions(db, code, subject, cursor, userId, hideOutdated),
    getQuestion: (questionId: string, userId: string | null) => getQuestion(db, questionId, userId),
    getImage: (assetId: string) => findImage(db, assetId),
    questionExists: (questionId: string) => questionExists(db, questionId),
    tutorMaterial: (questionId: string) => tutorMaterial(db, questionId),
    /** Up to `limit` questions of a discipline's subject, for study texts. */
    async subjectMaterial(disciplineCode: string, subject: string, limit: number) {
      const ids = await subjectQuestionIds(db, disciplineCode, subject, limit);
      const found = await Promise.all(ids.map((id) => tutorMaterial(db, id)));
      return found.filter((material) => material !== null);
    },
    findDiscipline: (code: string) => findDiscipline(db, code),
    /** Every question id (the tutor evaluation goes through all of them). */
    questionIds: () => listQuestionIds(db),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
