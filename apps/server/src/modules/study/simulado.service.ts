import {
  SIMULADO_DEFAULT_QUESTIONS,
  SIMULADO_MESSAGES,
  SIMULADO_MINUTES_PER_QUESTION,
  EXAM_KIND_LABELS,
  type ExamKind,
  type CreateSimuladoRequest,
  type ExamFilters,
  type Simulado,
  type SimuladoSummary,
} from '@gabarita/shared';
import type { Database } from '@/db/client';
import type { SimuladoResultColumn } from '@/db/schema';
import { inTransaction } from '@/db/transaction';
import type { ResolvedSession } from '@/modules/auth';
import {
  examQuestionsForSimulado,
  expiredSimuladoIds,
  findDisciplineName,
  findExamTitle,
  findSimulado,
  insertSimulado,
  listSimulados,
  markFinished,
  saveSimuladoAnswer,
  searchQuestionsForSimulado,
  setOutcome,
  simuladoQuestionRows,
  type SimuladoCandidate,
  type SimuladoQuestionRow,
  type SimuladoRow,
} from './simulado.repo';
import { settleAnswer } from './answer-recording';
import { examName } from '@/modules/catalog';
import { chosenOptionOf } from '@/modules/exam-options';
import { outcomeOf, scoreResult } from './simulado-scoring';
import type { HeldBySimulado, StudyMarks } from './study-marks';
import { lockRecordedAnswer, recordOpening } from './study.repo';
import { simuladoErrors } from '@/lib/app-errors';

/*
 * Simulados (docs/product-rules.md, "Simulados"): the server keeps the start and the time limit,
 * saves each answer as it is given, shows the key only once the simulado is finished (by the user
 * or by the clock) and records the answers in the history as first answers.
 */

/** An answer sent this long after the deadline still counts: it left the browser in time. */
const ANSWER_GRACE_MS = 5_000;

function isCertoErrado(candidate: SimuladoCandidate): boolean {
  const letters = candidate.alternatives.map((alternative) => alternative.letter).join('');
  return letters === 'CE';
}

function deadlineOf(row: SimuladoRow): Date {
  return new Date(row.startedAt.getTime() + row.timeLimitSeconds * 1000);
}

function filtersTitle(filters: ExamFilters, disciplineName: string | undefined): string {
  const parts = [
    disciplineName ?? filters.disciplina,
    filters.tipo && (EXAM_KIND_LABELS[filters.tipo as ExamKind] ?? filters.tipo),
    filters.assunto,
    filters.instituicao,
    filters.orgao,
    filters.cargo,
    filters.nivel,
    filters.ano,
  ].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? `Simulado: ${parts.join(' · ')}` : 'Simulado com questões variadas';
}

function cleanFilters(filters: ExamFilters | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters ?? {}).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
}

function view(row: SimuladoRow, questions: readonly SimuladoQuestionRow[]): Simulado {
  const finished = row.finishedAt !== null;
  return {
    id: row.id,
    title: row.title,
    examId: row.examId,
    scoring: row.scoring,
    certoErrado: row.certoErrado,
    status: finished ? 'finalizado' : 'em_andamento',
    finishedBy: row.finishedBy,
    startedAt: row.startedAt.toISOString(),
    deadline: deadlineOf(row).toISOString(),
    serverNow: new Date().toISOString(),
    timeLimitSeconds: row.timeLimitSeconds,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    questions: questions.map((question) => ({
      questionId: question.questionId,
      position: question.position,
      examId: question.examId,
      number: question.number,
      disciplineName: question.disciplineName,
      chosenLetter: question.chosenLetter,
      // The key never reaches the browser before the end.
      gabarito: finished ? question.answerLetter : null,
      outcome: finished ? (question.outcome ?? outcomeOf(question)) : null,
    })),
    result: finished ? row.result : null,
  };
}

/**
 * `marks`: this instance's copy of users' marks (which questions their running simulados hold),
 * dropped after a simulado starts or finishes here.
 */
