import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ExamFilters } from '@gabarita/shared';
import { type Database, executeRows } from '@/db/client';
import {
  disciplines,
  exams,
  questions,
  simuladoQuestions,
  simulados,
  type SimuladoResultColumn,
  type SimuladoSourceColumn,
} from '@/db/schema';

export interface SimuladoCandidate {
  id: string;
  alternatives: { letter: string }[];
}

/**
 * The exam's questions that count, in the printed order (annulled and retired ones left out): the
 * common questions and, in an exam with option blocks, the chosen block's.
 */
export async function examQuestionsForSimulado(
  db: Database,
  examId: string,
  optionKey: string | null,
) {
  return db
    .select({ id: questions.id, alternatives: questions.alternatives })
    .from(questions)
    .where(
      and(
        eq(questions.examId, examId),
        sql`${questions.status} <> 'annulled'`,
        isNull(questions.retiredAt),
        optionKey === null
          ? isNull(questions.optionKey)
          : or(isNull(questions.optionKey), eq(questions.optionKey, optionKey)),
      ),
    )
    .orderBy(asc(questions.number));
}

const TRUE = sql`true`;

/**
 * Questions matching the exam-list filters (the exam's columns; discipline and subject of the
 * question itself), annulled and retired ones left out, `count` of them drawn at random.
 */
export async function searchQuestionsForSimulado(
  db: Database,
  userId: string,
  filters: ExamFilters,
  count: number,
): Promise<SimuladoCandidate[]> {
  const parts: SQL[] = [
    sql`q.status <> 'annulled'`,
    sql`q.retired_at is null`,
    // Never two blocks of one exam: an option block's questions only when it is the user's choice
    // (docs/product-rules.md, "Exam kinds and option blocks").
    sql`(q.option_key is null or exists (select 1 from exam_option_choices c
           where c.user_id = ${userId} and c.exam_id = q.exam_id and c.option_key = q.option_key))`,
  ];
  if (filters.tipo) parts.push(sql`e.kind = ${filters.tipo}`);
  if (filters.cargo) parts.push(sql`e.cargo_geral = ${filters.cargo}`);
  if (filters.orgao) parts.push(sql`e.orgao = ${filters.orgao}`);
  if (filters.nivel) parts.push(sql`e.nivel = ${filters.nivel}`);
  if (filters.instituicao) parts.push(sql`e.instituicao = ${filters.instituicao}`);
  if (filters.ano) parts.push(sql`e.ano = ${filters.ano}`);
  if (filters.disciplina) parts.push(sql`q.discipline_code = ${filters.disciplina}`);
  if (filters.assunto) parts.push(sql`s.name = ${filters.assunto}`);
  const where = parts.length ? sql.join(parts, sql` and `) : TRUE;
  return executeRows<SimuladoCandidate>(
    db,
    sql`select q.id, q.alternatives
          from questions q
          join exams e on e.id = q.exam_id
          join subjects s on s.id = q.subject_id
         where ${where}
         order by random()
         limit ${count}`,
  );
}

export async function findExamTitle(db: Database, examId: string) {
  const [row] = await db
    .select({
      kind: exams.kind,
      cargo: exams.cargo,
      orgao: exams.orgao,
      instituicao: exams.instituicao,
      ano: exams.ano,
      options: exams.options,
    })
    .from(exams)
    .where(eq(exams.id, examId));
  return row;
}

export async function findDisciplineName(db: Database, code: string) {
  const [row] = await db
    .select({ name: disciplines.name })
    .from(disciplines)
    .where(eq(disciplines.code, code));
  return row?.name;
}

export async function insertSimulado(
  db: Database,
  values: {
    userId: string;
    examId: string | null;
    source: SimuladoSourceColumn | null;
    title: string;
    scoring: 'padrao' | 'cebraspe';
    certoErrado: boolean;
    startedAt: Date;
    timeLimitSeconds: number;
    questionIds: string[];
  },
) {
  const { questionIds, ...row } = values;
  const [created] = await db.insert(simulados).values(row).returning({ id: simulados.id });
  await db.insert(simuladoQuestions).values(
    questionIds.map((questionId, index) => ({
      simuladoId: created!.id,
      questionId,
      position: index + 1,
    })),
  );
  return created!.id;
}

