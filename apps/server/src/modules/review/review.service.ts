import {
  DESIRED_RETENTION_DEFAULT,
  type Flashcard,
  type FlashcardInput,
  RETENTION_WINDOW_DAYS,
  REVIEW_MAX_AGE_DAYS,
  type RetentionResponse,
  type ReviewCountResponse,
  type ReviewQueueItem,
  type ReviewQueueResponse,
  type ReviewRequest,
  type ReviewResult,
} from '@gabarita/shared';
import type { Grade } from 'ts-fsrs';
import type { Database } from '@/db/client';
import { inTransaction } from '@/db/transaction';
import { reviewErrors } from '@/lib/app-errors';
import { saoPauloDay } from '@/lib/clock';
import { figureAssetIds, figuresOf } from '@/modules/catalog';
import {
  cardOf,
  deleteCard,
  desiredRetention,
  disciplineExists,
  dueCards,
  dueKeys,
  dueQuestions,
  findLog,
  insertCard,
  insertLog,
  listCards,
  lockItemByGuid,
  notebookQuestion,
  retentionByDiscipline,
  saveCardState,
  saveDesiredRetention,
  saveQuestionState,
  updateCard,
  type QueueQuestionRow,
} from './review.repo';
import { intervalDays, previews, review, type StoredState } from './scheduler';
import { flashcardFromQuestion } from './flashcard-draft';

/** Minutes an item takes on average (docs/product-rules.md, "Review"). */
const MINUTES_PER_QUESTION = 1.5;
const MINUTES_PER_CARD = 0.5;
/** The most items one day's queue holds. */
const QUEUE_LIMIT = 300;
const DAY_MS = 86_400_000;

/** The figures of each queued question, read in one query for the whole queue. */
async function questionFigures(db: Database, rows: QueueQuestionRow[]) {
  const idsOf = (row: QueueQuestionRow) => [
    ...figureAssetIds(row.statement_html),
    ...row.alternatives.flatMap((alternative) => [
      ...(alternative.html ? figureAssetIds(alternative.html) : []),
      ...(alternative.figure ? [alternative.figure.assetId] : []),
    ]),
  ];
  const all = await figuresOf(db, [...new Set(rows.flatMap(idsOf))]);
  const byId = new Map(all.map((figure) => [figure.assetId, figure]));
  return (row: QueueQuestionRow) => [...new Set(idsOf(row))].flatMap((id) => byId.get(id) ?? []);
}

/** The day's queue: due questions and cards by due day, then GUID, at most QUEUE_LIMIT of them. */
function inQueueOrder<T extends { order: string }>(entries: T[]): T[] {
  return entries
    .sort((a, b) => (a.order < b.order ? -1 : a.order > b.order ? 1 : 0))
    .slice(0, QUEUE_LIMIT);
}

function queueSize(items: { kind: string }[]) {
  const questionCount = items.filter((item) => item.kind === 'question').length;
  const minutes =
    questionCount * MINUTES_PER_QUESTION + (items.length - questionCount) * MINUTES_PER_CARD;
  return { dueCount: items.length, estimatedMinutes: Math.ceil(minutes) };
}

const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));

function stateOf(row: {
  due: Date | string | null;
  dueDay: string;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  fsrsState: number;
  lastReviewedAt: Date | string | null;
}): StoredState {
  return { ...row, due: toDate(row.due), lastReviewedAt: toDate(row.lastReviewedAt) };
}

function toFlashcard(row: {
  id: string;
  front: string;
  back: string;
  disciplineCode: string | null;
  disciplineName: string | null;
  subject: string | null;
  sourceQuestionId: string | null;
  flaggedBecause: string | null;
  createdAt: Date;
  dueDay: string;
}): Flashcard {
  return { ...row, createdAt: new Date(row.createdAt).toISOString() };
}

/**
 * Spaced review of the notebook's questions and the student's flashcards in one FSRS queue
 * (docs/product-rules.md, "Review").
 */