export function createSimuladoService(db: Database, marks: Pick<StudyMarks, 'drop' | 'of'>) {
  /**
   * Finishes a simulado once (a locked row: a finish racing the clock or a second tab does it
   * once). Each answered question that counts is settled exactly as a check settles it: the first
   * answer where the user had none, the crowd counters and the review ladder.
   */
  async function finish(userId: string, id: string, by: 'usuario' | 'tempo') {
    try {
      await finishOnce(userId, id, by);
    } finally {
      marks.drop(userId);
    }
  }

  async function finishOnce(userId: string, id: string, by: 'usuario' | 'tempo') {
    await inTransaction(db, async (tx) => {
      const row = await findSimulado(tx, userId, id, true);
      if (!row) throw simuladoErrors.notFound();
      if (row.finishedAt) return;
      const deadline = deadlineOf(row);
      const now = new Date();
      const finishedAt = by === 'tempo' || now > deadline ? deadline : now;
      const questions = await simuladoQuestionRows(tx, id, { lockKeys: true });
      for (const question of questions) {
        const outcome = outcomeOf(question);
        await setOutcome(tx, id, question.questionId, outcome);
        if (outcome !== 'certa' && outcome !== 'errada') continue;
        await recordOpening(tx, userId, question.examId, question.questionId);
        const recorded = await lockRecordedAnswer(tx, userId, question.questionId);
        await settleAnswer(tx, userId, question.questionId, {
          letter: question.chosenLetter!,
          correct: outcome === 'certa',
          first: !recorded?.response,
        });
      }
      const timeUsed = Math.max(
        0,
        Math.round((finishedAt.getTime() - row.startedAt.getTime()) / 1000),
      );
      await markFinished(tx, id, {
        finishedAt,
        finishedBy: now > deadline ? 'tempo' : by,
        result: scoreResult(row.scoring, questions, timeUsed),
      });
    });
  }

  /** The simulado as it stands, finished first if its time ran out. */
  async function current(userId: string, id: string): Promise<Simulado> {
    let row = await findSimulado(db, userId, id);
    if (!row) throw simuladoErrors.notFound();
    if (!row.finishedAt && new Date() >= deadlineOf(row)) {
      await finish(userId, id, 'tempo');
      row = (await findSimulado(db, userId, id))!;
    }
    return view(row, await simuladoQuestionRows(db, id));
  }

  /**
   * While a simulado runs, its owner gets no key of its questions anywhere else: no check, no
   * explanation, chat or study text (docs/product-rules.md, "Simulados"). A simulado whose time
   * is over is finished here first, and then holds nothing.
   */
  async function assertNotHeld(userId: string, held: HeldBySimulado[], message: string) {
    for (const { simuladoId, deadline } of held) {
      if (Date.now() <= deadline.getTime() + ANSWER_GRACE_MS) {
        throw simuladoErrors.inProgress(message);
      }
      await finish(userId, simuladoId, 'tempo');
    }
  }

  return {
    /** Refuses (409) while a running simulado of the user holds this question. */
    async assertQuestionFree(userId: string, questionId: string) {
      const held = (await marks.of(userId)).heldBySimulados.get(questionId);
      if (held) await assertNotHeld(userId, [held], SIMULADO_MESSAGES.questionInRunning);
    },

    /** Refuses (409) while a running simulado of the user holds a question of this subject. */
    async assertSubjectFree(userId: string, disciplineCode: string, subject: string) {
      const held = [...(await marks.of(userId)).heldBySimulados.values()].filter(
        (item) => item.disciplineCode === disciplineCode && item.subject === subject,
      );
      await assertNotHeld(userId, held, SIMULADO_MESSAGES.subjectInRunning);
    },

    async create(session: ResolvedSession, input: CreateSimuladoRequest): Promise<Simulado> {
      const userId = session.user.id;
      let candidates: SimuladoCandidate[];
      let title: string;
      let source: { filters: Record<string, string>; count: number } | null = null;
      if (input.examId) {
        const exam = await findExamTitle(db, input.examId);
        if (!exam) throw simuladoErrors.examNotFound();
        // The common questions and the user's block (docs/product-rules.md, "Exam kinds and
        // option blocks"): without a choice there is no exam to time yet.
        const chosen = await chosenOptionOf(db, userId, input.examId, exam.options);
        if (exam.options.length > 0 && chosen === null) throw simuladoErrors.optionRequired();
        candidates = await examQuestionsForSimulado(db, input.examId, chosen);
        const block = exam.options.find((option) => option.key === chosen);
        title = [examName(exam), exam.orgao ?? exam.instituicao, exam.ano, block?.name]
          .filter(Boolean)
          .join(' · ');
      } else if (input.filters || input.count) {
        const filters = input.filters ?? {};
        const count = input.count ?? SIMULADO_DEFAULT_QUESTIONS;
        candidates = await searchQuestionsForSimulado(db, userId, filters, count);
        const disciplineName = filters.disciplina
          ? await findDisciplineName(db, filters.disciplina)
          : undefined;
        title = filtersTitle(filters, disciplineName);
        source = { filters: cleanFilters(filters), count };
      } else {
        throw simuladoErrors.sourceRequired();
      }
      if (candidates.length === 0) {
        throw simuladoErrors.noQuestions();
      }
      const certoErrado = candidates.every(isCertoErrado);
      const scoring = input.scoring ?? 'padrao';
      if (scoring === 'cebraspe' && !certoErrado) {
        throw simuladoErrors.cebraspeNeedsCertoErrado();
      }
      const id = await inTransaction(db, (tx) =>
        insertSimulado(tx, {
          userId,
          examId: input.examId ?? null,
          source,
          title,
          scoring,
          certoErrado,
          startedAt: new Date(),
          timeLimitSeconds: candidates.length * SIMULADO_MINUTES_PER_QUESTION * 60,
          questionIds: candidates.map((candidate) => candidate.id),
        }),
      ).finally(() => marks.drop(userId)); // its questions are held from now on
      return current(userId, id);
    },

    get: (session: ResolvedSession, id: string) => current(session.user.id, id),

    /** Saves one answer (or clears it with null); repeating it changes nothing. */
    async answer(session: ResolvedSession, id: string, questionId: string, letter: string | null) {
      const userId = session.user.id;
      const row = await findSimulado(db, userId, id);
      if (!row) throw simuladoErrors.notFound();
      if (row.finishedAt) throw simuladoErrors.finished();
      if (Date.now() > deadlineOf(row).getTime() + ANSWER_GRACE_MS) {
        await finish(userId, id, 'tempo');
        throw simuladoErrors.timeOver();
      }
      const questions = await simuladoQuestionRows(db, id);
      const question = questions.find((item) => item.questionId === questionId);
      if (!question) {
        throw simuladoErrors.notInSimulado();
      }
      if (letter !== null && !question.alternatives.some((item) => item.letter === letter)) {
        throw simuladoErrors.invalidLetter();
      }
      await inTransaction(db, async (tx) => {
        // Locked and read again: an answer never lands after the finish.
        const locked = await findSimulado(tx, userId, id, true);
        if (locked?.finishedAt) {
          throw simuladoErrors.finished();
        }
        await saveSimuladoAnswer(tx, id, questionId, letter);
      });
    },

    async finish(session: ResolvedSession, id: string): Promise<Simulado> {
      await finish(session.user.id, id, 'usuario');
      return current(session.user.id, id);
    },

    /** The user's simulados, newest first; those whose time ran out are finished first. */
    async list(session: ResolvedSession): Promise<SimuladoSummary[]> {
      const userId = session.user.id;
      for (const id of await expiredSimuladoIds(db, userId, new Date())) {
        await finish(userId, id, 'tempo');
      }
      const rows = await listSimulados(db, userId);
      return rows.map(({ simulado, questionCount }) => {
        const { byDiscipline: _omit, ...result } = simulado.result ?? { byDiscipline: [] };
        return {
          id: simulado.id,
          title: simulado.title,
          scoring: simulado.scoring,
          status: simulado.finishedAt ? 'finalizado' : 'em_andamento',
          startedAt: simulado.startedAt.toISOString(),
          finishedAt: simulado.finishedAt?.toISOString() ?? null,
          questionCount,
          result: simulado.result ? (result as Omit<SimuladoResultColumn, 'byDiscipline'>) : null,
        };
      });
    },
  };
}

export type SimuladoService = ReturnType<typeof createSimuladoService>;