/** The user's simulado (never another user's); `lock` holds it until the transaction ends. */
export async function findSimulado(db: Database, userId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(simulados)
    .where(and(eq(simulados.id, id), eq(simulados.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export type SimuladoRow = NonNullable<Awaited<ReturnType<typeof findSimulado>>>;

/**
 * The questions of a simulado, in order, with what the finish needs (the key included). With
 * `lockKeys` the questions' rows are share-locked, as a check locks its question's.
 */
export async function simuladoQuestionRows(
  db: Database,
  simuladoId: string,
  { lockKeys = false } = {},
) {
  const query = db
    .select({
      questionId: simuladoQuestions.questionId,
      position: simuladoQuestions.position,
      chosenLetter: simuladoQuestions.chosenLetter,
      outcome: simuladoQuestions.outcome,
      examId: questions.examId,
      number: questions.number,
      disciplineCode: questions.disciplineCode,
      disciplineName: disciplines.name,
      answerLetter: questions.answerLetter,
      status: questions.status,
      alternatives: questions.alternatives,
    })
    .from(simuladoQuestions)
    .innerJoin(questions, eq(questions.id, simuladoQuestions.questionId))
    .innerJoin(disciplines, eq(disciplines.code, questions.disciplineCode))
    .where(eq(simuladoQuestions.simuladoId, simuladoId))
    .orderBy(asc(simuladoQuestions.position));
  return lockKeys ? query.for('share', { of: questions }) : query;
}

export type SimuladoQuestionRow = Awaited<ReturnType<typeof simuladoQuestionRows>>[number];

/** Saves (or clears) one answer; the same request twice leaves the same row. */
export async function saveSimuladoAnswer(
  db: Database,
  simuladoId: string,
  questionId: string,
  letter: string | null,
) {
  await db
    .update(simuladoQuestions)
    .set({ chosenLetter: letter, answeredAt: letter === null ? null : sql`now()` })
    .where(
      and(
        eq(simuladoQuestions.simuladoId, simuladoId),
        eq(simuladoQuestions.questionId, questionId),
      ),
    );
}

export async function setOutcome(
  db: Database,
  simuladoId: string,
  questionId: string,
  outcome: 'certa' | 'errada' | 'em_branco' | 'anulada',
) {
  await db
    .update(simuladoQuestions)
    .set({ outcome })
    .where(
      and(
        eq(simuladoQuestions.simuladoId, simuladoId),
        eq(simuladoQuestions.questionId, questionId),
      ),
    );
}

export async function markFinished(
  db: Database,
  simuladoId: string,
  values: { finishedAt: Date; finishedBy: 'usuario' | 'tempo'; result: SimuladoResultColumn },
) {
  await db
    .update(simulados)
    .set(values)
    .where(and(eq(simulados.id, simuladoId), isNull(simulados.finishedAt)));
}

/** The user's simulados, newest first, with their question counts. */
export async function listSimulados(db: Database, userId: string) {
  return db
    .select({
      simulado: simulados,
      questionCount: sql<number>`(select count(*)::int from simulado_questions sq where sq.simulado_id = ${simulados.id})`,
    })
    .from(simulados)
    .where(eq(simulados.userId, userId))
    .orderBy(desc(simulados.startedAt));
}

/** Unfinished simulados of the user whose time is over. */
export async function expiredSimuladoIds(db: Database, userId: string, now: Date) {
  const rows = await db
    .select({ id: simulados.id })
    .from(simulados)
    .where(
      and(
        eq(simulados.userId, userId),
        isNull(simulados.finishedAt),
        sql`${simulados.startedAt} + make_interval(secs => ${simulados.timeLimitSeconds}) <= ${now.toISOString()}::timestamptz`,
      ),
    );
  return rows.map((row) => row.id);
}
