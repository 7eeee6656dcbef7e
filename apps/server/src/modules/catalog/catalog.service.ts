import {
  EXAM_FILTER_KEYS,
  EXAM_PAGE_SIZE,
  QUESTION_PAGE_SIZE,
  type Discipline,
  type ExamCard,
  type ExamDetailResponse,
  type ExamFilters,
  type ExamSearchResponse,
  examSearchResponseSchema,
  type QuestionCard,
  type QuestionFacetsResponse,
  type QuestionSearchFilters,
  type QuestionSearchResponse,
  type QuestionCommentary,
} from '@gabarita/shared';
import { type Database } from '@/db/client';
import { AppError } from '@/lib/errors';
import { type CatalogCache } from './catalog-cache';
import { cleanSearchFilters, searchQuestions, textMatcher } from './question-search.service';
import { type TextMatch } from './question-search.repo';
import {
  disciplineQuestionCards,
  examQuestionCards,
  type ExamRow,
  findExamDetail,
  findImage,
  findQuestionCommentary,
  findQuestionKey,
  findSubjectNotes,
  listDisciplines,
  listQuestionIds,
  questionExists,
  subjectQuestionIds,
  subjectCounts,
} from './catalog.repo';
import { type ExamIndex, type PublicSearchResult } from './exam-index';
import { loadExamIndex } from './exam-index-store';
import { toQuestionCard } from './question-result-card';
import { examListLabel } from './exam-label';
import { chosenOptionOf } from '@/modules/exam-options';
import { catalogErrors } from '@/lib/app-errors';
import { type MarksSource, marksFromDatabase } from './catalog-marks';
import {
  publicQuestion,
  type SerializedQuestion,
  serializeQuestion,
  tutorMaterial,
} from './question-detail';

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

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
    kind: row.kind,
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
    options: row.options,
  };
}

function cleanFilters(filters: ExamFilters): ExamFilters {
  return Object.fromEntries(
    EXAM_FILTER_KEYS.map((key) => [key, filters[key]?.trim() || undefined]),
  ) as ExamFilters;
}

async function publicSearch(
  index: ExamIndex,
  filters: ExamFilters,
  offset: number,
): Promise<ExamSearchResponse> {
  const { items, total, facets }: PublicSearchResult = index.search(
    filters,
    offset,
    EXAM_PAGE_SIZE,
  );
  const nextOffset = offset + items.length;
  return {
    items,
    total,
    facets,
    nextCursor:
      items.length === EXAM_PAGE_SIZE && nextOffset < total ? encodeCursor(nextOffset) : null,
  };
}

interface SerializedSearch {
  items: ExamCard[];
  /** The whole answer for a visitor (and for anyone with no marks on this page). */
  publicBody: string;
  /** What follows the cards: `,"total":…,"facets":…,"nextCursor":…}`. */
  rest: string;
}

/** Checked as the route's response schema would (extra fields drop), then serialized. */
function serializeSearch(result: ExamSearchResponse): SerializedSearch {
  const checked = examSearchResponseSchema.parse(result);
  const rest = `,"total":${checked.total},"facets":${JSON.stringify(checked.facets)},"nextCursor":${JSON.stringify(checked.nextCursor)}}`;
  return {
    items: checked.items,
    publicBody: `{"items":${JSON.stringify(checked.items)}${rest}`,
    rest,
  };
}

async function publicExam(db: Database, examId: string): Promise<ExamDetailResponse> {
  const exam = await findExamDetail(db, examId, null);
  if (!exam) throw catalogErrors.examNotFound();
  const { matchingQuestionCount: _notInDetail, ...card } = toExamCard(exam);
  // In print order; a number of the option blocks in the order of the blocks.
  const blockOrder = new Map(exam.options.map((option, index) => [option.key, index]));
  const position = (question: QuestionCard) =>
    question.optionKey === null ? -1 : (blockOrder.get(question.optionKey) ?? blockOrder.size);
  return {
    exam: {
      ...card,
      annulledCount: exam.annulled_count,
      outdatedCount: exam.outdated_count,
      source: exam.source
        ? { origem: exam.source.origem, licenca: exam.source.licenca, url: exam.source.url }
        : null,
      chosenOption: null,
    },
    questions: (await examQuestionCards(db, examId, null))
      .map(toQuestionCard)
      .sort((a, b) => a.number - b.number || position(a) - position(b)),
  };
}

/**
 * Once the user chose an option block, the exam is the common questions and that block's
 * (docs/product-rules.md, "Exam kinds and option blocks"); before, every block is listed, so the
 * page can offer the choice.
 */
function withChosenOption(detail: ExamDetailResponse, chosen: string | null): ExamDetailResponse {
  if (chosen === null) return detail;
  return {
    exam: { ...detail.exam, chosenOption: chosen },
    questions: detail.questions.filter(
      (question) => question.optionKey === null || question.optionKey === chosen,
    ),
  };
}

