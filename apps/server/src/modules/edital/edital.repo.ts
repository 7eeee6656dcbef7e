import { and, desc, eq, sql } from 'drizzle-orm';
import type { SyllabusDiscipline } from '@gabarita/shared';
import type { Database } from '@/db/client';
import { editais } from '@/db/schema';

const SUMMARY = {
  id: editais.id,
  name: editais.name,
  examDate: editais.examDate,
  disciplineCount: sql<number>`jsonb_array_length(${editais.syllabus})::int`,
  topicCount: editais.topicCount,
  createdAt: editais.createdAt,
  updatedAt: editais.updatedAt,
};

const DETAIL = { ...SUMMARY, disciplines: editais.syllabus };

export async function countEditais(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(editais)
    .where(eq(editais.userId, userId));
  return row?.count ?? 0;
}

export async function insertEdital(
  db: Database,
  values: {
    userId: string;
    name: string;
    examDate: string | null;
    syllabus: SyllabusDiscipline[];
    topicCount: number;
    sourceText: string;
  },
) {
  const [row] = await db.insert(editais).values(values).returning(DETAIL);
  return row!;
}

/** The student's editais, newest first. */
export async function listEditais(db: Database, userId: string) {
  return db
    .select(SUMMARY)
    .from(editais)
    .where(eq(editais.userId, userId))
    .orderBy(desc(editais.createdAt), desc(editais.id));
}

/** One of the student's editais; undefined when it is not theirs or does not exist. */
export async function findEdital(db: Database, userId: string, id: string) {
  const [row] = await db
    .select(DETAIL)
    .from(editais)
    .where(and(eq(editais.id, id), eq(editais.userId, userId)));
  return row;
}

export async function updateEdital(
  db: Database,
  userId: string,
  id: string,
  patch: { name?: string; examDate?: string | null },
) {
  const [row] = await db
    .update(editais)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(editais.id, id), eq(editais.userId, userId)))
    .returning(DETAIL);
  return row;
}

export async function deleteEdital(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(editais)
    .where(and(eq(editais.id, id), eq(editais.userId, userId)))
    .returning({ id: editais.id });
  return rows.length > 0;
}