export function createReviewQueueService(db: Database) {
  const retentionOf = async (userId: string) =>
    (await desiredRetention(db, userId)) ?? DESIRED_RETENTION_DEFAULT;

  async function assertDiscipline(code: string | null | undefined) {
    if (code && !(await disciplineExists(db, code))) throw reviewErrors.unknownDiscipline();
  }

  const cleanCard = (input: FlashcardInput) => ({
    front: input.front.trim(),
    back: input.back.trim(),
    disciplineCode: input.disciplineCode?.trim() || null,
    subject: input.subject?.trim() || null,
  });

  return {
    async settings(userId: string) {
      return { desiredRetention: await retentionOf(userId) };
    },

    async saveSettings(userId: string, value: number) {
      // Stored in whole percent, as the screen offers it.
      const rounded = Math.round(value * 100) / 100;
      await saveDesiredRetention(db, userId, rounded);
      return { desiredRetention: rounded };
    },

    async today(userId: string, now = new Date()): Promise<ReviewQueueResponse> {
      const today = saoPauloDay(now);
      const retention = await retentionOf(userId);
      const [questions, cards] = await Promise.all([
        dueQuestions(db, userId, today, QUEUE_LIMIT),
        dueCards(db, userId, today, QUEUE_LIMIT),
      ]);
      const figures = await questionFigures(db, questions);
      const entries = [
        ...questions.map((row): ReviewQueueItem & { order: string } => {
          const state = stateOf({
            due: row.due,
            dueDay: row.due_day,
            stability: row.stability,
            difficulty: row.difficulty,
            elapsedDays: row.elapsed_days,
            scheduledDays: row.scheduled_days,
            learningSteps: row.learning_steps,
            reps: row.reps,
            lapses: row.lapses,
            fsrsState: row.fsrs_state,
            lastReviewedAt: row.last_reviewed_at,
          });
          return {
            kind: 'question',
            id: row.guid,
            dueDay: row.due_day,
            previews: previews(state, now, retention),
            question: {
              id: row.question_id,
              number: row.number,
              disciplineName: row.discipline_name,
              subject: row.subject,
              statementHtml: row.statement_html,
              alternatives: row.alternatives.map((alternative) => ({
                letter: alternative.letter,
                text: alternative.text,
                html: alternative.html ?? null,
                figure: alternative.figure ?? null,
              })),
              answerLetter: row.answer_letter,
              figures: figures(row),
            },
            order: `${row.due_day} ${row.guid}`,
          };
        }),
        ...cards.map((row): ReviewQueueItem & { order: string } => ({
          kind: 'flashcard',
          id: row.guid,
          dueDay: row.dueDay,
          previews: previews(stateOf(row), now, retention),
          flashcard: toFlashcard({ ...row, id: row.guid }),
          order: `${row.dueDay} ${row.guid}`,
        })),
      ];
      const items = inQueueOrder(entries).map(({ order: _order, ...item }) => item);
      return { ...queueSize(items), desiredRetention: retention, items };
    },

    /** How many items the day's queue holds and how long they take, without the items. */
    async todayCount(userId: string, now = new Date()): Promise<ReviewCountResponse> {
      const { questions, cards } = await dueKeys(db, userId, saoPauloDay(now), QUEUE_LIMIT);
      const entries = [
        ...questions.map((key) => ({ kind: 'question', order: `${key.dueDay} ${key.guid}` })),
        ...cards.map((key) => ({ kind: 'flashcard', order: `${key.dueDay} ${key.guid}` })),
      ];
      return queueSize(inQueueOrder(entries));
    },

    /**
     * Records one review. The same client id again returns what the first time decided and
     * changes nothing; a review older than the item's last one is logged but leaves the later one
     * in place.
     */
    async review(userId: string, request: ReviewRequest, now = new Date()): Promise<ReviewResult> {
      const replay = async () => {
        const logged = await findLog(db, userId, request.clientId);
        if (!logged) return undefined;
        return {
          clientId: logged.clientId,
          itemId: logged.itemGuid,
          rating: logged.rating,
          applied: logged.applied,
          dueDay: logged.nextDueDay,
          days: intervalDays(logged.reviewedAt, logged.nextDue),
        };
      };
      const earlier = await replay();
      if (earlier) return earlier;

      let reviewedAt = new Date(request.reviewedAt);
      if (reviewedAt.getTime() > now.getTime()) reviewedAt = now;
      if (now.getTime() - reviewedAt.getTime() > REVIEW_MAX_AGE_DAYS * DAY_MS) {
        throw reviewErrors.tooOld();
      }
      const retention = await retentionOf(userId);
      const result = await inTransaction(db, async (tx) => {
        const item = await lockItemByGuid(tx, userId, request.itemId);
        if (!item) throw reviewErrors.itemNotFound();
        // A wrong letter is a lapse whatever was tapped: the server knows the key.
        const wrong =
          item.kind === 'question' &&
          request.letter !== undefined &&
          request.letter !== item.answerLetter;
        const rating = (wrong ? 1 : request.rating) as Grade;
        const current = stateOf(item);
        const later =
          current.lastReviewedAt !== null &&
          current.lastReviewedAt.getTime() > reviewedAt.getTime();
        const next = later ? current : review(current, reviewedAt, rating, retention).state;
        const nextDue = next.due ?? new Date(`${next.dueDay}T03:00:00Z`);
        const inserted = await insertLog(tx, {
          userId,
          clientId: request.clientId,
          itemGuid: request.itemId,
          kind: item.kind,
          questionId: item.kind === 'question' ? item.questionId : null,
          disciplineCode: item.disciplineCode ?? null,
          rating,
          fsrsState: current.fsrsState,
          elapsedDays: current.lastReviewedAt
            ? Math.max(
                0,
                Math.floor((reviewedAt.getTime() - current.lastReviewedAt.getTime()) / DAY_MS),
              )
            : 0,
          scheduledDays: next.scheduledDays,
          stability: next.stability,
          difficulty: next.difficulty,
          reviewedAt,
          nextDue,
          nextDueDay: next.dueDay,
          applied: !later,
        });
        // Sent twice at once: the other request recorded it, and its result is the answer.
        if (!inserted) return undefined;
        if (!later) {
          if (item.kind === 'question') {
            await saveQuestionState(tx, userId, item.questionId, next, {
              step: rating === 1 ? 0 : item.step + 1,
              wrongAt: rating === 1 ? reviewedAt : null,
            });
          } else {
            await saveCardState(tx, request.itemId, next);
          }
        }
        return {
          clientId: request.clientId,
          itemId: request.itemId,
          rating,
          applied: !later,
          dueDay: next.dueDay,
          days: intervalDays(reviewedAt, nextDue),
        };
      });
      return result ?? (await replay())!;
    },

    async flashcards(userId: string) {
      return { items: (await listCards(db, userId)).map(toFlashcard) };
    },

    async createFlashcard(userId: string, input: FlashcardInput) {
      const values = cleanCard(input);
      await assertDiscipline(values.disciplineCode);
      const guid = await insertCard(db, {
        userId,
        ...values,
        sourceQuestionId: null,
        dueDay: saoPauloDay(),
      });
      return toFlashcard((await cardOf(db, userId, guid))!);
    },

    /** One tap from a notebook mistake: the card is made with the question's key idea. */
    async createFromQuestion(userId: string, questionId: string) {
      const question = await notebookQuestion(db, userId, questionId);
      if (!question) throw reviewErrors.questionNotInNotebook();
      const guid = await insertCard(db, {
        userId,
        ...flashcardFromQuestion(question),
        disciplineCode: question.discipline_code,
        subject: question.subject,
        sourceQuestionId: question.id,
        dueDay: saoPauloDay(),
      });
      return toFlashcard((await cardOf(db, userId, guid))!);
    },

    async updateFlashcard(userId: string, id: string, input: FlashcardInput) {
      const values = cleanCard(input);
      await assertDiscipline(values.disciplineCode);
      if (!(await updateCard(db, userId, id, values))) throw reviewErrors.flashcardNotFound();
      return toFlashcard((await cardOf(db, userId, id))!);
    },

    async deleteFlashcard(userId: string, id: string) {
      if (!(await deleteCard(db, userId, id))) throw reviewErrors.flashcardNotFound();
    },

    async retention(userId: string, now = new Date()): Promise<RetentionResponse> {
      const since = new Date(now.getTime() - RETENTION_WINDOW_DAYS * DAY_MS);
      return {
        desiredRetention: await retentionOf(userId),
        windowDays: RETENTION_WINDOW_DAYS,
        disciplines: await retentionByDiscipline(db, userId, since),
      };
    },
  };
}

export type ReviewQueueService = ReturnType<typeof createReviewQueueService>;
