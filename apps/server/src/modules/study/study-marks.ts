import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '@/db/client';
import { LruCache } from '@/lib/lru-cache';
import type { NotebookPlace } from '@/modules/review';
import { loadMarks } from './study.repo';

/**
 * The NOTIFY channel a database trigger sends on whenever a user's history, review ladder or
 * simulados change (migrations 0011, 0012 and 0014); the payload is the user id.
 */
export const HISTORY_CHANNEL = 'history_changed';
/** How long marks are trusted before they are read again: bounds what a lost notification leaves. */
const TTL_MS = 60_000;
const CAPACITY = 2_000;

export interface RecordedAnswer {
  response: 'c' | 'e';
  letter: string;
  answeredAt: Date;
}

/** A question of a simulado its owner has not finished: its key stays hidden everywhere else. */
export interface HeldBySimulado {
  simuladoId: string;
  deadline: Date;
  disciplineCode: string;
  subject: string;
}

/**
 * One user's marks: the exams they opened, the questions they answered, where those are on the
 * review ladder, and the questions their unfinished simulados hold.
 */
export interface UserMarks {
  openedExams: ReadonlySet<string>;
  answers: ReadonlyMap<string, RecordedAnswer>;
  ladder: ReadonlyMap<string, NotebookPlace>;
  heldBySimulados: ReadonlyMap<string, HeldBySimulado>;
}

async function readMarks(db: Database, userId: string): Promise<UserMarks> {
  const { exams, answers, ladder, inSimulados } = await loadMarks(db, userId);
  return {
    openedExams: new Set(exams.map((row) => row.examId)),
    answers: new Map(
      answers.flatMap((row) =>
        row.response && row.chosenLetter && row.answeredAt
          ? [
              [
                row.questionId,
                { response: row.response, letter: row.chosenLetter, answeredAt: row.answeredAt },
              ] as const,
            ]
          : [],
      ),
    ),
    ladder: new Map(ladder.map(({ questionId, ...state }) => [questionId, state])),
    heldBySimulados: new Map(
      inSimulados.map(({ questionId, startedAt, timeLimitSeconds, ...held }) => [
        questionId,
        { ...held, deadline: new Date(startedAt.getTime() + timeLimitSeconds * 1000) },
      ]),
    ),
  };
}

interface Entry {
  marks: Promise<UserMarks>;
  readAt: number;
  rereading?: boolean;
}

/**
 * Each user's history marks kept in memory per user, never shared between users: the catalogue's
 * answers are the same for everyone and these are merged into copies of them. Any change to a
 * user's history reaches every instance by NOTIFY; this instance also drops them itself after its
 * own writes, so the user's next request never waits for the notification.
 */
export function createStudyMarks(database: DatabaseHandle, log: FastifyBaseLogger) {
  const entries = new LruCache<string, Entry>(CAPACITY);
  let listening: (() => Promise<void>) | undefined;

  // A read still under way is dropped too (it is kept from its start), so nothing read before a
  // change outlives the change.
  const drop = (userId: string) => entries.delete(userId);

  function read(userId: string) {
    const marks = readMarks(database.db, userId);
    if (listening) {
      const entry = { marks, readAt: Date.now() };
      entries.set(userId, entry);
      marks.catch(() => {
        if (entries.get(userId) === entry) entries.delete(userId);
      });
    }
    return marks;
  }

  return {
    async start() {
      try {
        listening = await database.listen(HISTORY_CHANNEL, drop);
      } catch (error) {
        log.warn({ err: error }, 'sem aviso de mudanças do histórico: cada pedido o lerá');
      }
    },

    async close() {
      const stop = listening;
      listening = undefined;
      entries.clear();
      // The database may already be closed; there is nothing left to stop then.
      await stop?.().catch(() => undefined);
    },

    /**
     * The user's marks. Marks kept past their time are still answered while they are read again in
     * the background, so no request waits on a database busy with a long write (an import).
     */
    async of(userId: string): Promise<UserMarks> {
      const entry = entries.get(userId);
      if (!entry) return read(userId);
      if (Date.now() - entry.readAt > TTL_MS && !entry.rereading) {
        entry.rereading = true;
        const readAt = Date.now();
        readMarks(database.db, userId).then(
          (marks) => {
            // Dropped meanwhile: a change came after this read began, so it is not kept.
            if (entries.get(userId) === entry) {
              entries.set(userId, { marks: Promise.resolve(marks), readAt });
            }
          },
          (error: unknown) => {
            entry.rereading = false;
            log.warn({ err: error }, 'não foi possível reler as marcas de um usuário');
          },
        );
      }
      return entry.marks;
    },

    /** After this instance changed a user's history (other instances hear the trigger). */
    drop,
  };
}

export type StudyMarks = ReturnType<typeof createStudyMarks>;