async function withExamMarks(
  marks: MarksSource,
  detail: ExamDetailResponse,
  userId: string | null,
): Promise<ExamDetailResponse> {
  if (!userId) return detail;
  const [opened, responses] = await Promise.all([
    marks.openedExams(userId, [detail.exam.id]),
    marks.responses(
      userId,
      detail.questions.map((question) => question.id),
    ),
  ]);
  return {
    exam: { ...detail.exam, inHistory: opened.has(detail.exam.id) },
    questions: detail.questions.map((question) => ({
      ...question,
      response: responses(question.id),
    })),
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

async function publicDisciplineQuestions(
  db: Database,
  code: string,
  subject: string | undefined,
  offset: number,
  hideOutdated: boolean,
) {
  const { total, items } = await disciplineQuestionCards(
    db,
    code,
    subject,
    null,
    offset,
    QUESTION_PAGE_SIZE,
    hideOutdated,
  );
  const nextOffset = offset + items.length;
  return {
    items: items.map((row) => ({
      ...toQuestionCard(row),
      examLabel: examListLabel(row),
    })),
    total,
    nextCursor:
      items.length === QUESTION_PAGE_SIZE && nextOffset < total ? encodeCursor(nextOffset) : null,
  };
}

type DisciplineQuestionsPage = Awaited<ReturnType<typeof publicDisciplineQuestions>>;

/** Without a cache (scripts, some tests), every read goes to the database. */
function uncached<V>() {
  return (_key: string, load: () => Promise<V>) => load();
}

type Image = Awaited<ReturnType<typeof findImage>>;
export type QuestionKey = NonNullable<Awaited<ReturnType<typeof findQuestionKey>>>;

/**
 * The catalogue as the screens read it. What every visitor sees alike is kept in memory for the
 * current catalogue version (`cache`); per-user marks are read for each request and merged into
 * copies, so nothing of one user reaches another's answer.
 */
export function createCatalogService(
  db: Database,
  cache?: CatalogCache,
  marks: MarksSource = marksFromDatabase(db),
) {
  const store = <V>(capacity: number) => cache?.store<V>(capacity) ?? uncached<V>();
  const examIndex = store<ExamIndex>(1);
  const searches = store<SerializedSearch>(2_000);
  const questionFacets = store<QuestionFacetsResponse>(2_000);
  const examDetails = store<ExamDetailResponse>(2_000);
  const disciplineList = store<Discipline[]>(1);
  const disciplinePages = store<DisciplineQuestionsPage>(2_000);
  const questionDetails = store<SerializedQuestion>(10_000);
  // Image bytes can be large; versioned URLs let browsers keep them, so few are kept here.
  const imageBytes = store<Image>(64);
  const questionKeys = store<QuestionKey | null>(20_000);
  const commentaries = store<QuestionCommentary | null | undefined>(10_000);
  // Up to 2,000 ids each (FEW_TEXT_MATCHES): at most about 30 MB.
  const textMatches = store<TextMatch | null>(256);
  const findTextMatches = textMatcher(db);
  const matchText = (text: string) => textMatches(text, () => findTextMatches(text));
  // A page of 15 cards with their excerpts: about 6 KB each.
  const questionSearches = store<QuestionSearchResponse>(1_000);
  // Pages filtered by a user's own status, kept while that user's history is as it was.
  const statusSearches = store<QuestionSearchResponse>(1_000);

  const index = () => examIndex('', () => loadExamIndex(db));
  const disciplinesList = () => disciplineList('', () => getDisciplines(db));
  const findDiscipline = async (code: string) =>
    (await disciplinesList()).find((discipline) => discipline.code === code);

  return {
    /**
     * A page of the question search. Without the user's own status filter, the page is the same
     * for everyone and kept for the catalogue version; the user's results are merged into a copy.
     * With it, the page is that user's, kept while their history stays as it was.
     */
    async searchQuestions(
      rawFilters: QuestionSearchFilters,
      cursor: string | undefined,
      userId: string | null,
    ): Promise<QuestionSearchResponse> {
      const filters = cleanSearchFilters(rawFilters);
      const key = JSON.stringify([
        Object.entries(filters)
          .filter(([, value]) => value !== undefined)
          .sort(([a], [b]) => a.localeCompare(b)),
        cursor ?? null,
      ]);
      if (filters.status) {
        const search = () => searchQuestions(db, filters, cursor, userId, matchText);
        if (!userId || !marks.stamp) return search();
        return statusSearches(`${userId} ${await marks.stamp(userId)} ${key}`, search);
      }
      const page = await questionSearches(key, () =>
        searchQuestions(db, filters, cursor, null, matchText),
      );
      if (!userId || page.items.length === 0) return page;
      const responseOf = await marks.responses(
        userId,
        page.items.map((item) => item.id),
      );
      return {
        ...page,
        items: page.items.map((item) => ({ ...item, response: responseOf(item.id) })),
      };
    },
    /**
     * The search answer as JSON text. The shared part is checked against the route's schema and
     * serialized once per catalogue version; a user's marks change only the 15 cards.
     */
    async searchExamsJson(
      rawFilters: ExamFilters,
      cursor: string | undefined,
      userId: string | null,
    ): Promise<string> {
      const filters = cleanFilters(rawFilters);
      const offset = decodeCursor(cursor);
      const key = JSON.stringify([EXAM_FILTER_KEYS.map((name) => filters[name] ?? null), offset]);
      const search = await searches(key, async () =>
        serializeSearch(await publicSearch(await index(), filters, offset)),
      );
      if (!userId || search.items.length === 0) return search.publicBody;
      const opened = await marks.openedExams(
        userId,
        search.items.map((item) => item.id),
      );
      if (!search.items.some((item) => opened.has(item.id))) return search.publicBody;
      const items = search.items.map((item) => ({ ...item, inHistory: opened.has(item.id) }));
      return `{"items":${JSON.stringify(items)}${search.rest}`;
    },
    /** The question search's filter options, counted in questions (the same for everyone). */
    questionFacets(rawFilters: ExamFilters): Promise<QuestionFacetsResponse> {
      const filters = cleanFilters(rawFilters);
      const key = JSON.stringify(EXAM_FILTER_KEYS.map((name) => filters[name] ?? null));
      return questionFacets(key, async () => ({
        facets: (await index()).search(filters, 0, 0, 'questions').facets,
      }));
    },
    async getExam(examId: string, userId: string | null) {
      const detail = await examDetails(examId, () => publicExam(db, examId));
      const chosen = await chosenOptionOf(db, userId, examId, detail.exam.options);
      return withExamMarks(marks, withChosenOption(detail, chosen), userId);
    },
    getDisciplines: disciplinesList,
    async getDisciplineQuestions(
      code: string,
      subject: string | undefined,
      cursor: string | undefined,
      userId: string | null,
      hideOutdated = false,
    ) {
      if (!(await findDiscipline(code))) {
        throw catalogErrors.disciplineNotFound();
      }
      const offset = decodeCursor(cursor);
      const cleanSubject = subject?.trim() || undefined;
      const page = await disciplinePages(
        JSON.stringify([code, cleanSubject ?? null, offset, hideOutdated]),
        () => publicDisciplineQuestions(db, code, cleanSubject, offset, hideOutdated),
      );
      if (!userId || page.items.length === 0) return page;
      const responses = await marks.responses(
        userId,
        page.items.map((item) => item.id),
      );
      return {
        ...page,
        items: page.items.map((item) => ({ ...item, response: responses(item.id) })),
      };
    },
    /** The question as JSON; the user's first answer is recalled, and the key is not sent. */
    async getQuestionJson(questionId: string, userId: string | null): Promise<string> {
      const question = await questionDetails(questionId, async () =>
        serializeQuestion(await publicQuestion(db, questionId)),
      );
      const recordedAnswer = userId && (await marks.answer(userId, question.id));
      return recordedAnswer
        ? `${question.head},"recordedAnswer":${JSON.stringify(recordedAnswer)}}`
        : question.publicBody;
    },
    getImage: (assetId: string) => imageBytes(assetId, () => findImage(db, assetId)),
    questionExists: (questionId: string) => questionExists(db, questionId),
    /** The key and letters of a question, for the server's own checks; never sent as is. */
    questionKey: (questionId: string) =>
      questionKeys(questionId, () => findQuestionKey(db, questionId)),
    /** A question's authored comment: undefined when there is no such question. */
    questionCommentary: (questionId: string) =>
      commentaries(questionId, () => findQuestionCommentary(db, questionId)),
    tutorMaterial: (questionId: string) => tutorMaterial(db, questionId),
    /** Up to `limit` questions of a discipline's subject, for study texts. */
    async subjectMaterial(disciplineCode: string, subject: string, limit: number) {
      const ids = await subjectQuestionIds(db, disciplineCode, subject, limit);
      const found = await Promise.all(ids.map((id) => tutorMaterial(db, id)));
      return found.filter((material) => material !== null);
    },
    /** The team's study notes on a subject, or null. */
    subjectNotes: (disciplineCode: string, subject: string) =>
      findSubjectNotes(db, disciplineCode, subject),
    findDiscipline,
    /** Every question id (the tutor evaluation goes through all of them). */
    questionIds: () => listQuestionIds(db),
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
